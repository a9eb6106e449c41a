"""Pages that do not grow with history (issue 33 item 2): the lobby, "next game", a profile and a game page cost the
same SQL statements for a player with 10 finished games as for one with 10,000 (built in bulk), and still show
the right counts and the newest games."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.conftest import logged_in
from tests.games.conftest import start_game
from tests.games.test_lobby_sees_every_game import finished_games, my_turn_rows

PAGES = ("lobby", "next game", "profile", "profile, page 3", "game page")


def statements(client: Client, path: str) -> tuple[int, Any]:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(path)
    assert response.status_code in (200, 302)
    return len(queries), response


def costs(player: Any, other: Any, finished: int) -> dict[str, int]:
    """What each page costs ``player`` (and ``other``, who reads the player's profile) once the player has
    ``finished`` games behind them, all against ``other``."""
    waiting = start_game(player, other, {"preset": "classic"}, seed=7)  # the player to move
    games = finished_games(player, other, finished)
    mine, theirs = logged_in(player), logged_in(other)
    profile = f"/players/{player.username}/"
    urls = {
        "lobby": "/",
        "next game": "/next/",
        "profile": profile,
        "profile, page 3": profile + "?page=3",
        "game page": waiting.get_absolute_url(),
    }
    seen = {}
    for page_name in PAGES:
        count, response = statements(theirs if page_name.startswith("profile") else mine, urls[page_name])
        seen[page_name] = count
        page = response.content.decode() if response.status_code == 200 else ""
        if page_name == "lobby":
            assert my_turn_rows(page) == [waiting.get_absolute_url()]
        elif page_name == "next game":
            assert response["Location"] == waiting.get_absolute_url()
        elif page_name == "profile":
            assert f"against you: {finished} won" in page
            assert games[-1].get_absolute_url() in page  # the newest finished game is on the first page
    return seen


def test_the_lobby_next_game_profiles_and_the_game_page_cost_the_same_with_10_or_10000_finished_games(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    few = costs(ann, bob, 10)
    many = costs(cat, dan, 10_000)
    assert many == few
