"""Every write to games goes through here: views, email, admin actions and tasks call these functions.

Each function is one transaction. Anything sent out (emails, tasks) is queued with ``on_commit`` so a
rolled-back change never notifies anyone.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from wordgames.accounts.models import is_suspended
from wordgames.engines import IllegalMove, get_engine
from wordgames.engines.core.engine import MoveOutcome
from wordgames.engines.core.errors import InvalidOptions

from . import tasks
from .models import Game, ModerationAction, Move, Seat

User = get_user_model()


class Refused(Exception):
    """A request the service will not carry out; the message is a sentence for the player.

    ``code`` lets callers react (``stale`` shows the new board, ``illegal`` keeps the player's text)."""

    def __init__(self, message: str, code: str = "refused") -> None:
        super().__init__(message)
        self.code = code


@dataclass
class MoveResult:
    move: Move
    duplicate: bool  # True when this idempotency key had already been applied: nothing new happened


# --- reading helpers (no writes) -------------------------------------------------------------------------


def seat_of(game: Game, user: AbstractBaseUser | None) -> int | None:
    if user is None or not user.is_authenticated:
        return None
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat.position
    return None


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
        return get_engine(game.engine).preview(game.state, seat, text)
    except IllegalMove as e:
        raise Refused(str(e), "illegal") from None


def best_move(game: Game, user: AbstractBaseUser) -> MoveOutcome | None:
    """The hint of a practice game: only for the player to move, only when the game allows hints."""
    if not game.options.get("hints"):
        raise Refused("Hints are only available in practice games.", "no_hints")
    seat = _acting_seat(game, user, "hint")
    engine = get_engine(game.engine)
    finder = getattr(engine, "best_move", None)
    if finder is None:
        raise Refused(f"{engine.title} has no hints.", "no_hints")
    return finder(game.state, seat)


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
) -> Game:
    """A new game with the creator in seat 1 and one more seat per entry of ``invitees``: "" for an open
    seat, a username, or an email address. Starts at once if every seat is taken."""
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
        )
        Seat.objects.create(game=game, position=0, user=creator, joined=timezone.now())
        for position, (user, email) in enumerate(invited, start=1):
            seat = Seat.objects.create(game=game, position=position, invited_user=user, invited_email=email)
            if user is not None or email:
                transaction.on_commit(lambda seat_id=seat.pk: tasks.send_invitation.delay(seat_id))
        _start_if_full(game)
    return game


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
    transaction.on_commit(lambda: tasks.notify_turn.delay(game.pk, game.version))


# --- moves -----------------------------------------------------------------------------------------------


def submit_move(
    game_id: int,
    user: AbstractBaseUser,
    text: str,
    *,
    expected_version: int | None = None,
    idempotency_key: str = "",
    source: str = Move.Source.WEB,
) -> MoveResult:
    """Apply one move for ``user``'s seat, or raise ``Refused`` and change nothing.

    The game row is locked for the whole check-and-apply, so two submissions for the same turn are applied
    one after the other: the second sees the new version (stale) or that it is no longer its turn.
    A repeated ``idempotency_key`` (a double-clicked form, a re-delivered email) returns the move it made.
    """
    text = " ".join(text.split())
    if not text:
        raise Refused("Type a move first.", "empty")
    if len(text) > 500:
        raise Refused("That move is too long to be a move.", "illegal")
    with transaction.atomic():
        game = _lock_game(game_id)
        if idempotency_key:
            done = game.moves.filter(idempotency_key=idempotency_key).first()
            if done is not None:
                return MoveResult(done, duplicate=True)
        seat = _acting_seat(game, user, text)
        if expected_version is not None and expected_version != game.version:
            raise Refused(
                "The board has changed since you looked at it, so your move was not played. "
                "Here is the board as it is now.",
                "stale",
            )
        engine = get_engine(game.engine)
        before = engine.actors(game.state)
        try:
            state, outcome = engine.apply(game.state, seat, text)
        except IllegalMove as e:
            raise Refused(str(e), "illegal") from None
        # The row lock makes these safe without a savepoint: no other submission for this game can be
        # between the idempotency check above and this insert.
        seq = (game.moves.aggregate(last=Max("seq"))["last"] or 0) + 1
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
        )
        _save_state(game, state, actors_before=before)
    transaction.on_commit(lambda: tasks.annotate_move.delay(move.pk))
    return MoveResult(move, duplicate=False)


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


def _save_state(game: Game, state: dict[str, Any], *, actors_before: set[int] | None = None) -> None:
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
        kind = ModerationAction.Kind.ABANDON if game.status == Game.Status.ABANDONED else ModerationAction.Kind.END
        _log(kind, moderator, reason, game=game)
    return game


def _standing_result(game: Game) -> dict[str, Any]:
    scores = get_engine(game.engine).view(game.state, None)["scores"]
    best = max(scores)
    return {
        "scores": scores,
        "winners": [seat for seat, score in enumerate(scores) if score == best],
        "reason": "ended by a moderator",
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
