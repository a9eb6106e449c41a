"""Analysis after the game: each move beside the best move the strong computer player finds in its position.

The strong player is handed the mover's own view of the position (``engine.view(state, seat)``: their rack,
hand or sheet and what everyone sees), never the state, so the best move it finds never uses more than the
mover knew. Both moves are then scored by the rules on the position as it was (``engine.apply``): the points
each would have made, so "points missed" is the best move's score less the played move's, never below zero.

    best_for_view(engine, state, seat, budget=1.0, rng=random.Random(1)) -> Best("8D WORD", 24) | None
    unseen(engine, state, seat) -> {"conceal_latest": True} | {}   (what the seat has not seen yet)
    review_game(engine, start, [(seat, "8D WORD"), ...], budget=1.0, rng_for=lambda n: random.Random(n))
    summarise(reviews, seats=2) -> [{"seat": 0, "moves": 30, "matched": 21, "missed": 57}, ...]

Pure: no Django, no Celery; the service stores and shows the results.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import asdict, dataclass
from typing import Any

from .catalogue import get_engine
from .engine import Engine, State
from .errors import IllegalMove
from .players import choose_move


@dataclass(frozen=True)
class Best:
    """The strong player's move for one seat in one position, in the game's notation, and what it scores."""

    move: str
    points: int


@dataclass(frozen=True)
class Review:
    """One move of a game beside the best one: ``n`` counts from 1; ``best`` is "" when the strong player had
    nothing to offer (it would have waited), and then nothing is missed."""

    n: int
    seat: int
    played: str
    points: int
    best: str
    best_points: int

    @property
    def missed(self) -> int:
        return max(0, self.best_points - self.points) if self.best else 0

    @property
    def matched(self) -> bool:
        """The move played was the best one, or scored as much."""
        return not self.best or self.played == self.best or self.points >= self.best_points

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "missed": self.missed, "matched": self.matched}


def points_of(engine: Engine, state: State, seat: int, move: str) -> tuple[str, int] | None:
    """The move in canonical notation and the points it scores for ``seat`` in ``state`` (None if illegal)."""
    try:
        _after, outcome = engine.apply(state, seat, move)
    except IllegalMove:
        return None
    return outcome.move, int(outcome.score or 0)


def unseen(engine: Engine, state: State, seat: int) -> dict[str, Any]:
    """The arguments of ``view`` that hide what ``seat`` may not have seen in ``state``: Lexicon Crossing's
    green-lighter does not see their newest tiles until the others have seen theirs. When the others did is not
    part of the position, so until the next deal those tiles count as unseen: the analysis never knows more than
    the mover did (it may know less)."""
    if not engine.asynchronous_green or state.get("last_green") != seat:
        return {}
    latest = state.get("latest") or []
    return {"conceal_latest": True} if seat < len(latest) and latest[seat] and not state.get("finished") else {}


def best_for_view(engine: Engine, state: State, seat: int, *, budget: float, rng: random.Random) -> Best | None:
    """The move the strong player chooses for ``seat`` seeing only that seat's view of ``state`` (without what
    it may not have seen yet, ``unseen``), within ``budget`` seconds, with its score; None when it would not move
    (or chose nothing legal)."""
    view = engine.view(state, seat, **unseen(engine, state, seat))
    chosen = choose_move(engine, view, seat, level="strong", rng=rng, budget=budget)
    if not chosen or chosen.strip().lower() == "resign":
        return None
    scored = points_of(engine, state, seat, chosen)
    return Best(*scored) if scored else None


def review_game(
    engine: Engine,
    start: State,
    moves: list[tuple[int, str]],
    *,
    budget: float,
    rng_for: Callable[[int], random.Random],
    only: int | None = None,
) -> Iterator[Review]:
    """Replay ``moves`` ((seat, text) in order) from ``start``, each beside the strong player's best move in
    the position it was played in (``budget`` seconds a move, randomness ``rng_for(n)``). ``only``: review that
    seat's moves alone (the others are replayed, not reviewed): a practice game's player asking about theirs."""
    state = start
    for n, (seat, text) in enumerate(moves, start=1):
        after, outcome = engine.apply(state, seat, text)
        if only is not None and seat != only:
            state = after
            continue
        if outcome.move.strip().lower() == "resign":
            best = None
        else:
            best = best_for_view(engine, state, seat, budget=budget, rng=rng_for(n))
        yield Review(
            n, seat, outcome.move, int(outcome.score or 0), best.move if best else "", best.points if best else 0
        )
        state = after


def summarise(reviews: list[Review], seats: int) -> list[dict[str, int]]:
    """Per seat: moves analysed, moves that matched the best, and the points missed in all."""
    totals = [{"seat": s, "moves": 0, "matched": 0, "missed": 0} for s in range(seats)]
    for review in reviews:
        line = totals[review.seat]
        line["moves"] += 1
        line["matched"] += int(review.matched)
        line["missed"] += review.missed
    return totals


def review_record(record: dict[str, Any], *, budget: float, rng_for: Callable[[int], random.Random]) -> list[Review]:
    """``review_game`` of a ``wordgames-record/1`` (a finished game: the record tells the bag)."""
    engine = get_engine(record["game"])
    players = list(record["players"])
    start = engine.new_game(players, record.get("options") or {}, record["seed"], record.get("bag") or None)
    moves = [(players.index(m["player"]), m["move"]) for m in record.get("moves", [])]
    return list(review_game(engine, start, moves, budget=budget, rng_for=rng_for))
