"""The puzzles' task: beat (or the embedded sweeps) picks the day's puzzles, so the lobby only reads them."""

from __future__ import annotations

from celery import shared_task

from wordgames.games.relay import RETRY

from . import actions


@shared_task(**RETRY)
def pick_puzzles() -> None:
    """Today's puzzle of each game kind, picked if not yet (idempotent: run it as often as you like)."""
    actions.of_the_day()
