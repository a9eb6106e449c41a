"""An invitation field names one person: a list of addresses is refused naming it, an address that opted out is
refused in every form, and a player can create only so many games an hour. Nothing is sent when refused."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from tests.conftest import logged_in
from wordgames.games.models import Game, Seat
from wordgames.mail.models import EmailOptOut

pytestmark = pytest.mark.django_db


def create(user: Any, *seats: str) -> Any:
    form = {"game": "lingo", "players": 1 + len(seats), "preset": "classic", "clock": "7d"}
    form.update({f"seat_{n}": entry for n, entry in enumerate(seats, start=2)})
    return logged_in(user).post("/games/new/", form)


def test_a_list_of_addresses_in_one_field_is_refused_naming_it(ann: Any) -> None:
    response = create(ann, "a@example.org, b@example.org")
    assert response.status_code == 200
    page = response.content.decode()
    assert "a@example.org, b@example.org" in page and "more than one address" in page
    assert not Game.objects.exists() and not mail.outbox


@pytest.mark.parametrize(
    "entry",
    ["optedout@example.org", "OptedOut@Example.org", "Friend <optedout@example.org>", "optedout+games@example.org"],
)
def test_an_address_that_opted_out_is_refused_in_every_form(ann: Any, entry: str) -> None:
    EmailOptOut.objects.create(address="optedout@example.org")
    response = create(ann, entry)
    assert response.status_code == 200 and "asked this site not to send them email" in response.content.decode()
    assert not Game.objects.exists() and not mail.outbox


def test_a_named_address_invites_the_address_alone(ann: Any, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        assert create(ann, "Dan Smith <Dan@Example.org>").status_code == 302
    assert Seat.objects.get(position=1).invited_email == "dan@example.org"
    assert [m.to for m in mail.outbox] == [["dan@example.org"]]


def test_not_an_address_is_refused(ann: Any) -> None:
    response = create(ann, "dan@")
    assert response.status_code == 200 and "not an email address" in response.content.decode()


def test_a_player_creates_at_most_so_many_games_an_hour(ann: Any, settings: Any) -> None:
    settings.THROTTLE = {**settings.THROTTLE, "game": (3, 3600)}
    for _ in range(3):
        assert create(ann, "").status_code == 302
    response = create(ann, "")
    assert response.status_code == 200 and "created many games lately" in response.content.decode()
    assert Game.objects.count() == 3
