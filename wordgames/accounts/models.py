"""A player's profile: the name others see, their time zone, and whether a moderator has suspended them."""

from __future__ import annotations

import functools
import zoneinfo
from typing import Any

from django.conf import settings
from django.db import models
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
        gettext_lazy("display name"), max_length=40, blank=True,
        help_text=gettext_lazy("The name other players see. Empty means your username."),
    )  # fmt: skip
    time_zone = models.CharField(gettext_lazy("time zone"), max_length=64, default="UTC")
    suspended = models.BooleanField(gettext_lazy("suspended"), default=False)
    suspended_reason = models.TextField(gettext_lazy("reason for the suspension"), blank=True)
    email_modes = models.JSONField(
        gettext_lazy("emails wanted"), default=dict, blank=True,
        help_text=gettext_lazy('Per kind of email: "every", "digest" (your turn only) or "none".'),
    )  # fmt: skip
    digest_hour = models.PositiveSmallIntegerField(
        gettext_lazy("digest hour"), default=8,
        help_text=gettext_lazy("Hour of the day (in the player's time zone) at which the daily digest is sent."),
    )  # fmt: skip
    computer = models.CharField(
        gettext_lazy("computer level"), max_length=16, blank=True, editable=False,
        help_text=gettext_lazy(
            "The level this account plays at if it is one of the site's computer players; empty for a person."
        ),
    )  # fmt: skip
    language = models.CharField(
        gettext_lazy("language"), max_length=16, blank=True,
        help_text=gettext_lazy("The language of the site and of emails for this player; empty means the browser's."),
    )  # fmt: skip
    browser_language = models.CharField(
        gettext_lazy("browser's language"), max_length=16, blank=True, editable=False,
        help_text=gettext_lazy("The language the player's browser last asked for: their emails' language while "
                               "they have not chosen one."),
    )  # fmt: skip
    same_subject = models.BooleanField(
        gettext_lazy("one subject per game"), default=False,
        help_text=gettext_lazy("Every email about a game has the same subject (Gmail starts a new conversation "
                               "when the subject changes); who is to move is then in the email only."),
    )  # fmt: skip

    class Meta:
        verbose_name = gettext_lazy("profile")
        verbose_name_plural = gettext_lazy("profiles")
        permissions = [("suspend_players", "Can suspend players and lift suspensions")]

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
        return _("Sorry, your account has been suspended by a moderator, so you cannot log in or play. "
                 "The reason given: %(reason)s") % {"reason": reason}  # fmt: skip
    return _("Sorry, your account has been suspended by a moderator, so you cannot log in or play.")


class TokenBucket(models.Model):
    """How much of one limit (sign-ups from an address, resets of an email...) is left; see throttle.py.

    The key is a hash, so the table holds no address in the clear."""

    key = models.CharField(gettext_lazy("key"), max_length=80, unique=True)
    tokens = models.FloatField(gettext_lazy("tokens"))
    updated = models.DateTimeField(gettext_lazy("updated"))

    class Meta:
        verbose_name = gettext_lazy("token bucket")
        verbose_name_plural = gettext_lazy("token buckets")


class Block(models.Model):
    """``blocker`` wants nothing to do with ``blocked``: the blocked player cannot take the blocker's seeks, invite
    or challenge them, join their games or write to them, and neither sees the other's seeks. Refusals say only
    that the seat (or the player) is not available, never that a block is why."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="blocks",
                                verbose_name=gettext_lazy("blocker"))  # fmt: skip
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+",
                                verbose_name=gettext_lazy("blocked player"))  # fmt: skip
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

    follower = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="follows",
                                 verbose_name=gettext_lazy("follower"))  # fmt: skip
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="followers",
                                 verbose_name=gettext_lazy("followed player"))  # fmt: skip
    created = models.DateTimeField(gettext_lazy("since"), auto_now_add=True)

    class Meta:
        verbose_name = pgettext_lazy("a player following another", "follow")
        verbose_name_plural = pgettext_lazy("players following others", "follows")
        constraints = [models.UniqueConstraint(fields=["follower", "followed"], name="follow_once")]

    def __str__(self) -> str:
        return _("%(follower)s follows %(followed)s") % {"follower": self.follower, "followed": self.followed}
