from __future__ import annotations

import gzip
import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError


class Command(BaseCommand):
    help = "Add a word list (one word a line, plain or .gz) as dictionary NAME for new games."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("name", help="short name, letters, digits and - only (e.g. 'sowpods', 'de')")
        parser.add_argument("file", help="the word list")

    def handle(self, *args: Any, name: str, file: str, **options: Any) -> None:
        if not re.fullmatch(r"[a-z0-9-]{1,32}", name):
            raise CommandError("The name may have lower-case letters, digits and '-' only (at most 32).")
        source = Path(file)
        if not source.is_file():
            raise CommandError(f"There is no file {source}.")
        opener = gzip.open if source.suffix == ".gz" else open
        with opener(source, "rt", encoding="utf-8") as f:
            words = [line.strip() for line in f if line.strip()]
        bad = [w for w in words if not w.isalpha()]
        if not words or bad:
            raise CommandError(f"One word a line, letters only: {len(bad)} lines are not words, e.g. {bad[:3]}.")
        folder = Path(settings.DICTIONARY_DIR)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{name}.txt.gz"
        with gzip.open(target, "wt", encoding="utf-8") as out:
            out.write("\n".join(words) + "\n")
        self.stdout.write(f"Dictionary {name!r} has {len(words)} words; restart the server and workers to use it.")
