"""The site's ASGI handler: Django's, except for the live pages' streams.

Django runs each request's synchronous parts (middleware, sessions, the ORM) in a thread of the request's own,
kept until the response ends. A stream's response ends when its page closes, so a thousand open pages would hold
a thousand idle threads. A stream's request runs its few synchronous steps in the process's shared thread
instead, one after another, and then holds nothing but its coroutine.
"""

from __future__ import annotations

import re
from typing import Any

from django.core.handlers.asgi import ASGIHandler

STREAM_PATH = re.compile(r"^/(games/\d+/stream|stream/lobby)/$")


class Handler(ASGIHandler):
    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] == "http" and STREAM_PATH.match(scope["path"]):
            await self.handle(scope, receive, send)  # no ThreadSensitiveContext: no thread of its own
            return
        await super().__call__(scope, receive, send)
