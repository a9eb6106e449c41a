"""A form's key is no password: a stranger (or another player) who sends a key already used gets nothing of the
move it played, and a page asked for a game still waiting for players answers."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import logged_in
from tests.engines.lexicon_crossing.conftest import lay_out
from wordgames.games import actions

pytestmark = pytest.mark.django_db


def test_a_leaked_key_does_not_return_anns_private_grid_to_bob(ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "lexicon-crossing", {}, [bob.username], seed=3)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    grid = lay_out(game.state["tiles"][0])
    version = game.version
    mine = logged_in(ann).post(
        f"/games/{game.pk}/move/", {"move": grid, "key": "leaked", "version": version}, HTTP_ACCEPT="application/json"
    )
    assert mine.json()["ok"]
    again = logged_in(ann).post(
        f"/games/{game.pk}/move/", {"move": grid, "key": "leaked", "version": version}, HTTP_ACCEPT="application/json"
    )
    assert again.json()["duplicate"]  # ann's own double submit is still recognised
    stolen = logged_in(bob).post(
        f"/games/{game.pk}/move/",
        {"move": "grid A", "key": "leaked", "version": version},
        HTTP_ACCEPT="application/json",
    )
    body = stolen.content.decode()
    assert grid.split(maxsplit=1)[1] not in body and not stolen.json()["ok"]


def test_the_live_part_of_a_game_waiting_for_players_answers(ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "lingo", {}, [""])
    for client in (logged_in(ann), logged_in(bob)):
        assert client.get(f"/games/{game.pk}/live/").status_code == 200
        assert client.get(f"/games/{game.pk}/live/?since=0").status_code == 200
