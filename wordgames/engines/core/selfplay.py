"""Whole games between computer players, with nothing but the engine: the soak that finds engine bugs.

``play_game("keebble", ["strong", "quick"], seed=7)`` plays one game to its end and checks, as it goes, that
every move a computer chooses is legal, that the game never sticks, and at the end that the game's record
replays to the same final scores. When no computer has a move, time passes as on the site: a running clock
runs out and the rules' timeout is played (nothing, a pass, or, the third time in a row, resigning); a game
where nobody has a move and no clock runs, or that runs past ``max_moves``, is an error naming the game.
Any failure raises ``SelfPlayError`` with a sentence naming the game (game, seed, levels) and the move, so it
can be replayed and turned into a test.

Each seat sees only ``engine.view(state, seat)``; its rng is derived from the seed, the move number and the
seat, so a game replays exactly with the same seed and budgets long enough not to cut a search short.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from .catalogue import get_engine
from .engine import MoveOutcome, State
from .errors import IllegalMove, InvalidRecord
from .players import choose_move
from .record import make_record, replay

NAMES = ("ann", "bob", "cat", "dan", "eve", "fay")
MAX_MOVES = 3000
TIMEOUTS_IN_A_ROW = 3  # the site's default: the third silence in a row resigns the seat


class SelfPlayError(Exception):
    """A self-played game went wrong: an illegal move, a stuck game, or a record that does not replay."""


@dataclass
class GameReport:
    game: str
    levels: list[str]
    seed: int
    options: dict[str, Any]
    moves: int = 0
    seconds: float = 0.0
    scores: list[float] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    reason: str = ""
    record: dict[str, Any] = field(default_factory=dict)
    slowest: float = 0.0  # the longest a computer took over one choice, in seconds
    timeouts: int = 0  # clocks that ran out because nobody had a move (played by the rules, as on the site)


OnMove = Callable[[State, int, str, MoveOutcome], None]


def play_game(
    game: str,
    levels: list[str],
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    budget: float | Mapping[str, float] | None = None,
    max_moves: int = MAX_MOVES,
    on_move: OnMove | None = None,
) -> GameReport:
    """Play one whole game, seat ``i`` played by the computer of level ``levels[i]``. ``budget``: seconds a
    choice, for every level or by level (``{"strong": 0.5}``); None: each level's default."""
    engine = get_engine(game)
    players = list(NAMES[: len(levels)])
    options = dict(options or {})
    state = engine.new_game(players, options, seed)
    report = GameReport(game, list(levels), seed, options)
    moves: list[dict[str, str]] = []
    where = f"{game} seed {seed} ({' v '.join(levels)})"
    started = time.monotonic()
    turn = 0
    silent = [0] * len(levels)  # timeouts in a row, per seat
    while engine.result(state) is None:
        if len(moves) >= max_moves:
            raise SelfPlayError(f"{where}: still running after {max_moves} moves.")
        actors = sorted(engine.actors(state))
        if not actors:
            raise SelfPlayError(f"{where}: after move {len(moves)} nobody may act, yet the game is not over.")
        # Simultaneous phases: ask the seats in a rotating order, so no seat is always first to the green light.
        order = actors[turn % len(actors) :] + actors[: turn % len(actors)]
        turn += 1
        for seat in order:
            rng = random.Random(f"{seed}:{len(moves)}:{seat}")
            asked = time.monotonic()
            level = levels[seat]
            seconds = budget.get(level) if isinstance(budget, Mapping) else budget
            move = choose_move(engine, engine.view(state, seat), seat, level=level, rng=rng, budget=seconds)
            report.slowest = max(report.slowest, time.monotonic() - asked)
            if move is None:
                continue
            try:
                after, outcome = engine.apply(state, seat, move)
            except IllegalMove as e:
                raise SelfPlayError(
                    f"{where}, move {len(moves) + 1}: the {levels[seat]} computer of seat {seat} "
                    f"chose {move!r}, which is illegal: {e}"
                ) from None
            if on_move is not None:
                on_move(state, seat, move, outcome)
            state = after
            moves.append({"player": players[seat], "move": outcome.move})
            silent[seat] = 0
            break
        else:  # nobody has a move: time passes, as on the site, and a running clock runs out
            seat = _time_out(engine, state, silent, where, len(moves))
            text = engine.timeout_move(state, seat)
            report.timeouts += 1
            if text is None or silent[seat] >= TIMEOUTS_IN_A_ROW:
                text = "resign"
            if text:
                state, outcome = engine.apply(state, seat, text)
                moves.append({"player": players[seat], "move": outcome.move})
    result = engine.result(state)
    assert result is not None
    report.moves, report.seconds = len(moves), time.monotonic() - started
    report.scores, report.winners, report.reason = list(result["scores"]), list(result["winners"]), result["reason"]
    report.record = make_record(game, options, players, seed, None, moves)
    check_replay(report)
    return report


def _time_out(engine: Any, state: State, silent: list[int], where: str, played: int) -> int:
    """The seat whose clock runs out when nobody has a move: of those whose clock runs, the one silent the
    fewest times in a row (clocks start together and run out in turn). A game where no clock runs either
    would stick on the site too: that is an error."""
    clocked = sorted(engine.clocked(state))
    if not clocked:
        raise SelfPlayError(
            f"{where}: stuck after move {played}: nobody has a move, no clock runs, and the game is not over."
        )
    seat = min(clocked, key=lambda s: (silent[s], s))
    silent[seat] += 1
    return seat


def check_replay(report: GameReport) -> None:
    """The record replays, move for move, to the same final scores and winners."""
    where = f"{report.game} seed {report.seed}"
    try:
        *_, last = replay(report.record)
    except InvalidRecord as e:
        raise SelfPlayError(f"{where}: its record does not replay: {e}") from None
    replayed = last["result"]
    if replayed is None or replayed["scores"] != report.scores or replayed["winners"] != report.winners:
        raise SelfPlayError(
            f"{where}: the record replays to {replayed and replayed['scores']}, not to the scores "
            f"played, {report.scores}."
        )
