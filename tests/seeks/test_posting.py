"""Posting a seek from its form, and the list of open seeks: filters, pages, followed players first, the lobby's
short list, the limits a seek spends."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import logged_in, make_user
from wordgames.accounts import relations
from wordgames.games.models import Game
from wordgames.seeks.models import Seek

from .conftest import post_seek, rate, take

pytestmark = pytest.mark.django_db


def listed(client: Any, query: str = "") -> list[int]:
    """The seeks the list shows, in its order (one page)."""
    response = client.get(f"/seeks/{query}")
    assert response.status_code == 200
    return [row.seek.pk for row in response.context["rows"]]


def test_a_seek_posted_from_the_form_is_open_with_what_was_chosen_and_no_game_yet(ann: Any) -> None:
    rate(ann, "lingo", 1640)
    seek = post_seek(ann, "lingo", players=3, clock="1d", band=200, preset="pbem", hex="true")
    assert seek.state == Seek.State.OPEN and seek.creator == ann
    assert (seek.kind, seek.players, seek.rated, seek.move_time, seek.band) == (
        "lingo",
        3,
        True,
        timedelta(days=1),
        200,
    )
    assert seek.options["preset"] == "pbem" and seek.options["hex"] is True  # checked and filled in by the rules
    assert seek.rating == 1640 and seek.range() == (1440, 1840)
    assert timedelta(hours=167) < seek.expires_at - seek.created <= timedelta(hours=168)
    assert not Game.objects.exists(), "no game row until the last seat is taken: nobody can join it meanwhile"
    page = logged_in(ann).get(f"/seeks/{seek.pk}/").content.decode()
    assert "Withdraw" in page and "for ratings 1440–1840" in page and "preset pbem" in page


def test_options_out_of_range_are_refused_with_the_reason_and_nothing_is_posted(client_ann: Any) -> None:
    response = client_ann.post(
        "/seeks/new/", {"game": "lingo", "players": 2, "preset": "classic", "clock": "3d", "opt_size": "3"}
    )
    assert response.status_code == 200 and not Seek.objects.exists()
    assert "greater than or equal to 7" in response.content.decode()
    too_many = client_ann.post("/seeks/new/", {"game": "keebble", "players": 9, "clock": "3d"})
    assert too_many.status_code == 200 and not Seek.objects.exists()


def test_the_seek_form_has_no_named_seats_team_mates_private_games_or_hints(client_ann: Any) -> None:
    page = client_ann.get("/seeks/new/?game=lingo").content.decode()
    for field in ('name="seat_2"', 'name="partners"', 'name="private"', 'name="opt_hints"'):
        assert field not in page, field
    assert 'name="band"' in page and 'name="rated"' in page


def test_a_player_has_at_most_so_many_open_seeks(ann: Any, settings: Any) -> None:
    settings.SEEKS_OPEN_PER_PLAYER = 2
    first = post_seek(ann)
    post_seek(ann)
    response = logged_in(ann).post("/seeks/new/", {"game": "lingo", "players": 2, "preset": "classic", "clock": "3d"})
    assert response.status_code == 200 and "You already have 2 open seeks" in response.content.decode()
    assert Seek.objects.count() == 2
    assert logged_in(ann).post(f"/seeks/{first.pk}/withdraw/").status_code == 302
    post_seek(ann)  # a withdrawn one no longer counts


def test_posting_spends_the_games_per_hour_bucket_shared_with_new_games(ann: Any, settings: Any) -> None:
    settings.THROTTLE = {**settings.THROTTLE, "game": (1, 3600)}
    post_seek(ann)
    response = logged_in(ann).post(
        "/games/new/", {"game": "lingo", "players": 2, "preset": "classic", "clock": "7d", "seat_2": ""}
    )
    assert "You have created many games lately" in response.content.decode()
    assert not Game.objects.exists()


def test_filters_narrow_the_list_by_game_players_rated_time_and_options(ann: Any, bob: Any, cat: Any) -> None:
    pbem = post_seek(ann, "lingo", preset="pbem")
    classic_hex = post_seek(ann, "lingo", hex="true", clock="1d")
    three = post_seek(ann, "lingo", players=3, rated=False, clock="14d")
    fences = post_seek(ann, "lingua-fences", clock="7d")
    client = logged_in(bob)
    assert set(listed(client)) == {pbem.pk, classic_hex.pk, three.pk, fences.pk}
    assert listed(client, "?game=lingua-fences") == [fences.pk]
    assert set(listed(client, "?players=3")) == {three.pk}
    assert set(listed(client, "?rated=no")) == {three.pk}
    assert set(listed(client, "?rated=yes")) == {pbem.pk, classic_hex.pk, fences.pk}
    assert set(listed(client, "?time=day")) == {classic_hex.pk}
    assert set(listed(client, "?time=days")) == {pbem.pk}
    assert set(listed(client, "?time=week")) == {fences.pk}
    assert set(listed(client, "?time=long")) == {three.pk}
    assert set(listed(client, "?game=lingo&opt_preset=pbem")) == {pbem.pk}
    assert set(listed(client, "?game=lingo&opt_hex=true")) == {classic_hex.pk}
    assert set(listed(client, "?game=lingo&opt_preset=classic&rated=yes")) == {classic_hex.pk}
    page = client.get("/seeks/?game=lingo").content.decode()
    assert 'name="opt_preset"' in page and 'name="opt_hex"' in page  # the chosen game's options offered


def test_the_list_is_paginated_newest_first(ann: Any, settings: Any) -> None:
    settings.SEEKS_OPEN_PER_PLAYER = 30
    settings.THROTTLE = {**settings.THROTTLE, "game": (30, 3600)}
    seeks = [post_seek(ann) for _ in range(25)]
    client = logged_in(ann)
    first, second = listed(client), listed(client, "?page=2")
    assert first == [s.pk for s in reversed(seeks)][:20] and second == [s.pk for s in reversed(seeks)][20:]
    assert "page=2" in client.get("/seeks/").content.decode()
    assert listed(client, "?rated=yes&page=2") == second  # the filters are kept from page to page


def test_followed_players_seeks_come_first_and_are_marked(ann: Any, bob: Any, cat: Any) -> None:
    cats = post_seek(cat)
    bobs = post_seek(bob)
    relations.follow(ann, cat)
    client = logged_in(ann)
    assert listed(client) == [cats.pk, bobs.pk]
    rows = client.get("/seeks/").context["rows"]
    assert rows[0].followed and not rows[1].followed
    assert listed(logged_in(make_user("dan"))) == [bobs.pk, cats.pk], "for others, newest first"


def test_the_lobby_shows_open_seeks_and_play_now_buttons(ann: Any, bob: Any, client: Any) -> None:
    seek = post_seek(ann, "keebble")
    page = logged_in(bob).get("/").content.decode()
    assert f'data-seek="{seek.pk}"' in page and f"/seeks/{seek.pk}/take/" in page
    assert "Play now: Keebble" in page and "Play now: Lingo" in page
    anonymous = client.get("/").content.decode()
    assert f'data-seek="{seek.pk}"' in anonymous and "Log in to play" in anonymous
    assert "Play now" not in anonymous
    seek.expires_at = seek.created
    seek.save()
    assert f'data-seek="{seek.pk}"' not in logged_in(bob).get("/").content.decode(), "an expired seek is not listed"


def test_the_lobbys_seeks_cost_one_query_however_many_are_listed(ann: Any, bob: Any, cat: Any, settings: Any) -> None:
    settings.SEEKS_OPEN_PER_PLAYER = 20
    relations.follow(bob, ann)
    rate(bob, "lingo", 1700)
    client = logged_in(bob)

    def cost() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/").status_code == 200
        return len(queries)

    post_seek(ann, "lingo")
    one = cost()
    for kind in ("keebble", "lingo", "lingua-fences", "lexicon-crossing"):
        post_seek(ann, kind, players=3, band=300)
        take(cat, post_seek(ann, kind, players=3))
    assert len(logged_in(bob).get("/").context["rows"]) == 5
    assert cost() == one
