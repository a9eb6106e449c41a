"""The site as an app: its manifest (name, icons, how it opens once installed), its service worker (served from
the site's root so that it may look after every page), and the page the worker shows when the network is gone:
the player's games as they were when last seen."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from .models import Game
from .queries import lobby_games

THEME = "#a47e3b"
BACKGROUND = "#fbf7ef"


@require_safe
def manifest(request: HttpRequest) -> HttpResponse:
    """The web app manifest, in the reader's language."""
    data = {
        "name": settings.SITE_NAME,
        "short_name": settings.SITE_NAME,
        "description": _("Slow word games with friends, on the web and by email."),
        "lang": request.LANGUAGE_CODE,
        "dir": "auto",
        "start_url": reverse("lobby"),
        "scope": "/",
        "id": "/",
        "display": "standalone",
        "background_color": BACKGROUND,
        "theme_color": THEME,
        "icons": [
            {"src": static("img/icon-192.png"), "sizes": "192x192", "type": "image/png", "purpose": "any"},
            {"src": static("img/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "any"},
            {
                "src": static("img/icon-maskable-512.png"),
                "sizes": "512x512",
                "type": "image/png",
                "purpose": "maskable",
            },
        ],
        "shortcuts": [{"name": _("Next game where it is my turn"), "url": reverse("next_game")}],
    }
    response = HttpResponse(json.dumps(data, ensure_ascii=False), content_type="application/manifest+json")
    response["Cache-Control"] = "public, max-age=3600"
    return response


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, from the root so that its scope is the whole site. Never cached by the browser's HTTP
    cache, so a deployment's new worker is found at the next visit."""
    context = {
        "offline_url": reverse("offline"),
        "assets": [static("css/site.css"), static("img/icon-192.png")],
        "icon": static("img/icon-192.png"),
        "badge": static("img/badge-96.png"),
        "site_name": settings.SITE_NAME,
        "offline_text": _("The site cannot be reached, and no list of your games was kept yet."),
    }
    script = render_to_string("games/sw.js", {"config": json.dumps(context)})
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


def games_as_seen(user: Any) -> list[dict[str, Any]]:
    """The player's games waiting for players or under way, those waiting for them first."""
    rows: list[dict[str, Any]] = []
    for game in lobby_games(user):
        if game.status not in (Game.Status.OPEN, Game.Status.ACTIVE):
            continue
        seats = list(game.seats.all())
        rows.append(
            {
                "game": game,
                "players": [s.user for s in seats if s.user is not None],
                "movers": [s.user for s in seats if s.awaited and s.user is not None],
                "my_turn": game.status == Game.Status.ACTIVE and any(s.awaited and s.held for s in seats),  # type: ignore[attr-defined]
            }
        )
    rows.sort(key=lambda row: (not row["my_turn"], row["game"].status != Game.Status.ACTIVE, -row["game"].pk))
    return rows


@never_cache
@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """Fetched by the service worker while the network is there, and kept: shown when it is not. Says how many
    games wait for the player (``X-Your-Turn``), for the app's badge."""
    rows = games_as_seen(request.user) if request.user.is_authenticated else []
    mine = sum(1 for row in rows if row["my_turn"])
    response = render(request, "games/offline.html", {"rows": rows, "seen": timezone.now(), "my_turn_count": mine})
    response["X-Your-Turn"] = str(mine)
    return response
