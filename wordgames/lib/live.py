"""News as it happens: a tiny publish/subscribe hub for the pages that update by themselves.

A write publishes, after its commit, a short message to some topics (``game:7``, ``player:3``, ``lobby``); the
ASGI process that holds the pages' open streams hands it to every stream subscribed to one of them. A message
says only what changed and its version ("game 7 changed, version 12"), never what a player may not see: the page
then asks for its own view as before, with the view's own permissions.

Between processes the message travels by PostgreSQL's NOTIFY (one LISTEN connection per serving process), or by
Redis pub/sub when ``LIVE_BROKER_URL`` names a Redis server. On SQLite with no such URL (the embedded default)
it stays in the process: only streams served by the process that made the write hear of it.
"""

from __future__ import annotations

import asyncio
import json
import logging
import threading
from collections.abc import AsyncIterator, Iterable
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import connection, connections, transaction

log = logging.getLogger(__name__)

CHANNEL = "wordgames_live"
QUEUE_SIZE = 8  # a stream needs only to know that something changed: beyond this, older news is dropped


def backend() -> str:
    """``redis``, ``postgres`` or ``memory``: how messages travel between processes here."""
    url = settings.LIVE_BROKER_URL
    if url.startswith(("redis://", "rediss://", "unix://")):
        return "redis"
    if url == "memory":
        return "memory"
    return "postgres" if settings.DATABASES["default"]["ENGINE"].endswith("postgresql") else "memory"


def after_commit(topics: Iterable[str], data: dict[str, Any]) -> None:
    """Publish ``data`` to ``topics`` once the current transaction commits (at once outside one)."""
    names = sorted(set(topics))
    transaction.on_commit(lambda: publish(names, data), robust=True)  # a lambda: see games.live.watch


def publish(topics: list[str], data: dict[str, Any]) -> None:
    """Send now. A hub that is down costs the pages their news until their next reconnection, never the write."""
    message = json.dumps({"topics": topics, "data": data}, separators=(",", ":"))
    try:
        kind = backend()
        if kind == "postgres":
            with connection.cursor() as cursor:
                cursor.execute("SELECT pg_notify(%s, %s)", [CHANNEL, message])
        elif kind == "redis":
            _redis().publish(CHANNEL, message)
        else:
            hub.deliver(message)
    except Exception:  # noqa: BLE001 - the write is committed; the streams fall back on their own checks
        log.warning("Could not publish live news to %s", topics, exc_info=True)


_redis_clients: dict[str, Any] = {}


def _redis() -> Any:
    url = settings.LIVE_BROKER_URL
    if url not in _redis_clients:
        import redis  # only where Redis carries the news

        _redis_clients[url] = redis.Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
    return _redis_clients[url]


class Subscription:
    """One open stream's mailbox: the messages of its topics, each a dict, in order."""

    def __init__(self, topics: list[str]) -> None:
        self.topics = topics
        self.loop = asyncio.get_running_loop()
        self.queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(QUEUE_SIZE)

    def put(self, data: dict[str, Any]) -> None:  # on the subscription's loop
        if self.queue.full():
            self.queue.get_nowait()
        self.queue.put_nowait(data)

    async def get(self, timeout: float) -> dict[str, Any] | None:
        """The next message, or None after ``timeout`` seconds without one."""
        try:
            return await asyncio.wait_for(self.queue.get(), timeout)
        except TimeoutError:
            return None


