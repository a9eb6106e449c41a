from __future__ import annotations

import email
import email.message
from email import policy

from django.db import models
from django.urls import reverse


class OutboxMessage(models.Model):
    """One email as the local outbox backend received it, with the exact MIME text a mail server would get."""

    created = models.DateTimeField(auto_now_add=True, db_index=True)
    from_email = models.CharField(max_length=500)
    to = models.TextField(help_text="Every recipient (To, Cc and Bcc), comma-separated.")
    subject = models.CharField(max_length=1000, blank=True)
    message_id = models.CharField(max_length=500, blank=True, db_index=True)
    body = models.TextField(blank=True, help_text="The plain-text body.")
    html = models.TextField(blank=True, help_text="The HTML body, if the message has one.")
    raw = models.TextField(help_text="The whole message as MIME text.")

    class Meta:
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        return f"{self.subject or '(no subject)'} to {self.to}"

    def get_absolute_url(self) -> str:
        return reverse("outbox_message", args=[self.pk])

    def parsed(self) -> email.message.EmailMessage:
        """The stored message parsed back. Bodies may be 8-bit UTF-8, so parse bytes: parsing the text garbles them."""
        return email.message_from_bytes(self.raw.encode("utf-8"), policy=policy.default)
