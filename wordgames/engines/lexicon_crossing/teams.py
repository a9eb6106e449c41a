"""Teams: collaborating players, each with their own crossword, who may swap tiles with a team-mate.

rules/lexicon-crossing.md: team members "may swap one tile with their team member per green light". The
``teams`` option gives a team letter per seat in seat order (``AABB``); ``-`` for none.
"""

from __future__ import annotations

import copy

from wordgames.engines.core.text import quote

from ..core.engine import MoveOutcome, State
from ..core.errors import IllegalMove
from ..core.sentences import phrase
from .refusals import LexiconCrossingRefusal
from .said import LexiconCrossingSaid
from .table import hand


def team_of(state: State, seat: int) -> str | None:
    teams = state["options"]["teams"]
    return None if teams == "-" else teams[seat]


def swap(state: State, seat: int, text: str) -> tuple[State, MoveOutcome]:
    """``swap E X bob``: give E from your hand to your team-mate bob and take X from theirs; once each per
    green light (rules: "may swap one tile with their team member per green light")."""
    team = team_of(state, seat)
    if team is None:
        raise IllegalMove(LexiconCrossingRefusal.SWAP_TEAMS_ONLY)
    if state["phase"] != "play":
        raise IllegalMove(LexiconCrossingRefusal.SWAP_AFTER_RED)
    parts = text.split()
    if len(parts) != 3:
        raise IllegalMove(LexiconCrossingRefusal.SWAP_NOTATION)
    give, take, mate_name = parts[0].upper(), parts[1].upper(), parts[2]
    if mate_name not in state["players"]:
        raise IllegalMove(LexiconCrossingRefusal.NO_SUCH_PLAYER, name=quote(mate_name))
    mate = state["players"].index(mate_name)
    if mate == seat or team_of(state, mate) != team or not state["active"][mate]:
        raise IllegalMove(LexiconCrossingRefusal.NOT_TEAM_MATE, name=mate_name)
    if state["swapped"][seat] or state["swapped"][mate]:
        raise IllegalMove(LexiconCrossingRefusal.ONE_SWAP)
    if give not in hand(state, seat):
        raise IllegalMove(LexiconCrossingRefusal.NOTHING_TO_GIVE, tile=give)
    if take not in hand(state, mate):
        raise IllegalMove(LexiconCrossingRefusal.MATE_LACKS, name=mate_name, tile=take)
    new = copy.deepcopy(state)
    new["tiles"][seat].remove(give)
    new["tiles"][mate].remove(take)
    new["tiles"][seat].append(take)
    new["tiles"][mate].append(give)
    new["swapped"][seat] = new["swapped"][mate] = True
    name = state["players"][seat]
    return new, MoveOutcome(
        seat=seat,
        move=f"swap {give} {take} {mate_name}",
        said=phrase(LexiconCrossingSaid.SWAPPED, name=name, mate=mate_name),
        events={"private": True},
    )
