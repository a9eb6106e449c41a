"""A practice game's player's review of their moves so far: asked with a button, shown when a worker has made it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from wordgames.games.actions import Refused
from wordgames.games.models import Game

from . import practice


@login_required
@require_http_methods(["GET", "POST"])
def practice_review(request: HttpRequest, game_id: int) -> HttpResponse:
    game = get_object_or_404(Game, pk=game_id)
    try:
        seat = practice.seat_for(game, request.user)
    except Refused:
        raise Http404 from None  # another's review, or no practice game: nothing to show
    if request.method == "POST":
        try:
            practice.ask(game.pk, request.user)
        except Refused as e:
            messages.error(request, str(e))
        return redirect("practice_review", game.pk)
    review = practice.latest(game, seat)
    return render(
        request,
        "analysis/practice.html",
        {"game": game, "review": review, "current": review is not None and review.version == game.version},
    )
