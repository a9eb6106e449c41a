"""Seeks: open challenges a player posts for strangers to take. A seek is its own row until its last seat is
taken; only then is a game created, with every player seated at once (so nobody slips into a half-filled game
through the games' join door)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from wordgames.engines import engine_names, get_engine


class Seek(models.Model):
    class State(models.TextChoices):
        OPEN = "open", pgettext_lazy("a seek's state", "open")
        STARTED = "started", pgettext_lazy("a seek's state", "started")
        WITHDRAWN = "withdrawn", pgettext_lazy("a seek's state", "withdrawn")
        EXPIRED = "expired", pgettext_lazy("a seek's state", "expired")

    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="seeks", verbose_name=gettext_lazy("creator")
    )
    kind = models.CharField(
        gettext_lazy("game"), max_length=32, choices=[(name, get_engine(name).title) for name in engine_names()]
    )
    options = models.JSONField(
        gettext_lazy("options"),
        default=dict,
        help_text=gettext_lazy("Every option, checked by the game's rules when posted."),
    )
    players = models.PositiveSmallIntegerField(
        gettext_lazy("players"), help_text=gettext_lazy("Seats in all, the creator's included.")
    )
    rated = models.BooleanField(gettext_lazy("rated"), default=True)
    move_time = models.DurationField(gettext_lazy("time per move"), default=timedelta(days=3))
    band = models.PositiveIntegerField(
        gettext_lazy("rating range"),
        null=True,
        blank=True,
        help_text=gettext_lazy("Takers' ratings at most this far from the creator's; empty for anyone."),
    )
    rating = models.IntegerField(
        gettext_lazy("creator's rating"),
        help_text=gettext_lazy("The creator's rating in this game when they posted the seek."),
    )
    created = models.DateTimeField(gettext_lazy("posted"), default=timezone.now)
    expires_at = models.DateTimeField(gettext_lazy("expires"))
    state = models.CharField(gettext_lazy("state"), max_length=16, choices=State.choices, default=State.OPEN)
    game = models.OneToOneField(
        "games.Game",
        models.SET_NULL,
        null=True,
        blank=True,
        related_name="seek",
        verbose_name=gettext_lazy("game started"),
    )

    class Meta:
        verbose_name = gettext_lazy("seek")
        verbose_name_plural = gettext_lazy("seeks")
        ordering = ["-created"]
        indexes = [
            # The expiry sweep reads the open seeks that are due, and nothing else.
            models.Index(fields=["expires_at"], condition=Q(state="open"), name="seek_due"),
            # The list: the open seeks, newest first.
            models.Index(fields=["kind", "-created"], condition=Q(state="open"), name="seek_open_by_kind"),
            models.Index(fields=["-created"], condition=Q(state="open"), name="seek_open"),
        ]

    def __str__(self) -> str:
        return _("%(game)s seek #%(number)s by %(creator)s") % {
            "game": self.title,
            "number": self.pk,
            "creator": self.creator,
        }

    @property
    def title(self) -> str:
        return get_engine(self.kind).title

    def get_absolute_url(self) -> str:
        return reverse("seek", args=[self.pk])

    @property
    def is_open(self) -> bool:
        return self.state == self.State.OPEN and self.expires_at > timezone.now()

    def range(self) -> tuple[int, int] | None:
        """The ratings a taker may have, or None for anyone."""
        return None if self.band is None else (self.rating - self.band, self.rating + self.band)


class SeekSeat(models.Model):
    """A player who took a seat in a seek that has not started yet (or that started with them)."""

    seek = models.ForeignKey(Seek, models.CASCADE, related_name="seats", verbose_name=gettext_lazy("seek"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="seek_seats", verbose_name=gettext_lazy("player")
    )
    joined = models.DateTimeField(gettext_lazy("joined"), default=timezone.now)

    class Meta:
        verbose_name = gettext_lazy("seat in a seek")
        verbose_name_plural = gettext_lazy("seats in seeks")
        ordering = ["joined", "id"]
        constraints = [models.UniqueConstraint(fields=["seek", "user"], name="seek_seat_once")]

    def __str__(self) -> str:
        return _("%(player)s in %(seek)s") % {"player": self.user, "seek": self.seek}


class SeekMail(models.Model):
    """A player who asked for the daily "new seeks" email: when the next one is due (the sweep reads only the
    due rows, by this index) and since when its seeks are new."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        models.CASCADE,
        primary_key=True,
        related_name="seek_mail",
        verbose_name=gettext_lazy("player"),
    )
    next_due = models.DateTimeField(gettext_lazy("next email"), db_index=True)
    since = models.DateTimeField(
        gettext_lazy("new since"), help_text=gettext_lazy("Seeks posted after this are new in the next email.")
    )

    class Meta:
        verbose_name = gettext_lazy("daily email of new seeks")
        verbose_name_plural = gettext_lazy("daily emails of new seeks")

    def __str__(self) -> str:
        return _("New seeks for %(player)s, next at %(when)s") % {
            "player": self.user,
            "when": date_format(timezone.localtime(self.next_due), "DATETIME_FORMAT"),
        }
