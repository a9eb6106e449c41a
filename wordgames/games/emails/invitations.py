"""The invitation to a seat: to an account, or to an address without one."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext as _

from wordgames.accounts.languages import speaking

from ..models import Seat
from .game import (
    send_game_email,
)
from .letters import (
    absolute,
    invitation_token,
)


def send_invitation(seat: Seat) -> bool:
    """In the invitee's language; to an address without an account, in the inviter's (who chose to write to it)."""
    game = seat.game
    to = seat.invited_user.email if seat.invited_user else seat.invited_email
    url = absolute(reverse("accept_invitation", args=[invitation_token(seat)]))
    context = {"game": game, "seat": seat, "inviter": game.created_by, "url": url, "title": game.title}
    with speaking(seat.invited_user or game.created_by):
        subject = _("%(inviter)s invites you to play %(game)s (game %(number)s)") % {
            "inviter": game.created_by.username,
            "game": game.title,
            "number": game.pk,
        }
        return send_game_email(
            f"invite:{seat.pk}:{to}",
            to,
            subject,
            "games/email/invitation.txt",
            context,
            kind="invitation",
            user=seat.invited_user,
            game=game,
            seat=seat,
        )
