"""Moves: the shared steps every write to a running game uses, and the door for playing a move.

``lock_game`` then ``acting_seat`` check who may act; ``apply_move`` asks the engine, appends the move and
``save_state`` stores the new position and resets the clocks (``set_clocks``, planned by ``clockplan``). News goes
out after commit. Every step after ``lock_game`` is called with the game's row locked (inside the transaction that
locked it), and says so; what one move learns under the lock travels with it in a ``MoveContext``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Count, Exists, Max, Q, Subquery
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from wordgames.accounts.models import is_suspended
from wordgames.engines import MOVE_LIMIT_ANY, IllegalMove, get_engine
from wordgames.engines.core.engine import MOVE_MAX, MoveOutcome
from wordgames.engines.core.refusals import Phrase
from wordgames.engines.core.sentences import to_data
from wordgames.lib.lists import and_list

from .. import live, relay, signals
from ..models import Game, Move, Seat, Vacation
from ..notices import TURN
from ..queries import hidden_from, live_moves, player_names, seat_of
from ..refusals import word
from . import records
from .clockplan import SeatClock, Turn, come_to_wait, deciding, plan_clocks, starting
from .errors import MoveResult, RefusalCode, Refused


@dataclass
class MoveContext:
    """What one write to a game learns under the game's lock and hands to the steps after it (``apply_move``,
    ``save_state``, ``set_clocks``), rather than attributes hung on the ``Game``: the number (seq) of the game's
    last move, read with the lock or just made; looked up when nobody knew it (a start, an undo)."""

    last_seq: int | None = None

    def last_move_number(self, game: Game) -> int:
        if self.last_seq is None:
            self.last_seq = game.moves.aggregate(last=Max("seq"))["last"] or 0
        return self.last_seq


def lock_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends: changes to one game happen one at a time."""
    try:
        game = Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise Refused(_("There is no such game."), RefusalCode.NOT_FOUND) from None
    live.watch(game)  # its open pages hear of what this transaction changes, once it commits
    return game


def _lock_for_move(game_id: int, idempotency_key: str) -> tuple[Game, int, int | None]:
    """``lock_game``, then what a move's checks and clocks need, read in one statement once the lock is held: the
    seats (with each player's time away, in ``game.seats.all()``), the number of the game's last move and the id
    of the move this idempotency key made, if any.

    Two statements, not one: a subquery in the locking SELECT is evaluated on the snapshot taken when the
    statement began, so on PostgreSQL a submission that waited for the lock (another seat of a simultaneous round
    moving) would read the move numbers as they were before that move, and collide with it.

    Written in SQL: the same two statements built by the ORM cost three times the CPU of these (measured in
    docs/benchmarks.md, "Web"), and a move is the site's most frequent write."""
    sql = _MOVE_SQL.get(connection.vendor)
    if sql is None:
        sql = _MOVE_SQL[connection.vendor] = _move_sql()
    found = list(Game.objects.raw(sql[0], [game_id]))
    if not found:
        raise Refused(_("There is no such game."), RefusalCode.NOT_FOUND)
    game = found[0]
    live.watch(game)  # as lock_game: its open pages hear of what this move changes, once it commits
    now = timezone.now()
    seats = list(Seat.objects.raw(sql[1], [now, now, game.pk, game.pk, idempotency_key, game.pk]))
    # As prefetch_related would leave them (without its machinery, which cost more than the query).
    cached = game.seats.all()
    cached._result_cache, cached._prefetch_done = seats, True  # type: ignore[attr-defined]
    game._prefetched_objects_cache = {"seats": cached}  # type: ignore[attr-defined]
    for seat in seats:
        Seat.game.field.set_cached_value(seat, game)
        seat.away_until = _datetime(seat.away_until)  # type: ignore[attr-defined]
    if not seats:  # no seat, no move (and nobody who may make one: the seat checks refuse it)
        return game, 0, None
    return game, seats[0].last_seq or 0, seats[0].done_id  # type: ignore[attr-defined]


_MOVE_SQL: dict[str, tuple[str, str]] = {}


