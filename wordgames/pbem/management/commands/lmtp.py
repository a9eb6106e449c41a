"""Run the LMTP receiver until stopped (SIGTERM or Ctrl-C): the mail server delivers each message to it.

    python manage.py lmtp [--host 127.0.0.1] [--port 8025] [--socket /run/wordgames/lmtp.sock] [--threads 4]

Postfix: ``mailbox_transport = lmtp:inet:127.0.0.1:8025`` for a domain of its own, or a transport map entry
``play.example.org lmtp:inet:127.0.0.1:8025`` (``lmtp:unix:/run/wordgames/lmtp.sock`` for the socket).
"""

from __future__ import annotations

import signal
import threading
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand

from wordgames.pbem.lmtp import controller


class Command(BaseCommand):
    help = "Receive email over LMTP (a long-running process a mail server delivers to): replies are moves."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--host", default=settings.INBOUND_LMTP_HOST)
        parser.add_argument("--port", type=int, default=settings.INBOUND_LMTP_PORT)
        parser.add_argument("--socket", default=settings.INBOUND_LMTP_SOCKET, help="a Unix socket instead of a port")
        parser.add_argument("--threads", type=int, default=settings.INBOUND_LMTP_THREADS)

    def handle(self, *args: Any, host: str, port: int, socket: str, threads: int, **options: Any) -> None:
        receiver = controller(host=host, port=port, socket=socket, threads=threads)
        stop = threading.Event()
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, lambda *_: stop.set())
        receiver.start()
        where = socket or f"{host}:{port}"
        self.stdout.write(f"Receiving email over LMTP on {where} ({threads} threads).")
        self.stdout.flush()
        stop.wait()
        receiver.stop()
        self.stdout.write("Stopped.")
