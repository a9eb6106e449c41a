"""The local mail, slowed down: each message takes ``WORDGAMES_TEST_SEND_SECONDS`` to "send", so a test
can kill a worker in the middle of a batch of emails."""

from __future__ import annotations

import os
import time
from collections.abc import Sequence

from django.core.mail import EmailMessage

from wordgames.mail.backends import LocalMailBackend


class SlowLocalMailBackend(LocalMailBackend):
    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        time.sleep(float(os.getenv("WORDGAMES_TEST_SEND_SECONDS", "1")))
        return super().send_messages(email_messages)
