"""What a new player notices first on the lobby and game pages: whom a seat waits for, the move numbers."""

from __future__ import annotations

import re
from typing import Any

import pytest

from wordgames.games import actions

pytestmark = pytest.mark.django_db


def test_a_seat_offered_to_a_player_shows_their_name_as_invited_in_the_creators_lobby(
    client_ann: Any, ann: Any, bob: Any
) -> None:
    actions.create_game(ann, "lingo", {}, ["bob"], seed=1)
    page = client_ann.get("/").content.decode()
    row = re.search(r'<table class="games">.*?</table>', page, re.S)
    assert row is not None
    assert "invited: " in row.group(0) and "Bob" in row.group(0)
    assert "(open)" not in row.group(0)


def test_an_open_seat_still_shows_as_open_in_the_lobby(client_ann: Any, ann: Any) -> None:
    actions.create_game(ann, "lingo", {}, [""], seed=1)
    page = client_ann.get("/").content.decode()
    assert "<em>open</em>" in re.search(r'<table class="games">.*?</table>', page, re.S).group(0)  # type: ignore[union-attr]


def test_chat_lines_between_moves_take_no_move_number(client_ann: Any, ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "lingua-fences", {"size": 9}, ["bob"], seed=1)
    actions.join_game(game.pk, bob)
    actions.submit_move(game.pk, ann, "3C CAT")
    actions.post_message(game.pk, bob, "nice one")
    actions.submit_move(game.pk, bob, "3C DOG")
    listing = re.search(r'<ol class="moves">(.*?)</ol>', client_ann.get(game.get_absolute_url()).content.decode(), re.S)
    assert listing is not None
    items = re.findall(r"<li([^>]*)>", listing.group(1))
    assert items == [' value="1"', ' class="chat"', ' value="2"']
