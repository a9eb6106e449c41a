"""Players pressing "Sign up" for an event's last place at the same instant, over HTTP, on PostgreSQL with real
threads: exactly one gets it, the others are told the event is full, and nobody gets a server error."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.db import connection, connections
from django.test import Client

from tests.conftest import make_user
from wordgames.events.models import Entry, Event

from .conftest import create_event, sign_up

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL test; SQLite serialises whole transactions")


def sign_up_at_once(event: Event, users: list[Any]) -> dict[str, tuple[int, str]]:
    barrier = threading.Barrier(len(users))
    outcomes: dict[str, tuple[int, str]] = {}
    lock = threading.Lock()

    def press(user: Any) -> None:
        client = Client(raise_request_exception=False)
        client.force_login(user)
        try:
            barrier.wait()
            response = client.post(f"/events/{event.pk}/join/")
            told = " ".join(str(m) for m in get_messages(response.wsgi_request))
        finally:
            connections.close_all()
        with lock:
            outcomes[user.username] = (response.status_code, told)

    threads = [threading.Thread(target=press, args=(user,)) for user in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def test_the_last_place_of_an_event_is_taken_once(mod: Any, ann: Any, bob: Any) -> None:
    event = create_event(mod, "Small Lingo", "lingo", max_players=3)
    sign_up(ann, event)
    sign_up(bob, event)
    racers = [make_user(f"racer{n}") for n in range(6)]
    outcomes = sign_up_at_once(event, racers)
    assert {status for status, _ in outcomes.values()} == {302}
    got = [name for name, (_, told) in outcomes.items() if "You are signed up" in told]
    assert len(got) == 1
    assert all(
        "This event is full: all 3 places are taken." in told for name, (_, told) in outcomes.items() if name not in got
    )
    assert Entry.objects.filter(event=event, withdrawn=False).count() == 3
