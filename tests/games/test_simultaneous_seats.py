"""Seats that may move at once post at the same instant, over HTTP, on PostgreSQL with real threads: every
legal move is played exactly once and nobody gets a server error (the move number is read after the lock)."""

from __future__ import annotations

import secrets
import threading
from typing import Any

import pytest
from django.db import connection, connections
from django.test import Client

from tests.conftest import make_user
from tests.engines.keebble.conftest import short_move
from tests.engines.lingua_fences.conftest import legal_word
from tests.support.web import new_game
from wordgames.engines import get_engine
from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.keebble.answers import free_wall
from wordgames.games import queries
from wordgames.games.models import Game, Move

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL test; SQLite serialises whole transactions")


def post_at_once(game: Game, moves: dict[Any, str]) -> list[int]:
    """Each player's move, posted by their own browser (a test client in a thread of its own) at one instant,
    at the version their page showed. The status codes, in no order."""
    barrier = threading.Barrier(len(moves))
    codes: list[int] = []
    lock = threading.Lock()

    def post(user: Any, text: str) -> None:
        client = Client(raise_request_exception=False)  # a server error is a 500, as a browser would see it
        client.force_login(user)
        data = {"move": text, "version": game.version, "key": secrets.token_hex(8)}
        try:
            barrier.wait()
            code = client.post(f"/games/{game.pk}/move/", data).status_code
        finally:
            connections.close_all()
        with lock:
            codes.append(code)

    threads = [threading.Thread(target=post, args=item) for item in moves.items()]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return codes


def test_four_sheets_written_at_the_same_instant_for_twenty_rounds_are_all_played_once() -> None:
    users = [make_user(name) for name in ("ann", "bob", "cat", "dan")]
    game = new_game("lingua-fences", users, dictionary="every-word")
    engine = get_engine("lingua-fences")
    played = 0
    for round_number in range(20):
        game.refresh_from_db()
        assert game.status == Game.Status.ACTIVE, f"the game ended after {round_number} rounds"
        assert engine.actors(game.state) == {0, 1, 2, 3}, "a new round: every seat may write"
        words = {user: legal_word(game.state, seat) for seat, user in enumerate(users)}
        codes = post_at_once(game, words)
        assert codes == [302] * 4, f"round {round_number + 1}: {codes}"
        played += 4
        assert Move.objects.filter(game=game).count() == played
    game.refresh_from_db()
    assert sorted(Move.objects.filter(game=game).values_list("seq", flat=True)) == list(range(1, 81))
    assert queries.rebuild_state(game) == game.state


def test_three_keebble_answers_posted_at_the_same_instant_are_all_played_once() -> None:
    users = [make_user(name) for name in ("ann", "bob", "cat", "dan")]
    game = new_game("keebble", users, dictionary="every-word")
    engine = get_engine("keebble")
    for turn in range(8):
        game.refresh_from_db()
        (mover,) = engine.actors(game.state)
        word = short_move(game.state, mover)
        mine = Client()
        mine.force_login(users[mover])
        text = f"{word} ask E A" if word else "ask E A"
        response = mine.post(f"/games/{game.pk}/move/", {"move": text, "version": game.version, "key": f"t{turn}"})
        assert response.status_code == 302
        game.refresh_from_db()
        answering = engine.actors(game.state)
        assert len(answering) == 3, "every other player answers the ask"
        before = Move.objects.filter(game=game).count()
        answers = {users[seat]: _answer(engine, game.state, seat) for seat in answering}
        assert post_at_once(game, answers) == [302] * 3, f"turn {turn + 1}"
        assert Move.objects.filter(game=game).count() == before + 3
    game.refresh_from_db()
    assert queries.rebuild_state(game) == game.state


def _answer(engine: Any, state: Any, seat: int) -> str:
    """Take an asked letter if the hand has room, else the first free wall (answerers' walls may clash: the
    rules settle that), else pass."""
    for text in [f"take {letter}" for letter in state["asked"]] + [free_wall(state) or "pass"]:
        try:
            engine.apply(state, seat, text)
        except IllegalMove:
            continue
        return text
    raise AssertionError("no answer is legal")
