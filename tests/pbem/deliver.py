"""The ways an email comes in, each through the real code: the ``receive_email`` command reading a file or
standard input, and anymail's Mailgun inbound webhook (raw MIME, signed like Mailgun signs it)."""

from __future__ import annotations

import hashlib
import hmac
import io
import secrets
import time
from pathlib import Path
from typing import Any

from django.core.management import call_command
from django.test import Client

from wordgames.pbem.models import InboundMessage

MAILGUN_KEY = "test-signing-key"


def by_pipe(raw: bytes, tmp_path: Path) -> InboundMessage | None:
    path = tmp_path / f"message-{secrets.token_hex(4)}.eml"
    path.write_bytes(raw)
    out = io.StringIO()
    call_command("receive_email", file=str(path), stdout=out)
    return InboundMessage.objects.order_by("-id").first()


def by_webhook(
    raw: bytes,
    settings: Any,
    *,
    token: str | None = None,
    stripped: str | None = None,
    recipient: str = "",
    sign_with: str = MAILGUN_KEY,
) -> Any:
    """POST the message as Mailgun's route forward() does to anymail's ``mailgun/inbound_mime/`` URL."""
    settings.ANYMAIL = {**getattr(settings, "ANYMAIL", {}), "MAILGUN_WEBHOOK_SIGNING_KEY": MAILGUN_KEY}
    settings.INBOUND_PROVIDER = "mailgun"
    timestamp = str(int(time.time()))
    token = token or secrets.token_hex(25)
    signature = hmac.new(sign_with.encode(), f"{timestamp}{token}".encode(), hashlib.sha256).hexdigest()
    data = {
        "body-mime": raw.decode("utf-8", "replace"),
        "timestamp": timestamp,
        "token": token,
        "signature": signature,
        "recipient": recipient,
    }
    if stripped is not None:
        data["stripped-text"] = stripped
    return Client().post("/anymail/mailgun/inbound_mime/", data)
