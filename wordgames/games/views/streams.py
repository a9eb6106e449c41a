"""Live pages: the Server-Sent Events streams of an open game page and lobby (only under ASGI; under WSGI
the pages poll)."""

from __future__ import annotations

from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponseNotAllowed,
    StreamingHttpResponse,
)
from django.urls import reverse

from wordgames.accounts import relations
from wordgames.lib import live

from .. import presence
from ..models import Game
from .common import load_game


def stream_url(request: HttpRequest, name: str, *args: Any) -> str:
    """Where the page hears of changes as they happen, or "" where it is to poll: only an ASGI server can hold
    the connections (``LIVE_STREAM``)."""
    if settings.LIVE_STREAM == "off" or (settings.LIVE_STREAM == "auto" and not isinstance(request, ASGIRequest)):
        return ""
    return reverse(name, args=args)


def _no_stream(request: HttpRequest) -> bool:
    """Under WSGI a stream would hold a worker for as long as the page is open: the page polls instead."""
    return settings.LIVE_STREAM == "off" or not isinstance(request, ASGIRequest)


def _sse(
    subscription: live.Subscription, first: dict[str, Any], user_id: int | None = None, game_id: int | None = None
) -> StreamingHttpResponse:
    async def beat() -> None:  # the page is open: its reader is watching the game (see presence)
        if user_id is not None and game_id is not None:
            await sync_to_async(presence.mark_watching, thread_sensitive=False)(user_id, game_id)

    response = StreamingHttpResponse(
        live.events(subscription, first, settings.LIVE_HEARTBEAT, beat), content_type="text/event-stream"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


async def game_stream(request: HttpRequest, pk: int) -> HttpResponseBase:
    """Server-Sent Events for an open game page: "game N changed, version V" as it happens, and a heartbeat.
    Whoever may not see the game gets the 404 its page gives; under WSGI, 204 (the page then polls)."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    if _no_stream(request):
        return HttpResponse(status=204)
    private = await Game.objects.filter(pk=pk).values_list("private", flat=True).afirst()
    if private is None:
        raise Http404("No such game")
    user = await request.auser()
    if private:
        await sync_to_async(load_game)(pk, request)  # 404 for anyone but its players and moderators
    subscription = await live.hub.subscribe([f"game:{pk}"])
    version = await Game.objects.filter(pk=pk).values_list("version", flat=True).afirst()
    return _sse(subscription, {"game": pk, "version": version}, user.pk if user.is_authenticated else None, pk)


async def lobby_stream(request: HttpRequest) -> HttpResponseBase:
    """Server-Sent Events for an open lobby: changes to the games it lists (waiting for players; the reader's
    own; those of the players they follow)."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    if _no_stream(request):
        return HttpResponse(status=204)
    user = await request.auser()
    topics = ["lobby"]
    if user.is_authenticated:
        followed = await sync_to_async(lambda: relations.followed_ids(user) - relations.hidden_from(user))()
        topics += [f"player:{user.pk}", *(f"follow:{uid}" for uid in sorted(followed))]
    return _sse(await live.hub.subscribe(topics), {"lobby": 1})
