"""Games, their seats and their moves.

A game row holds the engine's state as JSON and a version number that goes up with every change, so a
form or email built from an older version can be refused as stale. Moves are append-only: the state can
always be rebuilt by replaying the game's live moves from its seed (``queries.rebuild_state``).
"""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.rng import Seed
from wordgames.engines.core.text import visible
from wordgames.lib.lists import comma_list

from .refusals import spoken


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("waiting for players")
        ACTIVE = "active", _("in progress")
        FINISHED = "finished", _("finished")
        ABANDONED = "abandoned", _("abandoned")

    engine = models.CharField(
        verbose_name=_("engine"), max_length=32, choices=[(name, name) for name in engine_names()]
    )
    options = models.JSONField(verbose_name=_("options"), default=dict)
    seed = models.BigIntegerField(
        verbose_name=_("seed"), default=0, help_text=_("Games begun before November 2026: their whole-number seed.")
    )
    secret = models.CharField(
        verbose_name=_("secret"),
        max_length=64,
        blank=True,
        editable=False,
        help_text=_("Every draw comes from this (256 bits, hex); shown in the record once the game is over."),
    )
    bag = models.CharField(
        verbose_name=_("bag"), max_length=200, blank=True, help_text=_("Tiles drawn first, in order (records only).")
    )
    # The engine's state (a JSON object), None until the game starts; typed Any as the engines take it.
    state: Any = models.JSONField(null=True, blank=True, editable=False)
    version = models.PositiveIntegerField(verbose_name=_("version"), default=0, editable=False)
    status = models.CharField(
        verbose_name=_("status"), max_length=16, choices=Status.choices, default=Status.OPEN, db_index=True
    )
    rematch = models.OneToOneField(
        "self",
        verbose_name=_("rematch"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematch_of",
        help_text=_("The game its players started again from this one."),
    )
    chat_public = models.BooleanField(
        verbose_name=_("chat public"),
        default=False,
        help_text=_("Spectators may read the players' chat (chosen when the game is created)."),
    )
    private = models.BooleanField(
        verbose_name=_("private"),
        default=False,
        help_text=_("Not listed in the lobby; its page is shown only to its players and moderators."),
    )
    rated = models.BooleanField(
        verbose_name=_("rated"),
        default=False,
        editable=False,
        help_text=_("Its result changes the players' ratings (chosen at creation)."),
    )
    has_computers = models.BooleanField(
        verbose_name=_("has computers"),
        default=False,
        editable=False,
        help_text=_("A computer player holds a seat: each change to the game queues its turn."),
    )
    result = models.JSONField(verbose_name=_("result"), null=True, blank=True, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("created by"), on_delete=models.PROTECT, related_name="+"
    )
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)
    started = models.DateTimeField(verbose_name=_("started"), null=True, blank=True)
    finished = models.DateTimeField(verbose_name=_("finished"), null=True, blank=True)
    turn_started = models.DateTimeField(
        verbose_name=_("turn started"), null=True, blank=True, help_text=_("Since when the current movers may act.")
    )
    move_time = models.DurationField(
        verbose_name=_("move time"),
        default=timedelta(days=7),
        help_text=_("Time each player has for a move before the timeout rule applies."),
    )
    reminder_after = models.DurationField(
        verbose_name=_("reminder after"),
        null=True,
        blank=True,
        # xgettext:no-python-format
        help_text=_("When to remind a player who has not moved; empty means at 80 % of the time."),
    )
    # Beat's wake-up sweep reads the games whose computers' turn is due by this index, never every game against
    # the computer: set with each change that owes their turn, cleared once none of them is waited for.
    wake_at = models.DateTimeField(
        verbose_name=_("wake computers at"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("When to look again at this game's computer players, in case the task of their turn was lost."),
    )

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-id"]
        indexes = [
            models.Index(fields=["wake_at"], condition=models.Q(wake_at__isnull=False), name="game_wake_due"),
            # Events' sweep reads the games abandoned lately (an abandoned game sends no ``game_finished``).
            models.Index(fields=["finished"], condition=models.Q(status="abandoned"), name="game_abandoned_lately"),
        ]

    def __str__(self) -> str:
        return f"{self.title} #{self.pk}"

    @property
    def title(self) -> str:
        return get_engine(self.engine).title

    def get_absolute_url(self) -> str:
        return reverse("game", args=[self.pk])

    @property
    def is_running(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def deal_seed(self) -> Seed:
        """What the engine draws from: the secret, or an older game's whole-number seed."""
        return self.secret or self.seed

    @property
    def reminder_delay(self) -> timedelta:
        return self.reminder_after if self.reminder_after is not None else self.move_time * 0.8


class Seat(models.Model):
    """A place at the table: open, offered to someone (by username or email), or taken."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(verbose_name=_("position"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("user"),
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="seats",
    )
    invited_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("invited user"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="invitations",
    )
    invited_email = models.EmailField(verbose_name=_("invited email"), blank=True)
    partners = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("partners"),
        blank=True,
        related_name="partner_seats",
        help_text=_("Team-mates sharing this seat: they see what it sees and may move for it."),
    )
    declined = models.BooleanField(verbose_name=_("declined"), default=False)
    joined = models.DateTimeField(verbose_name=_("joined"), null=True, blank=True)
    due_at = models.DateTimeField(
        verbose_name=_("due at"),
        null=True,
        blank=True,
        db_index=True,
        help_text=_("When this seat's time to move runs out (while it may act)."),
    )
    remind_at = models.DateTimeField(verbose_name=_("remind at"), null=True, blank=True)
    reminded = models.BooleanField(verbose_name=_("reminded"), default=False)
    timeouts = models.PositiveSmallIntegerField(
        verbose_name=_("timeouts"),
        default=0,
        help_text=_("Times in a row this seat's time ran out; its own move sets it back to 0."),
    )
    since_version = models.PositiveIntegerField(
        verbose_name=_("since version"),
        default=0,
        help_text=_("The game's version when this seat's current decision began (stale-move check)."),
    )
    since_seq = models.PositiveIntegerField(
        verbose_name=_("since seq"),
        default=0,
        help_text=_(
            "The last move's number (seq) when this seat's current decision began: an emailed "
            "move's #N is stale only if it was written before then."
        ),
    )
    seen_deal = models.IntegerField(
        verbose_name=_("seen deal"),
        default=-1,
        help_text=_("Lexicon Crossing: the latest deal this player has seen (page shown or email sent)."),
    )
    seen_at = models.DateTimeField(verbose_name=_("seen at"), null=True, blank=True)
    # The lobby's two questions, kept on the seat so that answering them reads this player's few running seats
    # through an index, never their whole history: both are written with the clocks (``actions.moves.set_clocks``),
    # which every start, move, end, abandonment and take-back calls.
    live = models.BooleanField(
        verbose_name=_("live"),
        default=True,
        editable=False,
        help_text=_("Its game waits for players or is under way (not over)."),
    )
    awaited = models.BooleanField(
        verbose_name=_("awaited"),
        default=False,
        editable=False,
        help_text=_("The game waits for this seat's move (the lobby's \"your turn\"): the engine's waiting_for."),
    )
    # A finished game's result for this seat, for the profiles' records (also written with the clocks).
    outcome = models.CharField(
        verbose_name=_("outcome"),
        max_length=5,
        blank=True,
        editable=False,
        choices=[("won", _("won")), ("drawn", _("drawn")), ("lost", _("lost"))],
        help_text=_("Once finished: won (among the winners), lost, or drawn (every seat is a winner)."),
    )
    place = models.PositiveSmallIntegerField(
        verbose_name=_("place"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("Once finished: 1 for the winners, then by score; seats that tie share a place."),
    )

    class Meta:
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["game", "position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="seat_unique_position"),
            models.UniqueConstraint(
                fields=["game", "user"], condition=models.Q(user__isnull=False), name="seat_one_per_user"
            ),
        ]
        indexes = [
            models.Index(fields=["user"], condition=models.Q(live=True), name="seat_live_by_user"),
            # A player's finished games, newest first (the lobby's recent ones, a profile's list), read backwards
            # from the player's end; the partial index holds both columns read, so no row is fetched to find them.
            models.Index(
                fields=["user", "game"], condition=models.Q(place__isnull=False), name="seat_finished_by_user"
            ),
            # The deadline sweep's reminders: only those not sent yet (a reminded seat keeps its time until it moves).
            models.Index(fields=["remind_at"], condition=models.Q(reminded=False), name="seat_reminder_due"),
        ]

    def __str__(self) -> str:
        return f"seat {self.position + 1} of {self.game}"

    @property
    def is_open(self) -> bool:
        return self.user_id is None and self.invited_user_id is None and not self.invited_email

    @property
    def is_invitation(self) -> bool:
        return self.user_id is None and not self.declined and bool(self.invited_user_id or self.invited_email)


class Move(models.Model):
    """One applied move, in the engine's canonical notation, with the outcome shown to players."""

    class Source(models.TextChoices):
        WEB = "web", _("web")
        EMAIL = "email", _("email")
        ADMIN = "admin", _("admin")
        CLOCK = "clock", _("the clock (time ran out)")
        COMPUTER = "computer", _("a computer player")

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField(
        verbose_name=_("seq"), help_text=_("Order of arrival in this game, from 1; never reused.")
    )
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), null=True, on_delete=models.SET_NULL, related_name="+"
    )
    text = models.TextField(verbose_name=_("text"))  # a Lexicon Crossing grid may be 60 by 60 cells
    score = models.IntegerField(verbose_name=_("score"), default=0)
    summary = models.TextField(verbose_name=_("summary"), blank=True)
    outcome = models.JSONField(verbose_name=_("outcome"), default=dict)
    source = models.CharField(verbose_name=_("source"), max_length=8, choices=Source.choices, default=Source.WEB)
    idempotency_key = models.CharField(verbose_name=_("idempotency key"), max_length=64, blank=True)
    taken_back = models.BooleanField(
        verbose_name=_("taken back"),
        default=False,
        help_text=_("Taken back (moderator or agreed undo); kept for the log."),
    )
    comment = models.TextField(
        verbose_name=_("comment"), blank=True, help_text=_("What the player wrote with the move, shown to the others.")
    )
    quiet = models.BooleanField(
        verbose_name=_("quiet"),
        default=False,
        editable=False,
        help_text=_(
            "A private autosave (a crossword rearranged): the seat's latest since the last public move "
            "overwrites this row; never shown to the others."
        ),
    )
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["game", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="move_unique_seq"),
            models.UniqueConstraint(
                fields=["game", "idempotency_key"],
                condition=~models.Q(idempotency_key=""),
                name="move_unique_idempotency_key",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} move {self.seq}: {self.shown_text}"

    @property
    def is_secret(self) -> bool:
        """A private move (a Lexicon Crossing grid, a face-down jaywalk) while its game runs: its letters are its
        player's alone, moderators' screens included. Once the game is over the record shows every move."""
        private = self.quiet or bool(self.outcome.get("events", {}).get("private"))
        return private and self.game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED)

    @property
    def shown_text(self) -> str:
        """The move as anyone but its player may read it: a secret move's public summary."""
        return (self.told or gettext("a private move")) if self.is_secret else self.text

    @property
    def told(self) -> str:
        """The engine's sentence about the move in the active language (a row stored before the engines' sentences
        were data shows the English it kept)."""
        return spoken(self.outcome.get("said"), self.summary)

    @property
    def missed_told(self) -> str:
        """The sporting opponent's comment (the better move the mover missed), in the active language."""
        missed = self.outcome.get("events", {}).get("missed") or {}
        return spoken(missed.get("said"), missed.get("summary", ""))