def _move_sql() -> tuple[str, str]:
    """The statements of ``_lock_for_move`` in this database's dialect: the game locked; then its seats, each with
    the end of its player's vacation under way (``away_until``), the game's last move
    number and the move of the idempotency key (an empty key matches none)."""
    q = connection.ops.quote_name
    game, seat, move, vacation = (q(m._meta.db_table) for m in (Game, Seat, Move, Vacation))
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    return (
        f"SELECT * FROM {game} WHERE {q('id')} = %s{lock}",
        f"SELECT s.*, (SELECT v.{q('ends')} FROM {vacation} v WHERE v.{q('user_id')} = s.{q('user_id')} "
        f"AND v.{q('starts')} <= %s AND v.{q('ends')} > %s ORDER BY v.{q('ends')} DESC LIMIT 1) AS away_until, "
        f"(SELECT MAX({q('seq')}) FROM {move} WHERE {q('game_id')} = %s) AS last_seq, "
        f"(SELECT MAX({q('id')}) FROM {move} WHERE {q('game_id')} = %s AND {q('idempotency_key')} = %s "
        f"AND {q('idempotency_key')} <> '') AS done_id "
        f"FROM {seat} s WHERE s.{q('game_id')} = %s ORDER BY s.{q('position')}",
    )


def _datetime(value: Any) -> datetime | None:
    """A timestamp read by hand: PostgreSQL's driver gives an aware datetime, SQLite's a naive one or the text
    Django stored (UTC either way)."""
    if value is None:
        return None
    parsed = value if isinstance(value, datetime) else parse_datetime(str(value))
    if parsed is not None and timezone.is_naive(parsed):
        parsed = timezone.make_aware(parsed, UTC)
    return parsed


def acting_seat(game: Game, user: User, text: str) -> int:
    """The seat ``user`` acts for with ``text``, or ``Refused`` (no seat, suspended, game not running, not their
    turn). Call with the game locked: the answer holds only while nobody else can move."""
    seat = seat_of(game, user)
    if seat is None:
        raise Refused(_("You are not playing in this game."), RefusalCode.NOT_SEATED)
    if is_suspended(user):
        raise Refused(_("Your account is suspended, so you cannot move."), RefusalCode.SUSPENDED)
    if game.status in (Game.Status.FINISHED, Game.Status.ABANDONED):
        raise Refused(_("This game is over, so your move was not played."), RefusalCode.NOT_RUNNING)
    if game.status != Game.Status.ACTIVE:
        raise Refused(_("This game is not in progress."), RefusalCode.NOT_RUNNING)
    engine = get_engine(game.engine)
    if text.strip().lower() != "resign" and seat not in engine.actors(game.state):
        try:  # the engine says it best ("You have written on the sheet in front of you this round; ...")
            engine.apply(game.state, seat, text, **hidden_from(game, seat))
        except IllegalMove as e:
            raise Refused(word(e), RefusalCode.NOT_YOUR_TURN) from None
        movers = and_list([player_names(game)[s] for s in sorted(engine.actors(game.state))])
        raise Refused(_("It is not your turn: %(names)s to move.") % {"names": movers}, RefusalCode.NOT_YOUR_TURN)
    return seat


def preview_move(game: Game, user: User, text: str) -> MoveOutcome:
    seat = acting_seat(game, user, text)
    try:
        return get_engine(game.engine).preview(game.state, seat, text, **hidden_from(game, seat))
    except IllegalMove as e:
        raise Refused(word(e), RefusalCode.ILLEGAL, said=to_data(Phrase(e.code, e.values))) from None


