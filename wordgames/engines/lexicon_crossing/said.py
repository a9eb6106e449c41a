"""Lexicon Crossing's sentences about moves: codes and their English templates (see ``core.sentences``)."""

from __future__ import annotations

from ..core.refusals import Template, gettext_noop, ngettext_lazy


class LexiconCrossingSaid(Template):
    REARRANGED = gettext_noop("%(name)s rearranged their crossword.")
    RED_LIGHT = gettext_noop("%(name)s called red light: everyone else has %(hours)s hours to finish their crossword.")
    # Translators: "tiles" is "a tile" or "2 tiles".
    GREEN_LIGHT = gettext_noop("%(name)s called green light: everyone draws %(tiles)s.")
    # Translators: "returned" is the tiles returned ("E and X", or "a tile" when they are face down).
    JAYWALKED = gettext_noop("%(name)s jaywalked: returned %(returned)s to the pool and drew %(drawn)s.")
    SWAPPED = gettext_noop("%(name)s swapped a tile with %(mate)s.")
    DONE = gettext_noop("%(name)s is done.")
    # What an example of notation does (emails: "green            green light (...)").
    EXAMPLE_GRID = gettext_noop("then your whole crossword below, one row a line, . for an empty cell")
    EXAMPLE_GREEN = gettext_noop("green light (your crossword must be complete)")
    EXAMPLE_RED = gettext_noop("red light: end the game")
    EXAMPLE_JAYWALK = gettext_noop("return %(tile)s from your hand to the pool and draw another")
    EXAMPLE_WITHDRAW = gettext_noop("take back a waiting green light")
    EXAMPLE_DONE = gettext_noop("your crossword is final")
    # Why the game ended.
    ENDED_RED_LIGHT = gettext_noop("red light")
    # The position as text (emails, screen readers): the lines beside the drawings of the crosswords.
    # Translators: "score" is the crossword's score worked out: points / (words + leftover tiles), "52/17=3.06".
    YOUR_CROSSWORD = gettext_noop("Your crossword (%(score)s):")
    # Translators: in place of a crossword with no tiles yet.
    EMPTY_GRID = gettext_noop("(empty)")
    # Translators: "tiles" are the letters (E X ?) or "(none)".
    TILES_NOT_ON_IT = gettext_noop("Your tiles not on it: %(tiles)s")
    NEW_WAITING = ngettext_lazy(
        "You have %(count)s new tile waiting: you see it once the others have seen theirs.",
        "You have %(count)s new tiles waiting: you see them once the others have seen theirs.",
    )
    NEWEST = ngettext_lazy("Newest tile: %(tiles)s", "Newest tiles: %(tiles)s")
    NOT_IN_DICTIONARY = gettext_noop("Not in the dictionary: %(words)s")
    # Translators: a player's final crossword score, "ann: 52/17=3.06".
    PLAYER_SCORE = gettext_noop("%(name)s: %(score)s")
    ROUND = gettext_noop("Round %(round)s. Tiles in the pickup pool: %(count)s.")
    GRACE_PERIOD = gettext_noop("Red light: the grace period. Tiles in the pickup pool: %(count)s.")
    # Translators: how many tiles each other player holds: "Tiles: bob holds 12, cat holds 9."
    TILES_HELD = gettext_noop("Tiles: %(holds)s.")
    # Translators: in the list of tiles the players hold: "bob holds 12" (tiles).
    HOLDS = ngettext_lazy("%(name)s holds %(count)s", "%(name)s holds %(count)s")
    FACE_UP = gettext_noop("Face up in the pool: %(tiles)s")
