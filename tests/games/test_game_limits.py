"""Every way a player creates a game (the new-game form, "Play the computer", a rematch, a challenge by email)
spends the same games-per-hour bucket, and a player has at most ``COMPUTER_GAMES_PER_PLAYER`` games with a
computer waiting or under way. The site's own callers (``internal=True``) spend nothing. A refusal is a sentence
and creates nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.conftest import logged_in
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db


def _finished(ann: Any, bob: Any) -> Game:
    """A game ann and bob played to its end, set up by the test (it spends nothing)."""
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=7, internal=True)
    actions.join_game(game.pk, bob)
    actions.submit_move(game.pk, bob, "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def _new_game(client: Client, *seats: str) -> Any:
    form = {"game": "lingo", "players": 1 + len(seats), "preset": "classic", "clock": "7d"}
    form.update({f"seat_{n}": entry for n, entry in enumerate(seats, start=2)})
    return client.post("/games/new/", form)


def _play_computer(client: Client) -> Any:
    return client.post("/games/computer/", {"game": "lingo", "level": "quick"}, follow=True)


def test_the_21st_game_in_an_hour_is_refused_however_it_is_asked_for(ann: Any, bob: Any) -> None:
    old = _finished(ann, bob)
    client = logged_in(ann)
    for _ in range(15):
        assert _new_game(client, "").status_code == 302
    for _ in range(5):
        assert "against the computer (quick) has started" in _play_computer(client).content.decode()
    assert Game.objects.count() == 21  # the finished one and 20 new ones
    response = _new_game(client, "")
    assert response.status_code == 200 and "You have created many games lately" in response.content.decode()
    assert "You have created many games lately" in _play_computer(client).content.decode()
    rematch = client.post(f"/games/{old.pk}/rematch/", follow=True)
    assert "You have created many games lately" in rematch.content.decode()
    old.refresh_from_db()
    assert old.rematch is None and Game.objects.count() == 21
    assert _new_game(logged_in(bob), "").status_code == 302, "one player's bucket is not another's"


def test_a_rematch_spends_the_bucket_too(ann: Any, bob: Any, settings: Any) -> None:
    settings.THROTTLE = {**settings.THROTTLE, "game": (1, 3600)}
    old = _finished(ann, bob)
    client = logged_in(ann)
    assert client.post(f"/games/{old.pk}/rematch/").status_code == 302
    old.refresh_from_db()
    assert old.rematch is not None
    response = _new_game(client, "")
    assert response.status_code == 200 and "You have created many games lately" in response.content.decode()


def test_the_11th_game_against_the_computer_is_refused_until_one_ends(ann: Any) -> None:
    client = logged_in(ann)
    for _ in range(10):
        assert "has started" in _play_computer(client).content.decode()
    refused = _play_computer(client).content.decode()
    assert "You already have 10 games against the computer waiting or under way" in refused
    response = _new_game(client, "quick computer")
    assert response.status_code == 200 and "10 games against the computer" in response.content.decode()
    assert Game.objects.count() == 10
    assert _new_game(client, "").status_code == 302, "a game with people only is not counted"
    first = Game.objects.filter(has_computers=True).order_by("pk").first()
    assert first is not None
    actions.submit_move(first.pk, ann, "resign")
    assert "has started" in _play_computer(client).content.decode()


def test_a_rematch_against_the_computer_past_the_cap_is_refused(ann: Any, settings: Any) -> None:
    settings.COMPUTER_GAMES_PER_PLAYER = 2
    client = logged_in(ann)
    _play_computer(client)
    first = Game.objects.get()
    actions.submit_move(first.pk, ann, "resign")
    _play_computer(client)
    _play_computer(client)
    assert Game.objects.count() == 3
    response = client.post(f"/games/{first.pk}/rematch/", follow=True)
    assert "You already have 2 games against the computer" in response.content.decode()
    first.refresh_from_db()
    assert first.rematch is None and Game.objects.count() == 3


def test_the_sites_own_games_spend_nothing(ann: Any, bob: Any, settings: Any) -> None:
    settings.THROTTLE = {**settings.THROTTLE, "game": (1, 3600)}
    settings.COMPUTER_GAMES_PER_PLAYER = 1
    for _ in range(3):
        actions.create_game(ann, "lingo", {}, ["computer:quick"], internal=True)
    assert _new_game(logged_in(ann), "").status_code == 302  # ann's own bucket is whole
