"""Answering an ask: every other player takes one of the asked letters or places a wall.

rules/keebble.md: "All other players make a decision: They either pick one of those letters and also add it to
their area. Or they place a wall on an empty edge." ``pass`` only when neither is possible.

The decisions are made at the same time, so they are sealed: an answer is checked against the position when
the letters were asked and kept in ``state["sealed"]`` (seen by its player only) until everyone has answered.
Then they are carried out in turn order from the player after the asker. Two players may have chosen the same
edge: the later one's wall cannot go there, so that player takes the first asked letter instead if their hand
has room, else builds the first free wall in reading order, else gets nothing (the house rule; the rule text,
written for a table where answers are seen, has no such case).
"""

from __future__ import annotations

import copy
from typing import Any

from ..core.engine import MoveOutcome
from ..core.errors import IllegalMove
from ..core.grid import cell_name, parse_cell
from ..core.refusals import Listing, Phrase
from ..core.sentences import phrase
from .board import inside, wall_between, wall_key
from .hands import receive, room
from .refusals import KeebbleRefusal
from .said import KeebbleSaid
from .turn import next_turn

State = dict[str, Any]
Cell = tuple[int, int]


def answer(state: State, seat: int, text: str) -> MoveOutcome:
    probe = copy.deepcopy(state)  # checked against the position as asked; carried out only once all answered
    _, canonical = _one(probe, seat, text)
    state.setdefault("sealed", {})[str(seat)] = canonical
    state["answered"][seat] = True
    name = state["players"][seat]
    if not all(state["answered"]):
        return MoveOutcome(
            seat=seat, move=canonical, events={"private": True}, said=phrase(KeebbleSaid.ANSWERED_SEALED, name=name)
        )
    told = reveal(state)
    next_turn(state)
    return MoveOutcome(
        seat=seat,
        move=canonical,
        events={"private": True},
        said=phrase(KeebbleSaid.ANSWERED, name=name, answers=Listing(tuple(told), "space")),
    )


def _one(state: State, seat: int, text: str) -> tuple[Phrase, str]:
    tokens = text.split()
    verb = tokens[0].lower() if tokens else ""
    if verb == "take" and len(tokens) == 2:
        return _take(state, seat, tokens[1].upper())
    if verb == "wall" and len(tokens) == 3:
        return _wall(state, seat, parse_cell(tokens[1]), parse_cell(tokens[2]))
    if [t.lower() for t in tokens] == ["pass"]:
        if room(state, seat) or free_wall(state):
            raise IllegalMove(KeebbleRefusal.TAKE_OR_WALL)
        return phrase(KeebbleSaid.NEITHER, name=state["players"][seat]), "pass"
    raise IllegalMove(KeebbleRefusal.ANSWER_NOTATION, letters=Listing(tuple(state["asked"]), "or"))


def reveal(state: State) -> list[Phrase]:
    """Carry out the sealed answers in turn order from the player after the asker; a sentence for each."""
    sealed = state.pop("sealed", {})
    n = len(state["players"])
    start = (state["asker"] if state["asker"] is not None else -1) + 1
    told = []
    for seat in ((start + i) % n for i in range(n)):
        text = sealed.get(str(seat))
        if text is None:
            continue
        try:
            summary, done = _one(state, seat, text)
            moved = done != "pass"
        except IllegalMove:  # the edge was walled by an answer carried out before this one
            summary, moved = _instead(state, seat, text)
        if moved:
            state["changed"] = True
        told.append(summary)
    return told


def _instead(state: State, seat: int, text: str) -> tuple[Phrase, bool]:
    """The answer of a player whose wall an earlier answer built: a letter, another wall, or nothing."""
    name, wall = state["players"][seat], text[5:]
    if room(state, seat):
        letter = state["asked"][0]
        receive(state, seat, [letter])
        return phrase(KeebbleSaid.SAME_WALL_TOOK, name=name, wall=wall, letter=letter), True
    other = free_wall(state)
    if other is not None:
        _one(state, seat, other)
        return phrase(KeebbleSaid.SAME_WALL_BUILT, name=name, wall=wall, other=other[5:]), True
    return phrase(KeebbleSaid.SAME_WALL_NOTHING, name=name, wall=wall), False


def _take(state: State, seat: int, letter: str) -> tuple[Phrase, str]:
    if letter not in state["asked"]:
        raise IllegalMove(KeebbleRefusal.NOT_ASKED, letter=letter, letters=Listing(tuple(state["asked"]), "or"))
    if not room(state, seat):
        raise IllegalMove(KeebbleRefusal.HAND_FULL)
    receive(state, seat, [letter])
    return phrase(KeebbleSaid.TOOK, name=state["players"][seat], letter=letter), f"take {letter}"


def _wall(state: State, seat: int, a: Cell, b: Cell) -> tuple[Phrase, str]:
    if not (inside(state, a) and inside(state, b)) or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
        raise IllegalMove(KeebbleRefusal.WALL_PLACE)
    if wall_between(state, a, b):
        raise IllegalMove(KeebbleRefusal.WALL_THERE, first=cell_name(*a), second=cell_name(*b))
    if not empty_edge(state, a, b):
        raise IllegalMove(KeebbleRefusal.WALL_BETWEEN_LETTERS, first=cell_name(*a), second=cell_name(*b))
    state["walls"] = sorted(state["walls"] + [wall_key(a, b)])
    return (
        phrase(KeebbleSaid.WALL, name=state["players"][seat], first=cell_name(*a), second=cell_name(*b)),
        f"wall {cell_name(*a)} {cell_name(*b)}",
    )


def free_wall(state: State) -> str | None:
    """The first edge a wall may go on, in reading order (a silent answerer's wall), or None."""
    for r in range(1, state["height"] + 1):
        for c in range(state["width"]):
            for other in ((c + 1, r), (c, r + 1)):
                if inside(state, other) and not wall_between(state, (c, r), other) and empty_edge(state, (c, r), other):
                    return f"wall {cell_name(c, r)} {cell_name(*other)}"
    return None


def empty_edge(state: State, a: Cell, b: Cell) -> bool:
    """ "Place a wall on an empty edge": not one between two letters on the board (option ``wall_edges: any``
    allows those too)."""
    if state["options"].get("wall_edges", "empty") == "any":
        return True
    return not (cell_name(*a) in state["cells"] and cell_name(*b) in state["cells"])
