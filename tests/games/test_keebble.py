"""Keebble through the service layer and on the web: four players to the end, answers at the same time."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import logged_in, make_user
from tests.engines.keebble.conftest import short_move
from wordgames.engines import get_engine
from wordgames.engines.core.record import replay
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = get_engine("keebble")


def test_four_players_to_the_end_and_the_record(ann: Any, bob: Any, cat: Any) -> None:
    dan = make_user("dan")
    users = [ann, bob, cat, dan]
    game = actions.create_game(
        ann, "keebble", {"board": "8x4", "dictionary": "every-word"}, ["bob", "cat", "dan"], seed=12
    )
    for user in users[1:]:
        actions.join_game(game.pk, user)
    game.refresh_from_db()
    page = logged_in(bob).get(game.get_absolute_url()).content.decode()
    assert "Keebble board" in page and "<bdi>Ann</bdi></a> (you)" not in page and "<bdi>Bob</bdi></a> (you)" in page
    for _ in range(400):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        seat = sorted(ENGINE.actors(game.state))[0]
        state = game.state
        if state["phase"] == "answer":
            move = ENGINE.timeout_move(state, seat)
        else:
            word = short_move(state, seat)
            move = (word or "pass") if state["endgame"] else (f"{word} ask E A" if word else "ask E A")
        actions.submit_move(game.pk, users[seat], move)
    assert game.status == Game.Status.FINISHED
    record = logged_in(cat).get(f"/games/{game.pk}/record.json").json()
    assert list(replay(record))[-1]["result"] == game.result


def test_answering_on_the_web(ann: Any, bob: Any, cat: Any) -> None:
    game = actions.create_game(ann, "keebble", {"start": "empty"}, ["bob", "cat"], seed=3)
    actions.join_game(game.pk, bob)
    actions.join_game(game.pk, cat)
    actions.submit_move(game.pk, ann, "ask E X")
    game.refresh_from_db()
    page = logged_in(bob).get(game.get_absolute_url()).content.decode()
    assert "ann asked for <strong>E and X</strong>" in page and 'value="take E"' in page
    assert (
        'Waiting for <a class="player" href="/players/bob/"><bdi>Bob</bdi></a> and <a class="player" href="/players/cat/"><bdi>Cat</bdi></a>.'
        in logged_in(ann).get(game.get_absolute_url()).content.decode()
    )
    response = logged_in(bob).post(f"/games/{game.pk}/move/", {"move": "take E", "version": game.version, "key": "b"})
    assert response.status_code == 302
    response = logged_in(cat).post(
        f"/games/{game.pk}/move/", {"move": "wall c3 c9", "version": game.version + 1, "key": "c"}
    )
    assert (
        response.status_code == 400
        and "A wall goes on the edge between two side-by-side cells" in response.content.decode()
    )
    logged_in(cat).post(f"/games/{game.pk}/move/", {"move": "wall c3 c4", "version": game.version + 1, "key": "d"})
    game.refresh_from_db()
    assert game.state["phase"] == "turn" and game.state["turn"] == 1 and "c3|c4" in game.state["walls"]
    assert game.state["hands"][1] == ["E"]


def test_the_printable_board(ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "keebble", {}, ["bob"], seed=3)
    page = logged_in(ann).get(f"/games/{game.pk}/print/").content.decode()
    assert "Keebble — game" in page and page.count('class="kb-cell') == 64
