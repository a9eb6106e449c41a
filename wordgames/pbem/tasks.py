"""Thin tasks for play by email: the reply to an inbound message, and the IMAP poller."""

from __future__ import annotations

import imaplib
import logging

from celery import shared_task
from django.conf import settings

from wordgames.games.tasks import RETRY

log = logging.getLogger(__name__)


@shared_task(**RETRY)
def send_reply(inbound_id: int, seat_id: int | None, text: str = "", reason: str = "", quoted: str = "") -> None:
    from wordgames.games import emails
    from wordgames.games.models import Seat

    from .inbound import seat_member
    from .models import InboundMessage

    record = InboundMessage.objects.filter(pk=inbound_id).first()
    if record is None:
        return
    seat = Seat.objects.select_related("game", "user").filter(pk=seat_id).first() if seat_id else None
    # The board goes only to the seat's player or a team-mate sharing it, writing from their own address.
    user = seat_member(seat, record.sender) if seat is not None else None
    emails.send_reply(f"{record.pk}", record.sender, record.subject or "your message", reason=reason, text=text,
                      seat=seat if user is not None else None, quoted=quoted, in_reply_to=record.message_id,
                      user=user)  # fmt: skip


@shared_task(**RETRY)
def poll_imap() -> int:
    """Fetch unseen messages from the IMAP mailbox in settings.INBOUND_IMAP and handle each; a message is
    marked seen only after it was handled (a crash leaves it for the next poll; duplicates are skipped)."""
    from anymail.inbound import AnymailInboundMessage

    from .inbound import handle

    config = settings.INBOUND_IMAP
    if not config["host"]:
        return 0
    handled = 0
    connection_class = imaplib.IMAP4_SSL if config["port"] == 993 else imaplib.IMAP4
    with connection_class(config["host"], config["port"]) as imap:
        imap.login(config["user"], config["password"])
        imap.select(config["folder"])
        _, data = imap.uid("search", None, "UNSEEN")
        for uid in (data[0] or b"").split():
            _, parts = imap.uid("fetch", uid, "(BODY.PEEK[])")
            raw = next((p[1] for p in parts if isinstance(p, tuple)), None)
            if raw is None:
                continue
            handle(AnymailInboundMessage.parse_raw_mime_bytes(raw), via="imap")
            imap.uid("store", uid, "+FLAGS", "(\\Seen)")
            handled += 1
    return handled
