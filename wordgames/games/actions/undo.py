"""Undo by agreement: a player asks to take back their own last move; it goes when every other player accepts."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from .. import relay
from ..models import Game, Move, UndoRequest
from ..news import News, command, news, said
from ..queries import live_moves, player_names, rebuild_state, seat_of
from .errors import RefusalCode, Refused
from .moves import lock_game, save_state


def request_undo(game_id: int, user: User) -> UndoRequest:
    """Ask to take back your own last move; it is taken back when every other player accepts."""
    with transaction.atomic():
        game = lock_game(game_id)
        seat = seat_of(game, user)
        if seat is None:
            raise Refused(_("You are not playing in this game."), RefusalCode.NOT_SEATED)
        if game.status != Game.Status.ACTIVE:
            raise Refused(_("This game is not in progress."), RefusalCode.NOT_RUNNING)
        last = live_moves(game).last()
        if last is None or last.seat != seat or last.source == Move.Source.CLOCK:
            raise Refused(_("You can only ask to take back your own move, while it is the last one."), RefusalCode.UNDO)
        if game.undo_requests.filter(status=UndoRequest.Status.OPEN).exists():
            raise Refused(_("An undo is already waiting for answers in this game."), RefusalCode.UNDO)
        request = UndoRequest.objects.create(game=game, move=last, seat=seat)
        _show_everyone(game)
        name = user.get_username()
        # What the others saw of the move (its summary), never its text: a private move stays private.
        relay.owe(
            relay.send_news,
            game.pk,
            f"undo:{request.pk}",
            news(
                gettext_noop(
                    '%(name)s asks to take back their last move (%(move)s). Reply "%(accept)s" or "%(reject)s".'
                ),
                name=name,
                move=_said(last),
                accept=command("accept"),
                reject=command("reject"),
            ),
            user.pk,
            kind="undo",
        )
    return request


def answer_undo(game_id: int, user: User, accept: bool) -> UndoRequest:
    with transaction.atomic():
        game = lock_game(game_id)
        seat = seat_of(game, user)
        request = game.undo_requests.filter(status=UndoRequest.Status.OPEN).first()
        if request is None:
            raise Refused(_("No undo is waiting for an answer in this game."), RefusalCode.UNDO)
        if seat is None or seat == request.seat:
            raise Refused(_("Only the other players answer an undo request."), RefusalCode.UNDO)
        last = live_moves(game).last()
        if last is None or last.pk != request.move_id:
            request.status = UndoRequest.Status.VOID
            request.save(update_fields=["status"])
            raise Refused(
                _("The game has moved on since the undo was asked for, so it no longer applies."), RefusalCode.UNDO
            )
        request.answers = {**request.answers, str(seat): "accept" if accept else "reject"}
        names = player_names(game)
        others = {s.position for s in game.seats.all()} - {request.seat}
        if not accept:
            request.status = UndoRequest.Status.REJECTED
            sentence = news(
                gettext_noop("%(name)s rejected taking back the move (%(move)s); it stands."),
                name=names[seat],
                move=_said(last),
            )
        elif all(request.answers.get(str(p)) == "accept" for p in others):
            request.status = UndoRequest.Status.ACCEPTED
            last.taken_back = True
            last.save(update_fields=["taken_back"])
            save_state(game, rebuild_state(game))
            sentence = news(
                gettext_noop("Everyone agreed: %(name)s's move (%(move)s) was taken back."),
                name=names[request.seat],
                move=_said(last),
            )
        else:
            sentence = None
        request.save(update_fields=["answers", "status"])
        if request.status != UndoRequest.Status.ACCEPTED:
            _show_everyone(game)  # (a take-back saved the state, which shows it already)
        if sentence:
            relay.owe(relay.send_news, game.pk, f"undo-done:{request.pk}", sentence, kind="undo")
    return request


def _said(move: Move) -> str | News:
    """The move as the other players were told it: its public summary (worded for each reader, without the
    final full stop)."""
    return said(move.outcome.get("said"), move.summary) if move.summary else news(gettext_noop("a move"))


def _show_everyone(game: Game) -> None:
    """A new version, so every open page of the game shows the request or the answer (no move is made, so a
    move form already open stays valid). Call with the game locked."""
    game.version += 1
    Game.objects.filter(pk=game.pk).update(version=game.version)
