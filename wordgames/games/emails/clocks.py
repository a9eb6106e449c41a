"""The clocks' emails: the reminder before a player's time runs out, and the timeout when it has."""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from wordgames.accounts.languages import speaking
from wordgames.accounts.models import display_name
from wordgames.engines import get_engine

from .. import notices
from ..models import Game, Move, Seat
from .game import (
    game_context,
    result_sentence,
    send_game_email,
    subject_line,
)


def send_reminder(seat: Seat) -> bool:
    game = seat.game
    # An idle clock (the game waits for nobody, e.g. before Lexicon Crossing's red light) is not a turn.
    idle = seat.position not in get_engine(game.engine).waiting_for(game.state)
    sent = False
    for _seat, reader in notices.readers([seat]):
        if notices.watching(reader.pk, game.pk):
            continue
        with speaking(reader):
            subject = _("Reminder: %(subject)s") % {"subject": subject_line(game)}
            context = {
                **game_context(game, seat, None),
                "user": reader,
                "name": display_name(reader),
                "idle": idle,
                "due": seat.due_at,
            }
            key = f"reminder:{game.pk}:{game.version}:{seat.pk}:{seat.due_at:%Y%m%d%H%M}"
            sent |= send_game_email(
                key if reader.pk == seat.user_id else f"{key}:{reader.pk}",
                reader.email,
                subject,
                "games/email/reminder.txt",
                context,
                kind="reminder",
                user=reader,
                game=game,
                seat=seat,
            )
    return sent


def send_timeout(game: Game, timed_out: Seat, move: Move | None) -> int:
    """Everyone hears that a player's time ran out and what the rules did for them, and whose turn it is now:
    the one email of this event (no separate "your turn")."""
    seats = list(game.seats.select_related("user").order_by("position"))
    waiting = get_engine(game.engine).waiting_for(game.state) if game.status == Game.Status.ACTIVE else set()
    sent = 0
    for seat in seats:
        if seat.user is None or notices.watching(seat.user.pk, game.pk):
            continue
        with speaking(seat.user):
            context = {
                **game_context(game, seat, move),
                "user": seat.user,
                "name": display_name(seat.user),
                "late": display_name(timed_out.user),
                "you": seat.pk == timed_out.pk,
            }
            if game.status != Game.Status.ACTIVE:
                context["result"] = result_sentence(game, seats)
            else:
                context["your_turn"] = seat.position in waiting
                if seat.pk == timed_out.pk:  # how many more silences before the seat is resigned
                    context["left"] = max(0, settings.TIMEOUTS_IN_A_ROW - timed_out.timeouts)
            sent += send_game_email(
                f"timeout:{game.pk}:{game.version}:{seat.user_id}",
                seat.user.email,
                subject_line(game, seats),
                "games/email/timeout.txt",
                context,
                kind="timeout",
                user=seat.user,
                game=game,
                seat=seat,
            )
    return sent