# The moves whose letters are secret (``Move.is_secret``), as a query.
SECRET_MOVES = (models.Q(quiet=True) | models.Q(outcome__events__private=True)) & ~models.Q(
    game__status__in=[Game.Status.FINISHED, Game.Status.ABANDONED]
)


class Hint(models.Model):
    """A practice game's hint: asked on the page, searched in a worker (never in the web request), shown when
    found. One per seat and position: asking again for the same position gives the same answer."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="hints")
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    version = models.PositiveIntegerField(verbose_name=_("version"), help_text=_("The game's version the hint is for."))
    done = models.BooleanField(verbose_name=_("done"), default=False)
    move = models.TextField(
        verbose_name=_("move"), blank=True, help_text=_("The best move found, in notation; empty if none.")
    )
    summary = models.TextField(verbose_name=_("summary"), blank=True)
    said = models.JSONField(
        verbose_name=_("summary as data"),
        default=dict,
        blank=True,
        help_text=_("The summary's code and values, worded in each reader's language."),
    )
    complete = models.BooleanField(
        verbose_name=_("complete"), default=True, help_text=_("False when the search stopped at its time budget.")
    )
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("hint")
        verbose_name_plural = _("hints")
        constraints = [models.UniqueConstraint(fields=["game", "seat", "version"], name="hint_once_a_position")]

    def __str__(self) -> str:
        return f"hint for seat {self.seat + 1} of {self.game} at version {self.version}"

    @property
    def told(self) -> str:
        """The best move's sentence in the active language."""
        return spoken(self.said, self.summary)


