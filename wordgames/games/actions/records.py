"""Players' records, kept: each player's wins, draws and losses per game kind (``PlayerRecord``) and against each
opponent (``OpponentRecord``), over their finished games that are not private. A profile reads these few rows
instead of counting every game the player ever finished.

A game's share of the records is worked out from its seats (player, outcome, place), before and after a change,
and the difference is added in the change's own transaction: where the seats' outcome and place are written
(``moves.set_clocks``: a game ends, however it ends, or a take-back reopens it), where a finished game's seat
changes hands (``moderation.replace_player``) and where a finished game becomes private or public (the admin).
The additions are single statements (``INSERT ... ON CONFLICT DO UPDATE SET won = won + ...``), so two games of
the same player ending at the same instant both count. ``recount`` works out every record from the games again
(``manage.py check_records``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Count, F, FilteredRelation, Q

from ..models import Game, OpponentRecord, PlayerRecord, Seat

OUTCOMES = ("won", "drawn", "lost")
SeatResult = tuple[int | None, str, int | None]  # a seat's player (id), outcome and place
Counts = dict[tuple[int, Any], list[int]]  # by (user id, engine) or (user id, opponent id)


@dataclass
class Share:
    """What some games add to the records: {(user id, engine): [won, drawn, lost]} and
    {(user id, opponent id): [won, drawn, lost, met]}."""

    kinds: Counts = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0]))
    pairs: Counts = field(default_factory=lambda: defaultdict(lambda: [0, 0, 0, 0]))

    def minus(self, other: Share) -> Share:
        """This share less ``other``, keys that cancel out left out."""
        diff = Share()
        for mine, theirs, out, width in (
            (self.kinds, other.kinds, diff.kinds, 3),
            (self.pairs, other.pairs, diff.pairs, 4),
        ):
            for key in set(mine) | set(theirs):
                values = [a - b for a, b in zip(mine.get(key, [0] * width), theirs.get(key, [0] * width), strict=True)]
                if any(values):
                    out[key] = values
        return diff

    def __bool__(self) -> bool:
        return bool(self.kinds or self.pairs)


def share(game: Game, seats: Iterable[SeatResult]) -> Share:
    """What ``game`` adds to its players' records with its seats as given: nothing while it is not finished (no
    seat has a place) or when it is private. Against each other seat with a player, a better place is a win, a
    worse one a loss and the same place a draw."""
    found = Share()
    if game.private:
        return found
    placed = [(user, outcome, place) for user, outcome, place in seats if user is not None and place is not None]
    for user, outcome, place in placed:
        if outcome in OUTCOMES:
            found.kinds[(user, game.engine)][OUTCOMES.index(outcome)] += 1
        for other, _outcome, other_place in placed:
            if other != user:
                pair = found.pairs[(user, other)]
                pair[0 if place < other_place else 2 if place > other_place else 1] += 1
                pair[3] += 1
    return found


def results_of(seats: Iterable[Any]) -> list[SeatResult]:
    return [(seat.user_id, seat.outcome, seat.place) for seat in seats]


def add(change: Share) -> None:
    """Add ``change`` to the records (rows made as needed), one statement a table. Rows are written in key order,
    so two transactions adding to the same rows lock them in the same order and never wait for each other in a
    circle. Call inside the transaction of the change it counts."""
    kinds = sorted((user, engine, *values) for (user, engine), values in change.kinds.items())
    pairs = sorted((user, opponent, *values) for (user, opponent), values in change.pairs.items())
    _upsert(PlayerRecord, ("user_id", "engine"), ("won", "drawn", "lost"), kinds)
    _upsert(OpponentRecord, ("user_id", "opponent_id"), ("won", "drawn", "lost", "met"), pairs)


def _upsert(model: Any, keys: tuple[str, ...], counts: tuple[str, ...], rows: list[tuple[Any, ...]]) -> None:
    if not rows:
        return
    q = connection.ops.quote_name
    table = q(model._meta.db_table)
    columns = ", ".join(q(c) for c in (*keys, *counts))
    one = "(" + ", ".join(["%s"] * (len(keys) + len(counts))) + ")"
    sets = ", ".join(f"{q(c)} = {table}.{q(c)} + EXCLUDED.{q(c)}" for c in counts)
    sql = (
        f"INSERT INTO {table} ({columns}) VALUES {', '.join([one] * len(rows))} "
        f"ON CONFLICT ({', '.join(q(k) for k in keys)}) DO UPDATE SET {sets}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [value for row in rows for value in row])


def count_change(game: Game, before: Iterable[SeatResult], after: Iterable[SeatResult]) -> None:
    """Add to the records what ``game``'s seats changing from ``before`` to ``after`` changes. Call with the game
    locked."""
    change = share(game, after).minus(share(game, before))
    if change:
        add(change)


def seat_changes_hands(game: Game, seat: Seat, user_id: int | None) -> None:
    """A seat is about to pass to ``user_id``: in a finished game, its result moves to the new player's records
    (and the other players' records against them). Call with the game locked, before the seat is saved."""
    others = results_of(game.seats.exclude(pk=seat.pk))
    mine = results_of([seat])[0]
    count_change(game, [*others, mine], [*others, (user_id, mine[1], mine[2])])


def privacy_changes(game: Game) -> None:
    """``game`` (in memory) is about to be saved with a new ``private``: a finished game leaves its players'
    records or comes back into them. Locks the game row; call inside the transaction that saves it."""
    was = Game.objects.select_for_update().values_list("private", flat=True).get(pk=game.pk)
    if was == game.private:
        return
    seats = results_of(game.seats.all())
    change = share(game, seats).minus(share(Game(pk=game.pk, engine=game.engine, private=was), seats))
    if change:
        add(change)


def recount(users: Iterable[int] | None = None) -> tuple[Counts, Counts]:
    """The records worked out from the games (of ``users``, or everyone's): what the kept rows should hold, zero
    rows left out. Reads every finished public seat of those players: for checking, not for pages."""
    seats = Seat.objects.filter(place__isnull=False, user__isnull=False, game__private=False)
    if users is not None:
        seats = seats.filter(user_id__in=list(users))
    kinds: Counts = {}
    for row in (
        seats.values("user_id", "game__engine")
        .order_by()
        .annotate(**{o: Count("pk", filter=Q(outcome=o)) for o in OUTCOMES})
    ):
        values = [row[o] for o in OUTCOMES]
        if any(values):
            kinds[(row["user_id"], row["game__engine"])] = values
    against = seats.annotate(
        other=FilteredRelation("game__seats", condition=~Q(game__seats__user_id=F("user_id")))
    ).filter(other__user__isnull=False)
    tally = {
        "won": Count("pk", filter=Q(place__lt=F("other__place"))),
        "drawn": Count("pk", filter=Q(place=F("other__place"))),
        "lost": Count("pk", filter=Q(place__gt=F("other__place"))),
    }
    pairs: Counts = {}
    for row in against.values("user_id", "other__user").order_by().annotate(**tally):
        values = [row["won"], row["drawn"], row["lost"]]
        pairs[(row["user_id"], row["other__user"])] = [*values, sum(values)]
    return kinds, pairs


def kept(users: Iterable[int] | None = None) -> tuple[Counts, Counts]:
    """The records as kept (of ``users``, or everyone's), zero rows left out."""
    players, opponents = PlayerRecord.objects.all(), OpponentRecord.objects.all()
    if users is not None:
        players, opponents = players.filter(user_id__in=list(users)), opponents.filter(user_id__in=list(users))
    kinds = {
        (u, e): [w, d, lo]
        for u, e, w, d, lo in players.values_list("user_id", "engine", "won", "drawn", "lost")
        if w or d or lo
    }
    pairs = {
        (u, o): [w, d, lo, m]
        for u, o, w, d, lo, m in opponents.values_list("user_id", "opponent_id", "won", "drawn", "lost", "met")
        if w or d or lo or m
    }
    return kinds, pairs


def put_right(users: list[int]) -> None:
    """Write ``users``' records as the games say (their rows replaced). Call inside a transaction; their games'
    ends counted at the same time are not lost only if nothing ends meanwhile (run it on a quiet site)."""
    kinds, pairs = recount(users)
    PlayerRecord.objects.filter(user_id__in=users).delete()
    OpponentRecord.objects.filter(user_id__in=users).delete()
    PlayerRecord.objects.bulk_create(
        PlayerRecord(user_id=u, engine=e, won=w, drawn=d, lost=lo) for (u, e), (w, d, lo) in kinds.items()
    )
    OpponentRecord.objects.bulk_create(
        OpponentRecord(user_id=u, opponent_id=o, won=w, drawn=d, lost=lo, met=m)
        for (u, o), (w, d, lo, m) in pairs.items()
    )
