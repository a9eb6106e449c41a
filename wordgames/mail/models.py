from __future__ import annotations

import email
import email.message
from email import policy

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy


class OutboxMessage(models.Model):
    """One email as the local outbox backend received it, with the exact MIME text a mail server would get."""

    created = models.DateTimeField(gettext_lazy("sent"), auto_now_add=True, db_index=True)
    from_email = models.CharField(gettext_lazy("from"), max_length=500)
    to = models.TextField(gettext_lazy("to"), help_text=gettext_lazy("Every recipient (To, Cc and Bcc), comma-separated."))
    subject = models.CharField(pgettext_lazy("an email's", "subject"), max_length=1000, blank=True)
    message_id = models.CharField(gettext_lazy("Message-ID"), max_length=500, blank=True, db_index=True)
    body = models.TextField(gettext_lazy("plain text"), blank=True, help_text=gettext_lazy("The plain-text body."))
    html = models.TextField(gettext_lazy("HTML"), blank=True,
                            help_text=gettext_lazy("The HTML body, if the message has one."))  # fmt: skip
    raw = models.TextField(gettext_lazy("whole message"), help_text=gettext_lazy("The whole message as MIME text."))

    class Meta:
        verbose_name = gettext_lazy("email in the outbox")
        verbose_name_plural = gettext_lazy("outbox")
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        if not self.subject:
            return _("(no subject) to %(to)s") % {"to": self.to}
        return _("%(subject)s to %(to)s") % {"subject": self.subject, "to": self.to}

    def get_absolute_url(self) -> str:
        return reverse("outbox_message", args=[self.pk])

    def parsed(self) -> email.message.EmailMessage:
        """The stored message parsed back. Bodies may be 8-bit UTF-8, so parse bytes: parsing the text garbles them."""
        return email.message_from_bytes(self.raw.encode("utf-8"), policy=policy.default)
