"""A player's profile: the name others see, their time zone, and whether a moderator has suspended them."""

from __future__ import annotations

import functools
import zoneinfo
from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import models
from django.dispatch import Signal
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

# Aliases that name no place: "localtime" is whatever the server uses, "Factory" is a placeholder.
_NOT_PLACES = {"localtime", "Factory", "posixrules"}


@functools.cache
def time_zone_names() -> list[str]:
    """IANA time zone names a player may choose, sorted."""
    return sorted(zoneinfo.available_timezones() - _NOT_PLACES)


# The emails a player can choose about, in the order the profile page lists them.
# Labels are lazy: each is read in the language of the page or email that shows it.
EMAIL_KINDS: dict[str, Any] = {
    "invitation": gettext_lazy("Invitations to a game"),
    "start": gettext_lazy("A game you are in starts"),
    "your_turn": gettext_lazy("It is your turn"),
    "other_move": gettext_lazy("Another player moved (with their comment)"),
    "game_over": gettext_lazy("A game ends, with the result"),
    "reminder": gettext_lazy("Reminder before your time to move runs out"),
    "timeout": gettext_lazy("A player's time ran out"),
    "undo": gettext_lazy("A player asks to take back a move, and the answer"),
    "chat": gettext_lazy("A player writes in a game's chat"),
    "error": gettext_lazy("Replies to your emailed moves (errors and confirmations)"),
}
EVERY, DIGEST, NONE = "every", "digest", "none"
DIGEST_KINDS = {"your_turn"}


class Profile(models.Model):
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="profile", verbose_name=gettext_lazy("user")
    )
    display_name = models.CharField(
        gettext_lazy("display name"),
        max_length=40,
        blank=True,
        help_text=gettext_lazy("The name other players see. Empty means your username."),
    )
    time_zone = models.CharField(gettext_lazy("time zone"), max_length=64, default="UTC")
    suspended = models.BooleanField(gettext_lazy("suspended"), default=False)
    suspended_reason = models.TextField(gettext_lazy("reason for the suspension"), blank=True)
    email_modes = models.JSONField(
        gettext_lazy("emails wanted"),
        default=dict,
        blank=True,
        help_text=gettext_lazy('Per kind of email: "every", "digest" (your turn only) or "none".'),
    )
    digest_hour = models.PositiveSmallIntegerField(
        gettext_lazy("digest hour"),
        default=8,
        help_text=gettext_lazy("Hour of the day (in the player's time zone) at which the daily digest is sent."),
    )
    computer = models.CharField(
        gettext_lazy("computer level"),
        max_length=16,
        blank=True,
        editable=False,
        help_text=gettext_lazy(
            "The level this account plays at if it is one of the site's computer players; empty for a person."
        ),
    )
    language = models.CharField(
        gettext_lazy("language"),
        max_length=16,
        blank=True,
        help_text=gettext_lazy("The language of the site and of emails for this player; empty means the browser's."),
    )
    browser_language = models.CharField(
        gettext_lazy("browser's language"),
        max_length=16,
        blank=True,
        editable=False,
        help_text=gettext_lazy(
            "The language the player's browser last asked for: their emails' language while they have not chosen one."
        ),
    )
    same_subject = models.BooleanField(
        gettext_lazy("one subject per game"),
        default=False,
        help_text=gettext_lazy(
            "Every email about a game has the same subject (Gmail starts a new conversation "
            "when the subject changes); who is to move is then in the email only."
        ),
    )
    # The digest sweep reads the players whose digest is due by this index, never every digest player.
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
        verbose_name = gettext_lazy("profile")
        verbose_name_plural = gettext_lazy("profiles")
        permissions = [("suspend_players", "Can suspend players and lift suspensions")]
        indexes = [
            models.Index(fields=["digest_due"], condition=models.Q(digest_due__isnull=False), name="profile_digest_due")
        ]

    def __str__(self) -> str:
        return _("Profile of %(username)s") % {"username": self.user.get_username()}

    @property
    def name(self) -> str:
        return self.display_name or self.user.get_username()

    def email_mode(self, kind: str) -> str:
        mode = (self.email_modes or {}).get(kind, EVERY)
        if mode == DIGEST and kind not in DIGEST_KINDS:
            return EVERY
        return mode if mode in (EVERY, DIGEST, NONE) else EVERY

    # --- the daily digest's due time ---------------------------------------------------------------------------

    _digest_settings: tuple[bool, str, int] | None = None  # as loaded: a save that changes them moves the digest

    @classmethod
    def from_db(cls, db: Any, field_names: Any, values: Any) -> Profile:
        profile = super().from_db(db, field_names, values)
        if _DIGEST_FIELDS <= set(field_names):
            profile._digest_settings = profile.digest_settings()
        return profile

    def digest_settings(self) -> tuple[bool, str, int]:
        """What the digest's due time follows: whether they take one, their time zone and their digest hour."""
        return self.email_mode("your_turn") == DIGEST, self.time_zone, self.digest_hour

    def save(self, *args: Any, **kwargs: Any) -> None:
        """A change to the digest settings (from any form, the admin or code) moves the next digest: today's
        digest hour in the new zone (at once if it has passed today and today's digest has not gone out; one is
        sent a day), or none for a player who takes no digest."""
        settings_now, loaded = self.digest_settings(), self._digest_settings
        if settings_now != loaded:
            self.digest_due = digest_hour_on(self, timezone.now()) if settings_now[0] else None
            self._digest_settings = settings_now
            if kwargs.get("update_fields") is not None:
                kwargs["update_fields"] = {*kwargs["update_fields"], "digest_due"}
        super().save(*args, **kwargs)
        if loaded is not None and loaded[1:] != settings_now[1:]:
            digest_hour_moved.send(sender=Profile, profile=self)

    def zone(self) -> zoneinfo.ZoneInfo:
        try:
            return zoneinfo.ZoneInfo(self.time_zone)
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            return zoneinfo.ZoneInfo("UTC")


