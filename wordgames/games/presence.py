"""Who is looking at a game right now: a player with the game page open is not pushed or emailed about what
they are watching.

A page marks its reader as watching each time it asks for news (a poll, or a live connection's heartbeat); the
mark lapses ``WATCH_SECONDS`` after the last one, so a closed tab stops counting within that time. Kept in
Django's cache (the shared cache in production, the process's memory on the embedded default): losing it
costs at most one notification too many, never one too few.
"""

from __future__ import annotations

from django.core.cache import cache

WATCH_SECONDS = 60


def _key(user_id: int, game_id: int) -> str:
    return f"watching:{game_id}:{user_id}"


def mark_watching(user_id: int, game_id: int, seconds: int = WATCH_SECONDS) -> None:
    """``user_id`` has game ``game_id`` open now (called by the page's poll or live connection)."""
    try:
        cache.set(_key(user_id, game_id), 1, seconds)
    except Exception:  # noqa: BLE001 - a cache that is down only means a notification more
        pass


def is_watching(user_id: int, game_id: int) -> bool:
    """Whether ``user_id`` had game ``game_id`` open within the last ``WATCH_SECONDS``."""
    try:
        return bool(cache.get(_key(user_id, game_id)))
    except Exception:  # noqa: BLE001 - see mark_watching
        return False
