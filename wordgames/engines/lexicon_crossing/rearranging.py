"""Rearranging: a player works on their own crossword at any time; ``grid ...`` replaces it whole.

rules/lexicon-crossing.md: every player builds a private crossword from their own tiles. The move is quiet and
private (saved as they work; it names tiles the others may not see).
"""

from __future__ import annotations

import copy
from collections import Counter

from ..core.engine import MoveOutcome, State
from ..core.errors import IllegalMove
from ..core.refusals import Listing, Phrase, Value
from ..core.sentences import phrase
from ..core.tiles import BLANK
from . import crossword
from .refusals import LexiconCrossingRefusal
from .said import LexiconCrossingSaid


def rearrange(state: State, seat: int, text: str) -> tuple[State, MoveOutcome]:
    """The seat's crossword becomes ``text``'s rows, if it holds every tile they use (a blank for each
    lower-case letter); after it has said ``done`` in the grace period, its crossword is final."""
    if state["phase"] == "red" and state["done"][seat]:
        raise IllegalMove(LexiconCrossingRefusal.CROSSWORD_FINAL)
    rows = crossword.parse(text)
    missing = crossword.tiles_of(rows) - Counter(state["tiles"][seat])
    if missing:
        blanks = missing.pop(BLANK, 0)
        shown: list[Value] = list(sorted(missing.elements()))
        if blanks:
            shown.append(
                LexiconCrossingRefusal.A_BLANK
                if blanks == 1
                else Phrase(LexiconCrossingRefusal.BLANKS, {"count": blanks})
            )
        raise IllegalMove(LexiconCrossingRefusal.TILES_NOT_HELD, tiles=Listing(tuple(shown), "space"))
    new = copy.deepcopy(state)
    new["grids"][seat] = rows
    name = state["players"][seat]
    outcome = MoveOutcome(
        seat=seat,
        move=crossword.notation(rows),
        said=phrase(LexiconCrossingSaid.REARRANGED, name=name),
        events={"quiet": True, "private": True},
    )
    return new, outcome
