from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection

from wordgames.engines import get_engine
from wordgames.games import actions, queries
from wordgames.games.models import Game


def on_postgres() -> bool:
    return connection.vendor == "postgresql"


def start_game(first: Any, second: Any, options: dict[str, Any], seed: int) -> Game:
    """``first`` invites ``second``, who accepts: the game starts with ``first`` to move."""
    game = actions.create_game(first, "lingo", options, [second.username], seed=seed, internal=True)
    actions.join_game(game.pk, second)
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
        seat = queries.seat_of(game, user)
        best = get_engine("lingo").best_move(game.state, seat)  # type: ignore[attr-defined]
        assert best is not None
        return actions.submit_move(game.pk, user, best.move, expected_version=game.version).move

    return play
