"""The answer to an inbound message (a refusal, a command's result, the board), queued by ``inbound`` after its
commit. The task still answers to its old name (``wordgames.pbem.tasks.send_reply``), so answers queued before
an upgrade still go out."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from wordgames.accounts.languages import speaking
from wordgames.games import emails
from wordgames.games.models import Seat
from wordgames.games.relay import RETRY
from wordgames.lib.tasks import task

from .models import InboundMessage


def seat_member(seat: Seat, address: str) -> Any:
    """The seat's player, or a team-mate sharing the seat, whose account has this email address; else None."""
    if not address or seat.user is None:
        return None
    if address.lower() == seat.user.email.lower():
        return seat.user
    return seat.partners.filter(email__iexact=address).first()


@task(aliases=("wordgames.pbem.tasks.send_reply",), **RETRY)
def send_reply(
    inbound_id: int,
    seat_id: int | None,
    text: str = "",
    reason: str = "",
    quoted: str = "",
    language: str = "",
    line: str = "",
    references: str = "",
) -> None:
    """``text`` and ``reason`` were written in ``language`` (the reader's, when the message was read): the rest of
    the reply is written in it too. A reply queued before there were languages has none: the reader's own.
    ``line``: the line of the message read as its command or move; ``references``: the message's References
    header (the reply threads under it)."""
    record = InboundMessage.objects.filter(pk=inbound_id).first()
    if record is None:
        return
    seat = Seat.objects.select_related("game", "user").filter(pk=seat_id).first() if seat_id else None
    # The board goes only to the seat's player or a team-mate sharing it, writing from their own address.
    user = seat_member(seat, record.sender) if seat is not None else None
    with speaking(language or user):
        emails.send_reply(
            f"{record.pk}",
            record.sender,
            record.subject or _("your message"),
            reason=reason,
            text=text,
            seat=seat if user is not None else None,
            quoted=quoted,
            in_reply_to=record.message_id,
            references=references,
            line=line,
            user=user,
        )
