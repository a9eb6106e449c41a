"""Read one raw email on standard input and handle it, for a mail server's pipe, e.g. in /etc/aliases:
``play: "|/srv/wordgames/.venv/bin/python /srv/wordgames/manage.py receive_email"``."""

from __future__ import annotations

import sys
from typing import Any

from anymail.inbound import AnymailInboundMessage
from django.core.management.base import BaseCommand, CommandError

from wordgames.pbem.inbound import handle


class Command(BaseCommand):
    help = "Handle one email (raw MIME) read from standard input: a reply to a game is a move."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--file", help="read the message from this file instead of standard input")

    def handle(self, *args: Any, **options: Any) -> None:
        if options["file"]:
            with open(options["file"], "rb") as f:
                raw = f.read()
        else:
            raw = sys.stdin.buffer.read()
        if not raw.strip():
            raise CommandError("No message on standard input.")
        record = handle(AnymailInboundMessage.parse_raw_mime_bytes(raw), via="pipe")
        self.stdout.write(f"{record.outcome or 'duplicate'}: {record.detail}")
