"""Rematch in one click: the same players and options, the seats turned one place, a fresh secret; the others
accept as for any invitation; the old game links to it, and asking twice gives the same rematch."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import logged_in
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db


def _over(ann: Any, bob: Any, cat: Any) -> Game:
    game = actions.create_game(ann, "lingo", {"preset": "pbem", "hex": True}, [bob.username, cat.username])
    for user in (bob, cat):
        actions.join_game(game.pk, user)
    actions.submit_move(game.pk, bob, "resign")
    actions.submit_move(game.pk, cat, "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    return game


def test_one_click_sets_up_the_same_game_with_the_seats_turned(ann: Any, bob: Any, cat: Any) -> None:
    old = _over(ann, bob, cat)
    assert "Rematch" in logged_in(cat).get(old.get_absolute_url()).content.decode()
    response = logged_in(cat).post(f"/games/{old.pk}/rematch/")
    old.refresh_from_db()
    new = old.rematch
    assert new is not None and response["Location"] == new.get_absolute_url()
    assert new.options == old.options and new.move_time == old.move_time
    assert new.secret and new.secret != old.secret
    seats = {s.position: (s.user or s.invited_user).username for s in new.seats.all()}
    assert seats == {0: "bob", 1: "cat", 2: "ann"}  # turned one place: bob moves first
    assert new.seats.get(position=1).user == cat  # the one who asked sits down; the others are invited
    assert new.status == Game.Status.OPEN
    for user in (ann, bob):
        actions.join_game(new.pk, user, seat_id=new.seats.get(invited_user=user).pk)
    new.refresh_from_db()
    assert new.status == Game.Status.ACTIVE
    assert f"game {new.pk}" in logged_in(ann).get(old.get_absolute_url()).content.decode()


def test_asking_twice_gives_the_same_rematch_and_strangers_cannot(ann: Any, bob: Any, cat: Any, dan: Any) -> None:
    old = _over(ann, bob, cat)
    first = actions.rematch(old.pk, ann)
    assert actions.rematch(old.pk, bob).pk == first.pk
    assert Game.objects.count() == 2
    with pytest.raises(actions.Refused):
        actions.rematch(Game.objects.create(engine="lingo", created_by=dan, status=Game.Status.FINISHED).pk, dan)


def test_no_rematch_while_the_game_runs(ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "lingo", {}, [bob.username])
    actions.join_game(game.pk, bob)
    with pytest.raises(actions.Refused, match="over"):
        actions.rematch(game.pk, ann)
