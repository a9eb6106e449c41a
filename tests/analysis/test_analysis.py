"""The analysis after the game: owed when a game ends, made by the task, shown on the replay page and in the
record once the game is over, and nowhere while it runs."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from django.core.management import call_command
from django.db import transaction
from django.test import TestCase

from tests.conftest import logged_in
from tests.games.conftest import start_game
from wordgames.analysis import actions as analysis
from wordgames.analysis.models import GameAnalysis, MoveAnalysis
from wordgames.engines import get_engine
from wordgames.engines.core.players import choose_move
from wordgames.engines.core.record import replay, validate_record
from wordgames.games import actions
from wordgames.games.models import Game, OwedTask

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _quick(settings: Any) -> None:
    settings.ANALYSIS_BUDGET = 0.1
    settings.ANALYSIS_IN_PROCESS = True  # tasks run in this process in these tests, as a worker would run them


def _quick_move(game: Game, seat: int) -> str:
    engine = get_engine(game.engine)
    move = choose_move(engine, engine.view(game.state, seat), seat, level="quick", rng=random.Random(seat), budget=0.05)
    assert move
    return move


def _finish(game: Game, ann: Any, bob: Any, moves: int = 3) -> Game:
    """ann and bob play ``moves`` of the quick computer's moves by turns, then the next player resigns; the
    analysis owed runs (in this process) after the commit."""
    engine = get_engine(game.engine)
    for _n in range(moves):
        game.refresh_from_db()
        seat = min(engine.actors(game.state))
        actions.submit_move(game.pk, (ann, bob)[seat], _quick_move(game, seat))
    game.refresh_from_db()
    with TestCase.captureOnCommitCallbacks(execute=True):
        actions.submit_move(game.pk, (ann, bob)[min(engine.actors(game.state))], "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def test_the_end_of_a_game_owes_its_analysis_with_the_outbox_in_the_same_transaction(ann: Any, bob: Any) -> None:
    game = start_game(ann, bob, {}, seed=7)
    with transaction.atomic():
        actions.submit_move(game.pk, ann, "resign")
        assert OwedTask.objects.filter(task=analysis.ANALYSE, args=[game.pk]).exists()
        assert not GameAnalysis.objects.get(game=game).done


def test_a_finished_game_is_analysed_move_by_move_and_the_replay_shows_it(ann: Any, bob: Any) -> None:
    game = _finish(start_game(ann, bob, {}, seed=7), ann, bob)
    done = GameAnalysis.objects.get(game=game)
    assert done.done and 0 < done.budget <= 0.1
    rows = list(MoveAnalysis.objects.filter(analysis=done).order_by("move__seq"))
    assert len(rows) == 4 and all(r.best for r in rows[:3]) and rows[3].best == ""  # a resignation has no best
    assert [line["moves"] for line in done.summary] == [2, 2]
    assert sum(line["missed"] for line in done.summary) == sum(r.missed for r in rows)
    page = logged_in(ann).get(f"/games/{game.pk}/replay/").content.decode()
    assert "Analysis" in page and "points missed" in page
    for row in rows:
        assert row.matched or f"{row.missed} point" in page and row.best in page


def test_a_move_that_missed_points_shows_the_best_alternative_and_the_summary(ann: Any, bob: Any) -> None:
    game = _finish(start_game(ann, bob, {}, seed=7), ann, bob, moves=1)
    row = MoveAnalysis.objects.get(move__seq=1, move__game=game)
    MoveAnalysis.objects.filter(pk=row.pk).update(points=3, missed=row.best_points - 3, matched=False)
    GameAnalysis.objects.filter(game=game).update(
        summary=[
            {"seat": 0, "moves": 1, "matched": 0, "missed": row.best_points - 3},
            {"seat": 1, "moves": 1, "matched": 1, "missed": 0},
        ]
    )
    page = logged_in(bob).get(f"/games/{game.pk}/replay/").content.decode()
    assert (
        f'{row.best_points - 3} points missed: best <code translate="no">{row.best}</code> ({row.best_points} pts)'
        in page
    )
    assert "0 of 1" in page and "1 of 1" in page


def test_the_record_carries_the_analysis_and_older_readers_ignore_it(ann: Any, bob: Any) -> None:
    game = _finish(start_game(ann, bob, {}, seed=7), ann, bob)
    record = json.loads(logged_in(ann).get(f"/games/{game.pk}/record.json").content)
    section = record["analysis"]
    assert [m["n"] for m in section["moves"]] == [1, 2, 3, 4]
    assert section["moves"][0]["best"] == MoveAnalysis.objects.get(move__seq=1, move__game=game).best
    assert [p["player"] for p in section["players"]] == ["ann", "bob"]
    validate_record(record)
    assert [s.get("move") for s in replay(record)][:4] == [m["move"] for m in record["moves"]]


def test_nothing_of_the_analysis_shows_while_the_game_runs_even_if_rows_exist(ann: Any, bob: Any) -> None:
    game = start_game(ann, bob, {}, seed=7)
    move = actions.submit_move(game.pk, ann, _quick_move(game, 0)).move
    assert move is not None
    game.refresh_from_db()
    secret_best = "Z9 SECRETBEST"
    done = GameAnalysis.objects.create(
        game=game, done=True, summary=[{"seat": 0, "moves": 1, "matched": 0, "missed": 99}]
    )
    MoveAnalysis.objects.create(analysis=done, move=move, points=1, best=secret_best, best_points=100, missed=99)
    client = logged_in(bob)
    for url in (
        f"/games/{game.pk}/",
        f"/games/{game.pk}/state.json",
        f"/games/{game.pk}/replay/",
        f"/games/{game.pk}/record.json",
    ):
        body = client.get(url).content.decode()
        assert secret_best not in body and "points missed" not in body, url
    assert analysis.visible(game) is None and analysis.record_section(None, game) == {}


def test_a_take_back_that_reopens_the_game_forgets_its_analysis(ann: Any, bob: Any) -> None:
    game = _finish(start_game(ann, bob, {}, seed=7), ann, bob, moves=1)
    assert GameAnalysis.objects.filter(game=game).exists()
    analysis.on_game_reopened(None, game)
    assert not GameAnalysis.objects.filter(game=game).exists()


def test_the_command_analyses_finished_games_without_an_analysis(ann: Any, bob: Any, capsys: Any) -> None:
    game = _finish(start_game(ann, bob, {}, seed=7), ann, bob, moves=1)
    GameAnalysis.objects.filter(game=game).delete()
    call_command("analyse_games")
    assert GameAnalysis.objects.get(game=game).done and MoveAnalysis.objects.filter(move__game=game).count() == 2
    assert "1 game(s) analysed" in capsys.readouterr().out
    call_command("analyse_games")
    assert "0 game(s) analysed" in capsys.readouterr().out


def test_the_analysis_has_a_queue_of_its_own_apart_from_computer_moves() -> None:
    from wordgames import celery_app

    route = celery_app.amqp.router.route
    assert route({}, analysis.ANALYSE)["queue"].name == "analysis"
    assert route({}, "wordgames.games.tasks.play_computers")["queue"].name == "computer"


def test_an_analysis_owed_while_the_broker_is_down_is_made_once_the_relay_hands_it_over(
    ann: Any, bob: Any, monkeypatch: Any
) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from wordgames import celery_app
    from wordgames.games import relay

    task = celery_app.tasks[analysis.ANALYSE]

    def down(*args: Any, **kwargs: Any) -> None:
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr(task, "apply_async", down)
    game = _finish(start_game(ann, bob, {}, seed=7), ann, bob, moves=1)
    assert game.status == Game.Status.FINISHED  # the end was not the broker's problem
    assert not GameAnalysis.objects.get(game=game).done
    assert OwedTask.objects.filter(task=analysis.ANALYSE, args=[game.pk]).exists()
    monkeypatch.undo()
    assert relay.relay_owed(now=timezone.now() + timedelta(minutes=5)) >= 1  # what beat does every minute
    assert GameAnalysis.objects.get(game=game).done and not OwedTask.objects.filter(task=analysis.ANALYSE).exists()


def test_the_replays_analysis_is_all_translated(ann: Any, bob: Any) -> None:
    from django.test import Client

    from tests.i18n.test_pseudo_games import page

    game = _finish(start_game(ann, bob, {}, seed=7), ann, bob, moves=2)
    row = MoveAnalysis.objects.get(move__seq=1, move__game=game)
    MoveAnalysis.objects.filter(pk=row.pk).update(points=0, missed=row.best_points, matched=False)
    assert page(Client(), f"/games/{game.pk}/replay/", game) == []


def test_without_a_broker_the_end_of_a_game_does_not_wait_for_its_analysis(ann: Any, bob: Any, settings: Any) -> None:
    """Tasks in-process (a laptop, the selfplay command): the game is marked as owing it, for the command."""
    settings.ANALYSIS_IN_PROCESS = False
    game = _finish(start_game(ann, bob, {}, seed=7), ann, bob, moves=1)
    assert not GameAnalysis.objects.get(game=game).done and not MoveAnalysis.objects.filter(move__game=game).exists()
    assert not OwedTask.objects.filter(task=analysis.ANALYSE).exists()
    call_command("analyse_games")
    assert GameAnalysis.objects.get(game=game).done
