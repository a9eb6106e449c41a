"""The analysis's task, on its own ``analysis`` queue: a computer's move in a running game never waits for it."""

from __future__ import annotations

from celery import shared_task

from wordgames.games.relay import RETRY

from . import actions, practice


@shared_task(**RETRY)
def analyse_game(game_id: int) -> None:
    """Owed by the end of a game: its analysis, move by move, within the budget."""
    actions.analyse(game_id)


@shared_task(**RETRY)
def review_practice(review_id: int) -> None:
    """Asked by a practice game's player: their moves so far, each beside the best."""
    practice.review(review_id)
