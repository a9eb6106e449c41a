"""Team-mates sharing a seat: inviting, removing or leaving, answering, and who shares which seat."""

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
from ..models import Game, Seat, TeamInvitation
from .common import load_game


@require_POST
@login_required
def invite_team_mate(request: AuthedRequest, pk: int) -> HttpResponse:
    game = load_game(pk, request)
    try:
        invitation = actions.invite_team_mate(game.pk, request.user, request.POST.get("name", "")[:150])
    except actions.Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(
            request,
            _("%(name)s is invited to share your seat; they join it when they accept, on this page.")
            % {"name": invitation.user.get_username()},
        )
    return redirect(game)


@require_POST
@login_required
def remove_team_mate(request: AuthedRequest, pk: int) -> HttpResponse:
    """A seat's player removes a team-mate (or an invitation not yet answered); a team-mate leaves."""
    game = load_game(pk, request)
    mate = request.POST.get("mate", "")
    try:
        actions.remove_team_mate(game.pk, request.user, int(mate) if mate.isdigit() else 0)
    except actions.Refused as e:
        messages.error(request, str(e))
    else:
        if mate == str(request.user.pk):
            messages.success(request, _("You have left the seat you shared."))
            return redirect("lobby")  # a private game's page is no longer theirs to see
        messages.success(request, _("Done: they no longer share your seat, and are no longer asked to."))
    return redirect(game)


@require_POST
@login_required
def answer_team_invitation(request: AuthedRequest, invitation_id: int) -> HttpResponse:
    accept = request.POST.get("answer") == "accept"
    try:
        seat = actions.answer_team_invitation(invitation_id, request.user, accept)
    except actions.Refused as e:
        messages.error(request, str(e))
        return redirect("lobby")
    messages.success(request, _("You share this seat now.") if accept else _("You declined to share the seat."))
    return redirect("game", pk=seat.game_id)


def teams_context(game: Game, seats: list[Seat], user: Any) -> dict[str, Any]:
    """Who shares which seat (everyone in the game sees it), the invitations waiting, and what this user may do
    (two queries, none when the seats, as ``load_game`` reads them, say nobody shares one or is asked to)."""
    running = game.status in (Game.Status.OPEN, Game.Status.ACTIVE)
    own = user.is_authenticated and any(s.user_id == user.pk for s in seats)
    if not any(getattr(s, "teamed", True) for s in seats):
        return {"team_shares": [], "team_invitations": [], "can_invite_team_mate": own and running}
    mates = (
        Seat.partners.through.objects.filter(seat__game=game).select_related("user__profile").order_by("user__username")
    )
    waiting = list(
        TeamInvitation.objects.filter(seat__game=game)
        .select_related("user__profile", "invited_by__profile")
        .order_by("pk")
    )

    def players(seat: Seat) -> bool:  # its player may remove a team-mate or take back an invitation
        return running and user.is_authenticated and user.pk == seat.user_id

    shares = [
        {
            "position": s.position + 1,
            "player": s.user,
            "mates": [
                {
                    "user": m.user,
                    "id": m.user_id,
                    "removable": players(s) or (running and m.user_id == user.pk),
                }  # or the mate leaves
                for m in mates
                if m.seat_id == s.pk
            ],
            "asked": [{"user": i.user, "id": i.user_id, "removable": players(s)} for i in waiting if i.seat_id == s.pk],
        }
        for s in seats
    ]
    return {
        "team_shares": shares if any(x["mates"] or x["asked"] for x in shares) else [],
        "team_invitations": [i for i in waiting if user.is_authenticated and i.user_id == user.pk and running],
        "can_invite_team_mate": own and running,
    }