def play_move(
    game_id: int,
    user: User,
    text: str,
    *,
    expected_version: int | None = None,
    expected_number: int | None = None,
    idempotency_key: str = "",
    source: str = Move.Source.WEB,
    comment: str = "",
) -> MoveResult:
    """Apply one move for ``user``'s seat, or raise ``Refused`` and change nothing.

    The game row is locked for the whole check-and-apply, so two submissions for the same turn are applied
    one after the other: the second sees the new version (stale) or that it is no longer its turn.
    A repeated ``idempotency_key`` (a double-clicked form, a re-delivered email) returns the move it made.
    ``expected_number`` is an emailed move's ``#N``: the number of the move the player saw coming.
    """
    text = " ".join(text.split())
    if not text:
        raise Refused(_("Type a move first."), RefusalCode.EMPTY)
    if len(text) > MOVE_LIMIT_ANY:
        raise Refused(_("That move is too long to be a move."), RefusalCode.ILLEGAL)
    with transaction.atomic():
        game, last_seq, done_id = _lock_for_move(game_id, idempotency_key)
        limit = get_engine(game.engine).move_limit(game.state) if game.state else MOVE_MAX
        if len(text) > limit:
            raise Refused(
                _("A move has at most %(most)d characters (this one has %(length)d).")
                % {"most": limit, "length": len(text)},
                RefusalCode.ILLEGAL,
            )
        if done_id is not None:
            done = Move.objects.get(pk=done_id)
            if done.seat == seat_of(game, user):  # the same player's double submit: the move they made
                return MoveResult(done, duplicate=True)
            raise Refused(_("That form has been used already. Reload the page to move."), RefusalCode.STALE)
        context = MoveContext(last_seq)
        seat = acting_seat(game, user, text)
        # Stale: the position this seat was deciding on has changed since the page (or email) was made. In a
        # simultaneous round another player's move bumps the version without changing this seat's decision.
        mine = next((s for s in game.seats.all() if s.position == seat), None)
        since = mine.since_version if mine is not None else game.version
        stale = (expected_version is not None and not since <= expected_version <= game.version) or (
            expected_number is not None and not _number_current(game, mine, expected_number, context)
        )
        if stale:
            raise Refused(
                _(
                    "The board has changed since you looked at it, so your move was not played. "
                    "Here is the board as it is now."
                ),
                RefusalCode.STALE,
            )
        move = apply_move(
            game,
            seat,
            user,
            text,
            source=source,
            idempotency_key=idempotency_key,
            comment=_storable(comment).strip()[:2000],
            context=context,
        )
    return MoveResult(move, duplicate=False)


def _storable(text: str) -> str:
    """Free text without NUL, which no text column of PostgreSQL stores (a comment from a broken mail program)."""
    return text.replace("\x00", "")


def _number_current(game: Game, seat: Seat | None, number: int, context: MoveContext) -> bool:
    """Whether an emailed move's ``#N`` still holds: N was the next move's number when the email was written,
    and this seat's decision has not changed since. Other players' moves in the same round (a simultaneous
    game) raise the number without changing the decision, so any number from the decision's start on holds.
    Call with the game locked."""
    since = seat.since_seq if seat is not None else context.last_move_number(game)
    counts = live_moves(game).aggregate(live=Count("pk"), since=Count("pk", filter=Q(seq__gt=since)))
    now = counts["live"] + 1
    return now - counts["since"] <= number <= now


def apply_move(
    game: Game,
    seat: int,
    user: User | None,
    text: str,
    *,
    source: str,
    idempotency_key: str = "",
    comment: str = "",
    notify: bool = True,
    context: MoveContext | None = None,
    event: str = TURN,
) -> Move:
    """Apply ``text`` for ``seat`` to the locked ``game``, append the move, save, and owe the news (unless
    ``notify`` is False: the caller sends its own, as a timeout does, one email per event; the players the move
    makes the game wait for are still told it is their turn, as a change of ``event``, see ``set_clocks``). Call
    with the game locked (``lock_game``), in the transaction that locked it; ``context``: what the caller learnt
    under the lock."""
    context = context or MoveContext()
    engine = get_engine(game.engine)
    before = engine.actors(game.state)
    idle_before = engine.idle_clock and not engine.waiting_for(game.state)
    try:
        state, outcome = engine.apply(game.state, seat, text, **hidden_from(game, seat))
    except IllegalMove as e:
        raise Refused(word(e), RefusalCode.ILLEGAL, said=to_data(Phrase(e.code, e.values))) from None
    quiet = bool(outcome.events.get("quiet"))
    fields = {
        "seat": seat,
        "user": user,
        "text": outcome.move,
        "score": outcome.score,
        "summary": outcome.summary,
        "outcome": outcome.as_dict(),
        "source": source,
        "idempotency_key": idempotency_key,
        "comment": comment,
        "quiet": quiet,
    }
    # The row lock makes these safe without a savepoint: no other submission for this game can be
    # between the idempotency check and this insert.
    move = _overwritten_autosave(game, seat, fields) if quiet else None
    if move is None:
        seq = context.last_move_number(game) + 1
        move = Move.objects.create(game=game, seq=seq, **fields)
        context.last_seq = seq
    # A quiet move (rearranging a private crossword) is not a new decision: the mover's clock runs on, except
    # an idle clock (the game waits for nobody), which any move of the seat's own restarts.
    waiting = engine.waiting_for(state)
    # From waiting for nobody to waiting for some (red light): their clocks start afresh, the idle ones stop.
    clocks_before = set() if idle_before and waiting else before
    save_state(
        game,
        state,
        actors_before=clocks_before,
        mover=None if quiet else seat,
        public=not quiet,
        context=context,
        told=notify and not quiet,  # told below (``relay.tell``, or after its commentary)
        event=event,
    )
    if quiet and engine.idle_clock and not waiting:
        restart_clock(game, seat)
    version, was = game.version, sorted(before)
    if outcome.events.get("quiet") or not notify:
        return move  # private housekeeping (a crossword rearranged): nobody is emailed about it
    if engine.annotates(game.options):
        relay.owe(relay.annotate_move, move.pk, was)
    else:
        relay.tell(game, version, actors_before=was, mover=seat, move_id=move.pk)
    return move


