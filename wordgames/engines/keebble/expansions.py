"""Supercells and Celldance: placing a special cell instead of a word, and the Celldance cells' effects.

rules/keebble.md, Supercells: "Pick any empty cell and convert it to a special one ... you may not pick a type
that's currently present in an empty cell!" Celldance: "As usual, they activate when you place a letter on them."
Big ask, go again and collector act later in the turn (asking, then the next turn); the others act here.
"""

from __future__ import annotations

from typing import Any

from wordgames.engines.core.text import quote

from ..core.errors import IllegalMove
from ..core.grid import cell_name, parse_cell
from .board import CELLDANCE_WEIGHTS, SPECIAL_WEIGHTS, playable
from .hands import receive, room
from .refusals import KeebbleRefusal, SpecialName

State = dict[str, Any]


def place_special(state: State, cell_text: str, kind: str) -> None:
    if not state["options"]["supercells"]:
        raise IllegalMove(KeebbleRefusal.SUPERCELLS_OFF)
    allowed = set(SPECIAL_WEIGHTS) | (set(CELLDANCE_WEIGHTS) if state["options"]["celldance"] else set())
    if kind not in allowed:
        raise IllegalMove(KeebbleRefusal.NOT_A_SPECIAL_KIND, kind=kind, kinds=", ".join(sorted(allowed)))
    cell = parse_cell(cell_text)
    name = cell_name(*cell)
    if not playable(state, cell) or name in state["cells"] or name in state["special"]:
        raise IllegalMove(KeebbleRefusal.NOT_EMPTY, cell=name)
    if kind in state["special"].values():
        raise IllegalMove(KeebbleRefusal.SPECIAL_WAITING, kind=SpecialName[kind])
    state["special"][name] = kind


def apply_effects(state: State, seat: int, covered: dict[str, str], clauses: dict[str, Any]) -> None:
    """The thief, destroyer, garbage and blockade cells under the new letters; their clauses (``steal bob E``,
    ``destroy c1 c2``, ``blockade c3 A``) are refused when no such cell was covered."""
    kinds = set(covered.values())
    _thief(state, seat, clauses.get("steal"), "THIEF" in kinds)
    _destroyer(state, clauses.get("destroy"), "DESTROY" in kinds)
    if "GARBAGE" in kinds:
        garbage_cell = next(name for name, kind in covered.items() if kind == "GARBAGE")
        letter = state["cells"][garbage_cell]["letter"]
        for hand in state["hands"]:
            hand[:] = [ch for ch in hand if ch != letter]
    _blockade(state, seat, clauses.get("blockade"), "BLOCKADE" in kinds)


def _thief(state: State, seat: int, steal: tuple[str, str] | None, covered: bool) -> None:
    """ "Steal a letter from another player. (They cross it out; you add it to your hand.)" The letter comes in
    like any other: within the hand limit and Tiny Backpacks' slots, so a thief with no room steals nothing."""
    if not covered:
        if steal:
            raise IllegalMove(KeebbleRefusal.STEAL_WITHOUT_THIEF)
        return
    if not room(state, seat):
        if steal:
            raise IllegalMove(
                KeebbleRefusal.NO_ROOM_IN_BACKPACK if state["options"]["backpacks"] else KeebbleRefusal.NO_ROOM_IN_HAND
            )
        return
    if not steal:
        if any(state["hands"][s] for s in range(len(state["players"])) if s != seat):
            raise IllegalMove(KeebbleRefusal.THIEF_NEEDS_STEAL)
        return
    victim, letter = steal
    if victim not in state["players"] or state["players"].index(victim) == seat:
        raise IllegalMove(KeebbleRefusal.STEAL_FROM_WHOM, name=quote(victim))
    hand = state["hands"][state["players"].index(victim)]
    if letter not in hand:
        raise IllegalMove(KeebbleRefusal.NOTHING_TO_STEAL, name=victim, letter=letter)
    hand.remove(letter)
    receive(state, seat, [letter])


def _destroyer(state: State, destroy: tuple[str, str] | None, covered: bool) -> None:
    """ "Cross out two cells on the board. They are unusable and mean nothing until the end of the game.\""""
    if not covered:
        if destroy:
            raise IllegalMove(KeebbleRefusal.DESTROY_WITHOUT_DESTROYER)
        return
    if not destroy:
        raise IllegalMove(KeebbleRefusal.DESTROYER_NEEDS_CELLS)
    for text in destroy:
        cell = parse_cell(text)
        name = cell_name(*cell)
        if not playable(state, cell) or name in state["cells"]:
            raise IllegalMove(KeebbleRefusal.CANNOT_DESTROY, cell=name)
        state["destroyed"].append(name)
        state["special"].pop(name, None)


def _blockade(state: State, seat: int, pairs: list[tuple[str, str]] | None, covered: bool) -> None:
    """ "Place at most 3 letters from your hand in empty cells. They don't score any points, but they also don't
    need to form valid words.\""""
    if not covered:
        if pairs:
            raise IllegalMove(KeebbleRefusal.BLOCKADE_WITHOUT_CELL)
        return
    for text, letter in (pairs or [])[:3]:
        cell = parse_cell(text)
        name = cell_name(*cell)
        if not playable(state, cell) or name in state["cells"]:
            raise IllegalMove(KeebbleRefusal.BLOCKADE_NOT_EMPTY, cell=name)
        if letter not in state["hands"][seat]:
            raise IllegalMove(KeebbleRefusal.BLOCKADE_NO_LETTER, letter=letter)
        state["hands"][seat].remove(letter)
        state["cells"][name] = {"letter": letter, "owner": seat, "value": 0}
    if len(pairs or []) > 3:
        raise IllegalMove(KeebbleRefusal.BLOCKADE_TOO_MANY)
