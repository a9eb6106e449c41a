"""Per-request account handling: the player's time zone, and an end to the session of a suspended player."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.contrib import messages
from django.contrib.auth import logout
from django.http import HttpRequest, HttpResponse
from django.utils import timezone

from .models import profile_for, suspension_sentence


class TimezoneMiddleware:
    """Show times in the logged-in player's time zone.

    It reads the profile anyway, so it also logs out a player suspended while logged in: a suspension
    must take effect at once, not when their session cookie expires.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            profile = profile_for(user)
            if profile.suspended:
                sentence = suspension_sentence(user)
                logout(request)
                messages.error(request, sentence)
            else:
                try:
                    timezone.activate(zoneinfo.ZoneInfo(profile.time_zone))
                except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                    timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