def _overwritten_autosave(game: Game, seat: int, fields: dict[str, Any]) -> Move | None:
    """A seat's quiet move (an autosave) overwrites its previous one when no public move came since: one row
    per seat, however often it saves, and the record still replays (a quiet move replaces the earlier ones).
    Call with the game locked."""
    live = game.moves.filter(taken_back=False)
    public = live.filter(quiet=False).order_by("-seq").values("seq")[:1]
    move = (
        live.filter(seat=seat, quiet=True)
        .filter(Q(seq__gt=Subquery(public)) | ~Exists(public))
        .order_by("-seq")
        .first()
    )
    if move is None:
        return None
    for name, value in fields.items():
        setattr(move, name, value)
    move.created = timezone.now()
    move.save()
    return move


def save_state(
    game: Game,
    state: dict[str, Any],
    *,
    actors_before: set[int] | None = None,
    mover: int | None = None,
    public: bool = True,
    context: MoveContext | None = None,
    told: bool = False,
    event: str = TURN,
) -> None:
    """Store the new state. ``public`` False (a private edit, e.g. rearranging one's own crossword) keeps the
    version: the other players' pages and polls do not change, so nobody sees when someone works. ``told``: the
    caller tells the players of this change, else ``event`` is what the players it makes the game wait for are
    told (``set_clocks``). Call with the game locked."""
    engine = get_engine(game.engine)
    now = timezone.now()
    game.state = state
    if public:
        game.version += 1
    result = engine.result(state)
    ended = reopened = False
    if result is not None:
        ended = game.status != Game.Status.FINISHED
        game.result = result
        game.status = Game.Status.FINISHED
        game.finished = now
    elif game.status == Game.Status.FINISHED:  # a take-back reopened it
        reopened = True
        game.result = None
        game.status = Game.Status.ACTIVE
        game.finished = None
    if actors_before is None or engine.actors(state) != actors_before:
        game.turn_started = now
    game.save(update_fields=["state", "version", "result", "status", "finished", "turn_started"])
    set_clocks(game, actors_before=actors_before, mover=mover, now=now, context=context, told=told, event=event)
    if reopened:
        signals.game_reopened.send(sender=Game, game=game)
    if ended:
        signals.game_finished.send(sender=Game, game=game)
    if public:
        wake_computers(game)


# The task that plays a game's computer seats (``games.tasks``, above the actions: named, not imported).
PLAY_COMPUTERS = "wordgames.games.tasks.play_computers"


def wake_computers(game: Game, *, delay: int | None = None) -> None:
    """After a public change to a game with computer players, owe their turn: the task looks at which
    computer seats may act in this version and plays for them, ``COMPUTER_MOVE_DELAY`` seconds later. The game's
    ``wake_at`` is set ``COMPUTER_WAKE_AFTER`` seconds after that, for the sweep in case the task is lost (and
    cleared once the game is over). Call with the game locked (the version it owes a turn for is this one)."""
    if not game.has_computers:
        return
    wake_at = None
    if game.status == Game.Status.ACTIVE:
        after = settings.COMPUTER_MOVE_DELAY if delay is None else delay
        relay.owe(PLAY_COMPUTERS, game.pk, game.version, after=after)
        wake_at = timezone.now() + timedelta(seconds=after + settings.COMPUTER_WAKE_AFTER)
    elif game.wake_at is None:
        return
    Game.objects.filter(pk=game.pk).update(wake_at=wake_at)
    game.wake_at = wake_at


