"""A database that fails in the middle of a move (a restart, a cut connection): the player gets a 503 page that
says the move was not played and may be sent again, and nothing of the move is stored."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import OperationalError, connection

from tests.support.database import read_only
from tests.support.web import move
from wordgames.engines import get_engine
from wordgames.games.models import Game, Move

pytestmark = pytest.mark.django_db


def _failing_on(table: str) -> Any:
    def wrapper(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if f'INSERT INTO "{table}"' in sql:
            raise OperationalError("server closed the connection unexpectedly")
        return execute(sql, params, many, context)

    return wrapper


def _best(game: Game) -> str:
    return get_engine("lingo").best_move(game.state, 0).move


def test_a_move_the_database_drops_is_a_503_saying_it_was_not_played(lingo_game: Game, client_ann: Any) -> None:
    text, version = _best(lingo_game), lingo_game.version
    with connection.execute_wrapper(_failing_on("games_move")):
        response = move(client_ann, lingo_game, text)
    assert response.status_code == 503
    page = response.content.decode()
    assert "it was not played" in page and "send it again" in page
    assert response["Retry-After"]
    lingo_game.refresh_from_db()
    assert lingo_game.version == version and not Move.objects.filter(game=lingo_game).exists()
    # Sent again once the database is back, it is played.
    assert move(client_ann, lingo_game, text).status_code == 302
    assert Move.objects.filter(game=lingo_game).count() == 1


def test_a_program_posting_json_gets_the_same_sentence_as_json(lingo_game: Game, client_ann: Any) -> None:
    with connection.execute_wrapper(_failing_on("games_move")):
        response = client_ann.post(
            f"/games/{lingo_game.pk}/move/",
            {"move": _best(lingo_game), "key": "k1", "version": lingo_game.version},
            HTTP_ACCEPT="application/json",
        )
    assert response.status_code == 503
    assert response.json() == {"error": response.json()["error"], "played": False}
    assert "was not played" in response.json()["error"]


@pytest.mark.django_db(transaction=True)
def test_a_move_while_the_database_is_read_only_is_a_503_saying_it_was_not_played(ann: Any, bob: Any) -> None:
    """A failover in progress: the database answers, but refuses every write (PostgreSQL: read-only
    transactions, as on a standby; SQLite: query_only). The player reads that the move was not played, not a
    bare server error, and the same move sent once the database takes writes again is played."""
    from tests.conftest import logged_in
    from tests.games.conftest import start_game

    game = start_game(ann, bob, {"preset": "classic"}, seed=7)
    client_ann = logged_in(ann)
    client_ann.raise_request_exception = False  # what a browser would see
    text, version = _best(game), game.version
    with read_only():
        response = client_ann.post(f"/games/{game.pk}/move/", {"move": text, "version": version, "key": "k-ro"})
        json = client_ann.post(
            f"/games/{game.pk}/move/", {"move": text, "version": version, "key": "k-ro"}, HTTP_ACCEPT="application/json"
        )
    assert response.status_code == 503, response.content.decode()[:2000]
    assert "it was not played" in response.content.decode()
    assert json.status_code == 503 and json.json()["played"] is False
    game.refresh_from_db()
    assert game.version == version and not Move.objects.filter(game=game).exists()
    assert (
        client_ann.post(f"/games/{game.pk}/move/", {"move": text, "version": version, "key": "k-ro"}).status_code == 302
    )
    assert Move.objects.filter(game=game).count() == 1
