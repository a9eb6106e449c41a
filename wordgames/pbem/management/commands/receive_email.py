"""Read one raw email on standard input and handle it, for a mail server's pipe, e.g. in /etc/aliases:
``play: "|/srv/wordgames/.venv/bin/python /srv/wordgames/manage.py receive_email"``.

Exit status, as mail servers read it: 0 when the message was recorded (played, answered, refused or
ignored: the record says which), 75 (EX_TEMPFAIL) when it could not be recorded for now (the database is
down), so the mail server keeps it and delivers it again later."""

from __future__ import annotations

import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from wordgames.pbem.inbound import handle_raw

EX_TEMPFAIL = 75


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
        try:
            record = handle_raw(raw, via="pipe")
        except Exception as e:  # noqa: BLE001 - whatever kept it from being recorded, try again later
            self.stderr.write(f"Not recorded, try again later: {type(e).__name__}: {e}")
            sys.exit(EX_TEMPFAIL)
        self.stdout.write(f"{record.outcome or 'duplicate'}: {record.detail}")
