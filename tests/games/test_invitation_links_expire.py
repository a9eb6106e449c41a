"""An invitation email's link works for sixty days: after that the page says the link is not valid and takes
nobody to the seat, whatever is posted to it."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from django.core import mail, signing

from tests.conftest import logged_in
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://[^/\s]+(/\S+/)")


def invited_days_ago(days: int, ann: Any, monkeypatch: Any, capture: Any) -> tuple[Game, str]:
    """ann invites bob, ``days`` days ago (the link is signed at that time); the game and the link's path."""
    with monkeypatch.context() as then:
        then.setattr(
            signing.TimestampSigner, "timestamp", lambda self: signing.b62_encode(int(time.time()) - days * 86400)
        )
        with capture(execute=True):
            game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=7)
    (sent,) = [m for m in mail.outbox if "invites you to play" in m.subject]
    return game, LINK.search(sent.body.split("open this", 1)[1]).group(1)  # type: ignore[union-attr]


def test_an_invitation_link_older_than_sixty_days_seats_nobody(
    ann: Any, bob: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = invited_days_ago(61, ann, monkeypatch, django_capture_on_commit_callbacks)
    page = logged_in(bob).get(link)
    assert page.status_code == 400 and "This invitation link is not valid." in page.content.decode()
    assert "Take the seat" not in page.content.decode()
    assert logged_in(bob).post(link, {"answer": "accept"}).status_code == 400
    seat = game.seats.get(position=1)
    assert seat.user is None and seat.invited_user == bob and not seat.declined


def test_an_invitation_link_of_fifty_nine_days_still_seats_the_invited_player(
    ann: Any, bob: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = invited_days_ago(59, ann, monkeypatch, django_capture_on_commit_callbacks)
    assert "Take the seat" in logged_in(bob).get(link).content.decode()
    assert logged_in(bob).post(link, {"answer": "accept"}).status_code == 302
    assert game.seats.get(position=1).user == bob
