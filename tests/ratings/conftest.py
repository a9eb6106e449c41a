"""Rated games set up as the site's own callers do (every invitee seated at once, as a seek's takers are), and
what openskill itself computes for a finishing order, to hold the stored ratings to."""

from __future__ import annotations

from typing import Any

import pytest
from openskill.models import PlackettLuce

from tests.conftest import make_user
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game

# Lingo with the small tile set: a game played to its end in about nine moves.
SHORT = {"preset": "pbem", "tiles": 30}
MODEL = PlackettLuce()


def rated_game(
    creator: Any,
    others: list[Any],
    options: dict[str, Any] | None = None,
    seed: int = 7,
    rated: bool = True,
    **kwargs: Any,
) -> Game:
    invitees = [o if isinstance(o, str) else o.username for o in others]
    game = actions.create_game(
        creator, "lingo", dict(options or SHORT), invitees, seed=seed, rated=rated, seated=True, internal=True, **kwargs
    )
    game.refresh_from_db()
    return game


def best_move(game: Game, user: Any) -> Any:
    """Play the engine's best move for ``user`` (who must be to move)."""
    game.refresh_from_db()
    seat = next(s.position for s in game.seats.all() if s.user_id == user.pk)
    found = get_engine("lingo").best_move(game.state, seat)  # type: ignore[attr-defined]
    return actions.submit_move(game.pk, user, found.move if found else "resign", expected_version=game.version)


def play_out(game: Game, players: list[Any]) -> Game:
    """Best moves until the game ends."""
    for _ in range(100):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = sorted(get_engine("lingo").actors(game.state))[0]
        best_move(game, players[seat])
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def expected(teams: list[list[tuple[float, float]]], ranks: list[int]) -> list[list[Any]]:
    """openskill's answer for these (mu, sigma) priors finishing in this order."""
    priors = [[MODEL.rating(mu=mu, sigma=sigma) for mu, sigma in team] for team in teams]
    return MODEL.rate(priors, ranks=[float(r) for r in ranks])


NEW = (25.0, 25.0 / 3)  # a newcomer


@pytest.fixture
def eve(db: Any) -> Any:
    return make_user("eve", "Eve")