def set_clocks(
    game: Game,
    *,
    actors_before: set[int] | None = None,
    mover: int | None = None,
    now: datetime | None = None,
    context: MoveContext | None = None,
    told: bool = False,
    event: str = TURN,
) -> None:
    """Start the clock of each seat that may now act and did not before (or just moved and acts again);
    stop the clocks of the others. Time away (a vacation under way) is added to a new deadline. Each seat's
    ``live`` and ``awaited`` (what the lobby lists) are written in the same statement. Planned by
    ``clockplan.plan_clocks``; this reads the game, asks for time away, and writes the plan. Call with the game
    locked.

    Every change to a game comes here, so here is where the game comes to wait for a player, whatever the
    change (a move, the start, a timeout, a moderator's action, an undo), and where the players it comes to wait
    for are told, as after a move: a "your turn" by email (with the board and the seat's reply address) and push,
    by their choices, or their daily digest and push brought forward if their hour has passed. A change the
    caller tells the players of (``told``: ``relay.tell``, a move or the start) has it done by the sender of its
    notice; any other is told here, as a change of ``event`` (``notices.TURN``, or ``TIMEOUT`` when the timeout's
    own email says whose turn it is), that only the seats it came to wait for hear of (``notices.came_to_wait``).
    The notice's emails and pushes are keyed as a move's, so each goes once however often it is sent."""
    now = now or timezone.now()
    turn = _turn(game, actors_before, mover)
    seats = list(game.seats.all())
    clocks = [SeatClock.of(seat) for seat in seats]
    starts = {clock.pk for clock in starting(turn, clocks)}
    away = allowed_time_away(_time_away_of([seat for seat in seats if seat.pk in starts], now), now)
    last_seq = (context or MoveContext()).last_move_number(game) if deciding(turn, clocks) else 0
    changes = plan_clocks(turn, clocks, now=now, version=game.version, last_seq=last_seq, away=away)
    loaded = {seat.pk: seat for seat in seats}
    ends = any("place" in values for _pk, values in changes)  # a game ends or reopens: the records change
    before = records.results_of(seats) if ends else []
    for pk, values in changes:  # the seats in memory as the database will have them
        for name, value in values.items():
            setattr(loaded[pk], name, value)
    update_seats(changes)
    if ends:
        records.count_change(game, before, records.now_placed(before, seats))
    if not told and come_to_wait(turn, clocks):
        relay.tell(game, game.version, event=event)


def _turn(game: Game, actors_before: set[int] | None, mover: int | None) -> Turn:
    """What the game waits for now, as the clocks' plan reads it."""
    engine = get_engine(game.engine)
    running = game.status == Game.Status.ACTIVE and game.state
    limit = engine.time_limit(game.state) if running else None
    move_time = timedelta(seconds=limit) if limit else game.move_time
    return Turn(
        move_time=move_time,
        reminder=move_time * 0.8 if limit else game.reminder_delay,
        clocked=frozenset(engine.clocked(game.state)) if running else frozenset(),
        acting=frozenset(engine.actors(game.state)) if running else frozenset(),
        # The lobby's "your turn": whom the game waits for. Not ``acting`` (in Lexicon Crossing between green
        # lights everyone may act and nobody is waited for), nor ``clocked`` (there every actor's idle clock runs).
        waiting=frozenset(engine.waiting_for(game.state)) if running else frozenset(),
        live=game.status in (Game.Status.OPEN, Game.Status.ACTIVE),
        before=frozenset(actors_before) if actors_before is not None else None,
        mover=mover,
        ended=standing(game.result) if game.status == Game.Status.FINISHED and game.result else {},
    )