class UndoRequest(models.Model):
    """A player asks to take back their own last move; every other player accepts or rejects."""

    class Status(models.TextChoices):
        OPEN = "open", _("waiting for answers")
        ACCEPTED = "accepted", _("accepted: the move was taken back")
        REJECTED = "rejected", _("rejected")
        VOID = "void", _("void: the game moved on")

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="undo_requests")
    move = models.ForeignKey(Move, verbose_name=_("move"), on_delete=models.CASCADE, related_name="+")
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"), help_text=_("The seat asking (the move's player)."))
    answers = models.JSONField(
        verbose_name=_("answers"), default=dict, help_text=_('{"1": "accept", "2": "reject"} by seat position.')
    )
    status = models.CharField(verbose_name=_("status"), max_length=8, choices=Status.choices, default=Status.OPEN)
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("undo request")
        verbose_name_plural = _("undo requests")
        ordering = ["-created"]
        constraints = [
            models.UniqueConstraint(fields=["game"], condition=models.Q(status="open"), name="undo_one_open_per_game")
        ]


class GreenLightRequest(models.Model):
    """Lexicon Crossing's asynchronous green light: a request waits until every player has seen the newest
    tile, plus a leeway; the earliest waiting request fires (the deal happens once, under the game's lock)."""

    class Status(models.TextChoices):
        WAITING = "waiting", _("waiting")
        FIRED = "fired", _("fired: tiles were dealt")
        WITHDRAWN = "withdrawn", pgettext_lazy("a green light request's state", "withdrawn")
        LAPSED = "lapsed", _("lapsed: another request fired first")
        REFUSED = "refused", _("refused: the crossword was not ready when it fired")

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="green_requests")
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    created = models.DateTimeField(verbose_name=_("created"))
    fire_at = models.DateTimeField(
        verbose_name=_("fire at"),
        null=True,
        blank=True,
        help_text=_("Empty until every player has seen the newest tile."),
    )
    status = models.CharField(
        verbose_name=_("status"), max_length=10, choices=Status.choices, default=Status.WAITING, db_index=True
    )
    detail = models.TextField(verbose_name=_("detail"), blank=True)
    move = models.ForeignKey(
        Move, verbose_name=_("move"), null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    class Meta:
        verbose_name = _("green light request")
        verbose_name_plural = _("green light requests")
        ordering = ["created", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "seat"], condition=models.Q(status="waiting"), name="green_one_waiting_per_seat"
            )
        ]
        # The sweep reads the waiting requests that are due; a fired one keeps its time, for the log.
        indexes = [models.Index(fields=["fire_at"], condition=models.Q(status="waiting"), name="green_light_due")]

    def __str__(self) -> str:
        return f"green light by seat {self.seat + 1} in {self.game} ({self.status})"


