"""The door for a move typed by a player, on the web or by email."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from ..models import Game, Move
from ..queries import uses_green_light
from . import greenlight
from .errors import MoveResult, RefusalCode, Refused
from .moves import play_move


def submit_move(
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
    """Play ``text`` for ``user`` (``moves.play_move``), or raise ``Refused`` and change nothing.

    In Lexicon Crossing "green" and "withdraw" are requests of the green-light protocol, not moves: they
    go to ``greenlight.submit``, which deals once every player has seen their newest tile."""
    word = " ".join(text.split()).lower()
    if word in ("green", "withdraw"):
        game = Game.objects.only("engine").filter(pk=game_id).first()
        if game is None:
            raise Refused(_("There is no such game."), RefusalCode.NOT_FOUND)
        if uses_green_light(game):
            return greenlight.submit(game_id, user, word)
    return play_move(
        game_id,
        user,
        text,
        expected_version=expected_version,
        expected_number=expected_number,
        idempotency_key=idempotency_key,
        source=source,
        comment=comment,
    )
