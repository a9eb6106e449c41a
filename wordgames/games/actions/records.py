"""Players' records, kept: each player's wins, draws and losses per game kind (``PlayerRecord``) and against each
opponent (``OpponentRecord``), over their finished games that are not private. A profile reads these few rows
instead of counting every game the player ever finished.

A seat's result counts for everyone who holds it: its player and the team-mates who share it (``Seat.partners``),
each as if they had played it alone, against everyone holding another seat. One person holds one seat in a
game (practice games, with hints on, may seat one twice: each seat they hold counts, as a profile lists it).

A game's share of the records is worked out from its seats (who holds each, its outcome and place), before and
after a change, and the difference is added in the change's own transaction: where the seats' outcome and
place are written (``moves.set_clocks``: a game ends, however it ends, or a take-back reopens it), where a
finished game's seat changes hands (``moderation.replace_player``, its team-mates leaving with the old player)
and where a finished game becomes private or public (the admin). Team-mates join and leave only while a game
runs (``teams``), when it counts for nobody. The additions are single statements (``INSERT ... ON CONFLICT DO
UPDATE SET won = won + ...``), so two games of the same player ending at the same instant both count.
``recount`` works out every record from the games again (``manage.py check_records``)."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import connection
from django.db.models import Count, Exists, F, FilteredRelation, OuterRef, Q

from ..models import Game, OpponentRecord, PlayerRecord, Seat

OUTCOMES = ("won", "drawn", "lost")
SeatResult = tuple[tuple[int, ...], str, int | None]  # who holds a seat (player, then team-mates), outcome, place
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
    seat has a place) or when it is private. Everyone holding a seat (its player, its team-mates) gets its
    outcome; against everyone holding another seat, a better place is a win, a worse one a loss and the same
    place a draw."""
    found = Share()
    if game.private:
        return found
    placed = [(people, outcome, place) for people, outcome, place in seats if people and place is not None]
    everyone = [person for people, _outcome, _place in placed for person in people]
    # One seat per person (practice games may seat one twice), so nobody's game counts twice.
    assert len(set(everyone)) == len(everyone) or (game.options or {}).get("hints"), "a person holds two seats"
    for n, (people, outcome, place) in enumerate(placed):
        for user in people:
            if outcome in OUTCOMES:
                found.kinds[(user, game.engine)][OUTCOMES.index(outcome)] += 1
            for m, (others, _outcome, other_place) in enumerate(placed):
                for other in others:
                    if m != n and other != user:
                        pair = found.pairs[(user, other)]
                        pair[0 if place < other_place else 2 if place > other_place else 1] += 1
                        pair[3] += 1
    return found


def results_of(seats: Iterable[Seat]) -> list[SeatResult]:
    """Who holds each of ``seats`` (its player, then its team-mates), with its outcome and place (one query for
    the team-mates)."""
    seats = list(seats)
    mates: dict[int, list[int]] = defaultdict(list)
    sharing = Seat.partners.through.objects.filter(seat_id__in=[seat.pk for seat in seats]).order_by("user_id")
    for seat_id, user_id in sharing.values_list("seat_id", "user_id"):
        mates[seat_id].append(user_id)
    return [(_holders(seat.user_id, mates[seat.pk]), seat.outcome, seat.place) for seat in seats]


def now_placed(before: list[SeatResult], seats: Iterable[Seat]) -> list[SeatResult]:
    """``before`` (of ``seats``, in the same order) with the seats' outcome and place as they are now: the same
    people hold them (team-mates change only while a game runs), so no query."""
    return [(people, seat.outcome, seat.place) for (people, _o, _p), seat in zip(before, seats, strict=True)]


def _holders(player: int | None, mates: Iterable[int]) -> tuple[int, ...]:
    """A seat's people: its player (when it has one), then its team-mates, each once."""
    return tuple(dict.fromkeys([*([player] if player is not None else []), *mates]))


def held(game: Game) -> list[SeatResult]:
    """``game``'s seats as the records count them (two queries). Call with the game locked."""
    return results_of(game.seats.order_by("position"))


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


def privacy_changes(game: Game) -> None:
    """``game`` (in memory) is about to be saved with a new ``private``: a finished game leaves its players'
    records or comes back into them. Locks the game row; call inside the transaction that saves it."""
    was = Game.objects.select_for_update().values_list("private", flat=True).get(pk=game.pk)
    if was == game.private:
        return
    seats = held(game)
    was_game = Game(pk=game.pk, engine=game.engine, options=game.options, private=was)
    change = share(game, seats).minus(share(was_game, seats))
    if change:
        add(change)


def recount(users: Iterable[int] | None = None) -> tuple[Counts, Counts]:
    """The records worked out from the games (of ``users``, or everyone's): what the kept rows should hold, zero
    rows left out. The seats' players are counted by the database over every finished public seat of those
    players; then the few games with team-mates are read and counted as ``share`` does, adding what their
    team-mates change. For checking, not for pages."""
    wanted = None if users is None else set(users)
    kinds, pairs = _players_counted(wanted)
    for game, seats in _team_games(wanted):
        players_only = [
            (people[:1] if has_player else (), outcome, place) for people, outcome, place, has_player in seats
        ]
        extra = share(game, [seat[:3] for seat in seats]).minus(share(game, players_only))
        for counted, more, width in ((kinds, extra.kinds, 3), (pairs, extra.pairs, 4)):
            for key, values in more.items():
                if wanted is None or key[0] in wanted:
                    counted[key] = [a + b for a, b in zip(counted.get(key, [0] * width), values, strict=True)]
    return {k: v for k, v in kinds.items() if any(v)}, {k: v for k, v in pairs.items() if any(v)}


def _players_counted(users: set[int] | None) -> tuple[Counts, Counts]:
    """The records of ``users`` (or everyone's) counting each finished public seat's player only."""
    seats = Seat.objects.filter(place__isnull=False, user__isnull=False, game__private=False)
    if users is not None:
        seats = seats.filter(user_id__in=users)
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


TeamSeat = tuple[tuple[int, ...], str, int | None, bool]  # a SeatResult, and whether the seat has a player


def _team_games(users: set[int] | None) -> list[tuple[Game, list[TeamSeat]]]:
    """The finished public games with a team-mate where ``users`` (or anyone) held a seat, as its player or a
    team-mate, each with its seats (three queries)."""
    sharing = Seat.partners.through.objects.filter(seat__place__isnull=False, seat__game__private=False)
    if users is not None:
        teamed = Seat.partners.through.objects.filter(seat__game_id=OuterRef("game_id"))
        theirs = Seat.objects.filter(user_id__in=users, place__isnull=False, game__private=False).filter(Exists(teamed))
        sharing = sharing.filter(Q(user_id__in=users) | Q(seat__game_id__in=theirs.order_by().values("game_id")))
    seats = list(
        Seat.objects.filter(game_id__in=sharing.order_by().values("seat__game_id"))
        .select_related("game")
        .defer("game__state")
        .order_by("game_id", "position")
    )
    found: dict[int, tuple[Game, list[TeamSeat]]] = {}
    for seat, (people, outcome, place) in zip(seats, results_of(seats), strict=True):
        found.setdefault(seat.game_id, (seat.game, []))[1].append((people, outcome, place, seat.user_id is not None))
    return list(found.values())


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
