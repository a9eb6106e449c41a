"""Every write to events: create one, sign up, withdraw, start (the sweep or a moderator's button), and what
each game's end does to its event (the next Swiss round, a league's next season, a ladder's places, the end).
Each door is one transaction that locks the event's row; games are created through games' own door
(``create_game``, everyone seated at once) in the same transaction, so an event starts once, with all its games
or none. Leagues and ladders have their own modules (``leagues``, ``ladders``); a ladder's challenge is
``ladders.challenge``."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Exists, OuterRef, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from wordgames.accounts.models import Block, is_suspended
from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.errors import InvalidOptions
from wordgames.engines.core.text import quote
from wordgames.games.actions import RefusalCode, Refused
from wordgames.games.models import Game, Move
from wordgames.games.refusals import word
from wordgames.games.relay import owe
from wordgames.ratings.queries import value_of

from . import ladders, leagues, pairing, queries
from .models import Entry, Event, EventGame
from .rounds import RESIGN_REST, SEND_FINISHED, SEND_ROUND, create_round, lock, resign_games, running_games

log = logging.getLogger(__name__)

# A player whose time runs out in this many of an event's games (the clock resigned them) is withdrawn from it.
TIMED_OUT_GAMES = 3


def may_create(user: User) -> bool:
    return user.has_perm("events.run_events") or (settings.EVENTS_BY_PLAYERS and user.is_active)


def create_event(
    creator: User,
    name: str,
    kind: str,
    options: dict[str, Any],
    *,
    format: str,
    signup_deadline: datetime,
    starts_at: datetime,
    max_players: int,
    table_size: int = 2,
    rounds: int | None = None,
    rated: bool = True,
    move_time: timedelta = timedelta(days=3),
    days_away_limit: int | None = None,
    division_size: int | None = None,
    promoted: int | None = None,
    reach: int | None = None,
) -> Event:
    """A new event, open for sign-up until ``signup_deadline``; it starts at ``starts_at``. Moderators (the
    "add event" permission) create events; players too when ``EVENTS_BY_PLAYERS`` is on. A league's ``rounds``
    are its seasons (none: season after season), ``division_size`` its divisions' size and ``promoted`` how many
    go up and down; a ladder's ``reach`` is how many places above a player may challenge."""
    if not may_create(creator) or is_suspended(creator):
        raise Refused(_("Only moderators can create events on this site."), RefusalCode.NOT_ALLOWED)
    name = name.strip()
    if not name or len(name) > 100:
        raise Refused(_("An event needs a name of at most 100 characters."), RefusalCode.NAME)
    if kind not in engine_names():
        raise Refused(
            _("There is no game called %(name)s: choose one of %(names)s.")
            % {"name": quote(kind), "names": ", ".join(engine_names())},
            RefusalCode.KIND,
        )
    engine = get_engine(kind)
    if format not in Event.Format.values:
        raise Refused(_("The format is round-robin, Swiss, league or ladder."), RefusalCode.FORMAT)
    if not engine.min_players <= table_size <= engine.max_players:
        raise Refused(
            _("%(game)s is for %(least)d to %(most)d players.")
            % {"game": engine.title, "least": engine.min_players, "most": engine.max_players},
            RefusalCode.PLAYERS,
        )
    rounds, division_size, promoted, reach = _format_fields(format, table_size, rounds, division_size, promoted, reach)
    if not timedelta(hours=1) <= move_time <= timedelta(days=30):
        raise Refused(_("The time per move must be between 1 hour and 30 days."), RefusalCode.OPTIONS)
    if days_away_limit is not None and not 0 <= days_away_limit <= 365:
        raise Refused(_("The days away a game may take are from 0 to 365."), RefusalCode.DAYS_AWAY_LIMIT)
    if not table_size <= max_players <= 10_000:
        raise Refused(
            _("The maximum number of players is from %(least)d to 10,000.") % {"least": table_size},
            RefusalCode.MAX_PLAYERS,
        )
    if not timezone.now() < signup_deadline <= starts_at:
        raise Refused(_("The sign-up deadline must be in the future, and the start at or after it."), RefusalCode.DATES)
    try:
        options = engine.validate_options(options)
    except InvalidOptions as e:
        raise Refused(word(e), RefusalCode.OPTIONS) from None
    if options.get("hints"):
        raise Refused(_("A practice game (with hints) cannot be an event's game."), RefusalCode.OPTIONS)
    return Event.objects.create(
        name=name,
        kind=kind,
        options=options,
        format=format,
        table_size=table_size,
        rounds=rounds,
        rated=rated,
        move_time=move_time,
        signup_deadline=signup_deadline,
        starts_at=starts_at,
        max_players=max_players,
        created_by=creator,
        days_away_limit=days_away_limit,
        division_size=division_size,
        promoted=promoted,
        reach=reach,
    )


