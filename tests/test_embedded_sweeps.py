"""The embedded default runs beat's sweeps itself: with no broker, a timer in the serving process wakes each
entry of the beat schedule in turn; one that raises stops none of the others; none runs beside a broker (beat's
job there), in a test that did not start one, or in runserver's autoreloader; SQLite writers wait for each
other instead of failing."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from celery import shared_task
from django.core import mail
from django.utils import timezone

from tests.engines.lexicon_crossing.conftest import lay_out
from tests.games.conftest import start_game
from tests.games.test_worker import wait_for
from tests.support.embedded import ROOT, EmbeddedServer
from tests.test_safe_defaults import SECRET, settings_under
from wordgames import sweeps
from wordgames.games import actions
from wordgames.games.actions import greenlight
from wordgames.games.models import Game, GreenLightRequest, Move, OwedTask, Seat

BROKEN = "tests.test_embedded_sweeps.broken_sweep"
COUNTED = "tests.test_embedded_sweeps.counted_sweep"
rounds: list[float] = []


@shared_task(name=BROKEN)
def broken_sweep() -> None:
    raise RuntimeError("a sweep with a bug")


@shared_task(name=COUNTED)
def counted_sweep() -> None:
    rounds.append(time.monotonic())


def due_green_light(ann: Any, bob: Any) -> GreenLightRequest:
    """ann's green light in a Lexicon Crossing game, due: both players saw their tiles longer ago than the leeway,
    and nothing has fired it yet (nobody acted since)."""
    game = actions.create_game(ann, "lexicon-crossing", {"dictionary": "every-word"}, ["bob"], seed=8)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    Seat.objects.filter(game=game).update(seen_deal=-1)  # nobody has looked yet
    actions.submit_move(game.pk, ann, lay_out(game.state["tiles"][0]))
    assert "waiting" in actions.submit_move(game.pk, ann, "green").message
    six_minutes_ago = timezone.now() - timedelta(minutes=6)
    for position in (0, 1):  # both saw their tiles six minutes ago: the 5-minute leeway has run out
        game.refresh_from_db()
        greenlight.mark_seen(game, position, six_minutes_ago)
    request = GreenLightRequest.objects.get(game=game)
    assert request.status == "waiting" and request.fire_at is not None and request.fire_at < timezone.now()
    return request


def late_seat(ann: Any, cat: Any) -> Seat:
    """ann's Lingo seat, whose time to move ran out a minute ago."""
    game = start_game(ann, cat, {"preset": "pbem"}, seed=3)
    Seat.objects.filter(game=game, position=0).update(due_at=timezone.now() - timedelta(minutes=1))
    return Seat.objects.get(game=game, position=0)


def left_over_news(seat: Seat) -> OwedTask:
    """A line of news for a seat's player that a write owed and never handed over (its process died after the
    commit)."""
    owed = OwedTask.objects.create(
        task="wordgames.games.tasks.send_news",
        kwargs={},
        args=[seat.game_id, "left-over", "The news nobody sent.", None, seat.user_id],
    )
    OwedTask.objects.filter(pk=owed.pk).update(created=timezone.now() - timedelta(minutes=5))
    return owed


@pytest.mark.django_db(transaction=True)
def test_a_round_runs_each_sweep_in_turn_and_one_that_raises_stops_none_of_the_others(ann, bob, cat, caplog):
    green, late = due_green_light(ann, bob), late_seat(ann, cat)
    owed = left_over_news(Seat.objects.get(game_id=late.game_id, position=1))
    mail.outbox.clear()
    timer = sweeps.Sweeps([BROKEN, *sweeps.beat_tasks()], period=60)

    assert timer.run() == {BROKEN: False, **{name: True for name in sweeps.beat_tasks()}}

    assert f"Sweep {BROKEN} failed" in caplog.text and "a sweep with a bug" in caplog.text
    green.refresh_from_db()
    assert green.status == "fired" and Game.objects.get(pk=green.game_id).state["deal_number"] == 1
    assert Move.objects.filter(game_id=late.game_id, seat=0, source=Move.Source.CLOCK).exists()
    assert not OwedTask.objects.filter(pk=owed.pk).exists()
    assert [m.to for m in mail.outbox if "The news nobody sent." in m.body] == [[cat.email]]


@pytest.mark.django_db(transaction=True)
def test_the_timer_sweeps_again_and_again_on_its_own_thread_until_stopped(ann, bob):
    green = due_green_light(ann, bob)
    rounds.clear()
    timer = sweeps.Sweeps([COUNTED, BROKEN, "wordgames.games.tasks.sweep_deadlines"], period=0.05)
    timer.start()
    try:
        assert wait_for(lambda: len(rounds) >= 3, 30), "the timer did not sweep three times"
    finally:
        timer.stop()
    assert not timer.running
    after = len(rounds)
    time.sleep(0.3)
    assert len(rounds) == after  # stopped
    assert all(b - a >= 0.04 for a, b in zip(rounds, rounds[1:], strict=False))  # a period between rounds
    green.refresh_from_db()
    assert green.status == "fired"


