"""Reading seeks: which a player may see (never a seek of someone they block or who blocks them), the list's
filters, whether a rating is inside a seek's band, and how a seek's options and clock read."""

from __future__ import annotations

import zoneinfo
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.db.models import Case, F, IntegerField, Prefetch, Q, QuerySet, Value, When
from django.utils import timezone

from wordgames.accounts.models import profile_for
from wordgames.accounts.relations import followed_ids, hidden_from
from wordgames.engines import engine_names, get_engine
from wordgames.ratings.queries import value_of

from .models import Seek, SeekSeat

# Time per move in the list's filter: (label, more than, at most).
TIMES: dict[str, tuple[str, timedelta | None, timedelta | None]] = {
    "day": ("a day or less", None, timedelta(days=1)),
    "days": ("2 or 3 days", timedelta(days=1), timedelta(days=3)),
    "week": ("4 to 7 days", timedelta(days=3), timedelta(days=7)),
    "long": ("more than 7 days", timedelta(days=7), None),
}


def open_seeks(user: Any = None, now: datetime | None = None) -> QuerySet[Seek]:
    """The seeks still open, with their creator and takers; for a logged-in ``user``, without those of anyone
    blocked either way (as creator or as taker)."""
    seeks = (Seek.objects.filter(state=Seek.State.OPEN, expires_at__gt=now or timezone.now())
             .select_related("creator")
             .prefetch_related(Prefetch("seats", queryset=SeekSeat.objects.select_related("user"))))  # fmt: skip
    hidden = hidden_from(user) if user is not None and getattr(user, "is_authenticated", False) else set()
    if hidden:
        seeks = seeks.exclude(creator_id__in=hidden).exclude(seats__user_id__in=hidden)
    return seeks


def due(now: datetime) -> QuerySet[Seek]:
    """The open seeks whose time is up (read by their partial index, ``seek_due``)."""
    return Seek.objects.filter(state=Seek.State.OPEN, expires_at__lte=now)


def visible_seek(pk: int, user: Any) -> Seek | None:
    """One seek as ``user`` may see it (any state), or None: it does not exist, or a block hides it."""
    seek = Seek.objects.select_related("creator", "game").filter(pk=pk).first()
    if seek is None:
        return None
    hidden = hidden_from(user) if getattr(user, "is_authenticated", False) else set()
    if hidden and (seek.creator_id in hidden or seek.seats.filter(user_id__in=hidden).exists()):
        return None
    return seek


def band_fits(seek: Seek, rating: int) -> bool:
    return seek.band is None or abs(rating - seek.rating) <= seek.band


def fitting(seeks: QuerySet[Seek], ratings: dict[str, int]) -> QuerySet[Seek]:
    """The seeks whose band lets in a player with these ratings (per game kind)."""
    room = Q(band__isnull=True)
    for kind, rating in ratings.items():
        room |= Q(kind=kind, low__lte=rating, high__gte=rating)
    return seeks.annotate(low=F("rating") - F("band"), high=F("rating") + F("band")).filter(room)


def ratings_of(user: Any, kinds: list[str] | None = None) -> dict[str, int]:
    """The player's rating in each game kind (1500 where they have none)."""
    return {kind: value_of(user, kind) for kind in kinds or engine_names()}


def followed_first(seeks: QuerySet[Seek], user: Any) -> QuerySet[Seek]:
    """The seeks of players ``user`` follows before the others, each group newest first."""
    followed = followed_ids(user) if getattr(user, "is_authenticated", False) else set()
    if not followed:
        return seeks.annotate(followed=Value(0, output_field=IntegerField())).order_by("-created", "-id")
    return seeks.annotate(followed=Case(When(creator_id__in=followed, then=Value(1)), default=Value(0),
                                        output_field=IntegerField())).order_by("-followed", "-created", "-id")  # fmt: skip


