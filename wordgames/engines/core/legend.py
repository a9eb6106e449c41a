"""What the signs of a plain-text board mean, as codes: each engine says which of them its board uses
(``Engine.legend``), ``str`` of a code is its English sentence, and the server words the same codes in the
reader's language (``wordgames.games.boardtext``). Marked with ``gettext_noop`` so the catalogues see them."""

from __future__ import annotations

from enum import StrEnum

from .refusals import gettext_noop


class Legend(StrEnum):
    """One sign of a text board and what it means."""

    EMPTY = gettext_noop(".: an empty cell.")
    LAST = gettext_noop("Upper case: the last move.")
    BLANK = gettext_noop("?: a blank.")
    STACK = gettext_noop("A digit after a letter: tiles stacked there.")
    NO_CELL = gettext_noop("·: no cell there (the rows of hexes alternate).")
    HAND = gettext_noop("[x]: the hand cell of the player whose name starts with x.")
    WALLS = gettext_noop("| (between two cells) and --- (under a cell): walls.")
    STAR = gettext_noop("*: the star.")
    SPECIAL = gettext_noop("2l 3l 2w 3w: double or triple letter or word.")
    DESTROYED = gettext_noop("#: destroyed.")
    START = gettext_noop("+: the starting square.")
    CLAIMED = gettext_noop("A lower-case letter: a square claimed by the player whose name starts with it.")


def english(codes: list[Legend]) -> str:
    """The legend as one line of English (the engines' own text)."""
    return " ".join(code.value for code in codes)
