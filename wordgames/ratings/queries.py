"""Reading ratings: a player's number in a kind, whether it is provisional, their ratings and history, what a game
changed, and the leaderboards. Other rooms (seeks, players' pages) read ratings through here."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from wordgames.accounts.models import Profile
from wordgames.engines import engine_names

from .models import BASE, COMPUTER_SIGMA, PROVISIONAL_SIGMA, Rating, RatingChange, computer_mu, shown

PAGE_SIZE = 50
ACTIVE_DAYS = 90  # a leaderboard lists the players who finished a rated game of its kind this recently


def level_of(user: Any) -> str:
    """The computer level of ``user``, "" for a person (the profile loaded with the user, or one query)."""
    cached = getattr(getattr(user, "_state", None), "fields_cache", {}).get("profile")
    if cached is not None:
        return str(cached.computer)
    return Profile.objects.filter(user_id=user.pk).values_list("computer", flat=True).first() or ""


def anchor(user: Any, kind: str, level: str) -> Rating:
    """A computer player's fixed rating in ``kind`` (not stored: no game changes it)."""
    mu = computer_mu(level)
    return Rating(user=user, kind=kind, mu=mu, sigma=COMPUTER_SIGMA, value=shown(mu), games=0)


def value_of(user: Any, kind: str) -> int:
    """The rating ``user`` shows in ``kind``: 1500 before their first rated game of it, a computer's anchor."""
    value = Rating.objects.filter(user_id=user.pk, kind=kind).values_list("value", flat=True).first()
    if value is not None:
        return value
    level = level_of(user)
    return shown(computer_mu(level)) if level else BASE


def is_provisional(rating: Rating) -> bool:
    """Too few rated games, or still too uncertain, to mean much yet: shown with a "?", kept off leaderboards.
    A computer's anchor (never stored) is never provisional."""
    if rating.pk is None and rating.sigma == COMPUTER_SIGMA:
        return False
    return rating.games < settings.RATING_PROVISIONAL_GAMES or rating.sigma > PROVISIONAL_SIGMA


def provisional_after(change: RatingChange) -> bool:
    """Whether the rating a game left was provisional (``is_provisional`` then); a computer's never is."""
    return change.games > 0 and (
        change.games < settings.RATING_PROVISIONAL_GAMES or change.sigma_after > PROVISIONAL_SIGMA
    )


def provisional_before(change: RatingChange) -> bool:
    """Whether the rating a game started from was provisional (a first game's always is)."""
    return change.games > 0 and (
        change.games - 1 < settings.RATING_PROVISIONAL_GAMES or change.sigma_before > PROVISIONAL_SIGMA
    )


def ratings_of(user: Any) -> list[Rating]:
    """``user``'s ratings, one per kind they played rated games of, in kind order. A computer player has its
    anchor in every kind."""
    level = level_of(user)
    if level:
        return [anchor(user, kind, level) for kind in engine_names()]
    return list(Rating.objects.filter(user_id=user.pk).order_by("kind"))


def history(user: Any, kind: str, limit: int = 100) -> list[RatingChange]:
    """The changes the ``limit`` latest rated games of ``kind`` made to ``user``'s rating, oldest first."""
    newest = RatingChange.objects.filter(user_id=user.pk, kind=kind).order_by("-created", "-pk")[:limit]
    return list(reversed(newest))


def changes_in(game: Any) -> list[RatingChange]:
    """What a rated game did to each player's rating (their profile loaded), in seat order."""
    return list(RatingChange.objects.filter(game_id=game.pk).select_related("user__profile").order_by("pk"))


Cursor = tuple[int, int]  # a row's place in a leaderboard's order: (value, user id)


@dataclass
class Board:
    """One page of a kind's leaderboard: ``rows`` are ratings, each with its place (``rank``). The cursors are
    where the next and the previous page begin (``cursor_text``), for links that find them in the index."""

    kind: str
    page: int
    rows: list[Rating] = field(default_factory=list)
    has_next: bool = False
    has_previous: bool = False

    @property
    def next_cursor(self) -> str:
        return cursor_text(self.rows[-1]) if self.rows else ""

    @property
    def previous_cursor(self) -> str:
        return cursor_text(self.rows[0]) if self.rows else ""


def cursor_text(rating: Rating) -> str:
    return f"{rating.value}_{rating.user_id}"


def parse_cursor(text: str) -> Cursor | None:
    """``1523_42`` -> (1523, 42); None for anything else."""
    value, _, user = text.partition("_")
    try:
        return int(value), int(user)
    except ValueError:
        return None


def leaderboard(
    kind: str, page: int = 1, *, after: Cursor | None = None, before: Cursor | None = None, now: datetime | None = None
) -> Board:
    """Page ``page`` (from 1) of the established players of ``kind`` who finished a rated game of it in the last
    ``ACTIVE_DAYS`` days, best first (equal ratings in user order): people only (computers anchor the scale,
    they are not ranked), never a suspended or closed account.

    One query, whatever the page: no count (a page reads one row more to know whether another follows). A page
    reached from the one before or after it (``after``/``before``: the neighbour's last or first row) starts
    there in the ``rating_board`` index and reads about fifty rows, however deep; a page asked for by number
    alone skips the rows before it (OFFSET), which grows with the page."""
    now = now or timezone.now()
    page = max(1, page)
    if page == 1:  # the top is where the index begins: no neighbour needed (nor trusted)
        after = before = None
    ranked = (
        Rating.objects.filter(
            kind=kind,
            games__gte=settings.RATING_PROVISIONAL_GAMES,
            sigma__lte=PROVISIONAL_SIGMA,
            last_played__gte=now - timedelta(days=ACTIVE_DAYS),
            user__is_active=True,
        )
        .exclude(user__profile__suspended=True)
        .exclude(user__profile__computer__gt="")
        .select_related("user__profile")
    )
    if before is not None:  # the page above: read upwards from its neighbour's first row, then turn it round
        value, user_id = before
        above = ranked.filter(Q(value__gt=value) | Q(value=value, user_id__lt=user_id), value__gte=value)
        rows = list(above.order_by("value", "-user_id")[: PAGE_SIZE + 1])
        board = Board(kind, page, rows[:PAGE_SIZE][::-1], has_next=True, has_previous=len(rows) > PAGE_SIZE)
        first = page * PAGE_SIZE - len(board.rows) + 1
    else:
        ordered = ranked.order_by("-value", "user_id")
        if after is not None:  # the page below: read on from its neighbour's last row
            value, user_id = after
            rows = list(
                ordered.filter(Q(value__lt=value) | Q(value=value, user_id__gt=user_id), value__lte=value)[
                    : PAGE_SIZE + 1
                ]
            )
        else:
            start = (page - 1) * PAGE_SIZE
            rows = list(ordered[start : start + PAGE_SIZE + 1])
        board = Board(kind, page, rows[:PAGE_SIZE], has_next=len(rows) > PAGE_SIZE, has_previous=page > 1)
        first = (page - 1) * PAGE_SIZE + 1
    for number, row in enumerate(board.rows, start=first):
        row.rank = number  # type: ignore[attr-defined]
    return board
