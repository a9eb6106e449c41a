"""Every write to games goes through here: views, email, admin actions and tasks call these functions.

Each function is one transaction. Anything sent out (emails, tasks) is queued with ``on_commit`` so a
rolled-back change never notifies anyone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max, OuterRef, Prefetch, Q, Subquery, prefetch_related_objects
from django.utils import timezone

from wordgames.accounts.models import is_suspended
from wordgames.engines import IllegalMove, get_engine
from wordgames.engines.core.engine import EndReason, MoveOutcome
from wordgames.engines.core.errors import InvalidOptions
from wordgames.pbem.models import EmailOptOut

from . import tasks
from .models import Game, ModerationAction, Move, Seat, UndoRequest, Vacation

User = get_user_model()


class Refused(Exception):
    """A request the service will not carry out; the message is a sentence for the player.

    ``code`` lets callers react (``stale`` shows the new board, ``illegal`` keeps the player's text)."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


@dataclass
class MoveResult:
    move: Move | None  # None when the request waits (a Lexicon Crossing green light not yet dealt)
    duplicate: bool  # True when this idempotency key had already been applied: nothing new happened
    message: str = ""  # what to tell the player when there is no move to show

    @property
    def sentence(self) -> str:
        if self.move is None:
            return self.message
        return self.move.summary or f"You played {self.move.text}."


# --- reading helpers (no writes) -------------------------------------------------------------------------


def seat_of(game: Game, user: AbstractBaseUser | None) -> int | None:
    """The seat ``user`` plays: their own, or one they share as a team-mate (team play)."""
    if user is None or not user.is_authenticated:
        return None
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat.position
    shared = Seat.objects.filter(game=game, partners=user).values_list("position", flat=True).first()
    return shared


def player_names(game: Game) -> list[str]:
    return [seat.user.username if seat.user else f"seat {seat.position + 1}" for seat in game.seats.all()]


def live_moves(game: Game) -> Iterable[Move]:
    return game.moves.filter(taken_back=False).order_by("seq")


def rebuild_state(game: Game) -> dict[str, Any]:
    """The state obtained by replaying the game's live moves from its seed: it must equal ``game.state``."""
    engine = get_engine(game.engine)
    state = engine.new_game(player_names(game), game.options, game.seed, game.bag or None)
    for move in live_moves(game):
        state, _ = engine.apply(state, move.seat, move.text)
    return state


def preview_move(game: Game, user: AbstractBaseUser, text: str) -> MoveOutcome:
    seat = _acting_seat(game, user, text)
    try:
        return get_engine(game.engine).preview(game.state, seat, text, **_hidden_from(game, seat))
    except IllegalMove as e:
        raise Refused(str(e), "illegal") from None


def best_move(game: Game, user: AbstractBaseUser) -> MoveOutcome | None:
    """The hint of a practice game: only for the player to move, only when the game allows hints."""
    if not game.options.get("hints"):
        raise Refused("Hints are only available in practice games.", "no_hints")
    seat = _acting_seat(game, user, "hint")
    engine = get_engine(game.engine)
    if not engine.hints:
        raise Refused(f"{engine.title} has no hints.", "no_hints")
    return engine.best_move(game.state, seat)


def _hidden_from(game: Game, seat: int) -> dict[str, Any]:
    """What the seat may not see yet shapes how its move is judged (Lexicon Crossing's green-lighter)."""
    from . import greenlight

    return greenlight.view_kwargs(game, seat) if greenlight.uses_green_light(game) else {}


def _acting_seat(game: Game, user: AbstractBaseUser, text: str) -> int:
    seat = seat_of(game, user)
    if seat is None:
        raise Refused("You are not playing in this game.", "not_seated")
    if is_suspended(user):
        raise Refused("Your account is suspended, so you cannot move.", "suspended")
    if game.status != Game.Status.ACTIVE:
        raise Refused("This game is not in progress.", "not_running")
    engine = get_engine(game.engine)
    if text.strip().lower() != "resign" and seat not in engine.actors(game.state):
        try:  # the engine says it best ("You have written on the sheet in front of you this round; ...")
            engine.apply(game.state, seat, text, **_hidden_from(game, seat))
        except IllegalMove as e:
            raise Refused(str(e), "not_your_turn") from None
        movers = ", ".join(player_names(game)[s] for s in sorted(engine.actors(game.state)))
        raise Refused(f"It is not your turn: {movers} to move.", "not_your_turn")
    return seat


def _lock_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends: changes to one game happen one at a time."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise Refused("There is no such game.", "not_found") from None


# --- creating and joining games --------------------------------------------------------------------------


def create_game(
    creator: AbstractBaseUser,
    engine_name: str,
    options: dict[str, Any],
    invitees: list[str],
    *,
    seed: int | None = None,
    bag: str = "",
    move_time: timedelta = timedelta(days=7),
    reminder_after: timedelta | None = None,
    partners: dict[int, list[str]] | None = None,
) -> Game:
    """A new game with the creator in seat 1 and one more seat per entry of ``invitees``: "" for an open
    seat, a username, or an email address. Starts at once if every seat is taken. Each player has
    ``move_time`` per move (1 hour to 30 days) and is reminded after ``reminder_after`` (80 % by default)."""
    if not timedelta(hours=1) <= move_time <= timedelta(days=30):
        raise Refused("The time per move must be between 1 hour and 30 days.", "options")
    if reminder_after is not None and not timedelta(0) < reminder_after < move_time:
        raise Refused("The reminder must come before the time per move runs out.", "options")
    engine = get_engine(engine_name)
    players = 1 + len(invitees)
    if not engine.min_players <= players <= engine.max_players:
        raise Refused(f"{engine.title} is for {engine.min_players} to {engine.max_players} players.", "players")
    try:
        options = engine.validate_options(options)
    except InvalidOptions as e:
        raise Refused(str(e), "options") from None
    invited: list[tuple[Any, str]] = []
    for entry in invitees:
        entry = entry.strip()
        if not entry:
            invited.append((None, ""))
        elif "@" in entry:
            known = User.objects.filter(email__iexact=entry).first()
            if known is None and EmailOptOut.has(entry):
                raise Refused(f"{entry} has asked this site not to send them email, so they cannot be invited "
                              "by email.", "players")  # fmt: skip
            invited.append((known, "" if known else entry.lower()))
        else:
            known = User.objects.filter(username__iexact=entry).first()
            if known is None:
                raise Refused(f"There is no player called {entry!r}. Invite them by email address instead.")
            invited.append((known, ""))
    if any(user is not None and user.pk == creator.pk for user, _ in invited):
        raise Refused("You are already in seat 1; invite someone else.", "players")
    with transaction.atomic():
        game = Game.objects.create(
            engine=engine_name,
            options=options,
            seed=seed if seed is not None else random.SystemRandom().randrange(2**31),
            bag=bag,
            created_by=creator,
            move_time=move_time,
            reminder_after=reminder_after,
        )
        first = Seat.objects.create(game=game, position=0, user=creator, joined=timezone.now())
        seats = [first]
        for position, (user, email) in enumerate(invited, start=1):
            seat = Seat.objects.create(game=game, position=position, invited_user=user, invited_email=email)
            seats.append(seat)
            if user is not None or email:
                transaction.on_commit(lambda seat_id=seat.pk: tasks.send_invitation.delay(seat_id))
        _add_partners(seats, partners or {}, {creator.pk} | {u.pk for u, _ in invited if u is not None})
        _start_if_full(game)
    return game


def _add_partners(seats: list[Seat], partners: dict[int, list[str]], seated: set[int]) -> None:
    """Team play: usernames sharing each seat (position from 0)."""
    for position, names in partners.items():
        if not 0 <= position < len(seats):
            raise Refused(f"There is no seat {position + 1} to share.", "players")
        for name in names:
            user = User.objects.filter(username__iexact=name.strip()).first()
            if user is None:
                raise Refused(f"There is no player called {name.strip()!r} to share seat {position + 1}.", "players")
            if user.pk in seated:
                raise Refused(f"{user.get_username()} already plays in this game.", "players")
            seated.add(user.pk)
            seats[position].partners.add(user)


def join_game(game_id: int, user: AbstractBaseUser, seat_id: int | None = None) -> Seat:
    """Take an open seat, or accept an invitation (``seat_id`` names the invited seat)."""
    if is_suspended(user):
        raise Refused("Your account is suspended.", "suspended")
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise Refused("This game has already started.", "started")
        seats = list(game.seats.all())
        if any(seat.user_id == user.pk for seat in seats):
            raise Refused("You already have a seat in this game.", "seated")
        if seat_id is not None:
            seat = next((s for s in seats if s.pk == seat_id and s.user_id is None), None)
            if seat is None:
                raise Refused("That invitation is no longer open.", "gone")
        else:
            mine = [s for s in seats if s.is_invitation and _invited(s, user)]
            free = [s for s in seats if s.is_open]
            if not (mine or free):
                raise Refused("There is no free seat left in this game.", "full")
            seat = (mine or free)[0]
        seat.user = user
        seat.declined = False
        seat.joined = timezone.now()
        seat.save()
        _start_if_full(game)
    return seat


def decline_invitation(seat_id: int, user: AbstractBaseUser) -> Seat:
    with transaction.atomic():
        seat = Seat.objects.select_for_update().select_related("game").get(pk=seat_id)
        if not (seat.is_invitation and _invited(seat, user)):
            raise Refused("That invitation is not yours to decline.", "not_invited")
        seat.declined = True
        seat.invited_user = None
        seat.invited_email = ""
        seat.save()  # the seat becomes open for anyone
    return seat


def _invited(seat: Seat, user: AbstractBaseUser) -> bool:
    email = (getattr(user, "email", "") or "").lower()
    return seat.invited_user_id == user.pk or (bool(email) and seat.invited_email.lower() == email)


def _start_if_full(game: Game) -> None:
    seats = list(game.seats.select_related("user").order_by("position"))
    if any(seat.user_id is None for seat in seats):
        return
    engine = get_engine(game.engine)
    game.state = engine.new_game([s.user.username for s in seats], game.options, game.seed, game.bag or None)
    game.status = Game.Status.ACTIVE
    game.started = game.turn_started = timezone.now()
    game.version += 1
    game.save()
    set_clocks(game)
    transaction.on_commit(lambda: tasks.notify_turn.delay(game.pk, game.version, event="start"))


# --- moves -----------------------------------------------------------------------------------------------


def submit_move(
    game_id: int,
    user: AbstractBaseUser,
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
        raise Refused("Type a move first.", "empty")
    if len(text) > 500:
        raise Refused("That move is too long to be a move.", "illegal")
    if text.lower() in ("green", "withdraw"):
        from . import greenlight

        if greenlight.uses_green_light(Game.objects.only("engine").get(pk=game_id)):
            return greenlight.submit(game_id, user, text.lower())
    with transaction.atomic():
        game = _lock_game(game_id)
        # One query: the last move number, and whether this key was played already (a double submit).
        seen = game.moves.aggregate(last=Max("seq"), done=Max("id", filter=Q(idempotency_key=idempotency_key)))
        if idempotency_key and seen["done"] is not None:
            return MoveResult(Move.objects.get(pk=seen["done"]), duplicate=True)
        game._last_seq = seen["last"] or 0  # type: ignore[attr-defined]
        # One query serves the checks below and the clocks (with each player's time away).
        prefetch_related_objects([game], Prefetch("seats", queryset=_seats_with_time_away()))
        seat = _acting_seat(game, user, text)
        # Stale: the position this seat was deciding on has changed since the page (or email) was made. In a
        # simultaneous round another player's move bumps the version without changing this seat's decision.
        mine = next((s for s in game.seats.all() if s.position == seat), None)
        since = mine.since_version if mine is not None else game.version
        stale = (expected_version is not None and not since <= expected_version <= game.version) or (
            expected_number is not None and not _number_current(game, mine, expected_number)
        )
        if stale:
            raise Refused(
                "The board has changed since you looked at it, so your move was not played. "
                "Here is the board as it is now.",
                "stale",
            )
        move = _apply_move(game, seat, user, text, source=source, idempotency_key=idempotency_key,
                           comment=comment.strip()[:2000])  # fmt: skip
    return MoveResult(move, duplicate=False)


def _number_current(game: Game, seat: Seat | None, number: int) -> bool:
    """Whether an emailed move's ``#N`` still holds: N was the next move's number when the email was written,
    and this seat's decision has not changed since. Other players' moves in the same round (a simultaneous
    game) raise the number without changing the decision, so any number from the decision's start on holds."""
    live = live_moves(game)
    now = live.count() + 1
    since = seat.since_seq if seat is not None else (game._last_seq or 0)  # type: ignore[attr-defined]
    began = now - live.filter(seq__gt=since).count()
    return began <= number <= now


def _apply_move(game: Game, seat: int, user: AbstractBaseUser | None, text: str, *, source: str,
                idempotency_key: str = "", comment: str = "") -> Move:  # fmt: skip
    """Apply ``text`` for ``seat`` to the locked ``game``, append the move, save, and queue the news."""
    engine = get_engine(game.engine)
    before = engine.actors(game.state)
    try:
        state, outcome = engine.apply(game.state, seat, text, **_hidden_from(game, seat))
    except IllegalMove as e:
        raise Refused(str(e), "illegal") from None
    # The row lock makes these safe without a savepoint: no other submission for this game can be
    # between the idempotency check and this insert.
    last = getattr(game, "_last_seq", None)
    seq = (last if last is not None else game.moves.aggregate(last=Max("seq"))["last"] or 0) + 1
    move = Move.objects.create(
        game=game,
        seq=seq,
        seat=seat,
        user=user,
        text=outcome.move,
        score=outcome.score,
        summary=outcome.summary,
        outcome=outcome.as_dict(),
        source=source,
        idempotency_key=idempotency_key,
        comment=comment,
    )
    game._last_seq = seq  # type: ignore[attr-defined]
    # A quiet move (rearranging a private crossword) is not a new decision: the mover's clock runs on.
    _save_state(game, state, actors_before=before, mover=None if outcome.events.get("quiet") else seat)
    version, was = game.version, sorted(before)
    if outcome.events.get("quiet"):
        return move  # private housekeeping (a crossword rearranged): nobody is emailed about it
    if engine.annotates(game.options):
        transaction.on_commit(lambda: tasks.annotate_move.delay(move.pk, was))
    else:
        transaction.on_commit(lambda: tasks.notify_turn.delay(game.pk, version, was, seat, move.pk))
    return move


def annotate_move(move_id: int) -> Move | None:
    """Add the engine's commentary (e.g. the better move the mover missed) to a move already played.

    Run after the commit, off the request: the search can take a good fraction of a second. The position
    before the move is rebuilt from the moves that came before it."""
    move = Move.objects.select_related("game").filter(pk=move_id).first()
    if move is None or move.taken_back or move.outcome.get("annotated"):
        return move
    game = move.game
    engine = get_engine(game.engine)
    if not engine.annotates(game.options):
        return move
    before = engine.new_game(player_names(game), game.options, game.seed, game.bag or None)
    for earlier in live_moves(game).filter(seq__lt=move.seq):
        before, _ = engine.apply(before, earlier.seat, earlier.text)
    outcome = MoveOutcome(**{k: move.outcome[k] for k in ("seat", "move", "score", "words", "summary", "events")})
    engine.annotate(before, outcome)
    with transaction.atomic():
        fresh = Move.objects.select_for_update().get(pk=move.pk)
        fresh.outcome = {**outcome.as_dict(), "annotated": True}
        fresh.save(update_fields=["outcome"])
    return fresh


def _save_state(
    game: Game, state: dict[str, Any], *, actors_before: set[int] | None = None, mover: int | None = None
) -> None:
    engine = get_engine(game.engine)
    now = timezone.now()
    game.state = state
    game.version += 1
    result = engine.result(state)
    if result is not None:
        game.result = result
        game.status = Game.Status.FINISHED
        game.finished = now
    elif game.status == Game.Status.FINISHED:  # a take-back reopened it
        game.result = None
        game.status = Game.Status.ACTIVE
        game.finished = None
    if actors_before is None or engine.actors(state) != actors_before:
        game.turn_started = now
    game.save(update_fields=["state", "version", "result", "status", "finished", "turn_started"])
    set_clocks(game, actors_before=actors_before, mover=mover, now=now)


def _last_seq(game: Game) -> int:
    """The number (seq) of the game's last move: known after a move, looked up otherwise (a start, an undo)."""
    last = getattr(game, "_last_seq", None)
    if last is None:
        last = game._last_seq = game.moves.aggregate(last=Max("seq"))["last"] or 0  # type: ignore[attr-defined]
    return last


def set_clocks(game: Game, *, actors_before: set[int] | None = None, mover: int | None = None,
               now: datetime | None = None) -> None:  # fmt: skip
    """Start the clock of each seat that may now act and did not before (or just moved and acts again);
    stop the clocks of the others. Time away (a vacation under way) is added to a new deadline."""
    now = now or timezone.now()
    engine = get_engine(game.engine)
    running = game.status == Game.Status.ACTIVE and game.state
    actors = engine.waiting_for(game.state) if running else set()
    limit = engine.time_limit(game.state) if running else None
    move_time = timedelta(seconds=limit) if limit else game.move_time
    reminder = move_time * 0.8 if limit else game.reminder_delay
    acting = engine.actors(game.state) if running else set()
    seats = list(game.seats.all())
    starting = [seat for seat in seats if seat.position in actors and not (
        seat.due_at is not None and actors_before is not None and seat.position in actors_before
        and seat.position != mover)]  # fmt: skip
    if starting and all(hasattr(seat, "away_until") for seat in starting):
        away = {s.user_id: s.away_until - now for s in starting if s.away_until and s.away_until > now}
    else:
        away = _time_away([seat.user_id for seat in starting], now) if starting else {}
    for seat in seats:
        fields = []
        if seat.position in acting and (actors_before is None or seat.position not in actors_before
                                        or seat.position == mover):  # fmt: skip
            seat.since_version = game.version  # a new decision begins
            seat.since_seq = _last_seq(game)
            fields += ["since_version", "since_seq"]
        if seat in starting:
            extra = away.get(seat.user_id, timedelta(0))
            seat.due_at = now + move_time + extra
            seat.remind_at = now + reminder + extra
            seat.reminded = False
            fields += ["due_at", "remind_at", "reminded"]
        elif seat.position not in actors and (seat.due_at is not None or seat.remind_at is not None):
            seat.due_at = seat.remind_at = None  # not waited for: the clock stops
            seat.reminded = False
            fields += ["due_at", "remind_at", "reminded"]
        if fields:  # (bulk_update builds CASE expressions: slower than two plain UPDATEs for a few seats)
            Seat.objects.filter(pk=seat.pk).update(**{name: getattr(seat, name) for name in fields})


def _seats_with_time_away() -> Any:
    """Seats with ``away_until``: the end of their player's vacation under way, if any."""
    now = timezone.now()
    away = Vacation.objects.filter(user_id=OuterRef("user_id"), starts__lte=now, ends__gt=now).order_by("-ends")
    return Seat.objects.annotate(away_until=Subquery(away.values("ends")[:1]))


def _time_away(user_ids: list[int | None], now: datetime) -> dict[int, timedelta]:
    """What is left of each user's vacation under way at ``now``, in one query."""
    ids = [i for i in user_ids if i is not None]
    rows = Vacation.objects.filter(user_id__in=ids, starts__lte=now, ends__gt=now).values("user_id")
    return {row["user_id"]: row["latest"] - now for row in rows.annotate(latest=Max("ends"))}


# --- clocks: timeouts, vacations -------------------------------------------------------------------------


def time_out(seat_id: int, now: datetime | None = None) -> Move | None:
    """Apply the timeout rule to a seat whose time ran out: the engine's move for a silent seat (e.g.
    ``pass``), or resigning it when the engine has none. Checked again under the game's lock, so a sweep
    that runs twice, or late, or after the player moved after all, does nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        seat = Seat.objects.filter(pk=seat_id).first()
        if seat is None:
            return None
        game = _lock_game(seat.game_id)
        seat.refresh_from_db()
        engine = get_engine(game.engine)
        if game.status != Game.Status.ACTIVE or seat.due_at is None or seat.due_at > now:
            return None
        if seat.position not in engine.actors(game.state):
            return None
        text = engine.timeout_move(game.state, seat.position) or "resign"
        key = f"timeout:{seat.pk}:{seat.due_at:%Y%m%d%H%M%S}"
        try:
            with transaction.atomic():
                move = _apply_move(game, seat.position, seat.user, text, source=Move.Source.CLOCK, idempotency_key=key)
        except Refused:  # the rules' move does not fit this position (e.g. an asking rule): the seat forfeits
            game.refresh_from_db()
            move = _apply_move(game, seat.position, seat.user, "resign", source=Move.Source.CLOCK, idempotency_key=key)
        transaction.on_commit(lambda: tasks.notify_timeout.delay(game.pk, seat.pk, move.pk))
    return move


def set_vacation(user: AbstractBaseUser, days: int, now: datetime | None = None) -> Vacation:
    """Days away from now: the user's running clocks stop (their deadlines move on by that long) and the
    other players of each running game are told. At most ``VACATION_DAYS_PER_YEAR`` days a calendar year."""
    from django.conf import settings

    now = now or timezone.now()
    if days < 1:
        raise Refused("Choose at least one day away.", "vacation")
    allowance = settings.VACATION_DAYS_PER_YEAR
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one change to a user's time away at a time
        if Vacation.objects.filter(user=user, starts__lte=now, ends__gt=now).exists():
            raise Refused("You are already away; come back first to change it.", "vacation")
        used = sum(
            (v.ends - v.starts).total_seconds() / 86400
            for v in Vacation.objects.filter(user=user, starts__year=now.year)
        )
        if used + days > allowance + 1e-9:
            left = max(0, int(allowance - used))
            raise Refused(f"You have {left} day{'s' if left != 1 else ''} away left this year.", "vacation")
        vacation = Vacation.objects.create(user=user, starts=now, ends=now + timedelta(days=days))
        _shift_clocks(user, timedelta(days=days))
        _tell_opponents(user, f"{user.get_username()} is away until {vacation.ends:%a %-d %b %Y}: their clock is "
                              f"stopped until then.", f"away:{vacation.pk}")  # fmt: skip
    return vacation


def end_vacation(user: AbstractBaseUser, now: datetime | None = None) -> None:
    """Back early: the time not taken is returned to the allowance and the clocks run again."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(user=user, starts__lte=now, ends__gt=now).first()
        if vacation is None:
            raise Refused("You are not away.", "vacation")
        left = vacation.ends - now
        vacation.ends = now
        vacation.save(update_fields=["ends"])
        _shift_clocks(user, -left)
        _tell_opponents(user, f"{user.get_username()} is back: their clock runs again.", f"back:{vacation.pk}")


def _shift_clocks(user: AbstractBaseUser, delta: timedelta) -> None:
    for seat in Seat.objects.select_for_update().filter(user=user, due_at__isnull=False):
        seat.due_at += delta
        if seat.remind_at is not None:
            seat.remind_at += delta
        seat.save(update_fields=["due_at", "remind_at"])


def _tell_opponents(user: AbstractBaseUser, sentence: str, key: str) -> None:
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user).values_list("pk", flat=True)
    for game_id in list(games):
        transaction.on_commit(
            lambda game_id=game_id: tasks.send_news.delay(game_id, f"{key}:{game_id}", sentence, user.pk)
        )


# --- undo by agreement -----------------------------------------------------------------------------------


def request_undo(game_id: int, user: AbstractBaseUser) -> UndoRequest:
    """Ask to take back your own last move; it is taken back when every other player accepts."""
    with transaction.atomic():
        game = _lock_game(game_id)
        seat = seat_of(game, user)
        if seat is None:
            raise Refused("You are not playing in this game.", "not_seated")
        if game.status != Game.Status.ACTIVE:
            raise Refused("This game is not in progress.", "not_running")
        last = live_moves(game).last()
        if last is None or last.seat != seat or last.source == Move.Source.CLOCK:
            raise Refused("You can only ask to take back your own move, while it is the last one.", "undo")
        if game.undo_requests.filter(status=UndoRequest.Status.OPEN).exists():
            raise Refused("An undo is already waiting for answers in this game.", "undo")
        request = UndoRequest.objects.create(game=game, move=last, seat=seat)
        name = user.get_username()
        transaction.on_commit(lambda: tasks.send_news.delay(
            game.pk, f"undo:{request.pk}",
            f"{name} asks to take back their move {last.text}. Reply \"accept\" or \"reject\".", user.pk))
    return request


def answer_undo(game_id: int, user: AbstractBaseUser, accept: bool) -> UndoRequest:
    with transaction.atomic():
        game = _lock_game(game_id)
        seat = seat_of(game, user)
        request = game.undo_requests.filter(status=UndoRequest.Status.OPEN).first()
        if request is None:
            raise Refused("No undo is waiting for an answer in this game.", "undo")
        if seat is None or seat == request.seat:
            raise Refused("Only the other players answer an undo request.", "undo")
        last = live_moves(game).last()
        if last is None or last.pk != request.move_id:
            request.status = UndoRequest.Status.VOID
            request.save(update_fields=["status"])
            raise Refused("The game has moved on since the undo was asked for, so it no longer applies.", "undo")
        request.answers = {**request.answers, str(seat): "accept" if accept else "reject"}
        names = player_names(game)
        others = {s.position for s in game.seats.all()} - {request.seat}
        if not accept:
            request.status = UndoRequest.Status.REJECTED
            sentence = f"{names[seat]} rejected taking back {last.text}; the move stands."
        elif all(request.answers.get(str(p)) == "accept" for p in others):
            request.status = UndoRequest.Status.ACCEPTED
            last.taken_back = True
            last.save(update_fields=["taken_back"])
            _save_state(game, rebuild_state(game))
            sentence = f"Everyone agreed: {names[request.seat]}'s move {last.text} was taken back."
        else:
            sentence = ""
        request.save(update_fields=["answers", "status"])
        if sentence:
            transaction.on_commit(lambda: tasks.send_news.delay(game.pk, f"undo-done:{request.pk}", sentence))
    return request


# --- moderation (Django admin actions call these) --------------------------------------------------------


def _log(kind: str, moderator: AbstractBaseUser, reason: str, **fields: Any) -> ModerationAction:
    reason = reason.strip()
    if not reason:
        raise Refused("Say why: the players are told.", "reason")
    action = ModerationAction.objects.create(kind=kind, moderator=moderator, reason=reason, **fields)
    transaction.on_commit(lambda: tasks.notify_moderation.delay(action.pk))
    return action


def take_back_last_move(game_id: int, moderator: AbstractBaseUser, reason: str) -> Move:
    """Undo the game's last live move; the state is rebuilt by replaying the moves that remain."""
    with transaction.atomic():
        game = _lock_game(game_id)
        last = live_moves(game).last()
        if last is None:
            raise Refused("This game has no move to take back.", "no_move")
        if game.status == Game.Status.ABANDONED:
            raise Refused("This game was abandoned.", "not_running")
        last.taken_back = True
        last.save(update_fields=["taken_back"])
        _save_state(game, rebuild_state(game))
        _log(ModerationAction.Kind.TAKE_BACK, moderator, reason, game=game, detail=f"move {last.seq}: {last.text}")
    return last


def end_game(game_id: int, moderator: AbstractBaseUser, reason: str, *, abandon: bool = False) -> Game:
    """End a running game: scored as it stands (``abandon=False``) or abandoned without a result."""
    with transaction.atomic():
        game = _lock_game(game_id)
        if game.status not in (Game.Status.ACTIVE, Game.Status.OPEN):
            raise Refused("This game is already over.", "not_running")
        if abandon or game.state is None:
            game.status = Game.Status.ABANDONED
            game.result = None
        else:
            game.status = Game.Status.FINISHED
            game.result = _standing_result(game)
        game.finished = timezone.now()
        game.version += 1
        game.save()
        set_clocks(game)
        kind = ModerationAction.Kind.ABANDON if game.status == Game.Status.ABANDONED else ModerationAction.Kind.END
        _log(kind, moderator, reason, game=game)
    return game


def _standing_result(game: Game) -> dict[str, Any]:
    engine = get_engine(game.engine)
    scores = engine.current_scores(game.state)
    best = max(scores)
    return {
        "scores": scores,
        "winners": [seat for seat, score in enumerate(scores) if score == best],
        "reason": "ended by a moderator",
        "end": EndReason.MODERATOR.value,
    }


def replace_player(
    game_id: int, position: int, new_user: AbstractBaseUser, moderator: AbstractBaseUser, reason: str
) -> Seat:
    """Put ``new_user`` in a seat: they inherit its tiles and score; earlier moves keep their names."""
    with transaction.atomic():
        game = _lock_game(game_id)
        seat = game.seats.get(position=position)
        if game.seats.filter(user=new_user).exclude(pk=seat.pk).exists():
            raise Refused(f"{new_user} already has a seat in this game.", "seated")
        old = seat.user
        seat.user = new_user
        seat.joined = timezone.now()
        seat.save()
        if game.state is not None:
            _save_state(game, rebuild_state(game))
        else:
            game.version += 1
            game.save()
            _start_if_full(game)
        _log(
            ModerationAction.Kind.REPLACE,
            moderator,
            reason,
            game=game,
            subject=new_user,
            detail=f"seat {position + 1}: {old or 'empty'} -> {new_user}",
        )
    return seat


def set_suspended(user: AbstractBaseUser, moderator: AbstractBaseUser, reason: str, suspended: bool = True) -> None:
    from wordgames.accounts.models import profile_for

    with transaction.atomic():
        profile = profile_for(user)
        profile.suspended = suspended
        profile.suspended_reason = reason if suspended else ""
        profile.save()
        kind = ModerationAction.Kind.SUSPEND if suspended else ModerationAction.Kind.UNSUSPEND
        _log(kind, moderator, reason, subject=user)
