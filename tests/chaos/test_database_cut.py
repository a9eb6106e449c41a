"""The database's connections are cut (``pg_terminate_backend``, as a restart or a failover does) while players
move on the site under gunicorn with persistent connections: a move is either played (302) or answered 503
saying it was not played; none is half-applied, and the stored game equals the replay of its moves."""

from __future__ import annotations

import random
import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import connection

from tests.chaos.parts import Player, PrivateRedis, Site
from tests.chaos.test_broker_down import play_best
from tests.games.conftest import start_game
from wordgames import celery_app
from wordgames.engines import get_engine
from wordgames.games import queries
from wordgames.games.models import Move

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

CUT = """SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND pid <> %s"""


def _conninfo() -> str:
    s = connection.settings_dict
    return f"host={s['HOST'] or '127.0.0.1'} port={s['PORT'] or 5432} user={s['USER']} dbname={s['NAME']}"


class Cutter:
    """Cuts every connection to the test database but the test's own, now, or over and over in a thread."""

    def __init__(self) -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_backend_pid()")
            self.spared = cursor.fetchone()[0]
        self.cuts = 0
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def cut(self) -> None:
        with psycopg.connect(_conninfo(), autocommit=True) as db:
            db.execute(CUT, (self.spared,))
        self.cuts += 1

    def keep_cutting(self, seed: int) -> None:
        rng = random.Random(seed)

        def run() -> None:
            while not self._stop.wait(rng.uniform(0.005, 0.08)):
                self.cut()

        self._thread = threading.Thread(target=run, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=10)


@pytest.fixture
def broker(tmp_path: Path) -> Any:
    server = PrivateRedis(tmp_path)  # no worker: the emails owed wait in it, untouched
    server.start()
    yield server
    server.stop()


def test_cut_connections_never_half_apply_a_move_and_a_503_means_not_played(
    broker: PrivateRedis, ann: Any, bob: Any
) -> None:
    celery_app.conf.task_always_eager = True  # the game's first emails, sent here before the site starts
    try:
        game = start_game(ann, bob, {}, seed=11)
    finally:
        celery_app.conf.task_always_eager = False
    site = Site(broker.url, DB_CONN_MAX_AGE="600")  # persistent connections, as in production
    players = [Player(site, ann), Player(site, bob)]
    cutter = Cutter()
    answers: list[int] = []
    try:
        # 1. Cut between requests: the site's persistent connection is dead when the next move arrives.
        for turn in range(4):
            cutter.cut()
            status, body = play_best(players[turn % 2], game)
            assert status == 302, f"a move after the connections were cut was answered {status}: {body[:800]}"
        # 2. Cut during requests, over and over: each move is played or refused with the 503 page.
        cutter.keep_cutting(seed=3)
        while len(answers) < 80 and not (len(answers) >= 30 and 302 in answers and 503 in answers):
            game.refresh_from_db()
            before = game.version
            mover = players[_mover(game)]
            status, body = play_best(mover, game)
            answers.append(status)
            assert status in (302, 503), f"answered {status}: {_what(body)}"
            if status == 503:
                assert "not played" in body
                assert _version(game) == before, "a move answered 503 was played"
    finally:
        cutter.stop()
        site.stop()
    assert 302 in answers and 503 in answers, f"nothing was tested: {cutter.cuts} cuts, answers {answers}"
    game.refresh_from_db()
    live = Move.objects.filter(game=game, taken_back=False).count()
    assert live == 4 + answers.count(302), "a move was lost or applied twice"
    assert game.state == queries.rebuild_state(game), "the stored game differs from the replay of its moves"


def _mover(game: Any) -> int:
    return int(next(iter(get_engine(game.engine).waiting_for(game.state))))


def _version(game: Any) -> int:
    game.refresh_from_db()
    return int(game.version)


def _what(page: str) -> str:
    """The title and exception lines of Django's debug page (the site runs with DEBUG on in tests)."""
    title = page[page.find("<title>") : page.find("</title>")]
    where = page.find("Exception Location")
    return f"{title} {page[where : where + 400]}" if where >= 0 else page[:800]
