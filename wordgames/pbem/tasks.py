"""Thin tasks for play by email: the IMAP poller (the answer to an inbound message is queued from ``answers``)."""

from __future__ import annotations

import imaplib
import logging
import ssl

from celery import shared_task
from django.conf import settings

from wordgames.games.relay import RETRY

from .inbound import TRANSIENT, handle_raw

log = logging.getLogger(__name__)


@shared_task(**RETRY)
def poll_imap() -> int:
    """Fetch unseen messages from the IMAP mailbox in settings.INBOUND_IMAP and handle each; a message is
    marked seen once it is recorded (played, answered, refused or ignored), so one bad message never stops
    the others. Only a transient fault (the database down) leaves it for the next poll; duplicates are
    skipped by their Message-ID."""
    config = settings.INBOUND_IMAP
    if not config["host"]:
        return 0
    handled = 0
    with _connect(config) as imap:
        imap.select(str(config["folder"]))
        _, data = imap.uid("search", "UNSEEN")
        for uid in (data[0] or b"").decode("ascii").split():
            _, parts = imap.uid("fetch", uid, "(BODY.PEEK[])")
            raw = next((p[1] for p in parts if isinstance(p, tuple)), None)
            if raw is None:
                continue
            try:
                handle_raw(raw, via="imap")
            except TRANSIENT:
                raise
            except Exception:  # never recorded (handle_raw records what it can): leave it, go on
                log.exception("IMAP message %s could not be recorded", uid)
                continue
            imap.uid("store", uid, "+FLAGS", "(\\Seen)")
            handled += 1
    return handled


class CleartextRefused(Exception):
    pass


def _connect(config: dict) -> imaplib.IMAP4:
    """Logged in over TLS with a verified certificate: port 993 speaks TLS, any other port must offer
    STARTTLS. A server without TLS is refused unless ``allow_cleartext`` says so."""
    context = ssl.create_default_context()
    if config["port"] == 993:
        imap: imaplib.IMAP4 = imaplib.IMAP4_SSL(config["host"], config["port"], ssl_context=context)
    else:
        imap = imaplib.IMAP4(config["host"], config["port"])
        if "STARTTLS" in imap.capabilities:
            imap.starttls(ssl_context=context)
        elif not config.get("allow_cleartext"):
            imap.shutdown()
            raise CleartextRefused(
                f"{config['host']}:{config['port']} offers no TLS (STARTTLS): not sending the "
                "password in clear (set IMAP_ALLOW_CLEARTEXT=true to allow it)"
            )
    imap.login(config["user"], config["password"])
    return imap
