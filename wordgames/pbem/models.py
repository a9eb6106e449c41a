"""Every email that came in, once: the unique Message-ID (and provider event id) make a re-delivered
message a no-op, and the row says what became of it."""

from __future__ import annotations

from email.utils import parseaddr

from django.db import models


class InboundMessage(models.Model):
    class Outcome(models.TextChoices):
        APPLIED = "applied", "move applied"
        COMMAND = "command", "command answered"
        REFUSED = "refused", "refused"
        IGNORED = "ignored", "ignored (automatic mail)"

    message_id = models.CharField(max_length=500, blank=True)
    event_id = models.CharField(max_length=200, blank=True, help_text="The provider's id for this delivery.")
    sender = models.CharField(max_length=500, blank=True)
    recipient = models.CharField(max_length=500, blank=True)
    subject = models.CharField(max_length=1000, blank=True)
    via = models.CharField(max_length=16, help_text="webhook, pipe, lmtp, imap or outbox")
    received = models.DateTimeField(auto_now_add=True)
    outcome = models.CharField(max_length=8, choices=Outcome.choices, blank=True)
    detail = models.TextField(blank=True)
    answered = models.BooleanField(
        default=False, help_text="Whether the sender was answered: refusals go only to players and account "
        "holders, a few an hour at most; automatic mail and strangers are never answered.",
    )  # fmt: skip
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    move = models.ForeignKey("games.Move", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")

    class Meta:
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
        return f"{self.subject or '(no subject)'} from {self.sender}"


class EmailOptOut(models.Model):
    """An address without an account that asked for no more email from this site (the unsubscribe link of an
    invitation sent to a stranger, or of a reply to a stranger's message). Accounts choose per kind instead."""

    address = models.EmailField(max_length=254, unique=True, help_text="Stored in lower case.")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = "email opt-out"

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
