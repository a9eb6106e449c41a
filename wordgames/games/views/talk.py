"""Chat: posting a message, and the moves with the chat between them."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from wordgames.lib.http import AuthedRequest

from .. import actions
from ..models import ChatMessage, Game
from .common import load_game


@require_POST
@login_required
def chat(request: AuthedRequest, pk: int) -> HttpResponse:
    game = load_game(pk, request)
    try:
        actions.post_message(game.pk, request.user, request.POST.get("text", ""))
    except actions.Refused as e:
        messages.error(request, str(e))
    return redirect(f"{game.get_absolute_url()}#chat")


def timeline(game: Game, shown: list[Any], seat: int | None, user: Any) -> list[Any]:
    """The moves, with the chat between them for those who may read it (the players; spectators too when the
    game's chat is public; moderators). Each move carries its ``number`` (the chat between them takes none)."""
    for number, move in enumerate(shown, start=1):
        move.number = number
    readable = seat is not None or game.chat_public or (user.is_authenticated and user.has_perm("games.moderate_games"))
    if not readable:
        return list(shown)
    said = list(ChatMessage.objects.filter(game=game, hidden=False).select_related("user__profile"))
    return sorted([*shown, *said], key=lambda item: item.created)
