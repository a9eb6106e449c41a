"""Every write to events: create one, sign up, withdraw, start (the sweep or a moderator's button), and what
each game's end does to its event (the next Swiss round, the end). Each door is one transaction that locks the
event's row; games are created through games' own door (``create_game``, everyone seated at once) in the same
transaction, so an event starts once, with all its games or none."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone

from wordgames.accounts.models import is_suspended
from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.errors import InvalidOptions
from wordgames.engines.core.text import quote
from wordgames.games import actions as games
from wordgames.games.actions import Refused
from wordgames.games.models import Game, Move
from wordgames.games.outbox import owe
from wordgames.games.refusals import word
from wordgames.ratings.queries import value_of

from . import pairing, queries
from .models import Entry, Event, EventGame

log = logging.getLogger(__name__)

SEND_ROUND = "wordgames.events.tasks.send_round"
SEND_FINISHED = "wordgames.events.tasks.send_finished"
RESIGN_REST = "wordgames.events.tasks.resign_rest"
# A player whose time runs out in this many of an event's games (the clock resigned them) is withdrawn from it.
TIMED_OUT_GAMES = 3


def may_create(user: User) -> bool:
    return user.has_perm("events.run_events") or (settings.EVENTS_BY_PLAYERS and user.is_active)


def create_event(creator: User, name: str, kind: str, options: dict[str, Any], *, format: str,
                 signup_deadline: datetime, starts_at: datetime, max_players: int, table_size: int = 2,
                 rounds: int | None = None, rated: bool = True, move_time: timedelta = timedelta(days=3),
                 days_away_limit: int | None = None) -> Event:  # fmt: skip
    """A new event, open for sign-up until ``signup_deadline``; it starts at ``starts_at``. Moderators (the
    "add event" permission) create events; players too when ``EVENTS_BY_PLAYERS`` is on."""
    if not may_create(creator) or is_suspended(creator):
        raise Refused("Only moderators can create events on this site.", "not_allowed")
    name = name.strip()
    if not name or len(name) > 100:
        raise Refused("An event needs a name of at most 100 characters.", "name")
    if kind not in engine_names():
        raise Refused(f"There is no game called {quote(kind)}: choose one of {', '.join(engine_names())}.", "kind")
    engine = get_engine(kind)
    if format not in Event.Format.values:
        raise Refused("The format is round-robin or Swiss.", "format")
    if not engine.min_players <= table_size <= engine.max_players:
        raise Refused(f"{engine.title} is for {engine.min_players} to {engine.max_players} players.", "players")
    if format == Event.Format.SWISS:
        if table_size != 2:
            raise Refused("A Swiss event is for games of two players.", "players")
        if not rounds or not 1 <= rounds <= 20:
            raise Refused("A Swiss event has 1 to 20 rounds.", "rounds")
    else:
        rounds = None
    if not timedelta(hours=1) <= move_time <= timedelta(days=30):
        raise Refused("The time per move must be between 1 hour and 30 days.", "options")
    if not table_size <= max_players <= 10_000:
        raise Refused(f"The maximum number of players is from {table_size} to 10,000.", "max_players")
    if not timezone.now() < signup_deadline <= starts_at:
        raise Refused("The sign-up deadline must be in the future, and the start at or after it.", "dates")
    try:
        options = engine.validate_options(options)
    except InvalidOptions as e:
        raise Refused(word(e), "options") from None
    if options.get("hints"):
        raise Refused("A practice game (with hints) cannot be an event's game.", "options")
    return Event.objects.create(
        name=name, kind=kind, options=options, format=format, table_size=table_size, rounds=rounds, rated=rated,
        move_time=move_time, signup_deadline=signup_deadline, starts_at=starts_at, max_players=max_players,
        created_by=creator, days_away_limit=days_away_limit,
    )  # fmt: skip


def _lock(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise Refused("There is no such event.", "not_found")
    return event


def sign_up(event_id: int, user: User) -> Entry:
    """Take a place in an event open for sign-up. The event's row is locked, so two players taking the last
    place at the same instant are counted one after the other: one gets it, the other is told it is full."""
    if is_suspended(user):
        raise Refused("Your account is suspended.", "suspended")
    with transaction.atomic():
        event = _lock(event_id)
        if not event.signup_open():
            raise Refused("Sign-up for this event is closed.", "closed")
        entry = Entry.objects.filter(event=event, user=user).first()
        if entry is not None and not entry.withdrawn:
            raise Refused("You are already signed up for this event.", "signed_up")
        if Entry.objects.filter(event=event, withdrawn=False).count() >= event.max_players:
            raise Refused(f"This event is full: all {event.max_players} places are taken.", "full")
        if entry is None:
            return Entry.objects.create(event=event, user=user)
        entry.withdrawn, entry.created = False, timezone.now()
        entry.save(update_fields=["withdrawn", "created"])
        return entry


def withdraw(event_id: int, user: User) -> Entry:
    """Leave an event. Before the start the place is free again; once it runs, the player's games under way
    are resigned (each a loss) and they are paired no more."""
    with transaction.atomic():
        event = _lock(event_id)
        entry = Entry.objects.filter(event=event, user=user, withdrawn=False).first()
        if entry is None:
            raise Refused("You are not taking part in this event.", "not_entered")
        if event.status in (Event.Status.FINISHED, Event.Status.CANCELLED):
            raise Refused("This event is over.", "over")
        entry.withdrawn = True
        entry.save(update_fields=["withdrawn"])
        running = event.status == Event.Status.RUNNING
    if running:
        # Each resignation is its own transaction, taken after the event's row is let go: a game's end locks
        # the game, then the event, and this must not hold them the other way round.
        for game_id in _running_games(event, entry):
            try:
                games.submit_move(game_id, user, "resign")
            except Refused:  # it ended meanwhile
                pass
    return entry


def _running_games(event: Event, entry: Entry) -> list[int]:
    rows = EventGame.objects.filter(event=event, game__status__in=(Game.Status.OPEN, Game.Status.ACTIVE))
    return [row.game_id for row in rows.only("entries", "game_id") if entry.pk in row.entries and row.game_id]


def start_event(event_id: int, moderator: User | None = None) -> Event:
    """Start an event: pair its players, create every game of the first round (of all rounds for a
    round-robin) and email each player their games. By the sweep once its start has come, or earlier by a
    moderator. An event with too few players is cancelled instead, and its players told."""
    with transaction.atomic():
        event = _lock(event_id)
        if moderator is not None and not moderator.has_perm("events.run_events"):
            raise Refused("Only moderators can start an event early.", "not_allowed")
        if event.status != Event.Status.SIGNUP:
            raise Refused("This event has already started.", "started")
        players = [e.pk for e in Entry.objects.filter(event=event, withdrawn=False).order_by("created", "id")]
        if len(players) < max(2, event.table_size):
            event.status = Event.Status.CANCELLED
            event.save(update_fields=["status"])
            owe(SEND_FINISHED, event.pk)
            return event
        event.status = Event.Status.RUNNING
        if event.format == Event.Format.ROUND_ROBIN:
            for number, tables in enumerate(pairing.round_robin(players, event.table_size), start=1):
                _create_round(event, number, list(tables), None)
            event.current_round = 1
            event.save(update_fields=["status", "current_round"])
            owe(SEND_ROUND, event.pk, 0)
        else:
            _next_swiss_round(event, players, [])
    return event


def start_due(now: datetime | None = None) -> int:
    """The sweep: start every event whose start has come (read by the index on the start time)."""
    started = 0
    for event_id in queries.due(now).values_list("pk", flat=True)[:50]:
        try:
            start_event(event_id)
            started += 1
        except Refused:  # started by a moderator meanwhile
            pass
    return started


def _create_round(event: Event, number: int, tables: list[tuple[int, ...]], bye: int | None) -> None:
    users = dict(Entry.objects.filter(event=event).values_list("pk", "user__username"))
    # A pairing may give a round-robin's odd player out as a table of one: a bye, with no game.
    byes = [table[0] for table in tables if len(table) == 1] + ([bye] if bye is not None else [])
    tables = [table for table in tables if len(table) > 1]
    for index, table in enumerate(tables, start=1):
        names = [users[entry] for entry in table]
        creator = User.objects.get(username=names[0])
        game = games.create_game(
            creator, event.kind, dict(event.options), names[1:], seated=True, internal=True, rated=event.rated,
            move_time=event.move_time, creator_seat=0,
        )  # fmt: skip
        EventGame.objects.create(event=event, round=number, table=index, entries=list(table), game=game)
    for index, entry in enumerate(byes, start=len(tables) + 1):
        EventGame.objects.create(event=event, round=number, table=index, entries=[entry])


def _next_swiss_round(event: Event, players: list[int], results: list[pairing.Result]) -> bool:
    """Pair and create the next Swiss round; False if no pair is left to play."""
    number = event.current_round + 1
    entries = Entry.objects.filter(pk__in=players).select_related("user")
    ratings = {e.pk: value_of(e.user, event.kind) for e in entries}
    pairs, bye = pairing.swiss_round(players, results, ratings, number)
    if not pairs:
        return False
    _create_round(event, number, [tuple(pair) for pair in pairs], bye)
    event.current_round = number
    event.save(update_fields=["status", "current_round"])
    owe(SEND_ROUND, event.pk, number)
    return True


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Receiver of games' ``game_finished``, inside the transaction that ends the game: the event's row is
    locked, and the round's last game pairs the next Swiss round (in this same transaction, so no round is lost
    if a worker dies), and the event's last game ends the event."""
    table = EventGame.objects.filter(game=game).only("event_id", "entries").first()
    if table is None:
        return
    event = _lock(table.event_id)
    _count_timeouts(event, game, table.entries)
    _advance(event)