def _format_fields(
    format: str, table_size: int, rounds: int | None, division_size: int | None, promoted: int | None, reach: int | None
) -> tuple[int | None, ...]:
    """What each format needs, checked; the fields another format has no use for are cleared."""
    if format == Event.Format.SWISS:
        if table_size != 2:
            raise Refused(_("A Swiss event is for games of two players."), RefusalCode.PLAYERS)
        if not rounds or not 1 <= rounds <= 20:
            raise Refused(_("A Swiss event has 1 to 20 rounds."), RefusalCode.ROUNDS)
        return rounds, None, None, None
    if format == Event.Format.LEAGUE:
        if rounds is not None and not 1 <= rounds <= 100:
            raise Refused(_("A league has 1 to 100 seasons (or none given: season after season)."), RefusalCode.ROUNDS)
        if not division_size or not max(table_size, 3) <= division_size <= 50:
            raise Refused(
                _("A league's divisions have from %(least)d to 50 players.") % {"least": max(table_size, 3)},
                RefusalCode.DIVISION_SIZE,
            )
        if not promoted or not 1 <= 2 * promoted <= division_size - 1:
            raise Refused(
                _(
                    "At a season's end at least one player goes up and one down, and fewer than half a "
                    "division each way."
                ),
                RefusalCode.PROMOTED,
            )
        return rounds, division_size, promoted, None
    if format == Event.Format.LADDER:
        if table_size != 2:
            raise Refused(_("A ladder is for games of two players."), RefusalCode.PLAYERS)
        if not reach or not 1 <= reach <= 20:
            raise Refused(_("On a ladder a player may challenge from 1 to 20 places above."), RefusalCode.REACH)
        return None, None, None, reach
    return None, None, None, None


def sign_up(event_id: int, user: User) -> Entry:
    """Take a place in an event open for sign-up (a league or a ladder: also while it runs). The event's row is
    locked, so two players taking the last place at the same instant are counted one after the other: one gets
    it, the other is told it is full. A player who joins a running ladder starts at its bottom; one who joins a
    running league, in the bottom division at the next season."""
    if is_suspended(user):
        raise Refused(_("Your account is suspended."), RefusalCode.SUSPENDED)
    with transaction.atomic():
        event = lock(event_id)
        if not event.signup_open():
            raise Refused(_("Sign-up for this event is closed."), RefusalCode.CLOSED)
        entry = Entry.objects.filter(event=event, user=user).first()
        if entry is not None and not entry.withdrawn:
            raise Refused(_("You are already signed up for this event."), RefusalCode.SIGNED_UP)
        if Entry.objects.filter(event=event, withdrawn=False).count() >= event.max_players:
            raise Refused(
                _("This event is full: all %(count)d places are taken.") % {"count": event.max_players},
                RefusalCode.FULL,
            )
        running = event.status == Event.Status.RUNNING
        place = ladders.bottom_place(event) if running and event.format == Event.Format.LADDER else None
        if entry is None:
            return Entry.objects.create(event=event, user=user, place=place)
        entry.withdrawn, entry.created, entry.place, entry.timeouts = False, timezone.now(), place, 0
        entry.save(update_fields=["withdrawn", "created", "place", "timeouts"])
        return entry