class Vacation(models.Model):
    """Days away: the player's clocks stop from ``starts`` to ``ends`` and the other players are told."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="vacations"
    )
    starts = models.DateTimeField(verbose_name=_("starts"))
    ends = models.DateTimeField(verbose_name=_("ends"))
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")
        ordering = ["-starts"]

    def __str__(self) -> str:
        return f"{self.user} away {self.starts:%Y-%m-%d} to {self.ends:%Y-%m-%d}"


class ModerationAction(models.Model):
    """Who did what, when and why: every moderator action is logged and shown to the players."""

    class Kind(models.TextChoices):
        TAKE_BACK = "take_back", _("took back the last move")
        END = "end", _("ended the game")
        ABANDON = "abandon", _("abandoned the game")
        REPLACE = "replace", _("put another player in a seat")
        SUSPEND = "suspend", _("suspended a user")
        UNSUSPEND = "unsuspend", _("lifted a suspension")
        HIDE_CHAT = "hide_chat", _("hid a chat message")

    kind = models.CharField(verbose_name=_("kind"), max_length=16, choices=Kind.choices)
    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("moderator"), on_delete=models.PROTECT, related_name="+"
    )
    game = models.ForeignKey(
        Game, verbose_name=_("game"), null=True, blank=True, on_delete=models.CASCADE, related_name="moderation"
    )
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=pgettext_lazy("the player a moderator acted on", "subject"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    reason = models.TextField(verbose_name=_("reason"))
    detail = models.CharField(verbose_name=_("detail"), max_length=300, blank=True)
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    # What the players read on the game's page: whole sentences (a kind's label is a fragment, which a translation
    # cannot reorder).
    DONE: dict[str, Any] = {
        Kind.TAKE_BACK: _("A moderator took back the last move"),
        Kind.END: _("A moderator ended the game"),
        Kind.ABANDON: _("A moderator abandoned the game"),
        Kind.REPLACE: _("A moderator put another player in a seat"),
        Kind.SUSPEND: _("A moderator suspended a user"),
        Kind.UNSUSPEND: _("A moderator lifted a suspension"),
        Kind.HIDE_CHAT: _("A moderator hid a chat message"),
    }

    class Meta:
        verbose_name = _("moderation action")
        verbose_name_plural = _("moderation actions")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.moderator} {self.get_kind_display()} ({self.created:%Y-%m-%d %H:%M})"

    @property
    def done(self) -> str:
        """What the moderator did, as a sentence's beginning in the active language."""
        return str(self.DONE.get(self.kind, gettext("A moderator acted")))

    @property
    def shown_detail(self) -> str:
        """The detail in the active language: it is logged in English ("move 3: ann made the word ..." or "seat 2:
        ann -> bob; team-mates who no longer share it: cat"), and worded again here for the players."""
        taken = re.fullmatch(r"move (\d+): .*", self.detail, re.S)
        if taken and self.game_id:
            move = Move.objects.filter(game_id=self.game_id, seq=int(taken.group(1))).first()
            if move is not None:
                return gettext("move %(number)s: %(move)s") % {
                    "number": move.seq,
                    "move": move.told or gettext("a move"),
                }
        seat = re.fullmatch(
            r"seat (\d+): (.*?) -> (.*?)(?:; team-mates who no longer share it: (.*))?", self.detail, re.S
        )
        if seat:
            number, old, new, mates = seat.groups()
            text = gettext("seat %(number)s: %(old)s → %(new)s") % {
                "number": number,
                "old": gettext("empty") if old == "empty" else old,
                "new": new,
            }
            if mates:
                text = gettext("%(change)s; team-mates who no longer share it: %(names)s") % {
                    "change": text,
                    "names": comma_list(mates.split(", ")),
                }
            return text
        return self.detail


