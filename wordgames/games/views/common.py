"""What every page of a game needs: the game, if the reader may see it, and who holds or is asked to a seat."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from .. import queries
from ..models import Game, Seat


def load_game(pk: int, request: HttpRequest | None = None) -> Game:
    queryset = queries.with_players(Game.objects.all(), teams=True)
    game = get_object_or_404(queryset, pk=pk)
    if request is not None and game.private and not _may_see_private(game, request.user):
        raise Http404("No such game")  # the same answer as a game that does not exist: nothing to learn
    return game


def _may_see_private(game: Game, user: Any) -> bool:
    if not user.is_authenticated:
        return False
    if user.has_perm("games.moderate_games") or game.created_by_id == user.pk:
        return True
    email = (user.email or "").lower()
    if any(
        s.user_id == user.pk or s.invited_user_id == user.pk or (email and s.invited_email.lower() == email)
        for s in game.seats.all()
    ):
        return True
    return queries.seat_of(game, user) is not None  # a team-mate sharing a seat


def waiting_seat(game: Game, seat: Seat, user: Any) -> dict[str, Any]:
    """Who holds or is asked to a seat of a game waiting for players. An address invited by email is shown to
    the game's creator only (who typed it): to anyone else, the invitee included, it is "a player invited by
    email"."""
    if seat.user is not None:
        return {"user": seat.user}
    if not seat.is_invitation:
        return {}  # open
    if seat.invited_user is not None:
        return {"invited_user": seat.invited_user}
    if user.is_authenticated and user.pk == game.created_by_id:
        return {"invited": seat.invited_email}
    if user.is_authenticated and queries.invited(seat, user):
        return {"invited_note": _("you, by email")}
    return {"invited_note": _("a player invited by email")}
