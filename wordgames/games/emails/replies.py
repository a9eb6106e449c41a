"""The answer to a player's emailed command or move."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import User

from wordgames.accounts.models import display_name

from ..models import Seat
from .game import (
    game_context,
    send_game_email,
)


def send_reply(
    key: str,
    to: str,
    subject: str,
    *,
    reason: str = "",
    text: str = "",
    seat: Seat | None = None,
    quoted: str = "",
    in_reply_to: str = "",
    references: str = "",
    line: str = "",
    user: User | None = None,
) -> bool:
    """The answer to an emailed command or move: an error with its reason, or what was asked for. The board
    is included only for a verified player's own seat; a stranger gets the reason alone. Written in the active
    language: the caller's, the one its ``reason`` and ``text`` were written in."""
    game = seat.game if seat is not None else None
    context: dict[str, Any] = {"reason": reason, "text": text, "quoted": quoted, "line": line}
    if seat is not None and game is not None:
        reader = user or seat.user
        context.update(game_context(game, seat, None), user=reader, name=display_name(reader))
    subject = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    return send_game_email(
        f"reply:{key}",
        to,
        subject,
        "games/email/reply.txt",
        context,
        kind="error",
        user=user,
        game=game,
        seat=seat,
        in_reply_to=in_reply_to,
        references=references,
    )
