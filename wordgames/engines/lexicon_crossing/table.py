"""What the table holds for a seat: the game's dictionary and letter set, a seat's hand, and the pool.

rules/lexicon-crossing.md: "Rounds repeat until the pickup pool is exhausted (or fewer remain than the number
of players)". A seat's tiles are all it ever received; its hand is those not on its crossword.
"""

from __future__ import annotations

from ..core.engine import State
from ..core.letters import LetterSet, letter_set_for
from ..core.lexicon import Lexicon, get_lexicon
from . import crossword


def lexicon(state: State) -> Lexicon:
    return get_lexicon(state["options"]["dictionary"])


def letters(state: State) -> LetterSet:
    return letter_set_for(state["options"]["dictionary"])


def hand(state: State, seat: int) -> list[str]:
    """The seat's tiles that are not on its crossword, in the order they came."""
    on_grid = crossword.tiles_of(state["grids"][seat])
    held = []
    for tile in state["tiles"][seat]:
        if on_grid[tile]:
            on_grid[tile] -= 1
        else:
            held.append(tile)
    return held


def newest_held(state: State, seat: int) -> list[str]:
    """The seat's newest tiles that are still in its hand: those a green-lighter does not see yet. A tile dealt
    last may have left the hand since (jaywalked, or taken by a team-mate's swap): it is hidden no more."""
    held = hand(state, seat)
    found = []
    for tile in state["latest"][seat]:
        if tile in held:
            held.remove(tile)
            found.append(tile)
    return found


def need(state: State) -> int:
    """The tiles one green light deals: per green light, to every seat still playing."""
    return state["options"]["per_green"] * sum(state["active"])


def pool_exhausted(state: State) -> bool:
    """ "Rounds repeat until the pickup pool is exhausted (or fewer remain than the number of players)"."""
    return len(state["bag"]) < need(state)
