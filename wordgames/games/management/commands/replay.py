"""Replay a game record: one JSON line per move, then the result; an illegal move stops it with status 1."""

from __future__ import annotations

import json
import sys
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from wordgames.engines.core.errors import InvalidRecord
from wordgames.engines.core.record import replay


class Command(BaseCommand):
    help = "Replay a wordgames-record/1 file ('-' for standard input) and print each move's score."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("file")

    def handle(self, *args: Any, file: str, **options: Any) -> None:
        try:
            if file == "-":
                record = json.load(sys.stdin)
            else:
                with open(file, encoding="utf-8") as f:
                    record = json.load(f)
        except OSError as e:
            raise CommandError(f"Cannot read {file}: {e.strerror}.") from None
        except json.JSONDecodeError as e:
            raise CommandError(f"{file} is not JSON: {e}.") from None
        try:
            for step in replay(record):
                if "result" not in step:
                    step = {k: step[k] for k in ("n", "player", "move", "score", "words", "totals")}
                self.stdout.write(json.dumps(step))
        except InvalidRecord as e:
            raise CommandError(str(e)) from None
