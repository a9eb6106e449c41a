"""The local mail: the embedded email backend. Every message goes into the ``LocalEmail`` table instead of a mail
server, and the site shows it at ``/mail/``.

It takes any ``EmailMessage``, including ``EmailMultiAlternatives`` and anymail's ``AnymailMessage``; provider
features anymail would send as API parameters (tags, metadata, templates) are not stored.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.mail import EmailMessage
from django.core.mail.backends.base import BaseEmailBackend

from .models import LocalEmail


def _bodies(message: EmailMessage) -> tuple[str, str]:
    text, html = "", ""
    if message.content_subtype == "html":
        html = str(message.body)
    else:
        text = str(message.body)
    for alternative in getattr(message, "alternatives", None) or ():
        content, mimetype = alternative[0], alternative[1]
        if mimetype == "text/html" and not html:
            html = content.decode() if isinstance(content, bytes) else str(content)
    return text, html


def store(message: EmailMessage) -> LocalEmail:
    mime = message.message()
    text, html = _bodies(message)
    return LocalEmail.objects.create(
        from_email=str(mime.get("From", message.from_email)),
        to=", ".join(message.recipients()),
        subject=str(message.subject),
        message_id=str(mime.get("Message-ID", "")),
        body=text,
        html=html,
        raw=mime.as_string(),
    )


class LocalMailBackend(BaseEmailBackend):
    def send_messages(self, email_messages: Sequence[EmailMessage]) -> int:
        sent = 0
        for message in email_messages:
            if not message.recipients():
                continue
            try:
                store(message)
            except Exception:
                if not self.fail_silently:
                    raise
                continue
            sent += 1
        return sent


# Its name until the local mail had a name of its own: an operator's EMAIL_BACKEND may still say it.
OutboxBackend = LocalMailBackend
