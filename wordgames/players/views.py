"""Public profiles (``/players/<username>/``), the follow and block buttons, and the list of players one
blocks. A block is never shown to the player it concerns: their view of the blocker's profile is anyone's."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from wordgames.accounts import relations
from wordgames.accounts.models import Block, display_name
from wordgames.lib import typed
from wordgames.lib.http import AuthedRequest

from . import records


def _player_or_404(username: str) -> User:
    user = User.objects.select_related("profile").filter(username=username, is_active=True).first()
    if user is None:
        raise Http404("No such player")
    return user


@require_safe
def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = _player_or_404(username)
    viewer = request.user
    own = viewer.is_authenticated and viewer.pk == player.pk
    context: dict[str, Any] = {
        "player": player,
        "own": own,
        "level": getattr(getattr(player, "profile", None), "computer", ""),
        "title": typed.plain(display_name(player)),  # a <title> shows tags as text: no <bdi> there
        "ratings": records.ratings(player),
        "results": (results := records.results(player)),
        "in_progress": records.in_progress(player),
        "finished": records.finished(player, request.GET.get("page"), results),
        "most_met": records.most_met(player),
    }
    if viewer.is_authenticated and not own:
        context.update(
            against_you=records.head_to_head(player, viewer),
            follows=relations.follows(viewer, player),
            blocks=relations.blocks(viewer, player),
        )
    return render(request, "players/profile.html", context)


@login_required
@require_POST
def relation(request: AuthedRequest, username: str) -> HttpResponse:
    """The profile's buttons: follow, unfollow, block, unblock (the blocked list's buttons too)."""
    player = _player_or_404(username)
    name = display_name(player)
    action = request.POST.get("action", "")
    if player.pk == request.user.pk:
        messages.error(request, _("That is you."))
    elif action == "follow":
        if relations.follow(request.user, player):
            messages.success(request, _("You follow %(name)s: their new games show in your lobby.") % {"name": name})
        else:  # a block either way; which one is not said
            messages.error(request, _("%(name)s is not available.") % {"name": name})
    elif action == "unfollow":
        relations.unfollow(request.user, player)
        messages.success(request, _("You no longer follow %(name)s.") % {"name": name})
    elif action == "block":
        relations.block(request.user, player)
        messages.success(
            request,
            _(
                "You block %(name)s: they cannot join your games, invite you, challenge you, or "
                "write in the chat of games you play. They are not told."
            )
            % {"name": name},
        )
    elif action == "unblock":
        relations.unblock(request.user, player)
        messages.success(request, _("You no longer block %(name)s.") % {"name": name})
    else:
        messages.error(request, _("Choose follow, unfollow, block or unblock."))
    if request.POST.get("back") == "blocked":
        return redirect("blocked_players")
    return redirect("player", username=player.username)


@login_required
@require_safe
def blocked(request: AuthedRequest) -> HttpResponse:
    """The players the user blocks, each with an unblock button."""
    rows = Block.objects.filter(blocker=request.user).select_related("blocked__profile").order_by("blocked__username")
    return render(request, "players/blocked.html", {"blocks": list(rows)})
