"""Moderation, for the Django admin's actions: take back, end or abandon, replace a player, suspend.

Every action is logged with its reason, and the players concerned are told it after the commit.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from wordgames.accounts.models import profile_for
from wordgames.engines import get_engine
from wordgames.engines.core.engine import EndReason

from .. import relay, signals
from ..models import Game, ModerationAction, Move, Seat, TeamInvitation
from ..queries import live_moves, rebuild_state
from . import records
from .computers import computer_level
from .errors import RefusalCode, Refused
from .games import start_if_full
from .moves import lock_game, save_state, set_clocks
from .teams import may_hold_two_seats


def log_moderation(kind: str, moderator: User, reason: str, **fields: Any) -> ModerationAction:
    reason = reason.strip()
    if not reason:
        raise Refused(_("Say why: the players are told."), RefusalCode.REASON)
    action = ModerationAction.objects.create(kind=kind, moderator=moderator, reason=reason, **fields)
    relay.owe(relay.notify_moderation, action.pk)
    return action


def take_back_last_move(game_id: int, moderator: User, reason: str) -> Move:
    """Undo the game's last live move; the state is rebuilt by replaying the moves that remain."""
    with transaction.atomic():
        game = lock_game(game_id)
        last = live_moves(game).last()
        if last is None:
            raise Refused(_("This game has no move to take back."), RefusalCode.NO_MOVE)
        if game.status == Game.Status.ABANDONED:
            raise Refused(_("This game was abandoned."), RefusalCode.NOT_RUNNING)
        last.taken_back = True
        last.save(update_fields=["taken_back"])
        save_state(game, rebuild_state(game))
        log_moderation(
            ModerationAction.Kind.TAKE_BACK,
            moderator,
            reason,
            game=game,
            detail=f"move {last.seq}: {last.summary or 'a move'}",
        )  # public: never a private move's text
    return last


def end_game(game_id: int, moderator: User, reason: str, *, abandon: bool = False) -> Game:
    """End a running game: scored as it stands (``abandon=False``) or abandoned without a result."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status not in (Game.Status.ACTIVE, Game.Status.OPEN):
            raise Refused(_("This game is already over."), RefusalCode.NOT_RUNNING)
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
        if game.status == Game.Status.FINISHED:
            signals.game_finished.send(sender=Game, game=game)
        kind = ModerationAction.Kind.ABANDON if game.status == Game.Status.ABANDONED else ModerationAction.Kind.END
        log_moderation(kind, moderator, reason, game=game)
    return game


def _standing_result(game: Game) -> dict[str, Any]:
    """The result of a game a moderator ends now: the best score wins. Call with the game locked."""
    engine = get_engine(game.engine)
    scores = engine.current_scores(game.state)
    best = max(scores)
    return {
        "scores": scores,
        "winners": [seat for seat, score in enumerate(scores) if score == best],
        "reason": "ended by a moderator",
        "end": EndReason.MODERATOR.value,
    }


def replace_player(game_id: int, position: int, new_user: User, moderator: User, reason: str) -> Seat:
    """Put ``new_user`` in a seat: they inherit its tiles and score; earlier moves keep their names. The seat's
    team-mates and its team invitations were the old player's: they go with them."""
    with transaction.atomic():
        game = lock_game(game_id)
        seat = game.seats.get(position=position)
        if game.seats.filter(user=new_user).exclude(pk=seat.pk).exists():
            raise Refused(_("%(name)s already has a seat in this game.") % {"name": new_user}, RefusalCode.SEATED)
        if not may_hold_two_seats(game) and game.seats.filter(partners=new_user).exclude(pk=seat.pk).exists():
            raise Refused(
                _("%(name)s already shares another seat of this game as a team-mate.") % {"name": new_user},
                RefusalCode.SEATED,
            )
        old = seat.user
        # A finished game's result goes with the seat to its new player, not to the team-mates who leave it.
        before = records.held(game) if game.status == Game.Status.FINISHED else None
        mates: list[str] = []
        if old != new_user:
            mates = sorted(u.get_username() for u in seat.partners.all())
            seat.partners.clear()
            TeamInvitation.objects.filter(seat=seat).delete()
        seat.user = new_user
        seat.joined = timezone.now()
        seat.save()
        if before is not None:
            records.count_change(game, before, records.held(game))
        if computer_level(new_user) and not game.has_computers:  # its turns are queued from now on
            game.has_computers = True
            game.save(update_fields=["has_computers"])
        if game.state is not None:
            save_state(game, rebuild_state(game), told=True)  # told below: nothing changed for the others
            if old != new_user and game.status == Game.Status.ACTIVE:
                # The new player has had no email of this game: if it waits for their seat, that is news to them
                # alone (the others could act before as now), told in a "your turn" with the board and the seat's
                # reply address, so they can move by replying to their first email about it.
                others = [s.position for s in game.seats.all() if s.pk != seat.pk]
                relay.tell(game, game.version, actors_before=others)
        else:
            game.version += 1
            game.save()
            start_if_full(game)
        log_moderation(
            ModerationAction.Kind.REPLACE,
            moderator,
            reason,
            game=game,
            subject=new_user,
            detail=f"seat {position + 1}: {old or 'empty'} -> {new_user}"
            + (f"; team-mates who no longer share it: {', '.join(mates)}" if mates else ""),
        )
    return seat


def set_suspended(user: User, moderator: User, reason: str, suspended: bool = True) -> None:
    with transaction.atomic():
        profile = profile_for(user)
        profile.suspended = suspended
        profile.suspended_reason = reason if suspended else ""
        profile.save()
        kind = ModerationAction.Kind.SUSPEND if suspended else ModerationAction.Kind.UNSUSPEND
        log_moderation(kind, moderator, reason, subject=user)
