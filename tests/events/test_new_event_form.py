"""The new-event form offers the chosen game's options as the new-game form does (board, dictionary,
variants), the time per move, the days away limit and each format's own fields."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from tests.conftest import logged_in
from wordgames.events.models import Event

from .conftest import create_event


@pytest.mark.django_db
def test_the_form_shows_the_chosen_games_options_and_the_event_keeps_them(mod: Any) -> None:
    page = logged_in(mod).get("/events/new/?kind=keebble").content.decode()
    assert "The options of Keebble" in page
    for field in (
        'name="opt_board"',
        'name="opt_supercells"',
        'name="opt_dictionary"',
        'name="clock"',
        'name="days_away_limit"',
        'name="division_size"',
        'name="reach"',
    ):
        assert field in page
    assert 'name="opt_pool"' not in page, "Lingo's options are not Keebble's"
    event = create_event(
        mod, "Big boards", "keebble", opt_board="16x8", opt_supercells="true", clock="7d", days_away_limit=10
    )
    assert event.options["board"] == "16x8" and event.options["supercells"] is True
    assert event.move_time == timedelta(days=7) and event.days_away_limit == 10
    lingo = create_event(mod, "Hex pools", "lingo", preset="pbem", opt_hex="true", opt_pool=6)
    assert (lingo.options["preset"], lingo.options["hex"], lingo.options["pool"]) == ("pbem", True, 6)


@pytest.mark.django_db
def test_an_option_the_game_refuses_is_told_and_nothing_is_created(mod: Any) -> None:
    response = logged_in(mod).post(
        "/events/new/",
        {
            "name": "Practice",
            "kind": "lingo",
            "format": "round_robin",
            "table_size": 2,
            "clock": "3d",
            "max_players": 8,
            "opt_hints": "true",
            "signup_deadline": "2099-01-01T10:00",
            "starts_at": "2099-01-02T10:00",
        },
    )
    assert response.status_code == 200
    assert "A practice game (with hints) cannot be an event&#x27;s game." in response.content.decode()
    assert not Event.objects.exists()
