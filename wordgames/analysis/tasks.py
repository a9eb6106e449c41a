"""The analysis's task, on its own ``analysis`` queue: a computer's move in a running game never waits for it."""

from __future__ import annotations

from celery import shared_task

from wordgames.games.relay import RETRY

from . import actions


@shared_task(name="wordgames.analysis.tasks.analyse_game", **RETRY)
def analyse_game(game_id: int) -> None:
    """Owed by the end of a game: its analysis, move by move, within the budget."""
    actions.analyse(game_id)
