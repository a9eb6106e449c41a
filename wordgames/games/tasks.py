"""Celery tasks: ids in, one service or email function called, retried with backoff. Each is safe to run
twice (emails are keyed, so a retry skips what was already sent)."""

from __future__ import annotations

from celery import shared_task

from wordgames.engines import get_engine

RETRY = {"autoretry_for": (Exception,), "retry_backoff": True, "retry_kwargs": {"max_retries": 6}, "acks_late": True}


@shared_task(**RETRY)
def send_invitation(seat_id: int) -> None:
    from . import emails
    from .models import Seat

    seat = Seat.objects.select_related("game", "invited_user", "game__created_by").filter(pk=seat_id).first()
    if seat is not None and seat.is_invitation:
        emails.send_invitation(seat)


@shared_task(**RETRY)
def notify_turn(game_id: int, version: int) -> None:
    """Tell the players who may act now (or everyone, when the game is over)."""
    from . import emails
    from .models import Game

    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.version != version:
        return  # the game has moved on: a later task tells the players about the newer position
    last = game.moves.filter(taken_back=False).order_by("-seq").first()
    seats = list(game.seats.select_related("user").order_by("position"))
    if game.status == Game.Status.ACTIVE:
        for position in sorted(get_engine(game.engine).actors(game.state)):
            emails.send_your_turn(game, seats[position].user, position, last)
    elif game.status == Game.Status.FINISHED:
        for seat in seats:
            emails.send_game_over(game, seat.user, seat.position, last)


@shared_task(**RETRY)
def annotate_move(move_id: int) -> None:
    """Commentary first (it may name a missed move), then the emails that carry it."""
    from . import services

    move = services.annotate_move(move_id)
    if move is not None:
        notify_turn(move.game_id, move.game.version)


@shared_task(**RETRY)
def notify_moderation(action_id: int) -> None:
    from . import emails
    from .models import ModerationAction

    action = ModerationAction.objects.select_related("game", "subject").filter(pk=action_id).first()
    if action is None:
        return
    if action.game is not None:
        for seat in action.game.seats.select_related("user"):
            if seat.user is not None:
                emails.send_moderation_notice(action, seat.user)
    elif action.subject is not None:
        emails.send_moderation_notice(action, action.subject)
