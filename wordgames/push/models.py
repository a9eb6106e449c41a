"""A player's devices (one push subscription each) and their choices of what to be notified of there."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy, pgettext_lazy

from wordgames.accounts.models import DIGEST, DIGEST_KINDS, EMAIL_KINDS, EVERY, NONE

# What a player can be notified of on their devices: the same kinds as email (but replies to emailed moves,
# which only email has), and events' news (a new round, a challenge, the final standings).
PUSH_KINDS: dict[str, Any] = {
    **{kind: label for kind, label in EMAIL_KINDS.items() if kind != "error"},
    "event": gettext_lazy("Events you play in: a new round, a challenge, the final standings"),
}


class Subscription(models.Model):
    """One device (a browser on a phone or a computer) that receives pushes: the address its push service gave
    it and the keys the messages are encrypted with. Deleted when the player removes it, or when the push service
    answers that it is gone."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="push_subscriptions",
                             verbose_name=gettext_lazy("player"))  # fmt: skip
    endpoint = models.URLField(gettext_lazy("push service address"), max_length=2000, unique=True)
    p256dh = models.CharField(gettext_lazy("public key"), max_length=200)
    auth = models.CharField(gettext_lazy("authentication secret"), max_length=100)
    label = models.CharField(gettext_lazy("device"), max_length=120, blank=True)
    created = models.DateTimeField(gettext_lazy("added"), auto_now_add=True)
    last_push = models.DateTimeField(gettext_lazy("last notification"), null=True, blank=True)

    class Meta:
        verbose_name = pgettext_lazy("a device that receives notifications", "push subscription")
        verbose_name_plural = pgettext_lazy("devices that receive notifications", "push subscriptions")

    def __str__(self) -> str:
        return self.label or self.endpoint[:60]

    def info(self) -> dict[str, Any]:
        """The subscription as the browser gave it (what pywebpush sends to)."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}


class PushChoices(models.Model):
    """Per kind: "every" (at once), "digest" (your turn only: one notification a day, at the digest hour) or
    "none". A player without a row gets every kind at once on the devices they added."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE, related_name="push_choices",
                                verbose_name=gettext_lazy("player"))  # fmt: skip
    modes = models.JSONField(gettext_lazy("notifications wanted"), default=dict, blank=True)

    class Meta:
        verbose_name = gettext_lazy("notification choices")
        verbose_name_plural = gettext_lazy("notification choices")

    def mode(self, kind: str) -> str:
        mode = (self.modes or {}).get(kind, EVERY)
        if mode == DIGEST and kind not in DIGEST_KINDS:
            return EVERY
        return mode if mode in (EVERY, DIGEST, NONE) else EVERY


def push_mode(user_id: int, kind: str) -> str:
    """How ``user_id`` wants ``kind`` on their devices: NONE when they have no device at all."""
    if not Subscription.objects.filter(user_id=user_id).exists():
        return NONE
    choices = PushChoices.objects.filter(user_id=user_id).first()
    return choices.mode(kind) if choices is not None else EVERY
