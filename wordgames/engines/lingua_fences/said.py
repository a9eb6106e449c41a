"""Lingua Fences' sentences about moves: codes and their English templates (see ``core.sentences``)."""

from __future__ import annotations

from ..core.refusals import Template, gettext_noop, ngettext_lazy


class LinguaFencesSaid(Template):
    PASSED = gettext_noop("%(name)s passed on %(owner)s's sheet.")
    PASSED_OUT = gettext_noop("%(name)s passed on %(owner)s's sheet: two passes in a row take it out of the game.")
    # Translators: the first part of a sentence, which may be followed by notes in parentheses.
    WROTE = gettext_noop("%(name)s wrote %(words)s on %(owner)s's sheet")
    # Translators: "areas" lists the areas enclosed ("3 squares and 1 square"); "points" is "4 points". The first
    # part of a sentence, which may be followed by notes in parentheses.
    WROTE_ENCLOSING = gettext_noop("%(name)s wrote %(words)s on %(owner)s's sheet, enclosing %(areas)s, for %(points)s")
    # Translators: a move's sentence and notes about it, in parentheses.
    NOTED = gettext_noop("%(move)s %(notes)s")
    SQUARES = ngettext_lazy("%(count)s square", "%(count)s squares")
    # Translators: a note after a move.
    TIE = gettext_noop(
        "(%(word)s splits an area into equal parts: the one holding %(first)s is claimed; to claim another, add "
        "claim %(other)s after the word)"
    )
    # What an example of notation does (emails: "3C CAT           a word across, starting at c3").
    EXAMPLE_ACROSS = gettext_noop("a word across, starting at %(cell)s")
    EXAMPLE_DOWN = gettext_noop("a word down, starting at %(cell)s")
    EXAMPLE_PASS = gettext_noop("the next player on this sheet may write two words")
    EXAMPLE_TWO = gettext_noop("two words (the last turn on this sheet was a pass)")
    # Why the game ended.
    SHEETS_RETIRED = gettext_noop("every sheet is out of the game")
    # The position as text (emails, screen readers): the lines beside the drawing of a sheet.
    # Translators: the heading of a sheet: whose it is and its longest word so far.
    SHEET = gettext_noop("%(name)s's sheet. Longest word: %(longest)s.")
    SHEET_RETIRED = gettext_noop("Out of the game.")
    SHEET_DOUBLE = gettext_noop("After a pass: two words allowed.")
    # Translators: a claim on a sheet: "ann claimed 12 at c3".
    CLAIMED = gettext_noop("%(name)s claimed %(points)s at %(label)s")
    # Translators: "names" are the players who have not yet written their word this round.
    STILL_WRITING = gettext_noop("Round %(round)s. Still writing: %(names)s.")
    NOBODY_WRITING = gettext_noop("Round %(round)s. Still writing: nobody.")
    # Translators: each player's name and score: "Scores: ann 12, bob 9."
    SCORES = gettext_noop("Scores: %(scores)s.")
