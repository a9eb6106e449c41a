"""Per-request account handling: the player's time zone and language, and an end to the session of a suspended
player."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation

from .languages import supported
from .models import Profile, profile_for, suspension_sentence


class TimezoneMiddleware:
    """Show times in the logged-in player's time zone, and pages in their language.

    Django's LocaleMiddleware has already chosen the visitor's language (the switcher's cookie, else the
    browser's Accept-Language); a language chosen in the player's profile wins over both. Without one, the
    browser's language is remembered (written only when it changes) so emails can be written in it.

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
                _use_language(request, profile)
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()


def _use_language(request: HttpRequest, profile: Profile) -> None:
    chosen = supported(profile.language)
    if chosen:
        translation.activate(chosen)
        request.LANGUAGE_CODE = chosen
        return
    seen = getattr(request, "LANGUAGE_CODE", "")
    if seen and seen != (profile.browser_language or settings.LANGUAGE_CODE):
        profile.browser_language = seen
        try:
            type(profile).objects.filter(pk=profile.pk).update(browser_language=seen)
        except DatabaseError:
            pass  # a nicety (the language of later emails); never the reason a page fails, e.g. while read-only