def withdraw(event_id: int, user: User) -> Entry:
    """Leave an event. Before the start the place is free again; once it runs, the player's games under way
    are resigned (each a loss) and they are paired no more (a league's next season leaves them out, a ladder
    closes up below them)."""
    with transaction.atomic():
        event = lock(event_id)
        entry = Entry.objects.filter(event=event, user=user, withdrawn=False).first()
        if entry is None:
            raise Refused(_("You are not taking part in this event."), RefusalCode.NOT_ENTERED)
        if event.status in (Event.Status.FINISHED, Event.Status.CANCELLED):
            raise Refused(_("This event is over."), RefusalCode.OVER)
        entry.withdrawn = True
        entry.save(update_fields=["withdrawn"])
        running = event.status == Event.Status.RUNNING
    if running:
        resign_games(running_games(event, entry))
    return entry


def start_event(event_id: int, moderator: User | None = None) -> Event:
    """Start an event: pair its players, create every game of the first round (of all rounds for a
    round-robin, of the first season for a league; none for a ladder, whose players challenge each other) and
    email each player their games. By the sweep once its start has come, or earlier by a moderator. An event
    with too few players is cancelled instead, and its players told."""
    with transaction.atomic():
        event = lock(event_id)
        if moderator is not None and not moderator.has_perm("events.run_events"):
            raise Refused(_("Only moderators can start an event early."), RefusalCode.NOT_ALLOWED)
        if event.status != Event.Status.SIGNUP:
            raise Refused(_("This event has already started."), RefusalCode.STARTED)
        players = [e.pk for e in Entry.objects.filter(event=event, withdrawn=False).order_by("created", "id")]
        if len(players) < max(2, event.table_size):
            event.status = Event.Status.CANCELLED
            event.save(update_fields=["status"])
            owe(SEND_FINISHED, event.pk)
            return event
        event.status = Event.Status.RUNNING
        if event.format == Event.Format.ROUND_ROBIN:
            for number, tables in enumerate(pairing.round_robin(players, event.table_size), start=1):
                create_round(event, number, list(tables), None)
            event.current_round = 1
            event.save(update_fields=["status", "current_round"])
            owe(SEND_ROUND, event.pk, 0)
        elif event.format == Event.Format.LEAGUE:
            leagues.start(event, players)
        elif event.format == Event.Format.LADDER:
            ladders.start(event, players)
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


def _next_swiss_round(event: Event, players: list[int], results: list[pairing.Result]) -> bool:
    """Pair and create the next Swiss round; False if no pair is left to play. Two players with a block between
    them are kept apart when any other pairing exists."""
    number = event.current_round + 1
    entries = Entry.objects.filter(pk__in=players).select_related("user")
    ratings = {e.pk: value_of(e.user, event.kind) for e in entries}
    pairs, bye = pairing.swiss_round(players, results, ratings, number, _blocked_pairs(list(entries)))
    if not pairs:
        return False
    create_round(event, number, [tuple(pair) for pair in pairs], bye)
    event.current_round = number
    event.save(update_fields=["status", "current_round"])
    owe(SEND_ROUND, event.pk, number)
    return True


