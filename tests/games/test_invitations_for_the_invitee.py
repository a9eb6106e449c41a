"""An invitation seats only the person it was sent to: the invited account, or the account that has confirmed
the invited address. Holding the link or knowing the seat's number is not enough, and an address typed at sign-up
proves nothing until its link is opened. A newcomer who confirms the invited address finds the invitation in the
lobby at once; until then the lobby says what waits for the confirmation."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from tests.conftest import PASSWORD, logged_in
from wordgames.games import actions
from wordgames.games.models import Game, Seat

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://[^/\s]+(/\S+/)")


def _invite(ann: Any, entry: str, capture: Any) -> tuple[Game, str]:
    """ann invites ``entry``; the game and the path of the link in the invitation email."""
    with capture(execute=True):
        game = actions.create_game(ann, "lingo", {"preset": "classic"}, [entry], seed=7)
    (sent,) = [m for m in mail.outbox if "invites you to play" in m.subject]
    path = LINK.search(sent.body.split("open this", 1)[1]).group(1)  # type: ignore[union-attr]
    return game, path


def test_an_invitation_link_seats_only_the_invited_account(
    ann: Any, bob: Any, cat: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = _invite(ann, "bob", django_capture_on_commit_callbacks)
    seat = game.seats.get(position=1)
    page = logged_in(cat).get(link).content.decode()
    assert "sent to someone else: only they can take this seat" in page and "Take the seat" not in page
    for answer, refusal in (("accept", "sent to someone else"), ("decline", "not yours to decline")):
        response = logged_in(cat).post(link, {"answer": answer})
        assert response.status_code == 403 and refusal in response.content.decode()
    response = logged_in(cat).post(f"/invitations/{seat.pk}/", {"answer": "accept"}, follow=True)
    assert "not addressed to you" in response.content.decode()
    with pytest.raises(actions.Refused, match="sent to someone else"):
        actions.join_game(game.pk, cat, seat_id=seat.pk)  # every door, not only the pages
    seat.refresh_from_db()
    assert seat.user is None and seat.invited_user == bob and not seat.declined
    assert "Take the seat" in logged_in(bob).get(link).content.decode()
    assert logged_in(bob).post(link, {"answer": "accept"}).status_code == 302
    seat.refresh_from_db()
    assert seat.user == bob


def _sign_up(username: str, address: str) -> Client:
    client = Client()
    response = client.post(
        "/accounts/signup/", {"username": username, "email": address, "password1": PASSWORD, "password2": PASSWORD}
    )
    assert response.status_code == 302
    return client


def _confirmation_link(address: str) -> str:
    sent = [m for m in mail.outbox if m.to == [address] and "Confirm your email" in m.subject][-1]
    return re.search(r"https?://\S+(/accounts/email/confirm/\S+/)", sent.body).group(1)  # type: ignore[union-attr]


def test_an_address_typed_at_sign_up_seats_nobody_until_it_is_confirmed(
    ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = _invite(ann, "newcomer@example.org", django_capture_on_commit_callbacks)
    eve = _sign_up("eve", "newcomer@example.org")  # anyone may type anyone's address
    lobby = eve.get("/").content.decode()
    assert "Your email address is not confirmed yet" in lobby
    assert "we send you no email about your games" in lobby
    assert "invites you" not in lobby
    page = eve.get(link).content.decode()
    assert "your account has no confirmed address yet" in page and "Take the seat" not in page
    assert eve.post(link, {"answer": "accept"}).status_code == 403
    assert "not confirmed yet" in eve.get("/accounts/email/").content.decode()
    seat = game.seats.get(position=1)
    assert seat.user is None and seat.invited_email == "newcomer@example.org"

    nia = _sign_up("nia", "newcomer@example.org")  # the address's owner, who opens the link sent to it
    landing = nia.post(_confirmation_link("newcomer@example.org"), follow=True)
    lobby = landing.content.decode()
    assert landing.redirect_chain[-1][0] == "/"
    assert "Your email address is now newcomer@example.org" in lobby and "not confirmed yet" not in lobby
    assert "<bdi>Ann</bdi></a> invites you to" in lobby
    nia.post(f"/invitations/{seat.pk}/", {"answer": "accept"})
    seat.refresh_from_db()
    assert seat.user is not None and seat.user.username == "nia"
    assert Seat.objects.filter(user__username="eve").count() == 0
