"""A seat belongs to its player: a team-mate shares it only when that seat's player invited them and they
accepted, until that player removes them, they leave, or a moderator puts another player in the seat; everyone in
the game sees who shares which seat; one person holds one seat in a game."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.urls import reverse

from tests.conftest import logged_in, make_user
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game, TeamInvitation
from wordgames.lib import live

pytestmark = pytest.mark.django_db


def _running(ann: Any, bob: Any) -> Game:
    game = actions.create_game(ann, "lingo", {"preset": "pbem"}, [bob.username], seed=7)  # hidden pools
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


def test_a_creator_cannot_name_a_team_mate_for_someone_elses_seat(ann: Any, bob: Any, dan: Any) -> None:
    with pytest.raises(actions.Refused, match="Only a seat's own player"):
        actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], partners={1: ["dan"]})
    response = logged_in(ann).post(
        "/games/new/",
        {"game": "lingo", "players": 2, "preset": "classic", "clock": "7d", "seat_2": "bob", "partners": "2: dan"},
    )
    assert response.status_code == 200 and "Only a seat" in response.content.decode()
    assert not Game.objects.exists()


def test_an_invited_team_mate_sees_and_does_nothing_until_they_accept(
    ann: Any, bob: Any, dan: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game = _running(ann, bob)
    assert logged_in(bob).post(f"/games/{game.pk}/team/", {"name": "dan"}).status_code == 302
    invitation = TeamInvitation.objects.get(user=dan)
    page = logged_in(dan).get(game.get_absolute_url()).content.decode()
    assert "asks you to share their seat" in page
    as_dan = logged_in(dan).get(f"/games/{game.pk}/state.json").json()["view"]
    assert as_dan == get_engine("lingo").view(game.state, None), "dan sees more than a spectator before accepting"
    best = get_engine("lingo").best_move(game.state, 0).move
    with pytest.raises(actions.Refused):
        actions.submit_move(game.pk, dan, best)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = logged_in(dan).post(f"/team-invitations/{invitation.pk}/", {"answer": "accept"})
    assert response.status_code == 302
    told = {m.to[0] for m in mail.outbox if "dan now shares bob's seat" in m.body}
    assert {"ann@example.com", "bob@example.com"} <= told
    assert (
        'shared with <a class="player" href="/players/dan/"><bdi>Dan</bdi></a>'
        in logged_in(ann).get(game.get_absolute_url()).content.decode()
    )


def test_a_declined_invitation_shares_nothing(ann: Any, bob: Any, dan: Any) -> None:
    game = _running(ann, bob)
    invitation = actions.invite_team_mate(game.pk, bob, "dan")
    actions.answer_team_invitation(invitation.pk, dan, accept=False)
    assert not game.seats.get(position=1).partners.exists() and not TeamInvitation.objects.exists()


def test_only_the_invited_player_can_answer(ann: Any, bob: Any, dan: Any, cat: Any) -> None:
    game = _running(ann, bob)
    invitation = actions.invite_team_mate(game.pk, bob, "dan")
    with pytest.raises(actions.Refused, match="not addressed to you"):
        actions.answer_team_invitation(invitation.pk, cat, accept=True)


def test_one_person_holds_one_seat(ann: Any, bob: Any, cat: Any) -> None:
    game = _running(ann, bob)
    with pytest.raises(actions.Refused, match="one seat per person"):
        actions.invite_team_mate(game.pk, bob, "ann")  # ann plays seat 1 already
    three = actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username, ""], seed=7)
    actions.join_game(three.pk, bob)
    invitation = actions.invite_team_mate(three.pk, bob, "cat")
    actions.answer_team_invitation(invitation.pk, cat, accept=True)
    with pytest.raises(actions.Refused, match="one seat per person"):
        actions.join_game(three.pk, cat)  # the open seat 3: cat already shares bob's


def _shared_with(game: Game, player: Any, mate: Any) -> None:
    invitation = actions.invite_team_mate(game.pk, player, mate.username)
    actions.answer_team_invitation(invitation.pk, mate, accept=True)


def _moves_as(user: Any, game: Game) -> Any:
    """``user`` posts the best move of seat 1 (whose turn it is) from the game page, as a browser would."""
    game.refresh_from_db()
    best = get_engine("lingo").best_move(game.state, 0).move
    return logged_in(user).post(
        f"/games/{game.pk}/move/", {"move": best, "version": game.version, "key": "k1"}, HTTP_ACCEPT="application/json"
    )


def test_a_seat_player_removes_a_team_mate_who_loses_the_seat_at_once(
    ann: Any, bob: Any, dan: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game = _running(ann, bob)
    _shared_with(game, ann, dan)
    assert logged_in(dan).get(f"/games/{game.pk}/state.json").json()["view"] == get_engine("lingo").view(game.state, 0)
    page = logged_in(ann).get(game.get_absolute_url()).content.decode()
    assert "Remove <bdi>Dan</bdi>" in page
    assert "Remove <bdi>Dan</bdi>" not in logged_in(bob).get(game.get_absolute_url()).content.decode()  # not bob's seat
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        response = logged_in(ann).post(f"/games/{game.pk}/team/remove/", {"mate": dan.pk})
    assert response.status_code == 302
    told = {m.to[0] for m in mail.outbox if "ann has removed dan from their seat" in m.body}
    assert told == {"ann@example.com", "bob@example.com"}
    as_dan = logged_in(dan).get(f"/games/{game.pk}/state.json").json()["view"]
    assert as_dan == get_engine("lingo").view(game.state, None), "dan still sees ann's hidden pool"
    refused = _moves_as(dan, game).json()
    assert not refused["ok"] and "not playing in this game" in refused["error"]
    assert not game.moves.exists()
    assert (
        'shared with <a class="player" href="/players/dan/"><bdi>Dan</bdi></a>'
        not in logged_in(bob).get(game.get_absolute_url()).content.decode()
    )


def test_only_the_seats_player_or_the_mate_removes_a_team_mate(ann: Any, bob: Any, dan: Any) -> None:
    game = _running(ann, bob)
    _shared_with(game, ann, dan)
    response = logged_in(bob).post(f"/games/{game.pk}/team/remove/", {"mate": dan.pk}, follow=True)
    assert "does not share your seat" in response.content.decode()
    assert game.seats.get(position=0).partners.get() == dan


def test_a_team_mate_leaves_on_their_own_and_may_be_asked_again(
    ann: Any, bob: Any, dan: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game = _running(ann, bob)
    _shared_with(game, ann, dan)
    assert "Leave this seat" in logged_in(dan).get(game.get_absolute_url()).content.decode()
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert logged_in(dan).post(f"/games/{game.pk}/team/remove/", {"mate": dan.pk})["Location"] == "/"
    assert {m.to[0] for m in mail.outbox if "dan has left ann's seat" in m.body} == {
        "ann@example.com",
        "bob@example.com",
    }
    assert not _moves_as(dan, game).json()["ok"]
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        _shared_with(game, ann, dan)  # a second sharing is news again
    assert {m.to[0] for m in mail.outbox if "dan now shares ann's seat" in m.body} == {
        "ann@example.com",
        "bob@example.com",
    }
    assert _moves_as(dan, game).json()["ok"]


def test_open_pages_of_the_game_show_a_team_mate_joining_and_leaving_and_a_move_form_opened_before_still_plays(
    ann: Any, bob: Any, dan: Any, django_capture_on_commit_callbacks: Any, monkeypatch: Any
) -> None:
    published: list[tuple[list[str], dict[str, Any]]] = []
    monkeypatch.setattr(live, "publish", lambda topics, data: published.append((topics, data)))
    game = _running(ann, bob)
    seen = game.version  # as bob's page and ann's move form were opened
    shared = 'shared with <a class="player" href="/players/dan/"><bdi>Dan</bdi></a>'
    assert logged_in(bob).get(f"/games/{game.pk}/live/?since={seen}").status_code == 204
    with django_capture_on_commit_callbacks(execute=True):
        _shared_with(game, ann, dan)
    game.refresh_from_db()
    topics, news = published[-1]
    assert news == {"game": game.pk, "version": game.version} and game.version != seen  # the pages ask again
    assert {f"game:{game.pk}", f"player:{dan.pk}"} <= set(topics)
    poll = logged_in(bob).get(f"/games/{game.pk}/live/?since={seen}")
    assert poll.status_code == 200 and shared in poll.content.decode()
    best = get_engine("lingo").best_move(game.state, 0).move
    played = logged_in(ann).post(
        f"/games/{game.pk}/move/", {"move": best, "version": seen, "key": "k0"}, HTTP_ACCEPT="application/json"
    )
    assert played.json()["ok"], "a move form opened before the team-mate joined is refused"
    game.refresh_from_db()
    seen = game.version
    with django_capture_on_commit_callbacks(execute=True):
        actions.remove_team_mate(game.pk, dan, dan.pk)  # dan leaves
    game.refresh_from_db()
    assert published[-1][1] == {"game": game.pk, "version": game.version} and game.version != seen
    assert f"player:{dan.pk}" in published[-1][0]  # his lobbies drop the game
    poll = logged_in(bob).get(f"/games/{game.pk}/live/?since={seen}")
    assert poll.status_code == 200 and shared not in poll.content.decode()


def test_a_seat_player_takes_back_an_unanswered_team_invitation(ann: Any, bob: Any, dan: Any) -> None:
    game = _running(ann, bob)
    invitation = actions.invite_team_mate(game.pk, ann, "dan")
    assert "Take back the invitation to <bdi>Dan</bdi>" in logged_in(ann).get(game.get_absolute_url()).content.decode()
    logged_in(ann).post(f"/games/{game.pk}/team/remove/", {"mate": dan.pk})
    with pytest.raises(actions.Refused, match="not addressed to you"):
        actions.answer_team_invitation(invitation.pk, dan, accept=True)


def test_a_new_player_put_in_a_seat_by_a_moderator_does_not_inherit_its_team_mates(
    admin_client: Any, ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    game = _running(ann, bob)
    _shared_with(game, ann, dan)
    actions.invite_team_mate(game.pk, ann, "cat")  # not answered yet
    url = reverse("admin:games_seat_changelist")
    admin_client.post(
        url,
        {
            "action": "replace_player",
            "_selected_action": [game.seats.get(position=0).pk],
            "confirm": "1",
            "reason": "ann left",
            "user": make_user("eve").pk,
        },
    )
    game.refresh_from_db()
    assert game.seats.get(position=0).user.username == "eve"
    as_dan = logged_in(dan).get(f"/games/{game.pk}/state.json").json()["view"]
    assert as_dan == get_engine("lingo").view(game.state, None), "ann's team-mate sees eve's hidden pool"
    assert not _moves_as(dan, game).json()["ok"]
    assert not game.moves.exists()
    page = logged_in(cat).get(game.get_absolute_url()).content.decode()
    assert "asks you to share their seat" not in page and not TeamInvitation.objects.exists()
    assert "team-mates who no longer share it: dan" in logged_in(bob).get(game.get_absolute_url()).content.decode()
