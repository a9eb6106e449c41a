"""Every new game's draws come from a 256-bit secret the site keeps: nobody sees it while the game runs (not
the players, not the page, not a moderator in the admin), and once the game is over the record carries it and
replays the game exactly."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import logged_in
from wordgames.engines.core.record import final_state, validate_record
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db


def _new(ann: Any, bob: Any, kind: str = "lingo") -> Game:
    game = actions.create_game(ann, kind, {}, [bob.username])
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


def test_a_new_game_draws_from_a_fresh_256_bit_secret(ann: Any, bob: Any) -> None:
    one, two = _new(ann, bob), _new(ann, bob)
    assert len(one.secret) == 64 and int(one.secret, 16) and one.secret != two.secret
    assert one.state["seed"] == one.secret


@pytest.mark.parametrize("kind", ["lingo", "keebble", "lexicon-crossing"])
def test_nobody_sees_the_secret_while_the_game_runs(
    kind: str, ann: Any, bob: Any, cat: Any, admin_client: Client
) -> None:
    game = _new(ann, bob, kind)
    for client in (logged_in(ann), logged_in(cat)):
        for url in (game.get_absolute_url(), f"/games/{game.pk}/state.json", f"/games/{game.pk}/live/?since=0"):
            assert game.secret not in client.get(url).content.decode(), url
    assert logged_in(ann).get(f"/games/{game.pk}/record.json").status_code == 404
    page = admin_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert game.secret not in page and "hidden until the game is over" in page


def test_the_record_of_a_finished_game_carries_the_secret_and_replays(ann: Any, bob: Any, admin_client: Client) -> None:
    game = _new(ann, bob, "keebble")
    actions.submit_move(game.pk, bob, "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    response = logged_in(ann).get(f"/games/{game.pk}/record.json")
    record = validate_record(json.loads(response.content))
    assert record["seed"] == game.secret
    assert final_state(record) == game.state
    assert game.secret in admin_client.get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
