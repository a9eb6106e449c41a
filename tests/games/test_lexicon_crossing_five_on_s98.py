"""Lexicon Crossing with five players on the S98 set: the rules only advise against it ("not advised: 15 each
(leaves 23 = 4 rounds and 3 leftover)"), so the game is allowed, with a warning where the option is described."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import logged_in
from wordgames.games.models import Game
from wordgames.games.presenters import options_shown

pytestmark = pytest.mark.django_db

WARNING = "5 may play it, though the rules advise against it: 15 tiles each leave 23 in the pool, 4 rounds"


def test_the_new_game_form_warns_about_five_players_on_the_s98_set(client_ann):
    page = client_ann.get(reverse("new_game") + "?game=lexicon-crossing").content.decode()

    assert WARNING in page


def test_five_players_on_the_s98_set_make_a_game_and_its_page_carries_the_warning(ann):
    data = {
        "game": "lexicon-crossing",
        "players": "5",
        "clock": "7d",
        "opt_tiles": "s98",
        **{f"seat_{n}": "computer:quick" for n in range(2, 6)},
    }
    client = logged_in(ann)

    response = client.post(reverse("new_game") + "?game=lexicon-crossing", data)

    assert response.status_code == 302
    game = Game.objects.get()
    assert game.seats.count() == 5 and game.state["options"]["tiles"] == "s98"
    assert [len(hand) for hand in game.state["tiles"]] == [15] * 5 and len(game.state["bag"]) == 23
    assert ("Tile set", "s98") in [(label, value) for label, value, _ in options_shown(game)]
    assert WARNING in client.get(game.get_absolute_url()).content.decode()
