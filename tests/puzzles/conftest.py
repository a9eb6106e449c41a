from __future__ import annotations

from typing import Any

import pytest
from django.test import TestCase

from tests.games.conftest import start_game
from wordgames.games import actions
from wordgames.games.models import Game

# Lingo with hidden pools: ann holds L U G G E, bob Y E H Q N (seed 7); each sees only their own.
HIDDEN = {"preset": "pbem", "not_shared": True}
WEAK = "l13 E m13 L"  # ann's first move: EL, 2 points (the strong player finds far more)


@pytest.fixture(autouse=True)
def _quick(settings: Any) -> None:
    settings.ANALYSIS_BUDGET = 0.2
    settings.ANALYSIS_IN_PROCESS = True  # the analysis task runs in this process, as a worker would run it
    settings.PUZZLE_MIN_MISSED = 5


def finished(ann: Any, bob: Any, *, private: bool = False) -> Game:
    """ann opens with a poor word, bob resigns: the game is over and analysed."""
    game = start_game(ann, bob, HIDDEN, seed=7)
    if private:
        Game.objects.filter(pk=game.pk).update(private=True)
    actions.submit_move(game.pk, ann, WEAK)
    with TestCase.captureOnCommitCallbacks(execute=True):
        actions.submit_move(game.pk, bob, "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game