_DIGEST_FIELDS = {"email_modes", "time_zone", "digest_hour"}
# Sent after a player's time zone or digest hour changed: the rooms above move what they send at that hour.
digest_hour_moved = Signal()


def digest_hour_on(profile: Profile, moment: datetime, days: int = 0) -> datetime:
    """The player's digest hour on the local day of ``moment`` (``days`` later), in their time zone: before or
    after ``moment``."""
    zone = profile.zone()
    day = moment.astimezone(zone).date() + timedelta(days=days)
    return datetime(day.year, day.month, day.day, profile.digest_hour, tzinfo=zone)


def next_digest(profile: Profile, now: datetime) -> datetime:
    """When the player's digest is due after one served (or skipped) at ``now``: their hour tomorrow, local
    time, or today's if it has not come yet."""
    today = digest_hour_on(profile, now)
    return today if today > now else digest_hour_on(profile, now, days=1)


def digest_day(profile: Profile, now: datetime) -> str:
    """The local date of the digest a sweep at ``now`` owes the player: the day of the latest digest hour that has
    passed, i.e. today once their hour has come, else yesterday (a sweep that ran late, past their midnight, still
    owes yesterday's: a day is never skipped for it)."""
    local = now.astimezone(profile.zone())
    day = local.date() if local.hour >= profile.digest_hour else local.date() - timedelta(days=1)
    return day.isoformat()


def digest_waits(profiles: Iterable[Profile], now: datetime) -> int:
    """A game came to wait for these players (it is their turn): each one who takes the daily digest and whose
    hour has already come today is due again at once, so today's digest goes out at the next sweep if it has not
    (the sweep at the hour found nothing waiting and moved it on to tomorrow). A digest already sent today is not
    sent again (its key). One statement for all of them, none when no one is concerned. Returns how many moved."""
    pks = [p.pk for p in profiles if p.digest_due is not None and p.digest_due > now and digest_hour_on(p, now) <= now]
    if not pks:
        return 0
    return Profile.objects.filter(pk__in=pks, digest_due__gt=now).update(digest_due=now)


