"""``{% load seeks %}``: the seeks' parts of pages that belong to other rooms (the lobby, the email settings), so
that games' Python never imports seeks."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse
from django.utils.html import format_html_join
from django.utils.safestring import SafeString

from wordgames.engines import engine_names, get_engine
from wordgames.lib import typed

from .. import queries
from ..models import SeekMail

register = template.Library()

LOBBY_SEEKS = 5


@register.inclusion_tag("seeks/_lobby.html", takes_context=True)
def lobby_seeks(context: template.Context) -> dict[str, Any]:
    """The lobby's short list of open seeks (followed players' first) and the "Play now" buttons: part of the
    lobby's changing part, so its forms lead back to the lobby, not to the address its update was asked from."""
    request = context["request"]
    seeks = queries.followed_first(queries.open_seeks(request.user, takers=False))[:LOBBY_SEEKS]
    return {
        "request": request,
        "back": reverse("lobby"),
        "user": request.user,
        "rows": queries.rows(list(seeks), request.user),
        "engines": [get_engine(name) for name in engine_names()],
    }


@register.inclusion_tag("seeks/_mail_choice.html", takes_context=True)
def seek_mail_choice(context: template.Context) -> dict[str, Any]:
    """The daily "new seeks" email's choice, for the email settings page."""
    request = context["request"]
    mailed = request.user.is_authenticated and SeekMail.objects.filter(user_id=request.user.pk).exists()
    return {"request": request, "user": request.user, "mailed": mailed}


@register.filter
def usernames(users: Any) -> SafeString:
    """``{{ row.takers|usernames }}``: their usernames, each isolated (``lib.typed.isolated``), comma-separated:
    one value a translated sentence can hold."""
    return format_html_join(", ", "{}", ((typed.isolated(user.username),) for user in users))
