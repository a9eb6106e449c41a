"""The analysis's writes and reads: owed when a game ends, made by a worker, shown only once the game is over.

``on_game_finished`` (inside the transaction that ends the game) records the debt with the games' relay, so
the task reaches the broker after the commit, or later through the minute's relay if the broker is down. The
task (``analyse``) replays the game's live moves and asks the engines' pure ``review_game`` for each move's
best alternative, within ``ANALYSIS_BUDGET`` seconds a move and ``ANALYSIS_GAME_BUDGET`` seconds a game; it
runs on the ``analysis`` queue, which computer players' moves (the ``computer`` queue) never wait behind.
"""

from __future__ import annotations

import logging
import random
import time
from dataclasses import dataclass
from typing import Any

from celery import current_app
from django.conf import settings
from django.db import transaction

from wordgames.engines import get_engine
from wordgames.engines.core.analysis import Review, review_game, summarise
from wordgames.engines.core.rng import KeyedRandom, is_secret
from wordgames.games import relay
from wordgames.games.models import Game, Move
from wordgames.games.queries import live_moves, player_names

from .models import GameAnalysis, MoveAnalysis

log = logging.getLogger(__name__)

ANALYSE = "wordgames.analysis.tasks.analyse_game"  # the task (above the actions: named, not imported)
OVER = (Game.Status.FINISHED, Game.Status.ABANDONED)


def start_over(game: Game) -> GameAnalysis:
    """The game's analysis, empty and not done (made anew)."""
    analysis, created = GameAnalysis.objects.get_or_create(game=game)
    if not created:
        analysis.moves.all().delete()
        GameAnalysis.objects.filter(pk=analysis.pk).update(done=False, summary=[], seconds=0)
    return analysis


def owe_analysis(game: Game) -> GameAnalysis:
    """Record that ``game`` owes its analysis (again): the task is handed over after the commit."""
    analysis = start_over(game)
    relay.owe(ANALYSE, game.pk)
    return analysis


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Owe the analysis. Where tasks run in this process (no broker: a laptop, the ``selfplay`` command) it
    would hold the request that ended the game for a minute or more: there the game is only marked as owing
    it, for ``manage.py analyse_games``, unless ``ANALYSIS_IN_PROCESS`` is on."""
    if current_app.conf.task_always_eager and not settings.ANALYSIS_IN_PROCESS:
        start_over(game)
    else:
        owe_analysis(game)


def on_game_reopened(sender: Any, game: Game, **kwargs: Any) -> None:
    """A take-back reopened the game: its analysis no longer describes it (the next end owes a new one)."""
    GameAnalysis.objects.filter(game=game).delete()


def budget_for(count: int) -> float:
    """Seconds the strong player may think over each of ``count`` moves."""
    return min(settings.ANALYSIS_BUDGET, settings.ANALYSIS_GAME_BUDGET / max(1, count))


def rng_of(game: Game, n: int) -> random.Random:
    """The strong player's randomness for the game's ``n``th move: replays the same."""
    label = f"analysis:{n}"
    return KeyedRandom(game.secret, label) if is_secret(game.secret) else random.Random(f"{game.seed}:{label}")


def analyse(game_id: int) -> GameAnalysis | None:
    """Make the analysis of a game that is over (once: a task delivered twice finds it done)."""
    analysis = GameAnalysis.objects.select_related("game").filter(game_id=game_id).first()
    if analysis is None or analysis.done:
        return analysis
    game: Game = analysis.game
    if game.status not in OVER or game.state is None:
        return analysis  # reopened since: its next end owes the analysis again
    engine = get_engine(game.engine)
    moves = list(live_moves(game))
    budget = budget_for(len(moves))
    started = time.monotonic()
    start = engine.new_game(player_names(game), game.options, game.deal_seed, game.bag or None)
    reviews = list(
        review_game(engine, start, [(m.seat, m.text) for m in moves], budget=budget, rng_for=lambda n: rng_of(game, n))
    )
    seconds = time.monotonic() - started
    with transaction.atomic():
        current = GameAnalysis.objects.select_for_update().filter(pk=analysis.pk, done=False).first()
        if current is None or not Move.objects.filter(pk__in=[m.pk for m in moves], taken_back=False).count() == len(
            moves
        ):
            return current  # done by another delivery, or a move taken back meanwhile
        MoveAnalysis.objects.bulk_create([_row(current, move, review) for move, review in zip(moves, reviews)])
        GameAnalysis.objects.filter(pk=current.pk).update(
            done=True, budget=budget, seconds=seconds, summary=summarise(reviews, len(player_names(game)))
        )
    log.info("Analysed game %s: %s moves in %.1f s", game.pk, len(moves), seconds)
    return GameAnalysis.objects.get(pk=analysis.pk)


def _row(analysis: GameAnalysis, move: Move, review: Review) -> MoveAnalysis:
    return MoveAnalysis(
        analysis=analysis,
        move=move,
        points=review.points,
        best=review.best,
        best_points=review.best_points,
        missed=review.missed,
        matched=review.matched,
    )


# --- reading: only once the game is over --------------------------------------------------------------------


@dataclass
class Shown:
    """A finished game's analysis as pages show it: rows by move id, and per player a summary line."""

    rows: dict[int, MoveAnalysis]
    players: list[dict[str, Any]]
    budget: float


def visible(game: Game) -> Shown | None:
    """The game's analysis if it may be shown: the game is over and the analysis done; else None."""
    if game.status not in OVER:
        return None
    analysis = GameAnalysis.objects.filter(game=game, done=True).first()
    if analysis is None:
        return None
    rows = {row.move_id: row for row in analysis.moves.all()}
    names = player_names(game)
    players = [{**line, "name": names[line["seat"]]} for line in analysis.summary if line["seat"] < len(names)]
    return Shown(rows, players, analysis.budget)


def record_section(sender: Any, game: Game, **kwargs: Any) -> dict[str, Any]:
    """The record's optional ``analysis`` section (docs/record-format.md); nothing unless ``visible``."""
    shown = visible(game)
    if shown is None:
        return {}
    names = player_names(game)
    moves = []
    for n, move in enumerate(live_moves(game), start=1):
        row = shown.rows.get(move.pk)
        if row is not None:
            moves.append(
                {
                    "n": n,
                    "points": row.points,
                    "best": row.best,
                    "best_points": row.best_points,
                    "missed": row.missed,
                    "matched": row.matched,
                }
            )
    players = [
        {"player": names[p["seat"]], "moves": p["moves"], "matched": p["matched"], "missed": p["missed"]}
        for p in shown.players
    ]
    return {"analysis": {"level": "strong", "budget": round(shown.budget, 3), "moves": moves, "players": players}}
