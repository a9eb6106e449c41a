"""A player's profile: the name others see, their time zone, and whether a moderator has suspended them."""

from __future__ import annotations

import functools
import zoneinfo
from typing import Any

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

# Aliases that name no place: "localtime" is whatever the server uses, "Factory" is a placeholder.
_NOT_PLACES = {"localtime", "Factory", "posixrules"}


@functools.cache
def time_zone_names() -> list[str]:
    """IANA time zone names a player may choose, sorted."""
    return sorted(zoneinfo.available_timezones() - _NOT_PLACES)


# The emails a player can choose about, in the order the profile page lists them.
EMAIL_KINDS: dict[str, Any] = {  # labels: lazy translations
    "invitation": _("Invitations to a game"),
    "start": _("A game you are in starts"),
    "your_turn": _("It is your turn"),
    "other_move": _("Another player moved (with their comment)"),
    "game_over": _("A game ends, with the result"),
    "reminder": _("Reminder before your time to move runs out"),
    "timeout": _("A player's time ran out"),
    "undo": _("A player asks to take back a move, and the answer"),
    "chat": _("A player writes in a game's chat"),
    "error": _("Replies to your emailed moves (errors and confirmations)"),
}
EVERY, DIGEST, NONE = "every", "digest", "none"
DIGEST_KINDS = {"your_turn"}


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, models.CASCADE, related_name="profile")
    display_name = models.CharField(
        max_length=40, blank=True, help_text="The name other players see. Empty means your username."
    )
    time_zone = models.CharField(max_length=64, default="UTC")
    suspended = models.BooleanField(default=False)
    suspended_reason = models.TextField(blank=True)
    email_modes = models.JSONField(
        default=dict, blank=True, help_text='Per kind of email: "every", "digest" (your turn only) or "none".'
    )
    digest_hour = models.PositiveSmallIntegerField(
        default=8, help_text="Hour of the day (in the player's time zone) at which the daily digest is sent."
    )
    computer = models.CharField(
        max_length=16, blank=True, editable=False,
        help_text="The level this account plays at if it is one of the site's computer players; empty for a person.",
    )  # fmt: skip
    language = models.CharField(
        max_length=16, blank=True,
        help_text="The language of the site and of emails for this player; empty means the browser's.",
    )  # fmt: skip
    browser_language = models.CharField(
        max_length=16, blank=True, editable=False,
        help_text="The language the player's browser last asked for: their emails' language while they have not chosen one.",
    )  # fmt: skip
    same_subject = models.BooleanField(
        default=False, help_text="Every email about a game has the same subject (Gmail starts a new conversation "
        "when the subject changes); who is to move is then in the email only."
    )

    class Meta:
        permissions = [("suspend_players", "Can suspend players and lift suspensions")]

    def __str__(self) -> str:
        return f"Profile of {self.user.get_username()}"

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
    sentence = "Sorry, your account has been suspended by a moderator, so you cannot log in or play."
    if reason:
        sentence += f" The reason given: {reason}"
    return sentence


class TokenBucket(models.Model):
    """How much of one limit (sign-ups from an address, resets of an email...) is left; see throttle.py.

    The key is a hash, so the table holds no address in the clear."""

    key = models.CharField(max_length=80, unique=True)
    tokens = models.FloatField()
    updated = models.DateTimeField()


class Block(models.Model):
    """``blocker`` wants nothing to do with ``blocked``: the blocked player cannot take the blocker's seeks, invite
    or challenge them, join their games or write to them, and neither sees the other's seeks. Refusals say only
    that the seat (or the player) is not available, never that a block is why."""

    blocker = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="blocks")
    blocked = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once")]
        indexes = [models.Index(fields=["blocked", "blocker"], name="block_by_blocked")]

    def __str__(self) -> str:
        return f"{self.blocker} blocks {self.blocked}"


class Follow(models.Model):
    """``follower`` sees ``followed``'s new seeks and games in their lobby."""

    follower = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="follows")
    followed = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="followers")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["follower", "followed"], name="follow_once")]

    def __str__(self) -> str:
        return f"{self.follower} follows {self.followed}"
