"""One beat across machines: beat's scheduler holds a lock in Redis while it schedules.

Run a ``beat`` process on two machines (or more) for safety: the first to take the lock schedules the sweeps;
the others tick idle, trying for the lock, until the holder stops (it lets the lock go) or dies (the lock
expires ``BEAT_LOCK_TTL`` seconds after its last renewal). A sweep is never woken by two beats at once, and
one that a takeover wakes a little early or late does no harm: every sweep reads what is due in the database.

The lock is a Redis key with a time to live, set only if absent, holding a token of this process, renewed a
third of the way through its life (only if it still holds the token). Without a Redis broker (the embedded
default) there is no beat to lock.

Settings: ``CELERY_BEAT_SCHEDULER`` names this scheduler; ``BEAT_LOCK_TTL`` (seconds, default 60).
"""

from __future__ import annotations

import logging
import time
from typing import Any

from celery.beat import PersistentScheduler
from django.conf import settings
from redis import Redis
from redis.exceptions import LockError, RedisError
from redis.lock import Lock

log = logging.getLogger(__name__)

KEY = "wordgames:beat"


class BeatLock:
    """The lock a beat holds while it schedules: ``hold()`` takes it or renews it, and says whether it is held."""

    def __init__(self, url: str, ttl: float) -> None:
        self.ttl = ttl
        self.lock = Lock(Redis.from_url(url, socket_timeout=5), KEY, timeout=ttl, thread_local=False)
        self.held = False
        self.renewed = 0.0

    def hold(self) -> bool:
        now = time.monotonic()
        try:
            if not self.held:
                self.held = bool(self.lock.acquire(blocking=False))
                if self.held:
                    self.renewed = now
                    log.warning("beat: this process took the beat lock and schedules the sweeps")
            elif now - self.renewed >= self.ttl / 3:
                self.lock.reacquire()  # back to its full time to live, if it is still ours
                self.renewed = now
        except (LockError, RedisError) as e:  # lost (expired, taken), or Redis unreachable: stop scheduling
            if self.held:
                log.warning("beat: the beat lock is lost (%s); scheduling stops until it is taken again", e)
            self.held = False
        return self.held

    def release(self) -> None:
        if self.held:
            try:
                self.lock.release()
            except (LockError, RedisError):
                pass
            self.held = False


class LockedScheduler(PersistentScheduler):
    """Celery's default scheduler, ticking only while this process holds the beat lock."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        url = str(getattr(settings, "CELERY_BROKER_URL", "") or "")
        ttl = float(getattr(settings, "BEAT_LOCK_TTL", 60))
        self.beat_lock = BeatLock(url, ttl) if url.startswith(("redis://", "rediss://")) else None
        self.waiting_said = False
        super().__init__(*args, **kwargs)

    def tick(self, *args: Any, **kwargs: Any) -> float:
        if self.beat_lock is None:
            return float(super().tick(*args, **kwargs))
        retry = self.beat_lock.ttl / 3
        if not self.beat_lock.hold():
            if not self.waiting_said:
                log.warning("beat: another beat holds the beat lock; this one waits, idle")
                self.waiting_said = True
            return retry
        self.waiting_said = False
        return min(float(super().tick(*args, **kwargs)), retry)  # back in time to renew the lock

    def close(self) -> None:
        try:
            super().close()
        finally:
            if self.beat_lock is not None:
                self.beat_lock.release()
