"""A person's name on a page: their display name, isolated (``lib.typed.isolated``), linked to their public
profile. The players' pages are a room above this one: named by their URL, never imported."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from wordgames.engines.core.text import and_list
from wordgames.lib import typed

from .models import display_name


def player_link(user: Any) -> SafeString:
    """``<a class="player" href="/players/ann/"><bdi>Ann</bdi></a>``; nothing for no one (an open seat).

    Load the users with their profiles (``select_related("user__profile")``), or each name costs a query."""
    if user is None or not getattr(user, "pk", None):
        return mark_safe("")  # noqa: S308  # nothing to escape
    return format_html(
        '<a class="player" href="{}">{}</a>',
        reverse("player", args=[user.get_username()]),
        typed.isolated(display_name(user)),
    )


def player_links(users: Iterable[Any]) -> SafeString:
    """``Ann, Bob and Cat``, each a ``player_link``."""
    return mark_safe(and_list([player_link(user) for user in users]))  # noqa: S308  # each link is escaped; the rest is ours
