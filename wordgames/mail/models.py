from __future__ import annotations

import email
import email.message
from email import policy
from email.utils import parseaddr

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy


class LocalEmail(models.Model):
    """One email as the local mail backend received it (instead of a mail server), with the exact MIME text a mail server would get."""

    created = models.DateTimeField(gettext_lazy("sent"), auto_now_add=True, db_index=True)
    from_email = models.CharField(gettext_lazy("from"), max_length=500)
    to = models.TextField(
        gettext_lazy("to"), help_text=gettext_lazy("Every recipient (To, Cc and Bcc), comma-separated.")
    )
    subject = models.CharField(pgettext_lazy("an email's", "subject"), max_length=1000, blank=True)
    message_id = models.CharField(gettext_lazy("Message-ID"), max_length=500, blank=True, db_index=True)
    body = models.TextField(gettext_lazy("plain text"), blank=True, help_text=gettext_lazy("The plain-text body."))
    html = models.TextField(
        gettext_lazy("HTML"), blank=True, help_text=gettext_lazy("The HTML body, if the message has one.")
    )
    raw = models.TextField(gettext_lazy("whole message"), help_text=gettext_lazy("The whole message as MIME text."))

    class Meta:
        verbose_name = gettext_lazy("email in the local mail")
        verbose_name_plural = gettext_lazy("local mail")
        ordering = ["-created", "-id"]

    def __str__(self) -> str:
        if not self.subject:
            return _("(no subject) to %(to)s") % {"to": self.to}
        return _("%(subject)s to %(to)s") % {"subject": self.subject, "to": self.to}

    def get_absolute_url(self) -> str:
        return reverse("local_mail_message", args=[self.pk])

    def parsed(self) -> email.message.EmailMessage:
        """The stored message parsed back. Bodies may be 8-bit UTF-8, so parse bytes: parsing the text garbles them."""
        return email.message_from_bytes(self.raw.encode("utf-8"), policy=policy.default)


class EmailOptOut(models.Model):
    """An address without an account that asked for no more email from this site (the unsubscribe link of an
    invitation sent to a stranger, or of a reply to a stranger's message). Accounts choose per kind instead."""

    address = models.EmailField(
        gettext_lazy("address"), max_length=254, unique=True, help_text=gettext_lazy("Stored in lower case.")
    )
    created = models.DateTimeField(gettext_lazy("since"), auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = gettext_lazy("email opt-out")
        verbose_name_plural = gettext_lazy("email opt-outs")

    def __str__(self) -> str:
        return self.address

    @classmethod
    def has(cls, address: str) -> bool:
        """Whether mail to ``address`` in any of its forms is refused: any case, with a display name
        (``Friend <a@x.org>``), or with a ``+tag`` (mail to ``a+games@x.org`` reaches ``a@x.org``)."""
        bare = parseaddr(address)[1].strip().lower()
        if not bare:
            return False
        local, _, domain = bare.rpartition("@")
        forms = {bare, f"{local.split('+', 1)[0]}@{domain}"}
        return cls.objects.filter(address__in=forms).exists()
