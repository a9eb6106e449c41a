"""Taking back a move: asking, answering, and what the game page shows of it."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from wordgames.lib.http import AuthedRequest

from .. import actions
from ..models import Game, Move, UndoRequest
from .common import load_game


@require_POST
@login_required
def undo(request: AuthedRequest, pk: int) -> HttpResponse:
    """Ask to take back your last move, or answer another player's asking (the same rules as by email)."""
    game = load_game(pk, request)
    answer = request.POST.get("answer", "")
    try:
        if answer == "ask":
            actions.request_undo(game.pk, request.user)
            messages.success(request, _("You asked to take back your last move; the others are asked to agree."))
        elif answer in ("accept", "reject"):
            actions.answer_undo(game.pk, request.user, answer == "accept")
            messages.success(request, _("Your answer is recorded."))
        else:
            raise actions.Refused(_("Choose to ask, accept or reject."), actions.RefusalCode.UNDO)
    except actions.Refused as e:
        messages.error(request, str(e))
    return redirect(game)


def undo_context(game: Game, seat: int | None, shown: list[Any]) -> dict[str, Any]:
    """The undo waiting for answers, and what this seat may do about it (or whether it may ask one)."""
    waiting = game.undo_requests.filter(status=UndoRequest.Status.OPEN).select_related("move").first()
    if waiting is not None:
        answered = str(seat) in waiting.answers
        asker = next((s.user for s in game.seats.all() if s.position == waiting.seat), None)
        return {
            "undo": {
                "asker": asker,
                "move": (waiting.move.told or _("a move")).rstrip(".。"),
                "mine": seat == waiting.seat,
                "may_answer": seat is not None and seat != waiting.seat and not answered,
            }
        }
    last = shown[-1] if shown else None  # the last move on the page
    may_ask = (
        seat is not None
        and game.status == Game.Status.ACTIVE
        and last is not None
        and last.seat == seat
        and last.source != Move.Source.CLOCK
    )
    return {"undo": None, "may_ask_undo": may_ask}
