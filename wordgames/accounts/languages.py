"""Which language a player reads, on the site and in their email.

A player's own choice (their profile) comes first; without one, the language their browser last asked for; for
someone the site knows nothing about, the site's default. Whatever is stored is checked against the languages the
site speaks today (a language can be removed), and an unknown one falls back to the default, never to an error.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _


def supported(code: str | None) -> str | None:
    """The site's language for ``code`` (``fr-CA`` → ``fr``, ``pt-BR`` → ``pt-br``), or None if it speaks none."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code.strip().lower())
    except LookupError:
        return None


def language_of(user: Any) -> str:
    """The language to write to ``user`` in (a User, or None for an address without an account)."""
    if user is not None and getattr(user, "pk", None) is not None:
        from .models import profile_for

        profile = profile_for(user)
        for code in (profile.language, profile.browser_language):
            found = supported(code)
            if found:
                return found
    return settings.LANGUAGE_CODE


@contextmanager
def speaking(reader: Any) -> Iterator[str]:
    """Activate the language of ``reader`` (a User, None, or a language code) for the block.

    Letters are composed inside it, so their subject and body are in the recipient's language whatever the
    language of the request or task that composes them.
    """
    code = (supported(reader) or settings.LANGUAGE_CODE) if isinstance(reader, str) else language_of(reader)
    with translation.override(code):
        yield code


def choices() -> list[tuple[str, str]]:
    """The profile form's choices: the browser's, then every language the site speaks, each in its own name."""
    return [("", _("The browser's language")), *((code, name) for code, name in settings.LANGUAGES)]
