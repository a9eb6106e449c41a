"""Real workers as in the Procfile: the analysis of a finished game runs on its own queue and worker, and a
computer's move in a running game never waits behind it (run in CI's PostgreSQL pass)."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.analysis.test_analysis import _finish, _quick_move
from tests.games.test_worker import start_worker, stop, wait_for
from wordgames.analysis.models import GameAnalysis, MoveAnalysis
from wordgames.games import actions
from wordgames.games.models import Game


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_computers_move_is_not_queued_behind_an_analysis(ann: Any, bob: Any) -> None:
    moves = actions_worker = analysis_worker = None
    try:
        # A slow analysis (3 s a move, 8 moves) is under way when ann's game against the computer needs its move.
        analysis_worker = start_worker("analysis", ANALYSIS_BUDGET_SECONDS="3")
        actions_worker = start_worker(COMPUTER_MOVE_DELAY_SECONDS="0")
        finished = actions.create_game(ann, "keebble", {}, [bob.username], seed=4)
        actions.join_game(finished.pk, bob)
        _finish(finished, ann, bob, moves=7)
        analysis = GameAnalysis.objects.get(game=finished)
        game = actions.create_game(ann, "lingo", {}, ["computer:quick"], seed=5)
        game.refresh_from_db()
        asked = time.monotonic()
        actions.submit_move(game.pk, ann, _quick_move(game, 0), expected_version=game.version)
        assert wait_for(lambda: game.moves.filter(seat=1, source="computer").exists(), 20), "the computer never moved"
        moved = time.monotonic() - asked
        analysis.refresh_from_db()
        assert not analysis.done, f"the analysis was over before the computer moved ({moved:.1f} s): nothing was shown"
        assert wait_for(lambda: GameAnalysis.objects.filter(pk=analysis.pk, done=True).exists(), 90), "never analysed"
        moves = MoveAnalysis.objects.filter(analysis=analysis).count()
        assert moves == Game.objects.get(pk=finished.pk).moves.filter(taken_back=False).count()
    finally:
        for process in (actions_worker, analysis_worker):
            if process is not None:
                stop(process)
