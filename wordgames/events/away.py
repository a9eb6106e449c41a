"""An event's own limit on the days away a game may take, so that days away do not stall an event for ever.
Games ask through ``games.signals.time_away`` before a deadline moves for time away (games know nothing of
events); this answers for the games of events that have a limit.

A game's days away are counted as its deadlines are moved on for them: when a player goes away (their clock
running), or when a clock starts while its player is away. Coming back early gives the game back what was
granted and not taken. Once the game has had its limit, further days away do not stop its clocks."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from wordgames.games.models import Seat

from .models import EventGame

ZERO = timedelta(0)


def limit_time_away(sender: Any, shifts: dict[int, timedelta], now: datetime, **kwargs: Any) -> dict[int, timedelta]:
    """Receiver of ``time_away``: each asked change of the seats of limited event games, as the limit allows.
    Called inside the transaction that moves the deadlines; the event games' rows are locked, so two players of
    one game going away at once are counted one after the other."""
    games = dict(Seat.objects.filter(pk__in=list(shifts)).values_list("pk", "game_id"))
    rows = {
        row.game_id: row
        for row in EventGame.objects.select_for_update(of=("self",))
        .filter(game_id__in=set(games.values()), event__days_away_limit__isnull=False)
        .select_related("event")
    }
    if not rows:
        return {}
    answer: dict[int, timedelta] = {}
    for seat_id, delta in shifts.items():
        row = rows.get(games.get(seat_id, 0))
        if row is None:
            continue
        answer[seat_id] = (
            _grant(row, str(seat_id), delta, now) if delta > ZERO else _give_back(row, str(seat_id), -delta, now)
        )
    for row in rows.values():
        row.save(update_fields=["away_used", "away_grants"])
    return answer


def _grant(row: EventGame, seat: str, wanted: timedelta, now: datetime) -> timedelta:
    limit = timedelta(days=row.event.days_away_limit or 0)
    allowed = max(ZERO, min(wanted, limit - row.away_used))
    row.away_used += allowed
    row.away_grants[seat] = [now.isoformat(), allowed.total_seconds()]
    return allowed


def _give_back(row: EventGame, seat: str, left: timedelta, now: datetime) -> timedelta:
    """A player back early: the seat's deadline moves back by what its last grant gave and the time away has not
    yet used, never by more than the player's days not taken."""
    when, seconds = row.away_grants.get(seat, [None, 0.0])
    if when is None:
        return ZERO
    unused = timedelta(seconds=seconds) - (now - datetime.fromisoformat(when))
    back = max(ZERO, min(left, unused))
    row.away_used -= back
    row.away_grants[seat] = [when, (timedelta(seconds=seconds) - back).total_seconds()]
    return -back
