"""A block is honoured at every door of the web, whichever of the two players made it (issue 28 item 6): no
joining a game where either blocks the other, no invitation (by name, by address, a rematch, a team-mate),
and no writing in the chat of a game where one's blocker plays. Every refusal says only that the seat or the
player is not available, never that there is a block, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from tests.conftest import logged_in
from wordgames.games import actions
from wordgames.games.models import ChatMessage, Game, Seat, TeamInvitation

pytestmark = pytest.mark.django_db

NEW_GAME = {"game": "lingo", "players": 2, "preset": "classic", "clock": "7d"}


def block(blocker: Any, blocked: Any) -> None:
    """The profile page's Block button."""
    response = logged_in(blocker).post(f"/players/{blocked.username}/relation/", {"action": "block"})
    assert response.status_code == 302


def said(response: Any) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


def refused_quietly(text: str) -> bool:
    """A refusal that does not tell of a block."""
    return "block" not in text.lower()


# Each door is tried both ways: ann (in the game, or inviting) blocks bob, and bob blocks ann.
BOTH_WAYS = pytest.mark.parametrize("ann_blocks", [True, False], ids=["ann blocks bob", "bob blocks ann"])


def blocked(ann: Any, bob: Any, ann_blocks: bool) -> None:
    block(ann, bob) if ann_blocks else block(bob, ann)


def open_game(creator: Any) -> Game:
    response = logged_in(creator).post("/games/new/", {**NEW_GAME, "seat_2": ""})
    assert response.status_code == 302
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


@BOTH_WAYS
def test_no_seat_in_a_game_where_either_blocks_the_other(ann: Any, bob: Any, cat: Any, ann_blocks: bool) -> None:
    game = open_game(ann)
    blocked(ann, bob, ann_blocks)
    bob_web = logged_in(bob)
    assert f"/games/{game.pk}/" not in bob_web.get("/").content.decode()  # the lobby offers him no seat in it
    response = bob_web.post(f"/games/{game.pk}/join/")
    assert said(response) == "That seat is not available."
    assert game.seats.get(position=1).user is None
    assert f"/games/{game.pk}/" in logged_in(cat).get("/").content.decode()  # the seat is there for others
    logged_in(cat).post(f"/games/{game.pk}/join/")
    assert game.seats.get(position=1).user == cat


@BOTH_WAYS
@pytest.mark.parametrize("invitee", ["bob", "bob@example.com", "Bob <BOB@example.com>"])
def test_no_invitation_by_name_or_address(ann: Any, bob: Any, ann_blocks: bool, invitee: str) -> None:
    blocked(ann, bob, ann_blocks)
    response = logged_in(ann).post("/games/new/", {**NEW_GAME, "seat_2": invitee})
    page = response.content.decode()
    named = "bob" if invitee == "bob" else "bob@example.com"
    assert response.status_code == 200 and f"{named} is not available for a game." in page
    assert refused_quietly(page) and not Game.objects.exists()


@BOTH_WAYS
def test_an_invitation_sent_before_the_block_seats_nobody_after_it(ann: Any, bob: Any, ann_blocks: bool) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"])
    seat = game.seats.get(invited_user=bob)
    blocked(ann, bob, ann_blocks)
    response = logged_in(bob).post(f"/invitations/{seat.pk}/", {"answer": "accept"})
    assert said(response) == "That seat is not available."
    seat.refresh_from_db()
    assert seat.user is None and seat.invited_user == bob


@BOTH_WAYS
def test_no_rematch_invites_a_player_blocked_either_way(ann: Any, bob: Any, ann_blocks: bool) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"])
    actions.join_game(game.pk, bob)
    actions.submit_move(game.pk, bob, "resign")
    blocked(ann, bob, ann_blocks)
    response = logged_in(ann).post(f"/games/{game.pk}/rematch/")
    assert said(response) == "bob is not available for a game."
    assert Game.objects.count() == 1


@BOTH_WAYS
def test_no_team_mate_blocked_either_way_by_anyone_in_the_game(ann: Any, bob: Any, cat: Any, ann_blocks: bool) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["cat"])
    actions.join_game(game.pk, cat)
    blocked(ann, bob, ann_blocks)
    for inviter in (ann, cat):  # ann's own team-mate, or cat's while ann plays the game
        response = logged_in(inviter).post(f"/games/{game.pk}/team/", {"name": "bob"})
        assert said(response) == "bob is not available for a game."
    assert not TeamInvitation.objects.exists()
    response = logged_in(ann).post("/games/new/", {**NEW_GAME, "seat_2": "cat", "partners": "1: bob"})
    assert "bob is not available for a game." in response.content.decode() and Game.objects.count() == 1


def test_a_team_invitation_accepted_after_a_block_shares_nothing(ann: Any, bob: Any, cat: Any) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["cat"])
    actions.join_game(game.pk, cat)
    invitation = actions.invite_team_mate(game.pk, cat, "bob")
    block(ann, bob)  # ann plays in the game bob would share a seat of
    response = logged_in(bob).post(f"/team-invitations/{invitation.pk}/", {"answer": "accept"})
    assert said(response) == "That seat is not available."
    assert not Seat.partners.through.objects.exists() and TeamInvitation.objects.filter(pk=invitation.pk).exists()


@BOTH_WAYS
def test_a_blocked_player_cannot_write_in_the_chat_of_a_game_the_blocker_plays(
    ann: Any, bob: Any, ann_blocks: bool
) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"])
    actions.join_game(game.pk, bob)  # they met before the block: the game goes on
    blocker, blocked_one = (ann, bob) if ann_blocks else (bob, ann)
    block(blocker, blocked_one)
    response = logged_in(blocked_one).post(f"/games/{game.pk}/chat/", {"text": "hello?"})
    assert said(response) == "This game's chat is not available to you."
    assert not ChatMessage.objects.exists()
    logged_in(blocker).post(f"/games/{game.pk}/chat/", {"text": "good game"})  # the blocker still may
    assert ChatMessage.objects.get().user == blocker


def test_the_buttons_are_posts_with_the_csrf_token(ann: Any, bob: Any) -> None:
    strict = Client(enforce_csrf_checks=True)
    strict.force_login(ann)
    assert strict.post(f"/players/{bob.username}/relation/", {"action": "block"}).status_code == 403
    assert logged_in(ann).get(f"/players/{bob.username}/relation/").status_code == 405
    page = strict.get(f"/players/{bob.username}/").content.decode()
    assert 'name="csrfmiddlewaretoken"' in page and 'value="block"' in page
    assert not ann.blocks.exists()
