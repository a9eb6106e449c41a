"""What a move owes (here the computer's turn) is written in the move's own transaction; if the process dies
after the commit, before handing it to the queue, the minute's sweep hands it over, once. On SQLite (the
embedded default) as on PostgreSQL: the suite runs on both."""

from __future__ import annotations

from typing import Any

import pytest

from wordgames.engines import get_engine
from wordgames.games import actions, tasks
from wordgames.games.actions.moves import PLAY_COMPUTERS
from wordgames.games.models import Game, OwedTask

pytestmark = pytest.mark.django_db


def test_the_computers_turn_left_by_a_process_that_died_after_the_commit_is_played_by_the_sweep(
    ann: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = actions.create_game(ann, "lingo", {}, ["computer:quick"])
    game.refresh_from_db()
    move = get_engine("lingo").best_move(game.state, 0).move  # type: ignore[attr-defined]
    with django_capture_on_commit_callbacks(execute=False):  # committed, then the process died
        actions.submit_move(game.pk, ann, move)
    (owed,) = OwedTask.objects.filter(task=PLAY_COMPUTERS)
    assert not game.moves.filter(seat=1).exists(), "nothing was handed over: the computer has not moved"

    settings.OWED_RELAY_AFTER = 0
    tasks.relay_owed()  # what beat runs every minute
    assert game.moves.filter(seat=1).count() == 1 and Game.objects.get(pk=game.pk).moves.count() == 2
    assert not OwedTask.objects.filter(pk=owed.pk).exists()
    tasks.relay_owed()
    assert game.moves.filter(seat=1).count() == 1  # handed over once
