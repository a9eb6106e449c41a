"""Every email that came in, once: the unique Message-ID (and provider event id) make a re-delivered
message a no-op, and the row says what became of it."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy


class InboundMessage(models.Model):
    class Outcome(models.TextChoices):
        APPLIED = "applied", gettext_lazy("move applied")
        COMMAND = "command", gettext_lazy("command answered")
        REFUSED = "refused", pgettext_lazy("an email's outcome", "refused")
        IGNORED = "ignored", gettext_lazy("ignored (automatic mail)")

    message_id = models.CharField(gettext_lazy("Message-ID"), max_length=500, blank=True)
    event_id = models.CharField(
        gettext_lazy("event id"),
        max_length=200,
        blank=True,
        help_text=gettext_lazy("The provider's id for this delivery."),
    )
    sender = models.CharField(gettext_lazy("sender"), max_length=500, blank=True)
    recipient = models.CharField(gettext_lazy("recipient"), max_length=500, blank=True)
    subject = models.CharField(pgettext_lazy("an email's", "subject"), max_length=1000, blank=True)
    via = models.CharField(
        gettext_lazy("via"), max_length=16, help_text=gettext_lazy("webhook, pipe, lmtp, imap or local-mail")
    )
    received = models.DateTimeField(gettext_lazy("received"), auto_now_add=True, db_index=True)  # kept for a while
    outcome = models.CharField(gettext_lazy("outcome"), max_length=8, choices=Outcome.choices, blank=True)
    detail = models.TextField(gettext_lazy("detail"), blank=True)
    answered = models.BooleanField(
        gettext_lazy("answered"),
        default=False,
        help_text=gettext_lazy(
            "Whether the sender was answered: refusals go only to players and account holders, "
            "a few an hour at most; automatic mail and strangers are never answered."
        ),
    )
    game = models.ForeignKey(
        "games.Game",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=gettext_lazy("game"),
    )
    move = models.ForeignKey(
        "games.Move",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=gettext_lazy("move"),
    )

    class Meta:
        verbose_name = gettext_lazy("email received")
        verbose_name_plural = gettext_lazy("emails received")
        ordering = ["-received"]
        indexes = [models.Index(fields=["sender", "received"], name="inbound_sender_received")]
        constraints = [
            models.UniqueConstraint(
                fields=["message_id"], condition=~models.Q(message_id=""), name="inbound_unique_message_id"
            ),
            models.UniqueConstraint(
                fields=["event_id"], condition=~models.Q(event_id=""), name="inbound_unique_event_id"
            ),
        ]

    def __str__(self) -> str:
        if not self.subject:
            return _("(no subject) from %(sender)s") % {"sender": self.sender}
        return _("%(subject)s from %(sender)s") % {"subject": self.subject, "sender": self.sender}