class Notification(models.Model):
    """One email, claimed before it is sent and marked once the mail service accepted it. The unique key lets a
    retried task skip what was already sent; a claim whose sender died unsent is taken over after a lease."""

    key = models.CharField(verbose_name=_("key"), max_length=200, unique=True)
    recipient = models.EmailField(verbose_name=_("recipient"))
    subject = models.CharField(verbose_name=pgettext_lazy("an email's", "subject"), max_length=300)
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True, db_index=True)  # kept for a while
    claimed = models.DateTimeField(
        verbose_name=_("claimed"), null=True, blank=True, help_text=_("When a sender last took it on.")
    )
    sent = models.DateTimeField(
        verbose_name=_("sent"), null=True, blank=True, help_text=_("When the mail service accepted it.")
    )

    class Meta:
        verbose_name = _("notification")
        verbose_name_plural = _("notifications")
        ordering = ["-created"]

    def __str__(self) -> str:
        return f"{self.subject} -> {self.recipient}"


class Notice(models.Model):
    """A change to a game its players are still to be told of (a move, the start, the end): written in the
    change's own transaction, so it exists exactly when the change committed, and deleted once its emails are
    sent. Senders take them a batch at a time (``relay.send_notices``); ``taken`` is a lease, so a batch whose
    sender died is taken again, at once by the same task delivered again (``taken_by``), else after the lease."""

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="+")
    version = models.PositiveIntegerField(verbose_name=_("version"))
    event = models.CharField(verbose_name=_("event"), max_length=10, default="move")
    actors_before = models.JSONField(verbose_name=_("actors before"), default=list)
    mover = models.SmallIntegerField(verbose_name=_("mover"), null=True, blank=True)
    move = models.ForeignKey(
        Move, verbose_name=_("move"), on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)
    taken = models.DateTimeField(
        verbose_name=_("taken"), null=True, blank=True, help_text=_("When a sender took it on.")
    )
    taken_by = models.CharField(
        verbose_name=_("taken by"), max_length=64, blank=True, help_text=_("The task that took it.")
    )
    error = models.TextField(
        verbose_name=_("error"),
        blank=True,
        help_text=_("Why its emails could not be made (a bug to fix): kept, not retried."),
    )

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"game {self.game_id} version {self.version} ({self.event})"