def move_digest_on(profile: Profile, now: datetime) -> bool:
    """After the sweep looked at a due digest: its next due time. Only the sweep that read the due time moves it
    (another sweep at the same instant finds it moved and does nothing). True if this one moved it."""
    moved = Profile.objects.filter(pk=profile.pk, digest_due=profile.digest_due).update(
        digest_due=next_digest(profile, now)
    )
    return bool(moved)


def profile_for(user: Any) -> Profile:
    """The user's profile, created on first use (users made before this app, or by raw fixtures, lack one)."""
    try:
        return user.profile
    except Profile.DoesNotExist:
        profile, _ = Profile.objects.get_or_create(user=user)
        user.profile = profile
        return profile


def display_name(user: Any) -> str:
    """The name to show for ``user``: the display name if set, else the username. Never writes."""
    if user is None or not getattr(user, "pk", None):
        return ""
    try:
        return user.profile.name
    except Profile.DoesNotExist:
        return user.get_username()


def is_suspended(user: Any) -> bool:
    """True when a moderator has suspended ``user``; anonymous users are not suspended."""
    if user is None or not getattr(user, "pk", None):
        return False
    # A profile loaded with the user for this request (the auth backend does) is fresh enough: a suspension
    # bites at the next request. Otherwise read the database, never a profile cached for longer.
    cached = getattr(getattr(user, "_state", None), "fields_cache", {}).get("profile")
    if cached is not None and getattr(user, "_loaded_for_request", False):
        return bool(cached.suspended)
    return Profile.objects.filter(user_id=user.pk, suspended=True).exists()


def suspension_sentence(user: Any) -> str:
    """What a suspended player is told when they try to log in or act."""
    reason = profile_for(user).suspended_reason.strip()
    if reason:
        return _(
            "Sorry, your account has been suspended by a moderator, so you cannot log in or play. "
            "The reason given: %(reason)s"
        ) % {"reason": reason}
    return _("Sorry, your account has been suspended by a moderator, so you cannot log in or play.")


class TokenBucket(models.Model):
    """How much of one limit (sign-ups from an address, resets of an email...) is left; see throttle.py.

    The key is a hash, so the table holds no address in the clear."""

    key = models.CharField(gettext_lazy("key"), max_length=80, unique=True)
    tokens = models.FloatField(gettext_lazy("tokens"))
    updated = models.DateTimeField(gettext_lazy("updated"), db_index=True)  # old full buckets are deleted

    class Meta:
        verbose_name = gettext_lazy("token bucket")
        verbose_name_plural = gettext_lazy("token buckets")


class Block(models.Model):
    """``blocker`` wants nothing to do with ``blocked``: the blocked player cannot take the blocker's seeks, invite
    or challenge them, join their games or write to them, and neither sees the other's seeks. Refusals say only
    that the seat (or the player) is not available, never that a block is why."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="blocks", verbose_name=gettext_lazy("blocker")
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="+", verbose_name=gettext_lazy("blocked player")
    )
    created = models.DateTimeField(gettext_lazy("since"), auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("a player blocking another", "block")
        verbose_name_plural = pgettext_lazy("players blocking others", "blocks")
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once")]
        indexes = [models.Index(fields=["blocked", "blocker"], name="block_by_blocked")]

    def __str__(self) -> str:
        return _("%(blocker)s blocks %(blocked)s") % {"blocker": self.blocker, "blocked": self.blocked}


class Follow(models.Model):
    """``follower`` sees ``followed``'s new seeks and games in their lobby."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="follows", verbose_name=gettext_lazy("follower")
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="followers", verbose_name=gettext_lazy("followed player")
    )
    created = models.DateTimeField(gettext_lazy("since"), auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("a player following another", "follow")
        verbose_name_plural = pgettext_lazy("players following others", "follows")
        constraints = [models.UniqueConstraint(fields=["follower", "followed"], name="follow_once")]

    def __str__(self) -> str:
        return _("%(follower)s follows %(followed)s") % {"follower": self.follower, "followed": self.followed}
