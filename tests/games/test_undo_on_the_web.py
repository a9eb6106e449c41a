"""Undo on the web, with the same rules as by email: the mover asks from the game page, every other player's
page shows the request with its answers, and the move is taken back when they all agree."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from tests.conftest import logged_in
from tests.support.web import move
from wordgames.engines import get_engine
from wordgames.games.models import Game, Move

pytestmark = pytest.mark.django_db


def _anns_move(game: Game, ann: Any) -> Move:
    assert move(logged_in(ann), game, get_engine("lingo").best_move(game.state, 0).move).status_code == 302
    return Move.objects.get(game=game)


def test_asked_on_the_web_agreed_on_the_web(
    lingo_game: Game, ann: Any, bob: Any, cat: Any, django_capture_on_commit_callbacks: Any
) -> None:
    played = _anns_move(lingo_game, ann)
    ann_page = logged_in(ann).get(lingo_game.get_absolute_url()).content.decode()
    assert "Ask to take back my last move" in ann_page
    assert "Ask to take back" not in logged_in(bob).get(lingo_game.get_absolute_url()).content.decode()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert logged_in(ann).post(f"/games/{lingo_game.pk}/undo/", {"answer": "ask"}).status_code == 302
    bob_page = logged_in(bob).get(lingo_game.get_absolute_url()).content.decode()
    assert (
        '<a class="player" href="/players/ann/"><bdi>Ann</bdi></a> asks to take back their last move' in bob_page
        and "Agree: take it back" in bob_page
    )
    assert "waiting for the others to agree" in logged_in(ann).get(lingo_game.get_absolute_url()).content.decode()
    assert "Agree: take it back" not in logged_in(cat).get(lingo_game.get_absolute_url()).content.decode()
    assert any("asks to take back" in m.body for m in mail.outbox if m.to == ["bob@example.com"])
    with django_capture_on_commit_callbacks(execute=True):
        assert logged_in(bob).post(f"/games/{lingo_game.pk}/undo/", {"answer": "accept"}).status_code == 302
    played.refresh_from_db()
    lingo_game.refresh_from_db()
    assert played.taken_back and lingo_game.state["turn"] == 0
    assert any("was taken back" in m.body for m in mail.outbox if m.to == ["ann@example.com"])


def test_rejected_on_the_web_the_move_stands(lingo_game: Game, ann: Any, bob: Any) -> None:
    played = _anns_move(lingo_game, ann)
    logged_in(ann).post(f"/games/{lingo_game.pk}/undo/", {"answer": "ask"})
    logged_in(bob).post(f"/games/{lingo_game.pk}/undo/", {"answer": "reject"})
    played.refresh_from_db()
    assert not played.taken_back
    assert "asks to take back" not in logged_in(bob).get(lingo_game.get_absolute_url()).content.decode()


def test_the_others_pages_update_when_undo_is_asked(lingo_game: Game, ann: Any, bob: Any) -> None:
    _anns_move(lingo_game, ann)
    lingo_game.refresh_from_db()
    seen = lingo_game.version
    assert logged_in(bob).get(f"/games/{lingo_game.pk}/live/?since={seen}").status_code == 204
    logged_in(ann).post(f"/games/{lingo_game.pk}/undo/", {"answer": "ask"})
    live = logged_in(bob).get(f"/games/{lingo_game.pk}/live/?since={seen}")
    assert live.status_code == 200 and "asks to take back" in live.content.decode()


def test_only_the_mover_may_ask_and_only_the_others_answer(lingo_game: Game, ann: Any, bob: Any) -> None:
    _anns_move(lingo_game, ann)
    page = logged_in(bob).post(f"/games/{lingo_game.pk}/undo/", {"answer": "ask"}, follow=True).content.decode()
    assert "only ask to take back your own move" in page
    logged_in(ann).post(f"/games/{lingo_game.pk}/undo/", {"answer": "ask"})
    page = logged_in(ann).post(f"/games/{lingo_game.pk}/undo/", {"answer": "accept"}, follow=True).content.decode()
    assert "Only the other players answer" in page
