"""Smaller ways a move goes wrong, each answered clearly and changing nothing."""

from __future__ import annotations

import secrets
from typing import Any

import pytest

from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game, Move

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("text", ["green", "withdraw", "C3 CAT"])
def test_a_move_posted_to_a_game_that_does_not_exist_is_a_404(client_ann: Any, text: str) -> None:
    response = client_ann.post("/games/9999/move/", {"move": text, "version": 1, "key": secrets.token_hex(8)})
    assert response.status_code == 404


def test_a_move_posted_just_after_the_game_ended_shows_why(lingo_game: Game, client_ann: Any, bob: Any) -> None:
    version = lingo_game.version
    actions.submit_move(lingo_game.pk, bob, "resign")  # bob leaves: the game is over
    best = get_engine("lingo").best_move(lingo_game.state, 0).move
    response = client_ann.post(
        f"/games/{lingo_game.pk}/move/", {"move": best, "version": version, "key": secrets.token_hex(8)}
    )
    assert response.status_code in (400, 409)
    page = response.content.decode()
    assert "over" in page.lower() and 'role="alert"' in page, page[:3000]
    assert not Move.objects.filter(game=lingo_game, user__username="ann").exists()


def test_a_broken_hidden_field_is_named_not_blamed_on_the_move(lingo_game: Game, client_ann: Any) -> None:
    response = client_ann.post(
        f"/games/{lingo_game.pk}/move/", {"move": "8H CAT", "version": "x1", "key": secrets.token_hex(8)}
    )
    assert response.status_code == 400
    page = response.content.decode()
    assert "Type a move in the box first" not in page
    assert "reload the page" in page.lower()


def test_a_move_without_its_version_is_refused_and_not_applied(lingo_game: Game, client_ann: Any) -> None:
    best = get_engine("lingo").best_move(lingo_game.state, 0).move
    response = client_ann.post(f"/games/{lingo_game.pk}/move/", {"move": best, "key": secrets.token_hex(8)})
    assert response.status_code == 400
    assert not Move.objects.filter(game=lingo_game).exists()
    response = client_ann.post(
        f"/games/{lingo_game.pk}/move/", {"move": best, "key": "k2"}, HTTP_ACCEPT="application/json"
    )
    assert response.status_code == 400 and "version" in response.json()["error"].lower()
    assert not Move.objects.filter(game=lingo_game).exists()


@pytest.mark.parametrize("hidden", ["\u202e", "\u200b", "\x07", "\u2066"])
def test_a_refused_move_quotes_invisible_characters_visibly(lingo_game: Game, client_ann: Any, hidden: str) -> None:
    text = f"8H CA{hidden}T"
    response = client_ann.post(
        f"/games/{lingo_game.pk}/move/", {"move": text, "version": lingo_game.version, "key": secrets.token_hex(8)}
    )
    page = response.content.decode()
    start = page.find('role="alert"')
    alert = page[start : page.find("</p>", start)]
    assert hidden not in alert, alert
    assert "\\u" not in alert and "\\x" not in alert, alert  # never a Python repr
    assert f"U+{ord(hidden):04X}" in alert, alert
