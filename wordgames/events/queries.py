"""Reading events: their games' results as the pure standings want them, in a fixed number of queries whatever
the number of players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from wordgames.games.models import Game, Move
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


def tables(event: Event) -> list[Table]:
    """Every table of the event, round by round, with its game's status and result (two queries)."""
    rows = list(
        EventGame.objects.filter(event=event).order_by("round", "table")
        .values_list("round", "table", "entries", "game_id", "game__status", "game__result")
    )  # fmt: skip
    resigned: dict[int, dict[int, int]] = {}
    if any(row[4] == Game.Status.FINISHED for row in rows):
        moves = Move.objects.filter(game__event_game__event=event, taken_back=False, text="resign")
        for game_id, seat, seq in moves.order_by("seq").values_list("game_id", "seat", "seq"):
            resigned.setdefault(game_id, {})[seat] = seq
    out = []
    for round_, table, entries, game_id, status, result in rows:
        scores = places = None
        if game_id is None:
            status = "bye"
        elif status == Game.Status.FINISHED and result:
            scores = [int(s) for s in result.get("scores") or [0] * len(entries)]
            places = [0] * len(entries)
            for positions, place in finishing_order(result, list(range(len(entries))), resigned.get(game_id, {})):
                for position in positions:
                    places[position] = place
        out.append(Table(round_, table, list(entries), game_id, status, scores, places))
    return out


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
