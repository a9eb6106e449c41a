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

from wordgames.engines import engine_names, get_engine


class Seek(models.Model):
    class State(models.TextChoices):
        OPEN = "open", "open"
        STARTED = "started", "started"
        WITHDRAWN = "withdrawn", "withdrawn"
        EXPIRED = "expired", "expired"

    creator = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="seeks")
    kind = models.CharField(max_length=32, choices=[(name, name) for name in engine_names()])
    options = models.JSONField(default=dict, help_text="Every option, checked by the game's rules when posted.")
    players = models.PositiveSmallIntegerField(help_text="Seats in all, the creator's included.")
    rated = models.BooleanField(default=True)
    move_time = models.DurationField(default=timedelta(days=3))
    band = models.PositiveIntegerField(
        null=True, blank=True, help_text="Takers' ratings at most this far from the creator's; empty for anyone."
    )
    rating = models.IntegerField(help_text="The creator's rating in this game when they posted the seek.")
    created = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    state = models.CharField(max_length=16, choices=State.choices, default=State.OPEN)
    game = models.OneToOneField("games.Game", models.SET_NULL, null=True, blank=True, related_name="seek")

    class Meta:
        ordering = ["-created"]
        indexes = [
            # The expiry sweep reads the open seeks that are due, and nothing else.
            models.Index(fields=["expires_at"], condition=Q(state="open"), name="seek_due"),
            # The list: the open seeks, newest first.
            models.Index(fields=["kind", "-created"], condition=Q(state="open"), name="seek_open_by_kind"),
            models.Index(fields=["-created"], condition=Q(state="open"), name="seek_open"),
        ]

    def __str__(self) -> str:
        return f"{self.title} seek #{self.pk} by {self.creator}"

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

    seek = models.ForeignKey(Seek, models.CASCADE, related_name="seats")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="seek_seats")
    joined = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["joined", "id"]
        constraints = [models.UniqueConstraint(fields=["seek", "user"], name="seek_seat_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.seek}"


class SeekMail(models.Model):
    """A player who asked for the daily "new seeks" email: when the next one is due (the sweep reads only the
    due rows, by this index) and since when its seeks are new."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE, primary_key=True, related_name="seek_mail")
    next_due = models.DateTimeField(db_index=True)
    since = models.DateTimeField(help_text="Seeks posted after this are new in the next email.")

    def __str__(self) -> str:
        return f"New seeks for {self.user}, next at {self.next_due}"
