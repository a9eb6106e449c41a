"""Players taking the last seat of a seek at the same instant, over HTTP, on PostgreSQL with real threads: exactly
one game starts, with exactly one of them in it; the others are told the seek is no longer open, and nobody gets a
server error."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.db import connection, connections
from django.test import Client

from tests.conftest import make_user
from wordgames.games.models import Game, Seat
from wordgames.seeks.models import Seek, SeekSeat

from .conftest import post_seek, take

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _postgres_only() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL test; SQLite serialises whole transactions")


def take_at_once(seek: Seek, users: list[Any]) -> dict[str, tuple[int, str]]:
    """Each player presses "Take a seat" in their own browser (a test client in a thread of its own) at one
    instant: per player, the status code and where it sent them, or what it said."""
    barrier = threading.Barrier(len(users))
    outcomes: dict[str, tuple[int, str]] = {}
    lock = threading.Lock()

    def press(user: Any) -> None:
        client = Client(raise_request_exception=False)  # a server error is a 500, as a browser would see it
        client.force_login(user)
        try:
            barrier.wait()
            response = client.post(f"/seeks/{seek.pk}/take/", {"next": "/seeks/"})
            told = " ".join(str(m) for m in get_messages(response.wsgi_request))
        finally:
            connections.close_all()
        with lock:
            outcomes[user.username] = (response.status_code, response.get("Location", "") + " " + told)

    threads = [threading.Thread(target=press, args=(user,)) for user in users]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


@pytest.mark.parametrize("players", [2, 3])
def test_players_taking_the_last_seat_at_the_same_instant_start_exactly_one_game(players: int) -> None:
    creator = make_user("ann")
    seek = post_seek(creator, "lingo", players=players)
    early = [make_user(f"early{n}") for n in range(players - 2)]
    for user in early:
        take(user, seek)
    racers = [make_user(f"racer{n}") for n in range(8)]
    for _ in range(3):  # several rounds: a race that happens to run one after the other proves little
        outcomes = take_at_once(seek, racers)
        assert {code for code, _ in outcomes.values()} == {302}, outcomes
        assert Game.objects.count() == 1, outcomes
        game = Game.objects.get()
        winners = [name for name, (_, said) in outcomes.items() if said.startswith(f"/games/{game.pk}/")]
        losers = [said for _, said in outcomes.values() if "That seek is no longer open." in said]
        assert len(winners) == 1 and len(losers) == 7, outcomes
        seated = sorted(s.user.username for s in Seat.objects.filter(game=game))
        assert seated == sorted(["ann", *(u.username for u in early), winners[0]])
        assert SeekSeat.objects.filter(seek=seek).count() == players - 1
        seek.refresh_from_db()
        assert seek.state == Seek.State.STARTED and seek.game == game
        # Again with a fresh seek, from the same start.
        Seek.objects.filter(pk=seek.pk).delete()
        Game.objects.all().delete()
        seek = post_seek(creator, "lingo", players=players)
        for user in early:
            take(user, seek)
