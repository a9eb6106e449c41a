"""Lingua Fences through the service layer and on the web: four players until every sheet is out."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from tests.conftest import logged_in, make_user
from tests.engines.lingua_fences.conftest import legal_word
from wordgames.engines import get_engine
from wordgames.engines.core.record import replay
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)
ENGINE = get_engine("lingua-fences")


def test_four_players_until_every_sheet_is_out(ann: Any, bob: Any, cat: Any) -> None:
    dan = make_user("dan")
    users = [ann, bob, cat, dan]
    game = actions.create_game(ann, "lingua-fences", {"dictionary": "every-word"}, ["bob", "cat", "dan"], seed=2)
    for user in users[1:]:
        actions.join_game(game.pk, user)
    game.refresh_from_db()
    page = logged_in(bob).get(game.get_absolute_url()).content.decode()
    assert "In front of you: bob's sheet" in page and "Still writing: ann, bob, cat, dan." in page
    rounds = 0
    passed = doubled = False
    while game.status == Game.Status.ACTIVE:
        for seat in sorted(ENGINE.actors(game.state)):
            game.refresh_from_db()
            if seat not in ENGINE.actors(game.state):
                continue
            sheet = game.state["sheets"][ENGINE.sheet_of(game.state, seat)]
            if rounds < 4 and seat == 0 and not passed:
                move, passed = "pass", True
            elif sheet["double"] and rounds < 5 and not doubled:
                first = legal_word(game.state, seat)
                after, _ = ENGINE.apply(game.state, seat, first)
                # a second word on the same sheet: find one on the position after the first
                after["acted"] = game.state["acted"]
                after["round"] = game.state["round"]
                move, doubled = f"{first}, {legal_word(after, seat)}", True
            elif rounds < 5:
                move = legal_word(game.state, seat)
            else:
                move = "pass"
            actions.submit_move(game.pk, users[seat], move)
        game.refresh_from_db()
        rounds += 1
        assert rounds < 20
    assert passed and doubled
    assert all(s["retired"] for s in game.state["sheets"])
    tallies = [0] * 4
    for sheet in game.state["sheets"]:
        for claim in sheet["claims"]:
            tallies[claim["owner"]] += claim["points"]
    assert game.result["scores"] == tallies
    over = [m for m in mail.outbox if m.to == ["dan@example.com"] and "game over" in m.subject]
    assert over and "Scores:" in over[-1].body
    record = logged_in(cat).get(f"/games/{game.pk}/record.json").json()
    assert list(replay(record))[-1]["result"] == game.result


def test_the_printable_sheet(ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "lingua-fences", {"size": 15, "start": "d4"}, ["bob"], seed=2)
    page = logged_in(ann).get(f"/games/{game.pk}/print/").content.decode()
    assert "15x15 sheet, starting square d4" in page and "Longest word: <strong>3</strong>" in page
    assert page.count("<rect") == 15 * 15


def test_a_word_on_the_web_and_a_refusal(ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "lingua-fences", {}, ["bob"], seed=2)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    client = logged_in(ann)
    response = client.post(f"/games/{game.pk}/move/", {"move": "4C CAT", "version": game.version, "key": "k1"})
    assert response.status_code == 400
    assert "The first word on a sheet must cover the starting square c3." in response.content.decode()
    response = client.post(f"/games/{game.pk}/move/", {"move": "3C CAT", "version": game.version, "key": "k2"})
    assert response.status_code == 302
    page = client.get(game.get_absolute_url()).content.decode()
    assert "ann wrote CAT on ann&#x27;s sheet." in page and "Waiting for bob" in page


def test_another_players_word_does_not_make_yours_stale(ann: Any, bob: Any) -> None:
    """Everyone writes at once: bob's word changes the game's version but not the sheet in front of ann."""
    game = actions.create_game(ann, "lingua-fences", {}, ["bob"], seed=2)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    seen = game.version
    actions.submit_move(game.pk, bob, "3C CAT", expected_version=seen)
    result = actions.submit_move(game.pk, ann, "C3 COD", expected_version=seen)
    assert result.move is not None and result.move.text == "C3 COD"
    game.refresh_from_db()
    with pytest.raises(actions.Refused, match="The board has changed"):  # a new round: the sheets moved
        actions.submit_move(game.pk, ann, "3C CAT", expected_version=seen)


def test_a_finished_game_replays_move_by_move(ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "lingua-fences", {}, ["bob"], seed=2)
    actions.join_game(game.pk, bob)
    actions.submit_move(game.pk, ann, "3C CAT")
    actions.submit_move(game.pk, bob, "resign")
    page = logged_in(ann).get(f"/games/{game.pk}/replay/?n=1").content.decode()
    assert "after move 1 of 2" in page and "  3  . . C A T" in page
