"""Reading seeks: which a player may see (never a seek of someone they block or who blocks them), the list's
filters, whether a rating is inside a seek's band, and how a seek's options and clock read."""

from __future__ import annotations

import zoneinfo
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from django.conf import settings
from django.db.models import Count, Exists, F, OuterRef, Prefetch, Q, QuerySet, Subquery, Value
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy, ngettext, pgettext
from django.utils.translation import gettext as _

from wordgames.accounts.models import Block, Follow, profile_for
from wordgames.accounts.relations import hidden_from
from wordgames.engines import get_engine
from wordgames.games.engine_texts import engine_text, shown_value
from wordgames.lib.lists import comma_list
from wordgames.ratings.models import BASE, Rating

from .models import Seek, SeekSeat

# Time per move in the list's filter: (label, more than, at most).
TIMES: dict[str, tuple[Any, timedelta | None, timedelta | None]] = {
    "day": (gettext_lazy("a day or less"), None, timedelta(days=1)),
    "days": (gettext_lazy("2 or 3 days"), timedelta(days=1), timedelta(days=3)),
    "week": (gettext_lazy("4 to 7 days"), timedelta(days=3), timedelta(days=7)),
    "long": (gettext_lazy("more than 7 days"), timedelta(days=7), None),
}


def open_seeks(user: Any = None, now: datetime | None = None, *, takers: bool = True) -> QuerySet[Seek]:
    """The seeks still open, with their creator (and their takers, unless ``takers`` is False), in one query
    (two with the takers): for a logged-in ``user``, without those of anyone blocked either way (as creator or
    as taker), and marked with what the list shows that reader: whether they follow its creator (``followed``),
    sit in it (``seated``), and their rating in its game (``my_rating``). ``taken``: its seats taken."""
    seeks = (
        Seek.objects.filter(state=Seek.State.OPEN, expires_at__gt=now or timezone.now())
        .select_related("creator")
        .annotate(
            taken=Coalesce(
                Subquery(
                    SeekSeat.objects.filter(seek=OuterRef("pk"))
                    .order_by()
                    .values("seek")
                    .annotate(n=Count("pk"))
                    .values("n")
                ),
                0,
            )
        )
    )
    if takers:
        seeks = seeks.prefetch_related(Prefetch("seats", queryset=SeekSeat.objects.select_related("user")))
    me = user.pk if user is not None and getattr(user, "is_authenticated", False) else None
    if me is None:
        return seeks
    # relations.hidden_from, asked inside the same statement: the lobby pays one query for its seeks.
    blocked_creator = Block.objects.filter(
        Q(blocker_id=me, blocked_id=OuterRef("creator_id")) | Q(blocked_id=me, blocker_id=OuterRef("creator_id"))
    )
    blocked_taker = Block.objects.filter(
        Q(blocker_id=me, blocked__seek_seats__seek=OuterRef("pk"))
        | Q(blocked_id=me, blocker__seek_seats__seek=OuterRef("pk"))
    )
    # ratings.queries.value_of, likewise: the rating's value, 1500 where the player has none in that game.
    rating = Rating.objects.filter(user_id=me, kind=OuterRef("kind")).values("value")[:1]
    return (
        seeks.exclude(Exists(blocked_creator))
        .exclude(Exists(blocked_taker))
        .annotate(
            followed=Exists(Follow.objects.filter(follower_id=me, followed_id=OuterRef("creator_id"))),
            seated=Exists(SeekSeat.objects.filter(seek=OuterRef("pk"), user_id=me)),
            my_rating=Coalesce(Subquery(rating), Value(BASE)),
        )
    )


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


def fitting(seeks: QuerySet[Seek]) -> QuerySet[Seek]:
    """The seeks whose band lets their reader in (``open_seeks`` for a logged-in reader)."""
    return seeks.filter(
        Q(band__isnull=True) | Q(my_rating__gte=F("rating") - F("band"), my_rating__lte=F("rating") + F("band"))
    )


def followed_first(seeks: QuerySet[Seek]) -> QuerySet[Seek]:
    """The seeks of players the reader follows before the others, each group newest first."""
    if "followed" not in seeks.query.annotations:
        return seeks.order_by("-created", "-id")
    return seeks.order_by("-followed", "-created", "-id")


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
    """What ``user`` sees of each seek (loaded for them by ``open_seeks``): whether it is theirs, whether they
    sit in it, whether their rating is inside its band. No query."""
    me = user.pk if user is not None and getattr(user, "is_authenticated", False) else None
    shown = []
    for seek in seeks:
        loaded = "seats" in getattr(seek, "_prefetched_objects_cache", {})
        takers = [seat.user for seat in seek.seats.all()] if loaded else []
        rating = getattr(seek, "my_rating", None)
        shown.append(
            Row(
                seek=seek,
                takers=takers,
                followed=bool(getattr(seek, "followed", False)),
                mine=me is not None and seek.creator_id == me,
                seated=bool(getattr(seek, "seated", False)),
                fits=rating is None or band_fits(seek, rating),
                free=seek.players - 1 - getattr(seek, "taken", 0),
                options=describe(seek.kind, seek.options),
                clock=clock_text(seek.move_time),
            )
        )
    return shown


def _mid_sentence(label: str) -> str:
    """An option's label inside a list ("pool size 5"): its capital dropped, except in German, whose nouns keep
    theirs."""
    return label if (get_language() or "").startswith("de") else label[:1].lower() + label[1:]


def describe(kind: str, options: dict[str, Any]) -> str:
    """A seek's options in a few words: its preset, then what differs from the preset (or the defaults)."""
    engine = get_engine(kind)
    preset = options.get("preset")
    base = _baseline(kind, preset if isinstance(preset, str) else None)
    labels = {option.name: engine_text(option.label) for option in engine.options}
    parts = [pgettext("a seek's options", "preset %(preset)s") % {"preset": preset}] if preset else []
    for name, value in options.items():
        if name == "preset" or base.get(name) == value:
            continue
        shown = shown_value(value)
        if len(shown) > 40:  # a house word list, say: its name is enough
            shown = shown[:37] + "..."
        parts.append(
            pgettext("a seek's option and its value", "%(option)s %(value)s")
            % {"option": _mid_sentence(labels.get(name, name)), "value": shown}
        )
    return comma_list(parts) or _("standard rules")


@lru_cache(maxsize=64)
def _baseline(kind: str, preset: str | None) -> dict[str, Any]:
    return get_engine(kind).validate_options({"preset": preset} if preset else {})


def clock_text(move_time: timedelta) -> str:
    """``3 days``, ``12 hours``: the time per move as players say it."""
    hours = round(move_time.total_seconds() / 3600)
    if hours % 24 == 0:
        days = hours // 24
        return ngettext("%(count)d day", "%(count)d days", days) % {"count": days}
    return ngettext("%(count)d hour", "%(count)d hours", hours) % {"count": hours}


def new_for(user: Any, since: datetime, now: datetime) -> list[Seek]:
    """The seeks posted since ``since`` that ``user`` may take now: open, not their own nor one they sit in,
    nobody blocked either way, their rating inside the band. For the daily email."""
    seeks = open_seeks(user, now).filter(created__gt=since, created__lte=now).exclude(creator=user)
    seeks = seeks.exclude(seats__user=user)
    return list(fitting(seeks).order_by("kind", "-created"))


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