class Hub:
    """The process's subscriptions by topic, and the one listener that feeds them from the broker."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._topics: dict[str, set[Subscription]] = {}
        self._listener: asyncio.Task[None] | None = None
        self._listener_loop: asyncio.AbstractEventLoop | None = None
        self.delivered = 0

    def count(self) -> int:
        with self._lock:
            return len({s for subs in self._topics.values() for s in subs})

    async def subscribe(self, topics: list[str]) -> Subscription:
        subscription = Subscription(topics)
        with self._lock:
            for topic in topics:
                self._topics.setdefault(topic, set()).add(subscription)
        await self._listen()
        return subscription

    def unsubscribe(self, subscription: Subscription) -> None:
        with self._lock:
            for topic in subscription.topics:
                subs = self._topics.get(topic)
                if subs is not None:
                    subs.discard(subscription)
                    if not subs:
                        del self._topics[topic]

    def deliver(self, message: str | bytes) -> None:
        """Hand a published message to its subscribers, from any thread."""
        try:
            parsed = json.loads(message)
            topics, data = parsed["topics"], parsed["data"]
        except (ValueError, KeyError, TypeError):
            log.warning("Ignored a malformed live message")
            return
        with self._lock:
            targets = {s for topic in topics for s in self._topics.get(topic, ())}
        for subscription in targets:
            try:
                subscription.loop.call_soon_threadsafe(subscription.put, data)
            except RuntimeError:  # its loop has closed: the stream is gone
                self.unsubscribe(subscription)
        self.delivered += 1

    async def _listen(self) -> None:
        """Start this process's listener on the broker, once per event loop."""
        if backend() == "memory":
            return
        loop = asyncio.get_running_loop()
        if self._listener is not None and self._listener_loop is loop and not self._listener.done():
            return
        self._listener_loop = loop
        started = asyncio.Event()
        self._listener = loop.create_task(self._run(started))
        try:  # a stream opened now hears everything published once its response starts
            await asyncio.wait_for(started.wait(), 5)
        except TimeoutError:
            log.warning("The live listener is slow to start")

    async def _run(self, started: asyncio.Event) -> None:
        delay = 1.0
        while True:
            try:
                if backend() == "redis":
                    await self._run_redis(started)
                else:
                    await self._run_postgres(started)
                delay = 1.0
            except asyncio.CancelledError:
                raise
            except Exception:  # noqa: BLE001 - the broker restarted: listen again, a little later each time
                log.warning("The live listener lost its connection; retrying in %.0f s", delay, exc_info=True)
                await asyncio.sleep(delay)
                delay = min(delay * 2, 30.0)

    async def _run_postgres(self, started: asyncio.Event) -> None:
        import psycopg  # the PostgreSQL driver, present wherever PostgreSQL is the database
        from psycopg.conninfo import make_conninfo

        db = settings.DATABASES["default"]
        params = {
            "dbname": db["NAME"],
            "user": db.get("USER"),
            "password": db.get("PASSWORD"),
            "host": db.get("HOST"),
            "port": db.get("PORT"),
        }
        params.update({k: v for k, v in db.get("OPTIONS", {}).items() if k.startswith("ssl")})
        conninfo = make_conninfo(**{k: str(v) for k, v in params.items() if v})
        conn = await psycopg.AsyncConnection.connect(conninfo, autocommit=True)
        async with conn:
            await conn.execute(f"LISTEN {CHANNEL}")
            started.set()
            async for notify in conn.notifies():
                self.deliver(notify.payload)

    async def _run_redis(self, started: asyncio.Event) -> None:
        import redis.asyncio  # only where Redis carries the news

        client = redis.asyncio.Redis.from_url(settings.LIVE_BROKER_URL)
        try:
            async with client.pubsub() as pubsub:
                await pubsub.subscribe(CHANNEL)
                started.set()
                async for message in pubsub.listen():
                    if message.get("type") == "message":
                        self.deliver(message["data"])
        finally:
            await client.aclose()


hub = Hub()


def _let_go_of_the_database() -> None:
    for conn in connections.all(initialized_only=True):
        if not conn.in_atomic_block:  # a test's transaction is left alone
            conn.close()


def _event(data: dict[str, Any]) -> bytes:
    return f"event: changed\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()


async def events(
    subscription: Subscription,
    first: dict[str, Any],
    heartbeat: float,
    beat: Any = None,
) -> AsyncIterator[bytes]:
    """The Server-Sent Events of one open stream: ``first`` (the version as the stream opens, read after
    subscribing, so that nothing falls between the page and its stream), each message as a ``changed`` event,
    and a comment every ``heartbeat`` seconds without news, which keeps proxies from closing the idle connection
    (``beat``, an async function, is called at the start and at each heartbeat).

    An open stream holds no database connection: the one its request used is closed once the stream is under
    way (a thousand idle pages must not hold a thousand connections)."""
    try:
        yield f"retry: {settings.LIVE_RETRY_MS}\n".encode() + _event(first)
        await sync_to_async(_let_go_of_the_database)()  # in the request's own thread, whose connections they are
        if beat is not None:
            await beat()
        while True:
            data = await subscription.get(heartbeat)
            if data is None:
                if beat is not None:
                    await beat()
                yield b": beat\n\n"
            else:
                yield _event(data)
    finally:
        hub.unsubscribe(subscription)
