"""The engines' sentences about moves, endings and late refusals reach each reader in the reader's language, with
the real catalogues: the engines keep a code and values, the site words them when it shows them."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from tests.conftest import logged_in
from tests.engines.lexicon_crossing.conftest import lay_out
from tests.i18n.catalogue import speaks
from wordgames.games import actions
from wordgames.games.actions import greenlight
from wordgames.games.models import Game, GreenLightRequest, Move, Seat

pytestmark = pytest.mark.django_db(transaction=True)  # emails go out after real commits


def lingo_game(ann: Any, bob: Any) -> Game:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=7, internal=True)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


def test_a_move_reads_in_each_readers_language_on_the_page(ann: Any, bob: Any) -> None:
    game = lingo_game(ann, bob)
    actions.submit_move(game.pk, ann, "resign")
    english = logged_in(ann).get(game.get_absolute_url()).content.decode()
    assert "ann resigned." in english
    french = logged_in(speaks(bob, "fr")).get(game.get_absolute_url()).content.decode()
    assert "ann a abandonné." in french and "ann resigned." not in french
    german = logged_in(speaks(ann, "de")).get(f"/games/{game.pk}/state.json").json()
    assert german["moves"][0]["summary"] == "ann hat aufgegeben."
    assert german["view"]["result"]["reason"] == "ann hat aufgegeben"


def test_a_move_stored_before_sentences_were_data_still_shows_its_english(ann: Any, bob: Any) -> None:
    game = lingo_game(ann, bob)
    actions.submit_move(game.pk, ann, "resign")
    move = Move.objects.get(game=game)
    outcome = {k: v for k, v in move.outcome.items() if k != "said"}
    Move.objects.filter(pk=move.pk).update(outcome=outcome, summary="ann resigned (an old row).")
    page = logged_in(speaks(bob, "fr")).get(game.get_absolute_url()).content.decode()
    assert "ann resigned (an old row)." in page


def test_a_green_light_refused_when_it_fires_is_told_in_the_callers_language(ann: Any, bob: Any, cat: Any) -> None:
    speaks(ann, "fr")
    game = actions.create_game(ann, "lexicon-crossing", {"dictionary": "every-word"}, ["bob", "cat"], seed=8)
    actions.join_game(game.pk, bob)
    actions.join_game(game.pk, cat)
    game.refresh_from_db()
    actions.submit_move(game.pk, ann, lay_out(game.state["tiles"][0]))
    Seat.objects.filter(game=game).update(seen_deal=-1)  # nobody has seen the deal: the request waits
    assert actions.submit_move(game.pk, ann, "green").move is None
    game.refresh_from_db()
    actions.submit_move(game.pk, ann, f"grid {game.state['tiles'][0][0]}")  # ann takes her crossword apart
    now = timezone.now()
    for position in range(3):
        game.refresh_from_db()
        greenlight.mark_seen(game, position, now)
    mail.outbox.clear()
    assert greenlight.fire_due(now + timedelta(minutes=5)) == 0
    assert GreenLightRequest.objects.get(game=game).status == GreenLightRequest.Status.REFUSED
    told = [m for m in mail.outbox if m.to == ["ann@example.com"]][-1].body
    assert "Votre feu vert n'a pas pu être donné : Pas encore :" in told
    assert "Not yet" not in told


def test_a_sentence_whose_code_no_engine_knows_shows_its_stored_english() -> None:
    from wordgames.games.refusals import spoken

    assert spoken({"code": "LingoSaid.NO_SUCH_SENTENCE", "values": {}}, "ann did something.") == "ann did something."
    assert spoken({"code": "Vanished.GONE", "values": {}}, "ann did something.") == "ann did something."
    assert spoken(None, "an old row's English.") == "an old row's English."
