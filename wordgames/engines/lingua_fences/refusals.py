"""Lingua Fences' own refusals: codes and their English templates (see ``core.refusals``)."""

from __future__ import annotations

from ..core.refusals import Template, gettext_noop


class LinguaFencesRefusal(Template):
    TOO_SHORT = gettext_noop("A word has at least two letters.")
    TOO_LONG = gettext_noop(
        "%(word)s has %(length)s letters: the longest word on this sheet has %(longest)s, so a word may have at most "
        "%(most)s."
    )
    OFF_THE_SHEET = gettext_noop("%(word)s from %(cell)s runs off the %(size)sx%(size)s sheet.")
    FIRST_WORD_START = gettext_noop("The first word on a sheet must cover the starting square %(cell)s.")
    MUST_OVERLAP = gettext_noop("%(word)s must overlap a word already on the sheet (share a square with it).")
    NOT_IN_DICTIONARY = gettext_noop("%(word)s is not in the dictionary.")
    CLAIMED_SQUARE = gettext_noop("%(cell)s is inside a claimed area: claimed squares take no letters.")
    LETTER_MISMATCH = gettext_noop("%(word)s needs %(letter)s at %(cell)s, where %(there)s is written.")
    NOTHING_NEW = gettext_noop("%(word)s is already written there: a word must add at least one letter.")
    CHAINED = gettext_noop(
        "%(word)s would touch %(letter)s at %(cell)s and make %(run)s: words cannot be chained in a line."
    )
    SIDE_BY_SIDE = gettext_noop(
        "The %(letter)s at %(cell)s would touch the %(other)s at %(other_cell)s: two letters side by side must "
        "belong to one word, so parallel words need an empty square between them."
    )
    NOTHING_TO_CHOOSE = gettext_noop("There is nothing to choose: this word does not enclose two equal areas.")
    CLAIM_NOT_EQUAL_AREA = gettext_noop("%(cell)s is not in one of the equal areas this word encloses.")
    START_NOT_A_SQUARE = gettext_noop("Option start must be a square like c3, not %(value)s.")
    START_OFF_THE_SHEET = gettext_noop("Option start: %(cell)s is not on a %(size)sx%(size)s sheet.")
    HOUSE_WORD_NOT_A_WORD = gettext_noop(
        "Option house_words: %(word)s is not a word (letters only, separated by spaces or commas)."
    )
    WAITING_FOR_WRITERS = gettext_noop(
        "You have written on the sheet in front of you this round; waiting for %(players)s."
    )
    ONE_WORD_A_TURN = gettext_noop("One word a turn; two words only on a sheet whose last turn was a pass.")
    UNREADABLE = gettext_noop(
        "I cannot read %(text)s: write a word like 3C CAT (across from c3) or C3 CAT (down), or pass."
    )
    UNREADABLE_WORD = gettext_noop("I cannot read %(text)s: write a word like 3C CAT, or pass.")
