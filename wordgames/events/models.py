"""Events: a tournament (round-robin or Swiss), a league (divisions, seasons) or a ladder of one game kind, its
entries and its games."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from wordgames.engines import engine_names, get_engine


class Event(models.Model):
    class Format(models.TextChoices):
        ROUND_ROBIN = "round_robin", _("round-robin")
        SWISS = "swiss", _("Swiss")
        LEAGUE = "league", _("league")
        LADDER = "ladder", _("ladder")

    class Status(models.TextChoices):
        SIGNUP = "signup", _("open for sign-up")
        RUNNING = "running", pgettext_lazy("event status", "under way")
        FINISHED = "finished", pgettext_lazy("event status", "finished")
        CANCELLED = "cancelled", pgettext_lazy("event status", "cancelled")

    name = models.CharField(_("name"), max_length=100)
    kind = models.CharField(_("game"), max_length=32, choices=[(name, name) for name in engine_names()])
    options = models.JSONField(
        _("options"), default=dict, help_text=_("Every option, checked by the game's rules when created.")
    )
    format = models.CharField(_("format"), max_length=16, choices=Format.choices)
    table_size = models.PositiveSmallIntegerField(_("players at each game"), default=2)
    rounds = models.PositiveSmallIntegerField(
        _("rounds"),
        null=True,
        blank=True,
        help_text=_(
            "Swiss: the number of rounds. League: the number of seasons (empty: season after season until cancelled)."
        ),
    )
    rated = models.BooleanField(_("rated"), default=True)
    move_time = models.DurationField(_("time per move"), default=timedelta(days=3))
    signup_deadline = models.DateTimeField(_("sign-up closes"))
    max_players = models.PositiveIntegerField(_("most players"))
    starts_at = models.DateTimeField(_("starts"))
    status = models.CharField(_("status"), max_length=16, choices=Status.choices, default=Status.SIGNUP)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, models.PROTECT, related_name="events_created")
    days_away_limit = models.PositiveSmallIntegerField(
        _("days away a game may take"),
        null=True,
        blank=True,
        help_text=_("Once a game of this event has had this many days away, nobody's days away stop its clock."),
    )
    division_size = models.PositiveSmallIntegerField(_("players in a division"), null=True, blank=True)
    promoted = models.PositiveSmallIntegerField(
        _("promoted and relegated"),
        null=True,
        blank=True,
        help_text=_("League: how many of each division go up, and how many go down, at a season's end."),
    )
    reach = models.PositiveSmallIntegerField(
        _("challenge reach"),
        null=True,
        blank=True,
        help_text=_("Ladder: a player may challenge anyone up to this many places above them."),
    )
    season = models.PositiveSmallIntegerField(default=0, help_text=_("League: the season under way."))
    created = models.DateTimeField(default=timezone.now)
    current_round = models.PositiveSmallIntegerField(
        default=0, help_text=_("The round under way (a ladder: the number of challenges so far).")
    )
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-starts_at", "-id"]
        permissions = [("run_events", "Can create events and start them early")]
        verbose_name = _("event")
        verbose_name_plural = _("events")
        indexes = [
            # The start sweep reads the events still in sign-up whose start has come, and nothing else.
            models.Index(fields=["starts_at"], condition=Q(status="signup"), name="event_due"),
        ]

    def __str__(self) -> str:
        return gettext("%(name)s (event #%(number)s)") % {"name": self.name, "number": self.pk}

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

    @property
    def ongoing(self) -> bool:
        """A league or a ladder: players sign up once and stay in it, and may join while it runs."""
        return self.format in (self.Format.LEAGUE, self.Format.LADDER)

    def signup_open(self) -> bool:
        if self.ongoing and self.status == self.Status.RUNNING:
            return True
        return self.status == self.Status.SIGNUP and timezone.now() < self.signup_deadline


class Entry(models.Model):
    event = models.ForeignKey(Event, models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="event_entries")
    withdrawn = models.BooleanField(default=False)
    timeouts = models.PositiveSmallIntegerField(default=0)
    created = models.DateTimeField(default=timezone.now)
    division = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text=_("League: the division this season (1 is the top); empty until placed.")
    )
    place = models.PositiveIntegerField(
        null=True, blank=True, help_text=_("Ladder: the place on the ladder (1 is the top); empty until placed.")
    )

    class Meta:
        ordering = ["created", "id"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [models.UniqueConstraint(fields=["event", "user"], name="event_entry_once")]

    def __str__(self) -> str:
        return gettext("%(player)s in %(event)s") % {"player": self.user, "event": self.event}


class EventGame(models.Model):
    """One table of one round: its entries in seat order, and its game (none for a bye). A league's tables
    belong to a season and a division; a ladder's challenges are its rounds, one table each. The seats belong
    to the entries: a player a moderator puts in a seat plays on for the entry seated there."""

    event = models.ForeignKey(Event, models.CASCADE, related_name="games")
    season = models.PositiveSmallIntegerField(default=0)
    division = models.PositiveSmallIntegerField(default=0)
    round = models.PositiveSmallIntegerField()
    table = models.PositiveSmallIntegerField()
    entries = models.JSONField(help_text=_("The entry ids in seat order (one entry: a bye)."))
    game = models.OneToOneField("games.Game", models.PROTECT, null=True, blank=True, related_name="event_game")
    away_used = models.DurationField(
        default=timedelta(0), help_text=_("The days away this game's clocks have been stopped for, in all.")
    )
    away_grants = models.JSONField(
        default=dict, help_text=_("Per seat: when its deadline last moved on for time away, and by how much.")
    )

    class Meta:
        ordering = ["season", "round", "table"]
        verbose_name = _("event game")
        verbose_name_plural = _("event games")
        constraints = [
            models.UniqueConstraint(fields=["event", "season", "round", "table"], name="event_table_once_a_season")
        ]

    def __str__(self) -> str:
        return gettext("%(event)s, round %(round)s, table %(table)s") % {
            "event": self.event,
            "round": self.round,
            "table": self.table,
        }