@pytest.mark.django_db(transaction=True)
def test_a_round_is_never_run_twice_at_once():
    started, release = threading.Event(), threading.Event()

    @shared_task(name="tests.test_embedded_sweeps.slow_sweep")
    def slow_sweep() -> None:
        started.set()
        release.wait(10)

    timer = sweeps.Sweeps(["tests.test_embedded_sweeps.slow_sweep"], period=60)
    first = threading.Thread(target=timer.run)
    first.start()
    assert started.wait(10)
    try:
        assert timer.run() is None  # a round is under way: this one is not run
    finally:
        release.set()
        first.join(10)
    assert timer.run() == {"tests.test_embedded_sweeps.slow_sweep": True}


def sweep_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name == "embedded-sweeps"]


@pytest.mark.django_db(transaction=True)
def test_the_timer_starts_once_on_the_embedded_default_and_never_beside_a_broker(settings, client):
    assert client.get("/").status_code < 500
    assert sweep_threads() == []  # the tests run no timer unless one starts it

    settings.EMBEDDED_SWEEPS = 3600  # one round when started, no second during the test
    settings.CELERY_BROKER_URL, settings.CELERY_TASK_ALWAYS_EAGER = "redis://127.0.0.1:6379/13", False
    assert sweeps.start() is None  # beat's job
    settings.CELERY_TASK_ALWAYS_EAGER = True
    assert sweeps.start() is None  # tasks in-process, yet a broker: beat may well run
    settings.CELERY_BROKER_URL, settings.EMBEDDED_SWEEPS = "", 0
    assert sweeps.start() is None  # turned off
    assert sweep_threads() == []

    settings.EMBEDDED_SWEEPS = 3600
    try:
        timer = sweeps.start()
        assert timer is not None and timer.running and timer.period == 3600
        assert timer.names == [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()]
        assert sweeps.start() is timer and len(sweep_threads()) == 1  # once a process
    finally:
        sweeps.stop()
    assert sweep_threads() == []


def test_the_timer_is_on_by_default_on_a_laptop_and_off_in_production():
    assert settings_under({"DEBUG": "1"}, "EMBEDDED_SWEEPS").stdout.strip() == "60"
    assert settings_under({"SECRET_KEY": SECRET}, "EMBEDDED_SWEEPS").stdout.strip() == "0"
    assert (
        settings_under({"SECRET_KEY": SECRET, "EMBEDDED_SWEEP_SECONDS": "30"}, "EMBEDDED_SWEEPS").stdout.strip() == "30"
    )  # a small site without a broker, said so


RACE = """
    import threading, time
    import django
    django.setup()
    from django.db import connection, transaction

    with connection.cursor() as c:
        c.execute("CREATE TABLE t (n integer)")
        c.execute("INSERT INTO t VALUES (0)")
    connection.close()
    has_read, errors = threading.Event(), []

    def write(first):
        # As a sweep and a request do under lock_game, which on SQLite only reads: read, then write.
        try:
            if not first:
                has_read.wait()
            with transaction.atomic(), connection.cursor() as c:
                c.execute("SELECT n FROM t")
                c.fetchall()
                if first:
                    has_read.set()
                    time.sleep(0.5)  # the other writer starts meanwhile
                c.execute("UPDATE t SET n = n + 1")
        except Exception as e:
            errors.append(repr(e))
        finally:
            connection.close()

    threads = [threading.Thread(target=write, args=(first,)) for first in (True, False)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    with connection.cursor() as c:
        c.execute("SELECT n FROM t")
        print(c.fetchone()[0], errors)
"""


@pytest.mark.nodb  # its own SQLite file in another process: the run's database plays no part
def test_two_writers_on_the_embedded_sqlite_wait_for_each_other_instead_of_failing(tmp_path: Path):
    env = {
        "PATH": "/usr/bin:/bin",
        "DEBUG": "1",
        "DJANGO_SETTINGS_MODULE": "wordgames.settings",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'race.sqlite3'}",
        "PYTHONPATH": str(ROOT),
    }
    done = subprocess.run(
        [sys.executable, "-c", textwrap.dedent(RACE)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split(maxsplit=1) == ["2", "[]\n"]  # both wrote; neither was told "database is locked"


@pytest.mark.nodb  # a server of its own on its own SQLite file (tests/support/embedded.py)
def test_runserver_on_the_embedded_default_sweeps_in_the_serving_process_only(tmp_path: Path):
    server = EmbeddedServer(tmp_path, EMBEDDED_SWEEP_SECONDS="1", LOG_LEVEL="INFO")
    server.start()
    try:
        # bob's time to move in the demo's Lingo game ran out a minute ago; nobody but the clock acts.
        server.manage(
            "shell",
            "-c",
            textwrap.dedent("""
            from datetime import timedelta
            from django.utils import timezone
            from wordgames.games.models import Seat
            Seat.objects.filter(game__engine="lingo", game__status="active", user__username="bob").update(
                due_at=timezone.now() - timedelta(minutes=1))
        """),
        )
        timed_out = "SELECT count(*) FROM games_move WHERE source = 'clock'"
        assert wait_for(lambda: server.query(timed_out)[0][0] >= 1, 60), server.log()
    finally:
        server.stop()
    log = server.log()
    # The autoreloader's parent loads no application: one timer, in the child that serves.
    assert log.count("this process runs the sweeps") == 1, log
    assert "Traceback" not in log, log
