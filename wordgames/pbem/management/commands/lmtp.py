"""Run the LMTP receiver until stopped (SIGTERM or Ctrl-C): the mail server delivers each message to it.

    python manage.py lmtp [--host 127.0.0.1] [--port 8025] [--socket /run/wordgames/lmtp.sock]
                          [--processes 2] [--threads 4]

``--processes``: serving processes sharing the one listening socket (forked once, at the start), each with
``--threads`` threads handling messages; more processes use more cores.

Postfix: ``mailbox_transport = lmtp:inet:127.0.0.1:8025`` for a domain of its own, or a transport map entry
``play.example.org lmtp:inet:127.0.0.1:8025`` (``lmtp:unix:/run/wordgames/lmtp.sock`` for the socket).
"""

from __future__ import annotations

import os
import signal
import threading
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import connections

from wordgames.pbem.lmtp import listen, serve


def _serve_child(sock: Any, threads: int) -> None:
    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    serve(sock, threads=threads, stop=stop)
    os._exit(0)


class Command(BaseCommand):
    help = "Receive email over LMTP (a long-running process a mail server delivers to): replies are moves."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--host", default=settings.INBOUND_LMTP_HOST)
        parser.add_argument("--port", type=int, default=settings.INBOUND_LMTP_PORT)
        parser.add_argument("--socket", default=settings.INBOUND_LMTP_SOCKET, help="a Unix socket instead of a port")
        parser.add_argument("--processes", type=int, default=settings.INBOUND_LMTP_PROCESSES)
        parser.add_argument("--threads", type=int, default=settings.INBOUND_LMTP_THREADS)

    def handle(
        self, *args: Any, host: str, port: int, socket: str, processes: int, threads: int, **options: Any
    ) -> None:
        sock = listen(host=host, port=port, path=socket)
        connections.close_all()  # nothing shared across the fork
        children = []
        for _ in range(max(1, processes) - 1):
            pid = os.fork()
            if pid == 0:  # a serving child: until its parent tells it to stop
                _serve_child(sock, threads)
            children.append(pid)
        stop = threading.Event()

        def finish(*_: Any) -> None:
            stop.set()
            for child in children:
                os.kill(child, signal.SIGTERM)

        signal.signal(signal.SIGTERM, finish)
        signal.signal(signal.SIGINT, finish)
        where = socket or f"{host}:{port}"
        self.stdout.write(
            f"Receiving email over LMTP on {where} ({max(1, processes)} processes, {threads} threads each)."
        )
        self.stdout.flush()
        serve(sock, threads=threads, stop=stop)
        for child in children:
            os.waitpid(child, 0)
        self.stdout.write("Stopped.")
