"""What a public profile shows, read in a fixed number of queries whatever the player's history: their ratings
with each one's recent history, their results, their games, and whom they meet. A seat shared as a team-mate
is the player's as much as its own player's: listed, and counted in the results and head to head (the kept
records count it so). Private games are never listed nor counted here: a profile tells nothing of them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django.contrib.auth.models import User
from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import Exists, F, Func, OuterRef, Prefetch, Q, QuerySet, Subquery

from wordgames.engines import get_engine
from wordgames.games.models import OpponentRecord, PlayerRecord, Seat
from wordgames.ratings.models import RatingChange
from wordgames.ratings.queries import is_provisional, ratings_of

from .plots import rating_plot

HISTORY = 50  # rating changes drawn per kind
IN_PROGRESS = 50  # running games listed (the newest)
FINISHED_PER_PAGE = 20
MOST_MET = 5


@dataclass
class Record:
    """Wins, draws and losses: of a player in a game kind, or against one opponent."""

    won: int = 0
    drawn: int = 0
    lost: int = 0
    title: str = ""
    opponent: Any = None
    together: int = 0  # against one opponent: the finished games where they held one seat together (team-mates)

    @property
    def games(self) -> int:
        return self.won + self.drawn + self.lost


def _held(user: User, start: int, stop: int, **where: Any) -> list[Seat]:
    """Newest first, the ``start``-th to ``stop``-th of the public games where ``user`` held a seat matching
    ``where`` (their own, or one they shared as a team-mate): those seats, with their games and players (two
    queries). The games are their own seats' newest read backwards through their index and cut at ``stop``, with
    their shared seats', few, read through the team-mates' index; the two joined by UNION (an OR across the
    team-mates' join would read every seat), the page cut from it, its seats read by their games."""
    public = Seat.objects.filter(game__private=False, **where).order_by()
    newest = public.filter(user=user).order_by("-game_id")
    if connection.features.supports_slicing_ordering_in_compound:
        own = newest.values("game_id")[:stop]
    else:  # SQLite: a member of a UNION may not be ordered or sliced, so it is wrapped in a query of its own
        own = Seat.objects.filter(pk__in=newest.values("pk")[:stop]).order_by().values("game_id")
    shared = public.filter(pk__in=Seat.partners.through.objects.filter(user=user).values("seat_id"))
    games = own.union(shared.values("game_id")).order_by("-game_id")[start:stop]
    theirs = Q(user=user) | Exists(Seat.partners.through.objects.filter(seat_id=OuterRef("pk"), user=user))
    seats = Seat.objects.filter(theirs, game_id__in=games, **where).order_by("-game_id", "position")
    return list(_with_players(seats))


class _Newest:
    """``user``'s seats matching ``where`` as a paginator reads them: a slice at a time, newest first."""

    def __init__(self, user: User, **where: Any) -> None:
        self.user, self.where = user, where

    def __getitem__(self, part: slice) -> list[Seat]:
        return _held(self.user, part.start or 0, part.stop, **self.where)


def ratings(user: User) -> list[dict[str, Any]]:
    """Each kind ``user`` is rated in: the rating, whether it is provisional, and its recent history's plot (one
    query, then one per rated kind: at most one per game kind)."""
    rows = []
    for rating in ratings_of(user):
        values = history_values(user, rating.kind)
        rows.append(
            {
                "kind": rating.kind,
                "title": get_engine(rating.kind).title,
                "value": rating.value,
                "games": rating.games,
                "provisional": is_provisional(rating),
                "plot": rating_plot(values),
            }
        )
    return rows


def history_values(user: User, kind: str, limit: int = HISTORY) -> list[int]:
    """The rating ``user`` had in ``kind`` before their ``limit`` latest rated games and after each, oldest first
    (the numbers alone: a plot needs no more, and 200 rows as models would cost the page 20 ms)."""
    changes = list(
        RatingChange.objects.filter(user_id=user.pk, kind=kind)
        .order_by("-created", "-pk")
        .values_list("value_before", "value_after")[:limit]
    )
    return [changes[-1][0], *(after for _, after in reversed(changes))] if changes else []


def results(user: User) -> list[Record]:
    """Wins, draws and losses per game kind, in finished public games (one query: the counts kept as games end,
    whatever the player's history)."""
    rows = (
        PlayerRecord.objects.filter(user_id=user.pk)
        .filter(Q(won__gt=0) | Q(drawn__gt=0) | Q(lost__gt=0))
        .order_by("engine")
    )
    return [Record(row.won, row.drawn, row.lost, title=get_engine(row.engine).title) for row in rows]


def head_to_head(user: User, opponent: User) -> Record:
    """``user``'s record against ``opponent`` in the finished public games where both played, and the number of
    those where they held one seat together, team-mates rather than opponents (one query: the kept record read
    by its key, and the count of the two's few shared seats read through the team-mates' index)."""
    kept = OpponentRecord.objects.filter(user_id=user.pk, opponent_id=opponent.pk)
    mates = Seat.partners.through.objects
    # A seat both held: shared by one and held by the other, or shared by both. Each counted once, by the row of
    # ``user``'s sharing or, when ``user`` held it, by ``opponent``'s.
    both = mates.filter(seat__place__isnull=False, seat__game__private=False).filter(
        Q(user_id=user.pk, seat__user_id=opponent.pk)
        | Q(user_id=user.pk) & Exists(mates.filter(seat_id=OuterRef("seat_id"), user_id=opponent.pk))
        | Q(user_id=opponent.pk, seat__user_id=user.pk)
    )
    together = both.order_by().values(n=Func(F("pk"), function="COUNT"))  # no GROUP BY: one row, their count
    row = (
        User.objects.filter(pk=opponent.pk)
        .values(
            won=Subquery(kept.values("won")),
            drawn=Subquery(kept.values("drawn")),
            lost=Subquery(kept.values("lost")),
            together=Subquery(together),
        )
        .get()
    )
    counts: dict[str, int] = {k: cast(int, v) or 0 for k, v in row.items()}  # no record kept: NULL
    return Record(counts["won"], counts["drawn"], counts["lost"], opponent=opponent, together=counts["together"])


def most_met(user: User, limit: int = MOST_MET) -> list[Record]:
    """The opponents ``user`` met most in finished public games, with the record against each (one query: the
    first rows of the player's part of the records' index)."""
    rows = (
        OpponentRecord.objects.filter(user_id=user.pk, met__gt=0)
        .select_related("opponent__profile")
        .order_by("-met", "opponent_id")[:limit]
    )
    return [Record(row.won, row.drawn, row.lost, opponent=row.opponent) for row in rows]


def _with_players(seats: QuerySet[Seat]) -> QuerySet[Seat]:
    players = Seat.objects.select_related("user__profile")
    return seats.select_related("game").defer("game__state").prefetch_related(Prefetch("game__seats", queryset=players))


def in_progress(user: User) -> list[Seat]:
    """``user``'s seats (their own and shared) in public games waiting for players or under way, newest first
    (two queries)."""
    return _Newest(user, live=True)[:IN_PROGRESS]


class _Counted(Paginator):
    """Pages of a list whose length is known already (the records' sum), so no query counts it."""

    def __init__(self, object_list: Any, per_page: int, count: int) -> None:
        super().__init__(object_list, per_page)
        self.known = count

    @property
    def count(self) -> int:
        return self.known


def finished(user: User, page: Any, kinds: list[Record] | None = None) -> Page[Seat]:
    """One page of ``user``'s seats (their own and shared) in finished public games, newest first (two queries:
    page, players; their number is the sum of their ``results`` per kind, read here unless given as ``kinds``).
    A seat has a place once its game is finished (an abandoned game's has none): the seats' index of finished
    games finds them."""
    games = sum(record.games for record in (kinds if kinds is not None else results(user)))
    return _Counted(_Newest(user, place__isnull=False), FINISHED_PER_PAGE, games).get_page(page)
