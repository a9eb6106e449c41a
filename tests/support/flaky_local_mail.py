"""The local mail, failing its first ``FlakyLocalMailBackend.failures`` sends as a mail service that is down
would (the connection drops), then working again."""

from __future__ import annotations

import smtplib
from collections.abc import Sequence

from django.core.mail import EmailMessage

from wordgames.mail.backends import LocalMailBackend


class FlakyLocalMailBackend(LocalMailBackend):
    failures = 0

    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        if FlakyLocalMailBackend.failures > 0:
            FlakyLocalMailBackend.failures -= 1
            raise smtplib.SMTPServerDisconnected("Connection unexpectedly closed")
        return super().send_messages(email_messages)