class NoticeSender(models.Model):
    """One row: whether a sender of notices is queued and not yet started, so a burst of moves queues one
    task (which sends them all, a batch at a time), not one each."""

    queued = models.BooleanField(verbose_name=_("queued"), default=False)

    def __str__(self) -> str:
        return "a sender is queued" if self.queued else "no sender queued"

    class Meta:
        verbose_name = _("notice sender")
        verbose_name_plural = _("notice senders")


class OwedTask(models.Model):
    """A side effect a write owes (an email, a commentary, a computer's turn): written in the write's own
    transaction, so it exists exactly when the write committed; handed to Celery after the commit and deleted
    once the broker has it. Rows left here (the broker was down) are handed over by the minute's sweep."""

    task = models.CharField(verbose_name=_("task"), max_length=200)
    args = models.JSONField(verbose_name=_("args"), default=list)
    kwargs = models.JSONField(verbose_name=_("kwargs"), default=dict)
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True, db_index=True)
    attempts = models.PositiveIntegerField(
        verbose_name=_("attempts"), default=0, help_text=_("Hand-overs that failed (the broker was down).")
    )
    countdown = models.PositiveIntegerField(
        verbose_name=_("countdown"), default=0, help_text=_("Seconds after the write the task is to run.")
    )

    class Meta:
        verbose_name = _("owed task")
        verbose_name_plural = _("owed tasks")
        ordering = ["created"]

    def __str__(self) -> str:
        return f"{self.task}{tuple(self.args)}"


