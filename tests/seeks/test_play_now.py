"""Quick pairing: "Play now" takes the seat of the compatible seek (the same game, two players, rated, not one's
own, nobody blocked, one's rating inside its band) whose creator's rating is closest; with none, it posts one
with the game's default options, two players, rated, three days a move."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from tests.conftest import logged_in, make_user
from wordgames.engines import get_engine
from wordgames.games.models import Game
from wordgames.seeks.models import Seek

from .conftest import post_seek, rate, said

pytestmark = pytest.mark.django_db


def play_now(user: Any, kind: str) -> Any:
    return logged_in(user).post("/seeks/play/", {"game": kind, "next": "/"}, follow=True)


def test_play_now_joins_the_compatible_seek_closest_in_rating(ann: Any, bob: Any, cat: Any, dan: Any) -> None:
    rate(ann, "lingo", 1700)
    eve, fay, gus, hal = (make_user(name) for name in ("eve", "fay", "gus", "hal"))
    for user, rating in ((bob, 1500), (cat, 1760), (dan, 1690), (eve, 1700), (fay, 1705), (gus, 1702), (hal, 1650)):
        rate(user, "lingo", rating)
    post_seek(bob, "lingo")
    post_seek(cat, "lingo")
    closest = post_seek(dan, "lingo", band=100)  # 10 away, and ann is inside its band
    post_seek(eve, "lingo", rated=False)  # as close as can be, but not rated
    post_seek(fay, "lingo", players=3)  # not two players
    post_seek(gus, "keebble")  # another game
    narrow = post_seek(hal, "lingo", band=100)
    Seek.objects.filter(pk=narrow.pk).update(rating=1695, band=2)  # closer, but ann is outside its band
    response = play_now(ann, "lingo")
    game = Game.objects.get()
    assert response.redirect_chain[-1][0] == f"/games/{game.pk}/" and "You are paired" in said(response)[0]
    assert {s.user for s in game.seats.all()} == {ann, dan} and game.rated
    closest.refresh_from_db()
    assert closest.game == game and not Seek.objects.filter(creator=ann).exists()


def test_play_now_with_nothing_to_join_posts_a_seek_with_the_defaults_and_keeps_it(ann: Any, bob: Any) -> None:
    own = post_seek(ann, "lingo")
    response = play_now(ann, "keebble")
    seek = Seek.objects.get(kind="keebble")
    assert "your seek is posted" in said(response)[0]
    assert (seek.creator, seek.players, seek.rated, seek.move_time, seek.band) == (
        ann,
        2,
        True,
        timedelta(days=3),
        None,
    )
    assert seek.options == get_engine("keebble").validate_options({})
    assert play_now(ann, "keebble").redirect_chain[-1][0] == f"/seeks/{seek.pk}/"
    assert Seek.objects.filter(kind="keebble").count() == 1, "pressing again keeps the seek already waiting"
    lingo = play_now(ann, "lingo")  # one's own seek is never joined: it is the one waiting
    assert lingo.redirect_chain[-1][0] == f"/seeks/{own.pk}/" and Seek.objects.filter(kind="lingo").count() == 1
    play_now(bob, "keebble")
    seek.refresh_from_db()
    assert {s.user for s in seek.game.seats.all()} == {ann, bob}, "the next player pressing Play now is paired"


def test_play_now_on_lingo_posts_its_default_preset(ann: Any) -> None:
    play_now(ann, "lingo")
    assert Seek.objects.get().options["preset"] == "classic"
