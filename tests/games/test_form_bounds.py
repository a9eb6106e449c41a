"""Every free-text field has a size limit, and going over it says the limit and changes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db


def new_fences(client, **fields):
    data = {"game": "lingua-fences", "players": "2", "seat_2": "bob", "clock": "7d", **fields}
    return client.post(reverse("new_game") + "?game=lingua-fences", data)


def test_a_2_mb_house_word_list_is_refused_with_the_limit(client_ann, bob):
    response = new_fences(client_ann, opt_house_words="ABC " * 500_000)
    page = response.content.decode()
    assert response.status_code == 200
    assert "House words (an option) has at most 50000 characters (this one has 1999999)." in page
    assert not Game.objects.exists()


def test_more_than_2000_house_words_are_refused_with_the_count(client_ann, bob):
    page = new_fences(client_ann, opt_house_words=" ".join(["QI"] * 2001)).content.decode()
    assert "At most 2,000 house words (this list has 2,001)." in page
    assert not Game.objects.exists()


def test_a_house_word_list_within_bounds_makes_the_game(client_ann, bob):
    assert new_fences(client_ann, opt_house_words="ZYX QWE").status_code == 302
    assert Game.objects.get().options["house_words"] == "QWE ZYX"


def test_a_seat_field_longer_than_an_email_address_is_refused(client_ann):
    page = new_fences(client_ann, seat_2="x" * 255).content.decode()
    assert "A seat has at most 254 characters (this one has 255)." in page
    assert not Game.objects.exists()


def test_a_move_longer_than_500_characters_is_refused_and_nothing_moves(client_ann, ann, bob):
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=1)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    response = client_ann.post(
        reverse("submit_move", args=[game.pk]), {"move": "m13 A " * 100, "version": game.version, "key": "k" * 32}
    )
    assert response.status_code == 400
    assert "A move has at most 500 characters (this one has 599)." in response.content.decode()
    assert game.moves.count() == 0


def test_the_31st_invitation_in_an_hour_is_refused_politely_and_makes_no_game(client_ann, ann, bob, cat):
    for _ in range(15):  # 30 invitations: two seats each
        data = {"players": "3", "seat_2": "bob", "seat_3": "cat", "clock": "7d"}
        assert client_ann.post(reverse("new_game") + "?game=lingua-fences", data).status_code == 302
    response = client_ann.post(
        reverse("new_game") + "?game=lingua-fences", {"players": "2", "seat_2": "bob", "clock": "7d"}
    )
    assert "You have sent many invitations lately. Please try again in 2 minutes." in response.content.decode()
    assert Game.objects.count() == 15
    open_game = {"players": "2", "seat_2": "", "clock": "7d"}  # an open seat invites nobody
    assert client_ann.post(reverse("new_game") + "?game=lingua-fences", open_game).status_code == 302
