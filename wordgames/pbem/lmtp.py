"""A long-running LMTP receiver: the mail server hands each message over a socket to a process that has Django
loaded already, instead of starting Python for every message (the pipe).

LMTP (RFC 2033) is SMTP for the last hop inside one system: the mail server keeps a message in its queue until
the receiver answers. A message is answered ``250`` only once it is recorded (played, answered, refused or
ignored: ``pbem.inbound.handle_raw`` decides, and never raises for what a message says), ``451`` when it could
not be recorded for now (the database is down), so the mail server keeps it and delivers it again later, and
``552`` when it is larger than ``INBOUND_MAX_BYTES``. LMTP answers after the data once for each recipient; a
message to several addresses is handled once and every recipient gets the same answer.

The ORM is synchronous: messages are handled on a small pool of threads (``INBOUND_LMTP_THREADS``), each with
its own database connection, checked for age before and after each message as a web request's would be.
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from aiosmtpd.controller import Controller, UnixSocketController
from aiosmtpd.lmtp import LMTP
from django.conf import settings
from django.db import close_old_connections

from .inbound import handle_raw

log = logging.getLogger(__name__)

OK = "250 2.0.0 Recorded"
LATER = "451 4.3.0 Not recorded now, please deliver again later"
TOO_BIG = "552 5.3.4 Message too large for this system"


def handle_one(raw: bytes) -> str:
    """Record one message (in a worker thread); the LMTP status for it."""
    close_old_connections()
    try:
        record = handle_raw(raw, via="lmtp")
    except Exception as e:  # noqa: BLE001 - whatever kept it from being recorded: try again later
        log.warning("LMTP message not recorded, the mail server will deliver it again: %s: %s", type(e).__name__, e)
        return LATER
    finally:
        close_old_connections()
    log.info("LMTP message %s: %s", record.message_id, record.outcome or "already handled")
    return OK


class Handler:
    """aiosmtpd's handler: accepts any recipient (the inbound code decides what each address means) and hands
    the message to a thread."""

    def __init__(self, threads: int) -> None:
        self.pool = ThreadPoolExecutor(max_workers=threads, thread_name_prefix="lmtp")

    async def handle_RCPT(self, server: Any, session: Any, envelope: Any, address: str, options: list[str]) -> str:
        envelope.rcpt_tos.append(address)
        return "250 2.1.5 OK"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        raw: bytes = envelope.original_content or b""
        if len(raw) > settings.INBOUND_MAX_BYTES:
            status = TOO_BIG
        else:
            status = await asyncio.get_running_loop().run_in_executor(self.pool, handle_one, raw)
        return "\r\n".join([status] * max(1, len(envelope.rcpt_tos)))  # one answer a recipient (RFC 2033)


class TolerantLMTP(LMTP):
    """Lines longer than the standard's 1,000 characters are taken as they come (a mail program's HTML on one
    line): a message is refused for its size, never for its layout."""

    line_length_limit = 1 << 20


class _LMTPMixin:
    def factory(self) -> LMTP:
        return TolerantLMTP(self.handler, **self.SMTP_kwargs)  # type: ignore[attr-defined]


class LMTPController(_LMTPMixin, Controller):
    """LMTP on a TCP port."""


class LMTPSocketController(_LMTPMixin, UnixSocketController):
    """LMTP on a Unix socket."""


def listen(*, host: str = "127.0.0.1", port: int = 8025, path: str = "") -> socket.socket:
    """The listening socket, made once, before the serving processes are forked: they all accept on it."""
    if path:
        if os.path.exists(path):
            os.unlink(path)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.bind(path)
    else:
        sock = socket.create_server((host, port), reuse_port=False)
    sock.listen(128)
    sock.setblocking(False)
    return sock


def serve(sock: socket.socket, *, threads: int, stop: threading.Event) -> None:
    """Serve LMTP on ``sock`` in this process until ``stop`` is set."""
    loop = asyncio.new_event_loop()
    handler = Handler(threads)
    limit = settings.INBOUND_MAX_BYTES + 65536

    def protocol() -> TolerantLMTP:
        return TolerantLMTP(handler, data_size_limit=limit, enable_SMTPUTF8=True, loop=loop)

    server = loop.run_until_complete(loop.create_server(protocol, sock=sock))

    async def until_stopped() -> None:
        while not stop.is_set():
            await asyncio.sleep(0.2)

    try:
        loop.run_until_complete(until_stopped())
    finally:
        server.close()
        loop.run_until_complete(server.wait_closed())
        handler.pool.shutdown(wait=True)
        loop.close()


def controller(*, host: str = "127.0.0.1", port: int = 8025, socket: str = "", threads: int = 4) -> Any:
    """A receiver, not yet started (``.start()`` runs it in a thread, ``.stop()`` ends it)."""
    handler = Handler(threads)
    # The data limit is checked here too: the protocol refuses a message larger than the limit plus headroom,
    # the handler answers 552 for one over the limit.
    limit = settings.INBOUND_MAX_BYTES + 65536
    if socket:
        return LMTPSocketController(handler, unix_socket=socket, data_size_limit=limit, enable_SMTPUTF8=True)
    return LMTPController(handler, hostname=host, port=port, data_size_limit=limit, enable_SMTPUTF8=True)
