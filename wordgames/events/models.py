"""Events: a tournament (round-robin or Swiss) of one game kind, its entries and its games."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone

from wordgames.engines import engine_names, get_engine


class Event(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", "round-robin"
        SWISS = "swiss", "Swiss"

    class Status(models.TextChoices):
        SIGNUP = "signup", "open for sign-up"
        RUNNING = "running", "under way"
        FINISHED = "finished", "finished"
        CANCELLED = "cancelled", "cancelled"

    name = models.CharField(max_length=100)
    kind = models.CharField(max_length=32, choices=[(name, name) for name in engine_names()])
    options = models.JSONField(default=dict, help_text="Every option, checked by the game's rules when created.")
    format = models.CharField(max_length=16, choices=Format.choices)
    table_size = models.PositiveSmallIntegerField(default=2, help_text="Players at each game.")
    rounds = models.PositiveSmallIntegerField(null=True, blank=True, help_text="Swiss: the number of rounds.")
    rated = models.BooleanField(default=True)
    move_time = models.DurationField(default=timedelta(days=3))
    signup_deadline = models.DateTimeField()
    max_players = models.PositiveIntegerField()
    starts_at = models.DateTimeField()
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.SIGNUP)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="events_created")
    days_away_limit = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Days away a game of this event may take (not enforced yet)."
    )
    created = models.DateTimeField(default=timezone.now)
    current_round = models.PositiveSmallIntegerField(default=0)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-id"]
        permissions = [("run_events", "Can create events and start them early")]
        indexes = [
            # The start sweep reads the events still in sign-up whose start has come, and nothing else.
            models.Index(fields=["starts_at"], condition=Q(status="signup"), name="event_due"),
        ]

    def __str__(self) -> str:
        return f"{self.name} (event #{self.pk})"

    @property
    def title(self) -> str:
        return get_engine(self.kind).title

    def get_absolute_url(self) -> str:
        return reverse("event", args=[self.pk])

    @property
    def tiebreaks(self) -> list[str]:
        """The tiebreaks, in order: Swiss players met different opponents, so their strength counts first; in
        a round-robin everyone met everyone, so who one beat counts first. Word games add the score difference."""
        if self.format == self.Format.SWISS:
            return ["buchholz", "sonneborn_berger", "score_difference"]
        return ["sonneborn_berger", "score_difference"]

    def signup_open(self) -> bool:
        return self.status == self.Status.SIGNUP and timezone.now() < self.signup_deadline


class Entry(models.Model):
    event = models.ForeignKey(Event, models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="event_entries")
    withdrawn = models.BooleanField(default=False)
    timeouts = models.PositiveSmallIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created", "id"]
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="event_entry_once")]

    def __str__(self) -> str:
        return f"{self.user} in {self.event}"


class EventGame(models.Model):
    """One table of one round: its entries in seat order, and its game (none for a bye)."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="games")
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    entries = models.JSONField(help_text="The entry ids in seat order (one entry: a bye).")
    game = models.OneToOneField("games.Game", models.PROTECT, null=True, blank=True, related_name="event_game")

    class Meta:
        ordering = ["round", "table"]
        constraints = [models.UniqueConstraint(fields=["event", "round", "table"], name="event_table_once")]

    def __str__(self) -> str:
        return f"{self.event}, round {self.round}, table {self.table}"