def _count_timeouts(event: Event, game: Game, entries: list[int]) -> None:
    """A seat the clock resigned counts one game timed out for its entry; at ``TIMED_OUT_GAMES`` the entry is
    withdrawn, and its games under way are resigned by a task owed here: resigning them now would lock other
    games while this one and the event are locked, the other way round from their own ends."""
    positions = Move.objects.filter(game=game, source=Move.Source.CLOCK, text="resign", taken_back=False)
    for position in positions.values_list("seat", flat=True):
        entry = Entry.objects.filter(pk=entries[position], withdrawn=False).first()
        if entry is None:
            continue
        entry.timeouts += 1
        entry.withdrawn = entry.timeouts >= TIMED_OUT_GAMES
        entry.save(update_fields=["timeouts", "withdrawn"])
        if entry.withdrawn:
            owe(RESIGN_REST, entry.pk)


def resign_rest(entry_id: int) -> None:
    """The games under way of an entry withdrawn for its timeouts: each resigned, a loss."""
    entry = Entry.objects.select_related("event", "user").filter(pk=entry_id, withdrawn=True).first()
    if entry is None:
        return
    for game_id in _running_games(entry.event, entry):
        try:
            games.submit_move(game_id, entry.user, "resign")
        except Refused:  # it ended meanwhile
            pass


