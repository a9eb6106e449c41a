"""Taking a seat: joining an open seat, and answering an invitation (by its link or from the lobby)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from wordgames.lib.http import AuthedRequest

from .. import actions, queries
from ..actions.games import not_yours
from ..emails import INVITATION_DAYS, read_invitation_token
from ..models import Game, Seat
from .common import load_game


@require_POST
@login_required
def join(request: AuthedRequest, pk: int) -> HttpResponse:
    load_game(pk, request)  # a private game's open seat is for those it was shown to
    try:
        actions.join_game(pk, request.user)
    except actions.Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("You have a seat in this game."))
    return redirect("game", pk=pk)


@login_required
def accept_invitation(request: AuthedRequest, token: str) -> HttpResponse:
    try:
        data = read_invitation_token(token)
    except signing.SignatureExpired:
        return _expired(request, token)
    except signing.BadSignature:
        return render(request, "games/invitation.html", {"error": _("This invitation link is not valid.")}, status=400)
    seat = get_object_or_404(Seat.objects.select_related("game", "game__created_by__profile"), pk=data["seat"])
    # A link travels (forwarded, read over a shoulder): holding it proves nothing, only the account does.
    context: dict[str, Any] = {"seat": seat, "game": seat.game}
    if seat.is_invitation and not queries.invited(seat, request.user):
        context["refusal"] = not_yours(seat, request.user)
    if request.method == "POST":
        try:
            if request.POST.get("answer") == "decline":
                actions.decline_invitation(seat.pk, request.user)
                messages.info(request, _("You declined the invitation."))
                return redirect("lobby")
            actions.join_game(seat.game_id, request.user, seat_id=seat.pk)
        except actions.Refused as e:
            status = 403 if e.code == "not_invited" else 409
            return render(request, "games/invitation.html", {**context, "refusal": str(e)}, status=status)
        messages.success(request, _("You have a seat in this game."))
        return redirect(seat.game)
    return render(request, "games/invitation.html", context)


def _expired(request: AuthedRequest, token: str) -> HttpResponse:
    """A link made here, too old to seat anyone (posted to or not): said plainly, with where to go instead. The
    game's page is offered while the game still waits for players, to whoever may see it."""
    seat = Seat.objects.filter(pk=read_invitation_token(token, max_age_days=None)["seat"]).first()
    game = None
    if seat is not None:
        try:
            game = load_game(seat.game_id, request)
        except Http404:
            pass
    waiting = game is not None and game.status == Game.Status.OPEN
    return render(
        request,
        "games/invitation.html",
        {"expired": True, "days": INVITATION_DAYS, "game": game if waiting else None},
        status=410,
    )


@require_POST
@login_required
def answer_invitation(request: AuthedRequest, seat_id: int) -> HttpResponse:
    """The lobby's accept and decline buttons, for invitations addressed to the logged-in user."""
    seat = get_object_or_404(Seat, pk=seat_id)
    try:
        if request.POST.get("answer") == "decline":
            actions.decline_invitation(seat.pk, request.user)
            messages.info(request, _("You declined the invitation."))
            return redirect("lobby")
        if not queries.invited(seat, request.user):
            raise actions.Refused(_("That invitation is not addressed to you."))
        actions.join_game(seat.game_id, request.user, seat_id=seat.pk)
    except actions.Refused as e:
        messages.error(request, str(e))
        return redirect("lobby")
    return redirect("game", pk=seat.game_id)
