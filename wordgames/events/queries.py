"""Reading events: their games' results as the pure standings want them, in a fixed number of queries whatever
the number of players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.utils import timezone

from wordgames.games.models import Game, Move, Seat
from wordgames.ratings.update import standings as finishing_order

from .models import Entry, Event, EventGame
from .pairing import Result

OVER = (Game.Status.FINISHED, Game.Status.ABANDONED)


@dataclass
class Table:
    """One table of a round as the page and the emails show it."""

    round: int
    table: int
    entries: list[int]
    game_id: int | None
    status: str  # the game's status, "bye" for a bye
    scores: list[int] | None
    places: list[int] | None
    season: int = 0
    division: int = 0


def tables(event: Event) -> list[Table]:
    """Every table of the event, round by round, with its game's status and result (two queries)."""
    return tables_of(event)


def tables_of(event: Event, ids: list[int] | None = None) -> list[Table]:
    """The event's tables (those of ``ids`` only, if given), with their games' status and result."""
    rows_query = EventGame.objects.filter(event=event)
    if ids is not None:
        rows_query = rows_query.filter(pk__in=ids)
    rows = list(
        rows_query.order_by("season", "round", "table").values_list(
            "season", "division", "round", "table", "entries", "game_id", "game__status", "game__result"
        )
    )
    resigned: dict[int, dict[int, int]] = {}
    if any(row[6] == Game.Status.FINISHED for row in rows):
        moves = Move.objects.filter(game__event_game__event=event, taken_back=False, text="resign")
        if ids is not None:
            moves = moves.filter(game__event_game__in=ids)
        for game_id, seat, seq in moves.order_by("seq").values_list("game_id", "seat", "seq"):
            resigned.setdefault(game_id, {})[seat] = seq
    out = []
    for season, division, round_, table, entries, game_id, status, result in rows:
        scores = places = None
        if game_id is None:
            status = "bye"
        elif status == Game.Status.FINISHED and result:
            scores = [int(s) for s in result.get("scores") or [0] * len(entries)]
            places = [0] * len(entries)
            for positions, place in finishing_order(result, list(range(len(entries))), resigned.get(game_id, {})):
                for position in positions:
                    places[position] = place
        out.append(Table(round_, table, list(entries), game_id, status, scores, places, season, division))
    return out


def substitutes(event: Event, rows: list[Table], entries: dict[int, Entry]) -> dict[tuple[int, int], Any]:
    """The seats a moderator gave to another player: (game id, position) -> the player now seated, who plays
    on for the entry seated there (one query, and a second only when there is one)."""
    by_game = {row.game_id: row.entries for row in rows if row.game_id}
    seats = Seat.objects.filter(game__event_game__event=event).values_list("game_id", "position", "user_id")
    moved: dict[tuple[int, int], int] = {}
    for game_id, position, user_id in seats:
        seated = by_game.get(game_id)
        if seated and position < len(seated) and user_id and entries[seated[position]].user_id != user_id:
            moved[(game_id, position)] = user_id
    if not moved:
        return {}
    users = {u.pk: u for u in User.objects.filter(pk__in=set(moved.values())).select_related("profile")}
    return {key: users[user_id] for key, user_id in moved.items()}


def results(rows: list[Table], *, byes: bool = True) -> list[Result]:
    """The finished games (and a Swiss event's byes: a game of one) as results for pairing and standings; a game
    still running or abandoned counts for nothing. A round-robin's byes count for nothing either: everyone
    sits out as often."""
    out = []
    for row in rows:
        if row.status == "bye":
            if not byes:
                continue
            out.append(Result((row.entries[0],), (1,), (0,)))
        elif row.places is not None and row.scores is not None:
            out.append(Result(tuple(row.entries), tuple(row.places), tuple(row.scores)))
    return out


def entries(event: Event) -> list[Entry]:
    return list(Entry.objects.filter(event=event).select_related("user__profile").order_by("created", "id"))


def due(now: Any = None) -> QuerySet[Event]:
    """The events in sign-up whose start has come (read by the index on the start time)."""
    return Event.objects.filter(status=Event.Status.SIGNUP, starts_at__lte=now or timezone.now()).order_by("starts_at")


def listed() -> QuerySet[Event]:
    return Event.objects.exclude(status=Event.Status.CANCELLED).order_by("-starts_at", "-id")
