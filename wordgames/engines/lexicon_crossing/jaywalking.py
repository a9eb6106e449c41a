"""Jaywalking: once a round, a player returns a tile from their hand to the pool and draws one.

rules/lexicon-crossing.md: everyone but the player who called the last green light may jaywalk once per round.
The options vary it: return up to two and draw as many (``two``), return one and draw two (``2for1``), more
jaywalks a round, the green-lighter too, returned tiles face up in the pool. The returned tiles go back into
the pool at places drawn from the game's seed, so a record replays.
"""

from __future__ import annotations

import copy
from collections import Counter

from wordgames.engines.core.rng import draws
from wordgames.engines.core.text import quote

from ..core.engine import MoveOutcome, State
from ..core.errors import IllegalMove
from ..core.refusals import Listing, Value
from ..core.sentences import Said, counted, phrase
from ..core.tiles import BLANK
from .refusals import LexiconCrossingRefusal
from .said import LexiconCrossingSaid
from .table import hand


def may_jaywalk(state: State, seat: int) -> bool:
    """Whether the seat may jaywalk now (what its page offers)."""
    options = state["options"]
    return (
        options["jaywalk"] != "off"
        and state["phase"] == "play"
        and state["active"][seat]
        and (state["last_green"] != seat or options.get("jaywalk_who", "not_last") == "everyone")
        and state["jaywalked"][seat] < options.get("jaywalks", 1)
        and len(state["bag"]) >= (2 if options["jaywalk"] == "2for1" else 1)
    )


def jaywalk(state: State, seat: int, text: str) -> tuple[State, MoveOutcome]:
    """``jaywalk Q`` (``jaywalk Q U`` under ``two``): the named tiles from the hand go back to the pool, and as
    many are drawn (two under ``2for1``)."""
    rule = state["options"]["jaywalk"]
    _check_allowed(state, seat)
    returned = [t.upper() for t in text.split()]
    if not returned or len(returned) > (2 if rule == "two" else 1):
        raise IllegalMove(
            LexiconCrossingRefusal.JAYWALK_NAME_TILES if rule == "two" else LexiconCrossingRefusal.JAYWALK_NAME_TILE
        )
    _check_returned(state, seat, returned)
    drawn_count = 2 if rule == "2for1" else len(returned)
    if len(state["bag"]) < drawn_count:
        raise IllegalMove(LexiconCrossingRefusal.JAYWALK_POOL_LOW)
    new = copy.deepcopy(state)
    drawn = [t.rstrip("*") for t in new["bag"][:drawn_count]]
    new["bag"] = new["bag"][drawn_count:]
    label = f"jaywalk:{state['shuffles']}"
    rng = draws(state["seed"], label, legacy=f"{state['seed']}:{label}")
    for tile in returned:
        new["tiles"][seat].remove(tile)
        new["bag"].insert(rng.randrange(len(new["bag"]) + 1), tile + ("*" if state["options"]["face_up"] else ""))
    new["tiles"][seat].extend(drawn)
    new["shuffles"] += 1
    new["jaywalked"][seat] = int(state["jaywalked"][seat]) + 1  # (older games kept True for once)
    name = state["players"][seat]
    what: Value = (
        Listing(tuple(returned), "and")
        if state["options"]["face_up"]
        else (phrase(Said.A_TILE) if len(returned) == 1 else counted(Said.TILES, len(returned)))
    )
    drew = phrase(Said.A_TILE) if drawn_count == 1 else counted(Said.TILES, drawn_count)
    outcome = MoveOutcome(
        seat=seat,
        move="jaywalk " + " ".join(returned),
        said=phrase(LexiconCrossingSaid.JAYWALKED, name=name, returned=what, drawn=drew),
        events={"private": not state["options"]["face_up"]},
    )
    return new, outcome


def _check_allowed(state: State, seat: int) -> None:
    """Jaywalking is on, red light has not been called, the seat did not call the last green light (unless
    everyone may) and has jaywalks left this round."""
    options = state["options"]
    if options["jaywalk"] == "off":
        raise IllegalMove(LexiconCrossingRefusal.JAYWALKING_OFF)
    if state["phase"] != "play":
        raise IllegalMove(LexiconCrossingRefusal.JAYWALK_AFTER_RED)
    if state["last_green"] == seat and options.get("jaywalk_who", "not_last") == "not_last":
        raise IllegalMove(LexiconCrossingRefusal.JAYWALK_LAST_GREEN)
    allowed = options.get("jaywalks", 1)
    if state["jaywalked"][seat] >= allowed:
        raise IllegalMove(LexiconCrossingRefusal.JAYWALKED_ALREADY, count=allowed)


def _check_returned(state: State, seat: int, returned: list[str]) -> None:
    """Each returned tile is a tile the seat holds, in its hand (not on its crossword)."""
    in_hand = Counter(hand(state, seat))
    held = Counter(state["tiles"][seat])
    for tile in returned:
        if len(tile) != 1 or not (tile.isalpha() or tile == BLANK):
            raise IllegalMove(LexiconCrossingRefusal.JAYWALK_NOT_A_TILE, text=quote(tile))
    for tile, count in Counter(returned).items():
        if held[tile] < count:
            if not held[tile]:
                raise IllegalMove(LexiconCrossingRefusal.NO_TILE_TO_RETURN, tile=tile)
            raise IllegalMove(LexiconCrossingRefusal.ONLY_SO_MANY, count=held[tile], tile=tile)
        if in_hand[tile] < count:
            raise IllegalMove(LexiconCrossingRefusal.RETURN_FROM_HAND, tile=tile)
