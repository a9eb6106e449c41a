"""Green light, red light and the grace period.

rules/lexicon-crossing.md: once a player's crossword uses all their tiles, they may call green light: every
player draws one tile (two with ``per_green`` 2) and a new round starts. When the pool can no longer serve a
round, a player with a complete crossword calls red light instead: the grace period starts, in which the others
finish and say ``done``; the game ends when everyone still playing is done. The waiting, the "seen" rule and the
leeway of asynchronous play are the service's; this module deals when told to.
"""

from __future__ import annotations

import copy

from ..core.engine import EndReason, MoveOutcome, State, finish
from ..core.errors import IllegalMove
from ..core.sentences import Said, counted, phrase
from . import crossword
from .refusals import LexiconCrossingRefusal
from .said import LexiconCrossingSaid
from .table import hand, lexicon, pool_exhausted


def light(state: State, seat: int, which: str) -> tuple[State, MoveOutcome]:
    """``green`` or ``red``: allowed before red light only, with a complete crossword; green while the pool
    can serve a round, red once it cannot."""
    if state["phase"] != "play":
        raise IllegalMove(LexiconCrossingRefusal.RED_LIGHT_CALLED)
    exhausted = pool_exhausted(state)
    if which == "green" and exhausted:
        raise IllegalMove(LexiconCrossingRefusal.POOL_EXHAUSTED, count=len(state["bag"]))
    if which == "red" and not exhausted:
        raise IllegalMove(LexiconCrossingRefusal.RED_TOO_SOON)
    crossword.check_complete(state["grids"][seat], hand(state, seat), lexicon(state))
    if which == "red":
        return red_light(state, seat)
    return green_light(state, seat)


def green_light(state: State, seat: int) -> tuple[State, MoveOutcome]:
    """Every seat still playing draws ``per_green`` tiles (its newest, until the next deal); a new round, in
    which everyone may jaywalk and swap again."""
    new = copy.deepcopy(state)
    per = state["options"]["per_green"]
    for s, on in enumerate(new["active"]):
        new["latest"][s] = []
        if on:
            drawn, new["bag"] = new["bag"][:per], new["bag"][per:]
            drawn = [t.rstrip("*") for t in drawn]
            new["tiles"][s].extend(drawn)
            new["latest"][s] = drawn
    new["deal_number"] += 1
    new["round"] += 1
    new["last_green"] = seat
    new["jaywalked"] = [0] * len(state["players"])
    new["swapped"] = [False] * len(state["players"])
    tiles = phrase(Said.A_TILE) if per == 1 else counted(Said.TILES, per)
    name = state["players"][seat]
    outcome = MoveOutcome(
        seat=seat,
        move="green",
        said=phrase(LexiconCrossingSaid.GREEN_LIGHT, name=name, tiles=tiles),
        events={"deal": new["deal_number"]},
    )
    return new, outcome


def red_light(state: State, seat: int) -> tuple[State, MoveOutcome]:
    """The caller is done; the grace period starts for the others."""
    new = copy.deepcopy(state)
    new["phase"], new["red_by"] = "red", seat
    new["done"][seat] = True
    outcome = MoveOutcome(
        seat=seat,
        move="red",
        said=phrase(LexiconCrossingSaid.RED_LIGHT, name=state["players"][seat], hours=state["options"]["grace"]),
    )
    finish_if_all_done(new)
    return new, outcome


def done(state: State, seat: int) -> tuple[State, MoveOutcome]:
    """In the grace period, a player's crossword is final."""
    if state["phase"] != "red":
        raise IllegalMove(LexiconCrossingRefusal.DONE_TOO_SOON)
    if state["done"][seat]:
        raise IllegalMove(LexiconCrossingRefusal.DONE_ALREADY)
    new = copy.deepcopy(state)
    new["done"][seat] = True
    outcome = MoveOutcome(seat=seat, move="done", said=phrase(LexiconCrossingSaid.DONE, name=state["players"][seat]))
    finish_if_all_done(new)
    return new, outcome


def finish_if_all_done(state: State) -> None:
    """The game ends when every seat still playing is done (in place)."""
    if all(state["done"][s] or not on for s, on in enumerate(state["active"])):
        finish(state, EndReason.RED_LIGHT, phrase(LexiconCrossingSaid.ENDED_RED_LIGHT))
        state["phase"] = "over"
