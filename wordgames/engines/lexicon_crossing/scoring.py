"""Scoring a seat's crossword, the result, and the winning team.

rules/lexicon-crossing.md: a crossword scores its points divided by its words, each tile left over counting as
an extra word (``crossword.score``); the highest score wins. Teams win by one of three rules (``team_win``).
"""

from __future__ import annotations

from typing import Any

from ..core.engine import State
from . import crossword
from .table import hand, letters, lexicon


def score(state: State, seat: int) -> crossword.Score:
    """The seat's crossword scored now, its hand counted as leftover tiles."""
    return crossword.score(state["grids"][seat], len(hand(state, seat)), lexicon(state), letters(state).values)


def result(state: State) -> dict[str, Any] | None:
    """Once the game is over: every seat's score, the winners (the best score among the seats still playing, or
    the winning team's members), and each crossword's score in words."""
    if not state["finished"]:
        return None
    scores = [score(state, s) for s in range(len(state["players"]))]
    values = [round(s.value, 2) for s in scores]
    standing = [v for v, on in zip(values, state["active"]) if on]
    best = max(standing) if standing else 0
    winners = [s for s, v in enumerate(values) if state["active"][s] and v == best]
    outcome = {
        "scores": values,
        "winners": winners,
        "reason": state["reason"],
        "end": state.get("end"),
        "reason_said": state.get("reason_said"),
        "details": [s.text for s in scores],
    }
    if state["options"]["teams"] != "-":
        outcome.update(team_result(state, scores))
    return outcome


def team_result(state: State, scores: list[crossword.Score]) -> dict[str, Any]:
    """The three "winning team" rules: combined (all points / all words), best individual, or the best of
    each team's lowest score. Every member of the winning team(s) wins."""
    rule = state["options"]["team_win"]
    teams: dict[str, list[int]] = {}
    for seat, team in enumerate(state["options"]["teams"]):
        if state["active"][seat]:
            teams.setdefault(team, []).append(seat)
    values: dict[str, float] = {}
    for team, seats in teams.items():
        if rule == "combined":
            points = sum(scores[s].points for s in seats)
            words = sum(scores[s].words + scores[s].leftover for s in seats)
            values[team] = round(points / words, 2) if words else 0.0
        elif rule == "best":
            values[team] = max(round(scores[s].value, 2) for s in seats)
        else:
            values[team] = min(round(scores[s].value, 2) for s in seats)
    best = max(values.values()) if values else 0
    winning = [t for t, v in values.items() if v == best]
    return {"winners": sorted(s for t in winning for s in teams[t]), "teams": values, "team_rule": rule}
