"""The local outbox, failing its first ``FlakyOutboxBackend.failures`` sends as a mail service that is down
would (the connection drops), then working again."""

from __future__ import annotations

import smtplib
from collections.abc import Sequence

from django.core.mail import EmailMessage

from wordgames.mail.backends import OutboxBackend


class FlakyOutboxBackend(OutboxBackend):
    failures = 0

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        if FlakyOutboxBackend.failures > 0:
            FlakyOutboxBackend.failures -= 1
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
        return super().send_messages(email_messages)
