"""A real Celery worker on a real broker sends the emails of a move (run in CI's PostgreSQL pass)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.db import connection

from tests.games.conftest import start_game
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.mail.models import LocalEmail

ROOT = Path(__file__).resolve().parents[2]


def start_worker(queues: str = "celery,clock,computer", **extra_env: str) -> subprocess.Popen:
    """A real ``celery worker`` process on the test database and the broker in CELERY_BROKER_URL."""
    if connection.vendor != "postgresql":
        pytest.skip("the worker shares the test database, so it needs PostgreSQL")
    settings = connection.settings_dict
    url = (
        f"postgres://{settings['USER']}@{settings['HOST'] or '127.0.0.1'}:{settings['PORT'] or 5432}/{settings['NAME']}"
    )
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "EMAIL_BACKEND": "wordgames.mail.backends.LocalMailBackend",
        **extra_env,
    }
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "wordgames",
            "worker",
            "--pool",
            "solo",
            "--loglevel",
            "INFO",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "--queues",
            queues,
            "--hostname",
            f"{queues.replace(',', '-')}@%h",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        text=True,
    )


def stop(process: subprocess.Popen) -> None:
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


@pytest.fixture
def worker():
    process = start_worker()
    yield process
    stop(process)


def wait_for(predicate, seconds: float = 30.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.2)
    return False


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_emails_bob_that_it_is_his_turn(worker, ann, bob):
    game = start_game(ann, bob, {}, seed=5)
    assert wait_for(lambda: LocalEmail.objects.filter(to__contains="ann@example.com").exists()), (
        "the worker never sent ann her first your-turn email"
    )
    best = get_engine("lingo").best_move(game.state, 0)
    actions.submit_move(game.pk, ann, best.move)
    subject = f"Lingo game {game.pk}, move 2: bob to move"
    assert wait_for(lambda: LocalEmail.objects.filter(to__contains="bob@example.com", subject=subject).exists())
    message = LocalEmail.objects.get(to__contains="bob@example.com", subject=subject)
    assert best.summary in message.body
    time.sleep(1)  # a retried or duplicated task would show up as a second email
    assert LocalEmail.objects.filter(to__contains="bob@example.com", subject=subject).count() == 1


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_plays_the_computers_turn_after_the_commit_and_the_request_does_not_wait(ann):
    """ann plays the computer: her move returns at once (the search runs in the worker, on the computer's
    queue, a moment later), then the computer's answer comes from the worker and ann is told it is her turn."""
    process = start_worker(COMPUTER_MOVE_DELAY_SECONDS="1")
    try:
        game = actions.create_game(ann, "lingo", {}, ["computer:strong"])
        game.refresh_from_db()
        best = get_engine("lingo").best_move(game.state, 0)
        actions.submit_move(game.pk, ann, best.move, expected_version=game.version)
        assert not game.moves.filter(seat=1).exists()  # nothing was played in ann's request
        assert wait_for(lambda: game.moves.filter(seat=1, source="computer").exists(), 60), "the computer never moved"
        subject = f"Lingo game {game.pk}, move 3: ann to move"
        assert wait_for(lambda: LocalEmail.objects.filter(to__contains="ann@example.com", subject=subject).exists())
        time.sleep(2)  # a task run twice would show up as a second move
        assert game.moves.filter(seat=1).count() == 1
    finally:
        stop(process)


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_finds_the_hint_the_page_asked_for(worker, ann, bob, client):
    from django.urls import reverse

    game = start_game(ann, bob, {"hints": True}, seed=9)
    client.force_login(ann)
    asked = client.post(reverse("hint", args=[game.pk])).content.decode()
    assert "Looking for the best move" in asked  # the request did not search
    best = get_engine("lingo").best_move(game.state, 0)

    def shown() -> bool:
        response = client.get(reverse("hint", args=[game.pk]))
        return response.status_code == 200 and f"<code>{best.move}</code>" in response.content.decode()

    assert wait_for(shown, 60), "the worker never found the hint"
