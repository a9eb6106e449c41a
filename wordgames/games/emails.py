"""One function per email. Each renders a subject and a plain-text body a person can read, with the
board in a fixed-width block, and sends it at most once (keyed in ``Notification``)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser
from django.core import signing
from django.core.mail import EmailMessage
from django.db import IntegrityError, transaction
from django.template.loader import render_to_string
from django.urls import reverse

from wordgames.engines import get_engine

from .models import Game, ModerationAction, Move, Notification, Seat

INVITATION_SALT = "wordgames.invitation"


def absolute(path: str) -> str:
    return settings.SITE_ROOT.rstrip("/") + path


def invitation_token(seat: Seat) -> str:
    return signing.dumps({"seat": seat.pk, "game": seat.game_id}, salt=INVITATION_SALT)


def read_invitation_token(token: str, max_age_days: int = 60) -> dict[str, int]:
    return signing.loads(token, salt=INVITATION_SALT, max_age=max_age_days * 86400)


def _send(key: str, to: str, subject: str, template: str, context: dict[str, Any]) -> bool:
    """Send once per key; returns False when it had been sent before."""
    if not to:
        return False
    context = {"site_name": settings.SITE_NAME, "site_root": settings.SITE_ROOT, **context}
    body = render_to_string(template, context)
    try:
        with transaction.atomic():
            Notification.objects.create(key=key, recipient=to, subject=subject)
            EmailMessage(subject=subject, body=body, to=[to]).send()
    except IntegrityError:
        return False
    return True


def subject_line(game: Game) -> str:
    engine = get_engine(game.engine)
    number = game.moves.filter(taken_back=False).count() + 1
    if game.status != Game.Status.ACTIVE:
        return f"{engine.title} game {game.pk}: game over"
    names = [s.user.username for s in game.seats.select_related("user").order_by("position")]
    movers = " and ".join(names[s] for s in sorted(engine.actors(game.state)))
    return f"{engine.title} game {game.pk}, move {number}: {movers} to move"


def _board_context(game: Game, seat: int | None) -> dict[str, Any]:
    engine = get_engine(game.engine)
    return {
        "game": game,
        "board": engine.render_text(game.state, seat) if game.state else "",
        "url": absolute(game.get_absolute_url()),
    }


def send_invitation(seat: Seat) -> bool:
    game = seat.game
    to = seat.invited_user.email if seat.invited_user else seat.invited_email
    url = absolute(reverse("accept_invitation", args=[invitation_token(seat)]))
    context = {"game": game, "seat": seat, "inviter": game.created_by, "url": url, "title": game.title}
    subject = f"{game.created_by.username} invites you to play {game.title} (game {game.pk})"
    return _send(f"invite:{seat.pk}:{to}", to, subject, "games/email/invitation.txt", context)


def send_your_turn(game: Game, user: AbstractBaseUser, seat: int, last: Move | None) -> bool:
    context = {**_board_context(game, seat), "user": user, "last": last}
    key = f"turn:{game.pk}:{game.version}:{user.pk}"
    return _send(key, user.email, subject_line(game), "games/email/your_turn.txt", context)


def send_game_over(game: Game, user: AbstractBaseUser, seat: int, last: Move | None) -> bool:
    context = {**_board_context(game, seat), "user": user, "last": last, "result": result_sentence(game)}
    key = f"over:{game.pk}:{game.version}:{user.pk}"
    return _send(key, user.email, subject_line(game), "games/email/game_over.txt", context)


def send_moderation_notice(action: ModerationAction, user: AbstractBaseUser) -> bool:
    context = {"action": action, "user": user, "url": absolute(action.game.get_absolute_url()) if action.game else ""}
    where = f"{action.game.title} game {action.game.pk}" if action.game else "your account"
    subject = f"A moderator {action.get_kind_display()} ({where})"
    return _send(f"mod:{action.pk}:{user.pk}", user.email, subject, "games/email/moderation.txt", context)


def result_sentence(game: Game) -> str:
    if game.status == Game.Status.ABANDONED:
        return "The game was abandoned."
    result = game.result or {}
    names = [s.user.username for s in game.seats.select_related("user").order_by("position")]
    scores = result.get("scores", [])
    winners = [names[s] for s in result.get("winners", [])]
    table = ", ".join(f"{names[i]} {score}" for i, score in enumerate(scores))
    if not winners:
        return f"The game is over. Scores: {table}."
    verb = "wins" if len(winners) == 1 else "share the win"
    return f"{' and '.join(winners)} {verb}. Scores: {table}."
