"""Lexicon Crossing's sentences about moves: codes and their English templates (see ``core.sentences``)."""

from __future__ import annotations

from ..core.refusals import Template, gettext_noop


class LexiconCrossingSaid(Template):
    REARRANGED = gettext_noop("%(name)s rearranged their crossword.")
    RED_LIGHT = gettext_noop(
        "%(name)s called red light: everyone else has %(hours)s hours to finish their crossword."
    )
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