def _time_away_of(seats: list[Seat], now: datetime) -> dict[int, timedelta]:
    """What is left of each seat's player's vacation under way ({seat id: time}): from the seats' own
    ``away_until`` when a move's query loaded it, else in one query."""
    if not seats:
        return {}
    if all(hasattr(seat, "away_until") for seat in seats):
        ends = {seat.user_id: seat.away_until for seat in seats}  # type: ignore[attr-defined]
        away = {user_id: until - now for user_id, until in ends.items() if until and until > now}
    else:
        away = _time_away([seat.user_id for seat in seats], now)
    return {seat.pk: away.get(seat.user_id, timedelta(0)) for seat in seats}


def standing(result: dict[str, Any]) -> dict[int, tuple[str, int]]:
    """Each seat's outcome and place in a finished game's result: the winners share first place (won, or drawn
    when every seat is a winner); the others follow by score, ties sharing a place."""
    scores, winners = list(result.get("scores") or []), set(result.get("winners") or [])
    rank = {seat: (seat in winners, scores[seat]) for seat in range(len(scores))}
    everyone = len(winners) == len(scores)
    return {
        seat: (
            "drawn" if everyone else "won" if seat in winners else "lost",
            1 + sum(1 for other in rank.values() if other > mine),
        )
        for seat, mine in rank.items()
    }


def update_seats(changes: list[tuple[int, dict[str, Any]]]) -> None:
    """Write each seat's changed fields in one UPDATE (a move usually stops one clock and starts another).
    Written out rather than ``bulk_update``, whose generic CASE building costs more Python than it saves."""
    if len(changes) <= 1:
        for pk, values in changes:
            Seat.objects.filter(pk=pk).update(**values)
        return
    meta, quote = Seat._meta, connection.ops.quote_name
    sets: list[str] = []
    params: list[Any] = []
    for name in sorted({name for _pk, values in changes for name in values}):
        field = meta.get_field(name)
        column = quote(str(field.column))  # type: ignore[union-attr]
        cases = []
        for pk, values in changes:
            if name in values:
                cases.append("WHEN %s THEN %s")
                params += [pk, field.get_db_prep_value(values[name], connection)]  # type: ignore[union-attr]
        sets.append(f"{column} = CASE {quote('id')} {' '.join(cases)} ELSE {column} END")
    pks = [pk for pk, _values in changes]
    params += pks
    placeholders = ", ".join(["%s"] * len(pks))
    with connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quote(meta.db_table)} SET {', '.join(sets)} WHERE {quote('id')} IN ({placeholders})", params
        )


def restart_clock(game: Game, position: int, now: datetime | None = None) -> None:
    """Start one seat's clock again from now (its idle clock, after a move of its own that is no decision).
    Call with the game locked."""
    now = now or timezone.now()
    seat = next((s for s in game.seats.all() if s.position == position), None)
    if seat is None or seat.due_at is None:
        return
    until = getattr(seat, "away_until", None)  # the seats of a move are loaded with their time away
    extra = until - now if until is not None and until > now else timedelta(0)
    extra = allowed_time_away({seat.pk: extra}, now)[seat.pk]
    Seat.objects.filter(pk=seat.pk).update(
        due_at=now + game.move_time + extra, remind_at=now + game.reminder_delay + extra, reminded=False, timeouts=0
    )


def allowed_time_away(shifts: dict[int, timedelta], now: datetime) -> dict[int, timedelta]:
    """Each seat's deadline change for time away ({seat id: change}) as the rooms above allow it
    (``signals.time_away``: an event's own limit). Nothing is asked when nothing moves."""
    wanted = {pk: delta for pk, delta in shifts.items() if delta}
    if not wanted:
        return shifts
    allowed = dict(shifts)
    for _receiver, answer in signals.time_away.send(sender=Seat, shifts=wanted, now=now):
        if isinstance(answer, dict):
            allowed.update(answer)
    return allowed


def _time_away(user_ids: list[int | None], now: datetime) -> dict[int | None, timedelta]:
    """What is left of each user's vacation under way at ``now``, in one query."""
    ids = [i for i in user_ids if i is not None]
    rows = Vacation.objects.filter(user_id__in=ids, starts__lte=now, ends__gt=now).values("user_id")
    return {row["user_id"]: row["latest"] - now for row in rows.annotate(latest=Max("ends"))}
