"""Redis stops while players move on the site (gunicorn, as in production): every move is played and answered
as usual, what the moves owe is kept in the database, and once Redis is back the players are told, once each."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from tests.chaos.parts import ROOT, Player, PrivateRedis, Site, call_task, environment, start_worker, wait_for
from tests.games.conftest import start_game
from tests.games.test_worker import stop
from tests.pbem import mime
from wordgames.engines import get_engine
from wordgames.games.models import Game, Move, Notice, Notification, OwedTask
from wordgames.mail.models import LocalEmail

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def redis(tmp_path: Path) -> Any:
    server = PrivateRedis(tmp_path)
    server.start()
    yield server
    server.stop()


@pytest.fixture
def games(ann: Any, bob: Any) -> list[Game]:
    """Two games, ann to move in each; their first emails sent in-process before the test's parts start."""
    from wordgames import celery_app

    celery_app.conf.task_always_eager = True
    try:
        return [start_game(ann, bob, {}, seed=seed) for seed in (5, 6)]
    finally:
        celery_app.conf.task_always_eager = False


def play_best(player: Player, game: Game) -> tuple[int, str]:
    game.refresh_from_db()
    engine = get_engine(game.engine)
    seat = next(iter(engine.waiting_for(game.state)))
    return player.move(game, engine.best_move(game.state, seat).move)


def test_moves_made_while_redis_is_down_are_played_and_told_once_it_is_back(
    redis: PrivateRedis, games: list[Game], ann: Any, bob: Any
) -> None:
    site = Site(redis.url)
    worker = start_worker(redis.url, OWED_RELAY_AFTER_SECONDS="0")
    try:
        redis.stop()
        players = [Player(site, ann), Player(site, bob)]
        for game in games:
            for mover in players:  # ann, then bob: ann to move again
                status, body = play_best(mover, game)
                assert status == 302, f"a move made while Redis was down was answered {status}: {body[:1500]}"
        assert Move.objects.filter(game__in=games).count() == 4, "a move was lost"
        assert Notice.objects.count() == 4, "what the moves owe was not kept while the broker was down"
        subjects = [f"Lingo game {game.pk}, move 3: ann to move" for game in games]
        assert not LocalEmail.objects.filter(subject__in=subjects).exists()

        redis.start()
        call_task(redis.url, "wordgames.games.tasks.relay_owed")  # what beat does every minute
        assert wait_for(lambda: LocalEmail.objects.filter(subject__in=subjects).count() >= 2, 60), (
            "the emails owed were not sent once Redis was back"
        )
        assert wait_for(lambda: not Notice.objects.exists() and not OwedTask.objects.exists(), 30)
        wait_for(lambda: False, 3)  # a duplicate would arrive now
    finally:
        stop(worker)
        site.stop()
    for subject in subjects:
        sent = list(LocalEmail.objects.filter(subject=subject).values_list("to", flat=True))
        assert sent == ["ann@example.com"], f"{subject!r} went to {sent}"
    assert not Notification.objects.filter(sent__isnull=True).exists(), "an email was claimed and never sent"


def test_a_move_emailed_while_redis_is_down_is_played_and_the_mail_server_told_so(
    redis: PrivateRedis, games: list[Game]
) -> None:
    """``receive_email`` (the pipe) exits 0 for a move it recorded, even with the broker down: exit 1 would make
    the mail server bounce a move that was played. The confirmation and bob's email go out once Redis is back."""
    game = games[0]
    your_turn = [m for m in mail.outbox if m.to == ["ann@example.com"] and f"game {game.pk}" in m.subject][-1]
    text = get_engine("lingo").best_move(game.state, 0).move
    redis.stop()
    done = subprocess.run(
        [sys.executable, "manage.py", "receive_email"],
        input=mime.reply(your_turn, text),
        env=environment(redis.url),
        capture_output=True,
        cwd=ROOT,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    assert Move.objects.get(game=game).text == text
    assert OwedTask.objects.exists() and Notice.objects.exists()  # ann's confirmation, bob's news
    redis.start()
    worker = start_worker(redis.url, OWED_RELAY_AFTER_SECONDS="0")
    try:
        call_task(redis.url, "wordgames.games.tasks.relay_owed")
        to_bob = f"Lingo game {game.pk}, move 2: bob to move"
        assert wait_for(lambda: LocalEmail.objects.filter(subject=to_bob).exists(), 60), "bob was never told"
        assert wait_for(
            lambda: LocalEmail.objects.filter(to__contains="ann@example.com", subject__startswith="Re:").exists(), 30
        )
        assert wait_for(lambda: not OwedTask.objects.exists() and not Notice.objects.exists(), 30)
    finally:
        stop(worker)
    assert LocalEmail.objects.filter(subject=to_bob).count() == 1