class TeamInvitation(models.Model):
    """A seat's player asks someone to share their seat as a team-mate: they join only by accepting it."""

    seat = models.ForeignKey(Seat, verbose_name=_("seat"), on_delete=models.CASCADE, related_name="team_invitations")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="team_invitations"
    )
    invited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("invited by"), on_delete=models.CASCADE, related_name="+"
    )
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("team invitation")
        verbose_name_plural = _("team invitations")
        constraints = [models.UniqueConstraint(fields=["seat", "user"], name="team_invitation_once")]

    def __str__(self) -> str:
        return f"{self.user} invited to share {self.seat}"


CHAT_MAX = 1000  # characters in one chat message


class ChatMessage(models.Model):
    """What a player (or a seat's team-mate) writes to the table, on the web or by email: shown between the
    moves to the players (to spectators too if the game's chat is public), emailed to the others."""

    class Source(models.TextChoices):
        WEB = "web", _("web")
        EMAIL = "email", _("email")

    is_chat = True  # tells a chat line from a move in the game's timeline

    game = models.ForeignKey(Game, verbose_name=_("game"), on_delete=models.CASCADE, related_name="chat")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    seat = models.PositiveSmallIntegerField(
        verbose_name=_("seat"), help_text=_("The seat the writer plays (or shares).")
    )
    text = models.TextField(verbose_name=_("text"), max_length=CHAT_MAX)
    source = models.CharField(verbose_name=_("source"), max_length=8, choices=Source.choices, default=Source.WEB)
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True, db_index=True)
    hidden = models.BooleanField(
        verbose_name=_("hidden"), default=False, help_text=_("Hidden by a moderator (the reason is logged).")
    )

    class Meta:
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["created", "pk"]

    def __str__(self) -> str:
        return f"{self.user} in {self.game}: {visible(self.text[:40])}"  # the admin's titles: written out


class PlayerRecord(models.Model):
    """A player's wins, draws and losses in one game kind, over their finished games that are not private: what
    their profile shows, kept as the games end (``actions.records``) so that showing it reads one row per kind,
    not every game they ever finished."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    engine = models.CharField(verbose_name=_("engine"), max_length=32)
    won = models.IntegerField(verbose_name=_("won"), default=0)
    drawn = models.IntegerField(verbose_name=_("drawn"), default=0)
    lost = models.IntegerField(verbose_name=_("lost"), default=0)

    class Meta:
        verbose_name = _("player's record")
        verbose_name_plural = _("players' records")
        constraints = [models.UniqueConstraint(fields=["user", "engine"], name="player_record_once")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.engine}: {self.won}-{self.drawn}-{self.lost}"


class OpponentRecord(models.Model):
    """A player's record against one opponent (a better place than theirs is a win, the same place a draw), over
    the finished games that are not private where both held a seat; ``met`` is the three together, indexed so a
    profile's most-met opponents are the first rows of the player's part of the index."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("user"), on_delete=models.CASCADE, related_name="+"
    )
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("opponent"), on_delete=models.CASCADE, related_name="+"
    )
    won = models.IntegerField(verbose_name=_("won"), default=0)
    drawn = models.IntegerField(verbose_name=_("drawn"), default=0)
    lost = models.IntegerField(verbose_name=_("lost"), default=0)
    met = models.IntegerField(verbose_name=_("met"), default=0)

    class Meta:
        verbose_name = _("record against an opponent")
        verbose_name_plural = _("records against opponents")
        constraints = [models.UniqueConstraint(fields=["user", "opponent"], name="opponent_record_once")]
        indexes = [models.Index(fields=["user", "-met", "opponent"], name="opponent_record_most_met")]

    def __str__(self) -> str:
        return f"{self.user_id} against {self.opponent_id}: {self.won}-{self.drawn}-{self.lost}"
