"""An invitation email's link works for sixty days: after that the page says plainly that the invitation has
expired and what to do (ask the game's creator for a new one; the game's page while it still waits for players),
and takes nobody to the seat, whatever is posted to it. A link not made here (forged, altered, cut short) is
"not valid", and changes nothing either."""

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
EXPIRED = "This invitation has expired"
ASK = "Ask the game's creator for a new invitation."
NOT_VALID = "This invitation link is not valid."


def invited_days_ago(days: int, ann: Any, monkeypatch: Any, capture: Any, **options: Any) -> tuple[Game, str]:
    """ann invites bob, ``days`` days ago (the link is signed at that time); the game and the link's path."""
    with monkeypatch.context() as then:
        then.setattr(
            signing.TimestampSigner, "timestamp", lambda self: signing.b62_encode(int(time.time()) - days * 86400)
        )
        with capture(execute=True):
            game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=7, **options)
    (sent,) = [m for m in mail.outbox if "invites you to play" in m.subject]
    return game, LINK.search(sent.body.split("open this", 1)[1]).group(1)  # type: ignore[union-attr]


def altered(token: str) -> str:
    """The token with its first letter changed (the seat or game it names is no longer what was signed)."""
    return ("x" if token[0] != "x" else "y") + token[1:]


def nobody_seated(game: Game, bob: Any) -> None:
    seat = game.seats.get(position=1)
    assert seat.user is None and seat.invited_user == bob and not seat.declined
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN


def test_an_invitation_link_older_than_sixty_days_says_the_invitation_expired_and_seats_nobody(
    ann: Any, bob: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = invited_days_ago(61, ann, monkeypatch, django_capture_on_commit_callbacks)
    page = logged_in(bob).get(link)
    text = page.content.decode()
    assert page.status_code == 410
    assert EXPIRED in text and "works for 60 days" in text and ASK in text and NOT_VALID not in text
    assert "still waiting for players" in text and f'href="{game.get_absolute_url()}"' in text
    assert "Take the seat" not in text
    for answer in ("accept", "decline"):
        posted = logged_in(bob).post(link, {"answer": answer})
        assert posted.status_code == 410 and EXPIRED in posted.content.decode()
    nobody_seated(game, bob)


def test_an_expired_link_to_a_game_that_no_longer_waits_offers_no_game_page(
    ann: Any, bob: Any, cat: Any, admin_user: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = invited_days_ago(61, ann, monkeypatch, django_capture_on_commit_callbacks)
    actions.end_game(game.pk, admin_user, "nobody came", abandon=True)
    text = logged_in(bob).get(link).content.decode()
    assert EXPIRED in text and ASK in text and "still waiting for players" not in text


def test_an_expired_link_to_a_private_game_shows_its_page_only_to_those_who_may_see_it(
    ann: Any, bob: Any, cat: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = invited_days_ago(61, ann, monkeypatch, django_capture_on_commit_callbacks, private=True)
    assert f'href="{game.get_absolute_url()}"' in logged_in(bob).get(link).content.decode()
    page = logged_in(cat).get(link)  # a forwarded link: cat was not invited
    assert page.status_code == 410 and EXPIRED in page.content.decode()
    assert f'href="{game.get_absolute_url()}"' not in page.content.decode()


@pytest.mark.parametrize("spoil", ["altered", "cut short", "another salt", "garbage"])
def test_a_forged_invitation_link_is_not_valid_and_seats_nobody(
    spoil: str, ann: Any, bob: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = invited_days_ago(1, ann, monkeypatch, django_capture_on_commit_callbacks)
    token = link.rstrip("/").rsplit("/", 1)[1]
    forged = {
        "altered": altered(token),
        "cut short": token[:-5],
        "another salt": signing.dumps({"seat": game.seats.get(position=1).pk, "game": game.pk}, salt="other"),
        "garbage": "not-a-token",
    }[spoil]
    path = link.replace(token, forged)
    page = logged_in(bob).get(path)
    assert page.status_code == 400 and NOT_VALID in page.content.decode() and EXPIRED not in page.content.decode()
    assert logged_in(bob).post(path, {"answer": "accept"}).status_code == 400
    assert logged_in(bob).post(path, {"answer": "decline"}).status_code == 400
    nobody_seated(game, bob)


def test_a_forged_link_signed_long_ago_is_still_not_valid_rather_than_expired(
    ann: Any, bob: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = invited_days_ago(61, ann, monkeypatch, django_capture_on_commit_callbacks)
    token = link.rstrip("/").rsplit("/", 1)[1]
    page = logged_in(bob).get(link.replace(token, altered(token)))
    assert page.status_code == 400 and NOT_VALID in page.content.decode() and EXPIRED not in page.content.decode()
    nobody_seated(game, bob)


def test_an_invitation_link_of_fifty_nine_days_still_seats_the_invited_player(
    ann: Any, bob: Any, monkeypatch: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, link = invited_days_ago(59, ann, monkeypatch, django_capture_on_commit_callbacks)
    assert "Take the seat" in logged_in(bob).get(link).content.decode()
    assert logged_in(bob).post(link, {"answer": "accept"}).status_code == 302
    assert game.seats.get(position=1).user == bob
