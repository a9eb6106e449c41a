"""The "Rated" choice: ticked on the new-game form (off unless ticked), refused for a practice game, kept by a
rematch; the game's page says the game is rated and, once it is over, what it did to each player's rating."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.utils.html import strip_tags

from tests.conftest import logged_in
from tests.ratings.conftest import rated_game
from wordgames.games import actions
from wordgames.games.models import Game
from wordgames.ratings.models import Rating

pytestmark = pytest.mark.django_db

FORM = {"game": "lingo", "players": 2, "clock": "7d", "preset": "pbem", "seat_2": "bob"}


def page_text(client: Any, game: Game) -> str:
    return " ".join(strip_tags(client.get(f"/games/{game.pk}/").content.decode()).split())


def test_the_form_makes_a_rated_game_only_when_ticked(ann: Any, bob: Any) -> None:
    client = logged_in(ann)
    assert 'name="rated"' in client.get("/games/new/?game=lingo").content.decode()
    response = client.post("/games/new/", FORM)
    assert response.status_code == 302
    assert Game.objects.get().rated is False
    response = client.post("/games/new/", {**FORM, "rated": "on"})
    assert response.status_code == 302
    assert Game.objects.order_by("-pk").first().rated is True


def test_a_practice_game_cannot_be_rated(ann: Any, bob: Any) -> None:
    response = logged_in(ann).post("/games/new/", {**FORM, "rated": "on", "opt_hints": "true"})
    assert response.status_code == 200
    assert "A practice game (hints on) cannot be rated" in response.content.decode()
    assert not Game.objects.exists()


def test_a_rematch_of_a_rated_game_is_rated(ann: Any, bob: Any) -> None:
    game = rated_game(ann, [bob])
    actions.submit_move(game.pk, bob, "resign")
    response = logged_in(bob).post(f"/games/{game.pk}/rematch/")
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.rematch is not None and game.rematch.rated is True


def test_the_game_page_says_rated_then_shows_each_change(ann: Any, bob: Any, cat: Any) -> None:
    game = rated_game(ann, [bob])
    assert "Rated game" in page_text(logged_in(cat), game)
    logged_in(bob).post(f"/games/{game.pk}/resign/", {"confirm": "yes"})
    ann_value = Rating.objects.get(user=ann).value
    bob_value = Rating.objects.get(user=bob).value
    text = page_text(logged_in(cat), game)
    # A first rated game: provisional before and after ("?").
    # Numbers as English writes them (thousands grouped), like every number a person reads.
    assert f"Ann 1,500? → {ann_value:,}? (+{ann_value - 1500})" in text, text
    assert f"Bob 1,500? → {bob_value:,}? (-{1500 - bob_value})" in text, text
    # The part of the page that refreshes itself shows it too.
    live = " ".join(strip_tags(logged_in(ann).get(f"/games/{game.pk}/live/").content.decode()).split())
    assert f"Ann 1,500? → {ann_value:,}?" in live


def test_a_computers_number_is_shown_as_fixed(ann: Any) -> None:
    game = rated_game(ann, ["computer:quick"])
    actions.submit_move(game.pk, ann, "resign")
    text = page_text(logged_in(ann), game)
    assert re.search(r"computer-quick 1,300 \(fixed", text), text


def test_an_unrated_game_says_nothing_of_ratings(ann: Any, bob: Any) -> None:
    game = rated_game(ann, [bob], rated=False)
    actions.submit_move(game.pk, bob, "resign")
    assert "Rated game" not in page_text(logged_in(ann), game)