def settle_running(now: datetime | None = None) -> int:
    """The sweep's second half: a game a moderator abandons ends without a result and without ``game_finished``;
    an event whose games under way are all over is moved on here (the next round, or its end). Returns the
    number of events moved on."""
    live = EventGame.objects.filter(event=OuterRef("pk"), game__status__in=(Game.Status.OPEN, Game.Status.ACTIVE))
    stalled = Event.objects.filter(status=Event.Status.RUNNING).exclude(Exists(live)).values_list("pk", flat=True)
    moved = 0
    for event_id in list(stalled[:50]):
        with transaction.atomic():
            moved += _advance(_lock(event_id))
    return moved


def _advance(event: Event) -> bool:
    """With the event's row locked: pair the next Swiss round once the current one is over, or end the event
    once its last game is over. True if either happened."""
    if event.status != Event.Status.RUNNING:
        return False
    unfinished = EventGame.objects.filter(event=event, game__status__in=(Game.Status.OPEN, Game.Status.ACTIVE))
    if event.format == Event.Format.SWISS:
        if unfinished.filter(round=event.current_round).exists():
            return False
        if event.current_round < (event.rounds or 0):
            players = list(Entry.objects.filter(event=event, withdrawn=False).order_by("created", "id")
                           .values_list("pk", flat=True))  # fmt: skip
            if len(players) >= 2 and _next_swiss_round(event, players, queries.results(queries.tables(event))):
                return True
    elif unfinished.exists():
        return False
    event.status, event.finished = Event.Status.FINISHED, timezone.now()
    event.save(update_fields=["status", "finished"])
    owe(SEND_FINISHED, event.pk)
    return True