def _blocked_pairs(entries: list[Entry]) -> set[frozenset[int]]:
    """The pairs of entries whose players block each other, either way (one query)."""
    entry_of = {e.user_id: e.pk for e in entries}
    ids = list(entry_of)
    rows = Block.objects.filter(Q(blocker_id__in=ids) & Q(blocked_id__in=ids)).values_list("blocker_id", "blocked_id")
    return {frozenset((entry_of[a], entry_of[b])) for a, b in rows}


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Receiver of games' ``game_finished``, inside the transaction that ends the game: the event's row is
    locked, a ladder's places follow a challenge's result, the round's last game pairs the next Swiss round (in
    this same transaction, so no round is lost if a worker dies), a league's season's last game starts the next
    season, and the event's last game ends the event."""
    table = EventGame.objects.filter(game=game).only("event_id", "entries").first()
    if table is None:
        return
    event = lock(table.event_id)
    _count_timeouts(event, game, table.entries)
    if event.format == Event.Format.LADDER:
        ladders.after_game(event, table)
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
    entry = Entry.objects.select_related("event").filter(pk=entry_id, withdrawn=True).first()
    if entry is not None:
        resign_games(running_games(entry.event, entry))


# An abandoned game is looked for this long after it ended (the sweep runs every minute: a week of downtime).
SETTLE_LOOKBACK = timedelta(days=7)


def settle_running(now: datetime | None = None) -> int:
    """The sweep's second half: a game a moderator abandons ends without a result and without ``game_finished``;
    an event whose games under way are all over is moved on here (the next round or season, or its end). Only the
    events with a game abandoned in the last ``SETTLE_LOOKBACK`` are read (by the index on abandoned games' end),
    never every running event. A ladder has no last game: it is left alone. Returns the number of events moved
    on."""
    now = now or timezone.now()
    abandoned = EventGame.objects.filter(game__status=Game.Status.ABANDONED, game__finished__gte=now - SETTLE_LOOKBACK)
    live = EventGame.objects.filter(event=OuterRef("pk"), game__status__in=(Game.Status.OPEN, Game.Status.ACTIVE))
    stalled = (
        Event.objects.filter(status=Event.Status.RUNNING, pk__in=abandoned.values("event_id"))
        .exclude(format=Event.Format.LADDER)
        .exclude(Exists(live))
        .values_list("pk", flat=True)
    )
    moved = 0
    for event_id in list(stalled[:50]):
        with transaction.atomic():
            moved += _advance(lock(event_id))
    return moved


def _advance(event: Event) -> bool:
    """With the event's row locked: pair the next Swiss round once the current one is over (leaving out the
    players suspended meanwhile), start a league's next season once a season is over, or end the event once its
    last game is over. True if any of these happened. A ladder goes on."""
    if event.status != Event.Status.RUNNING or event.format == Event.Format.LADDER:
        return False
    unfinished = EventGame.objects.filter(event=event, game__status__in=(Game.Status.OPEN, Game.Status.ACTIVE))
    if event.format == Event.Format.LEAGUE:
        if not leagues.season_over(event):
            return False
        if leagues.next_season(event):
            return True
    elif event.format == Event.Format.SWISS:
        if unfinished.filter(round=event.current_round).exists():
            return False
        if event.current_round < (event.rounds or 0):
            _withdraw_suspended(event)
            players = list(
                Entry.objects.filter(event=event, withdrawn=False)
                .order_by("created", "id")
                .values_list("pk", flat=True)
            )
            if len(players) >= 2 and _next_swiss_round(event, players, queries.results(queries.tables(event))):
                return True
    elif unfinished.exists():
        return False
    event.status, event.finished = Event.Status.FINISHED, timezone.now()
    event.save(update_fields=["status", "finished"])
    owe(SEND_FINISHED, event.pk)
    return True


def _withdraw_suspended(event: Event) -> None:
    """A player suspended during a Swiss event is withdrawn before the next round is paired: paired no more.
    (Their game under way, if any, they cannot play: its clock resigns them, a loss.)"""
    suspended = Entry.objects.filter(event=event, withdrawn=False, user__profile__suspended=True)
    for pk in list(suspended.values_list("pk", flat=True)):
        Entry.objects.filter(pk=pk).update(withdrawn=True)
        owe(RESIGN_REST, pk)
