"""Moves on the web: a typed move (or an autosaved crossword), its preview, a hint, resigning."""

from __future__ import annotations

import uuid
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from wordgames.engines import MOVE_LIMIT_ANY, get_engine
from wordgames.lib.http import AuthedRequest

from .. import actions, queries
from ..forms import MoveForm
from ..models import Game, Hint
from ..refusals import told, worded
from .common import load_game
from .page import game_context


@require_POST
@login_required
def submit_move(request: AuthedRequest, pk: int) -> HttpResponse:
    # Bounded by any game's longest move here; the door holds the move to its own game's limit.
    form = MoveForm(request.POST, max_length=MOVE_LIMIT_ANY)
    if not form.is_valid():
        return _refuse(request, load_game(pk, request), form.refusal(), form, status=400)
    try:
        result = actions.submit_move(
            pk,
            request.user,
            form.cleaned_data["move"],
            expected_version=form.cleaned_data["version"],
            idempotency_key=form.cleaned_data["key"],
        )
    except actions.Refused as e:
        if e.code == "not_found":
            raise Http404(str(e)) from None
        if e.code == "stale":
            game = load_game(pk, request)
            fresh = MoveForm(
                initial={"version": game.version, "key": uuid.uuid4().hex, "move": form.cleaned_data["move"]}
            )
            return _refuse(request, game, str(e), fresh, status=409)
        return _refuse(request, load_game(pk, request), str(e), form, status=400)
    if _wants_json(request):
        game = load_game(pk, request)
        seat = queries.seat_of(game, request.user)
        view = worded(get_engine(game.engine).view(game.state, seat, **queries.view_kwargs(game, seat)))
        return JsonResponse(
            {
                "ok": True,
                "version": game.version,
                "move": result.move.text if result.move else "",
                "summary": result.sentence,
                "duplicate": result.duplicate,
                "view": view,
            }
        )
    if not result.duplicate:
        messages.success(request, _own_sentence(result))
    return redirect("game", pk=pk)


def _own_sentence(result: Any) -> str:
    """What the mover reads about their own move: the sentence the others get names them in the third person."""
    if result.move is not None and result.move.text.startswith("grid"):  # Lexicon Crossing's private rearranging
        return _("You rearranged your crossword.")
    return result.sentence


def _wants_json(request: HttpRequest) -> bool:
    """Pages that save as the player works (Lexicon Crossing's editor) post with ``Accept: application/json``."""
    return "application/json" in request.headers.get("Accept", "")


def _refuse(request: HttpRequest, game: Game, error: str, form: MoveForm, status: int) -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"ok": False, "error": error, "version": game.version}, status=status)
    context = game_context(request, game, form=form, error=error)
    return render(request, "games/game.html", context, status=status)


@require_POST
@login_required
def preview(request: AuthedRequest, pk: int) -> HttpResponse:
    game = load_game(pk, request)
    text = request.POST.get("move", "")
    try:
        outcome = actions.preview_move(game, request.user, text)
    except actions.Refused as e:
        return render(request, "games/_preview.html", {"error": str(e)})
    return render(request, "games/_preview.html", {"outcome": outcome, "told": told(outcome) if outcome else ""})


@require_http_methods(["GET", "POST"])
@login_required
def hint(request: AuthedRequest, pk: int) -> HttpResponse:
    """POST asks for the hint of this position (searched in a worker); the answer, or "looking", comes back
    as a fragment. While looking, the page asks with GET (which only reads) until it is found: 204 meanwhile."""
    game = load_game(pk, request)
    if request.method == "GET":
        seat = queries.seat_of(game, request.user)
        found = None if seat is None else Hint.objects.filter(game=game, seat=seat, version=game.version).first()
        if found is None:
            return render(request, "games/_preview.html", {"error": _("The board has changed: ask for a hint again.")})
        if not found.done:
            return HttpResponse(status=204)
        return render(request, "games/_preview.html", {"hint": found})
    try:
        found = actions.ask_hint(game.pk, request.user)
    except actions.Refused as e:
        return render(request, "games/_preview.html", {"error": str(e)})
    return render(request, "games/_preview.html", {"hint": found})


@require_POST
@login_required
def resign(request: AuthedRequest, pk: int) -> HttpResponse:
    game = load_game(pk, request)
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to confirm that you resign."))
        return redirect(game)
    try:
        actions.submit_move(game.pk, request.user, "resign", idempotency_key=request.POST.get("key", ""))
    except actions.Refused as e:
        messages.error(request, str(e))
    else:
        messages.info(request, _("You resigned from this game."))
    return redirect(game)
