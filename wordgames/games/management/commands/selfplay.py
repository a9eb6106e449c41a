"""Whole games between computer players, through the site's own write door, on the configured database.

    python manage.py selfplay lingo --games 100 --levels strong,quick [--option hex=true] [--budget 0.2]

Each game is created like any other (computer accounts in every seat), and its computer turns run in this
process as each move commits (the task a worker would run), so every move goes through ``submit_move`` with
its checks, row lock, clocks and records. When the computers have nothing more to do and the game is not over,
time passes as it would on the site: waiting green lights fire, then every seat whose clock is running times
out by the rules, so a game nobody can move in ends as the rules say, never sticks. At the end every finished
game's record is replayed and must give the same final scores. The report: games finished, moves, errors,
moves a second, the spread of final scores, and how the games ended.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections import Counter
from datetime import timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.errors import InvalidRecord
from wordgames.engines.core.players import levels as known_levels
from wordgames.engines.core.record import replay
from wordgames.games import actions, queries
from wordgames.games.actions import computers, greenlight
from wordgames.games.models import Game

# Rounds of "time passes" one game may need before it is called stuck (each ends with a timeout or a deal).
MAX_WAITS = 400


class Command(BaseCommand):
    help = "Play whole games between computer players through the site's write door, and report how they went."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("game", choices=engine_names())
        parser.add_argument("--games", type=int, default=10, help="How many games (default 10).")
        parser.add_argument(
            "--levels",
            default="strong,quick",
            help="One level per seat, comma-separated (default strong,quick: two players).",
        )
        parser.add_argument(
            "--option",
            action="append",
            default=[],
            metavar="NAME=VALUE",
            help="A game option (JSON value, or text), e.g. --option hex=true; repeatable.",
        )
        parser.add_argument(
            "--budget",
            type=float,
            default=None,
            help="Seconds each computer choice may take (default: each level's own).",
        )
        parser.add_argument(
            "--seed",
            type=int,
            default=None,
            help="Number the games' seeds from this (reproducible); default: a fresh secret each.",
        )
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(
        self,
        *args: Any,
        game: str,
        games: int,
        levels: str,
        option: list[str],
        budget: float | None,
        seed: int | None,
        no_progress: bool,
        **kwargs: Any,
    ) -> None:
        seats = [level.strip() for level in levels.split(",") if level.strip()]
        engine = get_engine(game)
        for level in seats:
            if level not in known_levels(game):
                raise CommandError(
                    f"No {level!r} computer for {engine.title}; its levels: {', '.join(known_levels(game))}."
                )
        if not engine.min_players <= len(seats) <= engine.max_players:
            raise CommandError(
                f"{engine.title} is for {engine.min_players} to {engine.max_players} players: "
                f"give that many levels (--levels strong,quick)."
            )
        options = dict(_option(text) for text in option)
        report = Report(game, seats)
        started = time.monotonic()
        with computers.in_process(budget):
            for n in range(games):
                report.add(play_one(game, seats, options, None if seed is None else seed + n))
                if not no_progress:
                    _progress(n + 1, games, report, time.monotonic() - started)
        if not no_progress:
            sys.stderr.write("\n")
        report.seconds = time.monotonic() - started
        self.stdout.write(report.text())
        if report.errors:
            raise CommandError(f"{len(report.errors)} of {games} games went wrong (listed above).")


def _option(text: str) -> tuple[str, Any]:
    name, sep, value = text.partition("=")
    if not sep:
        raise CommandError(f"Write an option as NAME=VALUE, not {text!r}.")
    try:
        return name.strip(), json.loads(value)
    except json.JSONDecodeError:
        return name.strip(), value


class Outcome:
    def __init__(self, game_id: int | None = None) -> None:
        self.game_id = game_id
        self.moves = 0
        self.timeouts = 0
        self.scores: list[float] = []
        self.winners: list[int] = []
        self.end = ""
        self.error = ""


def play_one(game_name: str, seats: list[str], options: dict[str, Any], seed: int | None) -> Outcome:
    """One whole game; never raises (what went wrong is in ``error``)."""
    outcome = Outcome()
    try:
        creator = computers.computer_user(seats[0])
        game = actions.create_game(
            creator, game_name, options, [f"computer:{level}" for level in seats[1:]], seed=seed, internal=True
        )
        outcome.game_id = game.pk
        _wait_out(game, outcome)
        game.refresh_from_db()
        outcome.moves = queries.live_moves(game).count()
        if game.status != Game.Status.FINISHED:
            outcome.error = f"game {game.pk} did not end ({game.status})"
            return outcome
        result: dict[str, Any] = game.result or {}
        outcome.scores = list(result["scores"])
        outcome.winners = list(result.get("winners") or [])
        outcome.end = str(result.get("end") or result.get("reason") or "")
        _check_replay(game, outcome)
    except Exception as e:  # a soak reports every failure and goes on
        outcome.error = f"game {outcome.game_id}: {type(e).__name__}: {e}"
    return outcome


def _wait_out(game: Game, outcome: Outcome) -> None:
    """Let time pass until the game is over: waiting green lights fire, then running clocks run out."""
    engine = get_engine(game.engine)
    for _ in range(MAX_WAITS):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return
        later = timezone.now() + timedelta(days=365)
        if greenlight.fire_due(later, game_id=game.pk):
            continue
        before = _mark(game)
        computers.wake_idle(later, game_id=game.pk)  # the minute's sweep, for this game only
        if _mark(game) != before:
            continue
        clocked = engine.clocked(game.state)
        due = [(s.pk, s.due_at) for s in game.seats.all() if s.position in clocked and s.due_at is not None]
        if not due:
            raise RuntimeError(f"game {game.pk} waits for nobody and no clock runs: it would stick")
        for seat_id, at in due:
            if actions.time_out(seat_id, now=at + timedelta(seconds=1)):
                outcome.timeouts += 1
    raise RuntimeError(f"game {game.pk} still running after {MAX_WAITS} waits")


def _mark(game: Game) -> tuple[int, int, int]:
    """Changes since: moves, the version, what the players have seen."""
    seen = sum(game.seats.values_list("seen_deal", flat=True))
    return game.moves.count(), Game.objects.get(pk=game.pk).version, seen


def _check_replay(game: Game, outcome: Outcome) -> None:
    record = queries.game_record(game)
    try:
        last = list(replay(record))[-1]
    except InvalidRecord as e:
        raise RuntimeError(f"its record does not replay: {e}") from None
    scores = list(last["result"]["scores"])
    if scores != outcome.scores:
        raise RuntimeError(f"its record replays to {scores}, the game ended {outcome.scores}")


class Report:
    def __init__(self, game: str, seats: list[str]) -> None:
        self.game, self.seats = game, seats
        self.outcomes: list[Outcome] = []
        self.errors: list[str] = []
        self.seconds = 0.0

    def add(self, outcome: Outcome) -> None:
        self.outcomes.append(outcome)
        if outcome.error:
            self.errors.append(outcome.error)

    @property
    def moves(self) -> int:
        return sum(o.moves for o in self.outcomes)

    def text(self) -> str:
        done = [o for o in self.outcomes if not o.error]
        lines = [
            f"{get_engine(self.game).title}, {' v '.join(self.seats)}: {len(done)} of {len(self.outcomes)} games "
            f"finished and replayed, {self.moves} moves, {len(self.errors)} errors, "
            f"{self.moves / self.seconds if self.seconds else 0:.1f} moves a second ({self.seconds:.1f} s).",
        ]
        if done:
            for seat, level in enumerate(self.seats):
                values = [o.scores[seat] for o in done]
                wins = sum(1 for o in done if seat in o.winners)
                lines.append(
                    f"  seat {seat + 1} ({level}): won {wins} (ties included), scores min {min(values):g}, "
                    f"median {statistics.median(values):g}, max {max(values):g}"
                )
            ends = Counter(o.end or "?" for o in done)
            lines.append("  ended: " + ", ".join(f"{end} {count}" for end, count in ends.most_common()))
            lines.append(f"  timeouts played by the rules: {sum(o.timeouts for o in done)}")
        lines.extend(f"  error: {error}" for error in self.errors[:20])
        return "\n".join(lines)


def _progress(n: int, total: int, report: Report, seconds: float) -> None:
    width = 30
    filled = width * n // total
    rate = report.moves / seconds if seconds else 0
    sys.stderr.write(
        f"\r[{'#' * filled}{'.' * (width - filled)}] {n}/{total} games, {report.moves} moves, "
        f"{rate:.0f} moves/s, {len(report.errors)} errors"
    )
    sys.stderr.flush()
