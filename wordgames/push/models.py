"""A player's devices (one push subscription each) and their choices of what to be notified of there."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy, pgettext_lazy

from wordgames.accounts.models import (
    DIGEST,
    DIGEST_KINDS,
    EMAIL_KINDS,
    EVERY,
    NONE,
    Profile,
    digest_hour_on,
    next_digest,
    profile_for,
)

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

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="push_subscriptions", verbose_name=gettext_lazy("player")
    )
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

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="push_choices", verbose_name=gettext_lazy("player")
    )
    modes = models.JSONField(gettext_lazy("notifications wanted"), default=dict, blank=True)
    # The daily push's sweep reads the players whose push is due by this index, never every one who chose it.
    digest_due = models.DateTimeField(
        gettext_lazy("next digest"),
        null=True,
        blank=True,
        editable=False,
        help_text=gettext_lazy(
            "When the daily digest is next due, for a player who takes one: their digest hour "
            "in their time zone, moved on when it goes out or when they change either."
        ),
    )

    class Meta:
        verbose_name = gettext_lazy("notification choices")
        verbose_name_plural = gettext_lazy("notification choices")
        indexes = [
            models.Index(fields=["digest_due"], condition=models.Q(digest_due__isnull=False), name="push_digest_due")
        ]

    def mode(self, kind: str) -> str:
        mode = (self.modes or {}).get(kind, EVERY)
        if mode == DIGEST and kind not in DIGEST_KINDS:
            return EVERY
        return mode if mode in (EVERY, DIGEST, NONE) else EVERY

    def save(self, *args: Any, **kwargs: Any) -> None:
        """Choosing the daily push for "your turn" (from the form, the admin or code) makes it due at today's
        digest hour in the player's zone (at once if it has passed: one a day is keyed by the local date); any
        other choice clears it. Kept as it is while the choice stays the daily push."""
        wanted = self.mode("your_turn") == DIGEST
        if wanted != (self.digest_due is not None):
            self.digest_due = digest_hour_on(profile_for(self.user), timezone.now()) if wanted else None
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "digest_due"}
        super().save(*args, **kwargs)


def follow_digest_hour(sender: Any, profile: Profile, **kwargs: Any) -> None:
    """A player changed their time zone or digest hour (``accounts.models.digest_hour_moved``): their daily push,
    if they take one, is due at the new hour today (as their email digest is)."""
    PushChoices.objects.filter(user_id=profile.user_id, digest_due__isnull=False).update(
        digest_due=digest_hour_on(profile, timezone.now())
    )


def push_digest_waits(profiles: Iterable[Profile], now: datetime) -> int:
    """A game came to wait for these players: each one who takes the daily push and whose hour has already come
    today is due again at once, so today's push goes out at the next sweep if it has not (as their email digest,
    ``accounts.models.digest_waits``). One statement, none when no one is concerned."""
    passed = {p.user_id: p for p in profiles if digest_hour_on(p, now) <= now}
    if not passed:
        return 0
    return PushChoices.objects.filter(user_id__in=passed, digest_due__gt=now).update(digest_due=now)


def move_push_digest_on(choices: PushChoices, profile: Profile, now: datetime) -> bool:
    """After the sweep looked at a due daily push: its next due time (``accounts.models.next_digest``). Only the
    sweep that read the due time moves it (another at the same instant finds it moved and does nothing)."""
    return bool(
        PushChoices.objects.filter(pk=choices.pk, digest_due=choices.digest_due).update(
            digest_due=next_digest(profile, now)
        )
    )


def push_mode(user_id: int, kind: str) -> str:
    """How ``user_id`` wants ``kind`` on their devices: NONE when they have no device at all."""
    if not Subscription.objects.filter(user_id=user_id).exists():
        return NONE
    choices = PushChoices.objects.filter(user_id=user_id).first()
    return choices.mode(kind) if choices is not None else EVERY