@dataclass
class Filters:
    """What the list is narrowed to; empty for "any"."""

    kind: str = ""
    players: int | None = None
    rated: bool | None = None
    time: str = ""
    options: dict[str, Any] = field(default_factory=dict)

    def apply(self, seeks: QuerySet[Seek]) -> QuerySet[Seek]:
        if self.kind:
            seeks = seeks.filter(kind=self.kind)
        if self.players is not None:
            seeks = seeks.filter(players=self.players)
        if self.rated is not None:
            seeks = seeks.filter(rated=self.rated)
        if self.time in TIMES:
            _, above, at_most = TIMES[self.time]
            if above is not None:
                seeks = seeks.filter(move_time__gt=above)
            if at_most is not None:
                seeks = seeks.filter(move_time__lte=at_most)
        for name, value in self.options.items():
            seeks = seeks.filter(**{f"options__{name}": value})
        return seeks


@dataclass
class Row:
    """A seek as the list shows it to one reader."""

    seek: Seek
    takers: list[Any]
    followed: bool = False
    mine: bool = False
    seated: bool = False
    fits: bool = True
    free: int = 0
    options: str = ""
    clock: str = ""


def rows(seeks: list[Seek], user: Any) -> list[Row]:
    """What the reader sees of each seek: whether it is theirs, whether they sit in it, whether their rating is
    inside its band; the seeks having been loaded with their takers (``open_seeks``)."""
    me = user.pk if getattr(user, "is_authenticated", False) else None
    ratings = ratings_of(user, sorted({s.kind for s in seeks})) if me is not None and seeks else {}
    shown = []
    for seek in seeks:
        takers = [seat.user for seat in seek.seats.all()]
        shown.append(Row(
            seek=seek, takers=takers, followed=bool(getattr(seek, "followed", 0)), mine=seek.creator_id == me,
            seated=any(t.pk == me for t in takers), fits=me is None or band_fits(seek, ratings[seek.kind]),
            free=seek.players - 1 - len(takers), options=describe(seek.kind, seek.options),
            clock=clock_text(seek.move_time),
        ))  # fmt: skip
    return shown


def describe(kind: str, options: dict[str, Any]) -> str:
    """A seek's options in a few words: its preset, then what differs from the preset (or the defaults)."""
    engine = get_engine(kind)
    preset = options.get("preset")
    base = _baseline(kind, preset if isinstance(preset, str) else None)
    labels = {option.name: option.label for option in engine.options}
    parts = [f"preset {preset}"] if preset else []
    for name, value in options.items():
        if name == "preset" or base.get(name) == value:
            continue
        shown = "yes" if value is True else "no" if value is False else "none" if value in ("", None) else str(value)
        if len(shown) > 40:  # a house word list, say: its name is enough
            shown = shown[:37] + "..."
        parts.append(f"{labels.get(name, name).lower()} {shown}")
    return ", ".join(parts) or "standard rules"


@lru_cache(maxsize=64)
def _baseline(kind: str, preset: str | None) -> dict[str, Any]:
    return get_engine(kind).validate_options({"preset": preset} if preset else {})


def clock_text(move_time: timedelta) -> str:
    """``3 days``, ``12 hours``: the time per move as players say it."""
    hours = round(move_time.total_seconds() / 3600)
    if hours % 24 == 0:
        days = hours // 24
        return f"{days} day{'s' if days != 1 else ''}"
    return f"{hours} hour{'s' if hours != 1 else ''}"


def new_for(user: Any, since: datetime, now: datetime) -> list[Seek]:
    """The seeks posted since ``since`` that ``user`` may take now: open, not their own nor one they sit in,
    nobody blocked either way, their rating inside the band. For the daily email."""
    seeks = open_seeks(user, now).filter(created__gt=since, created__lte=now).exclude(creator=user)
    seeks = seeks.exclude(seats__user=user)
    return list(fitting(seeks, ratings_of(user)).order_by("kind", "-created"))


def next_send(user: Any, after: datetime) -> datetime:
    """The next time, after ``after``, that the player's digest hour comes round in their time zone."""
    profile = profile_for(user)
    try:
        zone = zoneinfo.ZoneInfo(profile.time_zone)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        zone = zoneinfo.ZoneInfo(settings.TIME_ZONE)
    local = after.astimezone(zone)
    due = local.replace(hour=profile.digest_hour, minute=0, second=0, microsecond=0)
    while due <= local:
        due = (due + timedelta(days=1)).replace(hour=profile.digest_hour)
    return due
