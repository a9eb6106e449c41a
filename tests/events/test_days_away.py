"""An event's own limit on the days away a game may take: days away stop an event game's clock only until the
game has had the event's limit; coming back early gives back what was not taken; a game outside any event (or
an event without a limit) keeps the player's days away in full."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from wordgames.engines import get_engine
from wordgames.events.models import EventGame
from wordgames.games import actions
from wordgames.games.models import Game, Seat

from .conftest import create_event, sign_up, start


def event_game(mod: Any, ann: Any, bob: Any, name: str, limit: int | str) -> Game:
    event = create_event(mod, name, "lingo", days_away_limit=limit)
    sign_up(ann, event)
    sign_up(bob, event)
    start(mod, event)
    game = EventGame.objects.get(event=event).game
    assert game is not None
    return game


def due(game: Game, user: Any) -> Any:
    return Seat.objects.get(game=game, user=user).due_at


@pytest.mark.django_db
def test_days_away_stop_an_event_games_clock_only_up_to_the_events_limit(mod: Any, ann: Any, bob: Any) -> None:
    limited = event_game(mod, ann, bob, "Two days away at most", 2)
    unlimited = event_game(mod, ann, bob, "As the players please", "")
    mover = limited.seats.get(position=0).user  # the first seat is to move in both: the entries' sign-up order
    assert unlimited.seats.get(position=0).user == mover
    before = {g.pk: due(g, mover) for g in (limited, unlimited)}
    now = timezone.now()

    actions.set_vacation(mover, 5, now=now)
    assert due(unlimited, mover) - before[unlimited.pk] == timedelta(days=5)
    assert due(limited, mover) - before[limited.pk] == timedelta(days=2), "the event's limit, not the five days"

    # Back after one day: each game gets back what it gave and the time away did not use.
    actions.end_vacation(mover, now=now + timedelta(days=1))
    assert due(unlimited, mover) - before[unlimited.pk] == timedelta(days=1)
    assert due(limited, mover) - before[limited.pk] == timedelta(days=1)

    # Away again for three days: the limited game has one day of its two left, then none.
    actions.set_vacation(mover, 3, now=now + timedelta(days=1, hours=1))
    assert due(unlimited, mover) - before[unlimited.pk] == timedelta(days=4)
    assert due(limited, mover) - before[limited.pk] == timedelta(days=2)
    actions.end_vacation(mover, now=now + timedelta(days=4))
    actions.set_vacation(mover, 2, now=now + timedelta(days=4, hours=2))
    assert due(unlimited, mover) - before[unlimited.pk] == timedelta(days=6, hours=-1)  # back an hour early
    assert due(limited, mover) - before[limited.pk] == timedelta(days=2), "the game has had its days away"
    assert EventGame.objects.get(game=limited).away_used == timedelta(days=2)


@pytest.mark.django_db
def test_a_clock_started_while_its_player_is_away_waits_no_longer_than_the_limit(mod: Any, ann: Any, bob: Any) -> None:
    game = event_game(mod, ann, bob, "One day away at most", 1)
    mover, other = game.seats.get(position=0).user, game.seats.get(position=1).user
    actions.set_vacation(other, 6)  # not their turn: no clock of theirs moves yet
    assert EventGame.objects.get(game=game).away_used == timedelta(0)
    best = get_engine("lingo").best_move(game.state, 0)  # type: ignore[attr-defined]
    actions.submit_move(game.pk, mover, best.move)
    waited = due(game, other) - timezone.now()
    assert timedelta(days=3, hours=23) < waited <= timedelta(days=4), "three days a move, and one of the six away"
    assert EventGame.objects.get(game=game).away_used == timedelta(days=1)
