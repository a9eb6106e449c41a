"""Taking seats: the game starts when the last one is taken, with the seek's players seated, its options, clock
and rated flag; until then takers may leave, the creator may withdraw, and the band keeps out ratings too far
from the creator's."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail

from tests.conftest import logged_in, make_user
from wordgames.games.models import Game
from wordgames.seeks.models import Seek, SeekSeat

from .conftest import post_seek, rate, said, take

pytestmark = pytest.mark.django_db


def test_taking_the_seat_of_a_two_player_seek_starts_the_rated_game_with_both_seated(ann: Any, bob: Any) -> None:
    seek = post_seek(ann, "lingo", clock="1d", preset="pbem")
    response = take(bob, seek)
    game = Game.objects.get()
    assert response.redirect_chain[-1][0] == f"/games/{game.pk}/"
    assert "the game has started" in said(response)[0]
    assert game.status == Game.Status.ACTIVE and game.rated is True
    assert game.engine == "lingo" and game.options["preset"] == "pbem" and game.move_time == timedelta(days=1)
    assert {seat.user for seat in game.seats.all()} == {ann, bob}
    assert game.created_by == ann
    seek.refresh_from_db()
    assert seek.state == Seek.State.STARTED and seek.game == game
    assert f"/games/{game.pk}/" in logged_in(ann).get(f"/seeks/{seek.pk}/").content.decode()


def test_an_unrated_seek_starts_an_unrated_game(ann: Any, bob: Any) -> None:
    take(bob, post_seek(ann, "keebble", rated=False))
    assert Game.objects.get().rated is False


def test_a_four_player_seek_starts_only_when_its_third_taker_sits_down(ann: Any, bob: Any, cat: Any, dan: Any) -> None:
    seek = post_seek(ann, "lingua-fences", players=4, clock="7d")
    for taker in (bob, cat):
        response = take(taker, seek)
        assert "You have a seat" in said(response)[0]
        assert not Game.objects.exists(), "no game while a seat is free: nobody can join it by the games' door"
    rows = logged_in(ann).get("/seeks/").context["rows"]
    assert rows[0].takers == [bob, cat] and rows[0].free == 1
    take(dan, seek)
    game = Game.objects.get()
    assert sorted(s.user.username for s in game.seats.all()) == ["ann", "bob", "cat", "dan"]
    assert sorted(s.position for s in game.seats.all()) == [0, 1, 2, 3]
    assert game.status == Game.Status.ACTIVE and game.rated and game.engine == "lingua-fences"
    assert SeekSeat.objects.filter(seek=seek).count() == 3


def test_every_player_is_told_the_game_started(
    ann: Any, bob: Any, cat: Any, django_capture_on_commit_callbacks: Any
) -> None:
    seek = post_seek(ann, "lingo", players=3)
    take(bob, seek)
    with django_capture_on_commit_callbacks(execute=True):
        take(cat, seek)
    told = {m.to[0] for m in mail.outbox}
    assert {"ann@example.com", "bob@example.com", "cat@example.com"} <= told


def test_the_creators_seat_is_drawn_at_random(ann: Any, settings: Any) -> None:
    settings.SEEKS_OPEN_PER_PLAYER = 40
    settings.THROTTLE = {**settings.THROTTLE, "game": (40, 3600)}
    takers = [make_user(f"p{n}") for n in range(24)]
    for taker in takers:
        take(taker, post_seek(ann))
    first = {game.seats.get(position=0).user_id == ann.pk for game in Game.objects.all()}
    assert first == {True, False}, "in 24 games the creator sat first sometimes, and second sometimes"


def test_a_taker_leaves_before_the_start_and_the_seat_is_free_again(ann: Any, bob: Any, cat: Any, dan: Any) -> None:
    seek = post_seek(ann, "lingo", players=3)
    take(bob, seek)
    response = logged_in(bob).post(f"/seeks/{seek.pk}/leave/", {"next": "/seeks/"}, follow=True)
    assert "You gave your seat back." in said(response)
    assert not SeekSeat.objects.exists()
    take(cat, seek)
    take(dan, seek)
    assert sorted(s.user.username for s in Game.objects.get().seats.all()) == ["ann", "cat", "dan"]


def test_the_creator_withdraws_and_nobody_can_take_a_seat_any_more(ann: Any, bob: Any, cat: Any) -> None:
    seek = post_seek(ann, "lingo", players=3)
    take(bob, seek)
    assert "Only the player who posted" in said(logged_in(bob).post(f"/seeks/{seek.pk}/withdraw/", follow=True))[0]
    assert "Your seek is withdrawn." in said(logged_in(ann).post(f"/seeks/{seek.pk}/withdraw/", follow=True))
    seek.refresh_from_db()
    assert seek.state == Seek.State.WITHDRAWN
    assert said(take(cat, seek)) == ["That seek is no longer open."]
    assert not Game.objects.exists() and seek.pk not in [
        r.seek.pk for r in logged_in(cat).get("/seeks/").context["rows"]
    ]


def test_one_cannot_take_a_seat_in_ones_own_seek_or_two_in_the_same(ann: Any, bob: Any) -> None:
    seek = post_seek(ann, "lingo", players=3)
    assert "This is your own seek" in said(take(ann, seek))[0]
    take(bob, seek)
    assert said(take(bob, seek)) == ["You already have a seat in this seek."]
    assert SeekSeat.objects.count() == 1 and not Game.objects.exists()


def test_the_band_keeps_out_ratings_too_far_from_the_creators(ann: Any, bob: Any, cat: Any) -> None:
    rate(ann, "lingo", 1600)
    rate(bob, "lingo", 1850)
    rate(cat, "lingo", 1750)
    seek = post_seek(ann, "lingo", band=200)
    response = take(bob, seek)
    assert said(response) == ["This seek is for ratings from 1400 to 1800; yours in Lingo is 1850."]
    assert not SeekSeat.objects.exists()
    rows = logged_in(bob).get("/seeks/").context["rows"]
    assert not rows[0].fits and "outside your rating range" in logged_in(bob).get("/seeks/").content.decode()
    take(cat, seek)
    assert {s.user for s in Game.objects.get().seats.all()} == {ann, cat}


def test_a_newcomer_reads_1500_for_the_band(ann: Any, bob: Any) -> None:
    rate(ann, "keebble", 1900)
    assert "yours in Keebble is 1500" in said(take(bob, post_seek(ann, "keebble", band=300)))[0]
    rate(bob, "keebble", 1650)
    take(bob, Seek.objects.get())
    assert Game.objects.exists()


def test_taking_a_seat_needs_an_account(ann: Any, client: Any) -> None:
    seek = post_seek(ann)
    response = client.post(f"/seeks/{seek.pk}/take/")
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert not SeekSeat.objects.exists()
