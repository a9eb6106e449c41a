from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from wordgames import celery_app
from wordgames.engines import get_engine
from wordgames.games import services
from wordgames.games.models import Game


@pytest.fixture(autouse=True)
def _tasks_in_process(request: pytest.FixtureRequest) -> Any:
    """Tasks run in-process, except in tests that start a real worker."""
    eager = request.node.get_closest_marker("worker") is None
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = eager
    yield
    celery_app.conf.task_always_eager = before


def on_postgres() -> bool:
    return connection.vendor == "postgresql"


def start_game(first: Any, second: Any, options: dict[str, Any], seed: int) -> Game:
    """``first`` invites ``second``, who accepts: the game starts with ``first`` to move."""
    game = services.create_game(first, "lingo", options, [second.username], seed=seed)
    services.join_game(game.pk, second)
    game.refresh_from_db()
    return game


@pytest.fixture
def lingo_game(ann: Any, bob: Any) -> Game:
    """A running classic Lingo game, ann (seat 1) against bob, ann to move."""
    return start_game(ann, bob, {"preset": "classic"}, seed=7)


@pytest.fixture
def play_best() -> Callable[[Game, Any], Any]:
    """Play the engine's best move for ``user`` (a legal move whatever tiles the seed dealt)."""

    def play(game: Game, user: Any) -> Any:
        game.refresh_from_db()
        seat = services.seat_of(game, user)
        best = get_engine("lingo").best_move(game.state, seat)  # type: ignore[attr-defined]
        assert best is not None
        return services.submit_move(game.pk, user, best.move, expected_version=game.version).move

    return play


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    if not os.getenv("CELERY_BROKER_URL"):
        skip = pytest.mark.skip(reason="needs CELERY_BROKER_URL and PostgreSQL for a real worker")
        for item in items:
            if "worker" in item.keywords:
                item.add_marker(skip)
