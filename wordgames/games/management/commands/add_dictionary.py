from __future__ import annotations

import gzip
import json
import re
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from wordgames.engines.core.letters import ENGLISH, LetterSet, shipped


class Command(BaseCommand):
    help = (
        "Add a word list (one word a line, plain or .gz) as dictionary NAME for new games, with the letter set its "
        "games are played with (--letters: a shipped set such as fr or es, or a JSON file; English by default)."
    )

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("name", help="short name, letters, digits and - only (e.g. 'sowpods', 'fr')")
        parser.add_argument("file", help="the word list")
        parser.add_argument(
            "--letters",
            default="",
            help="the letter set: fr, es, or a JSON file (letters, values, counts); default English A-Z",
        )

    def handle(self, *args: Any, name: str, file: str, letters: str = "", **options: Any) -> None:
        if not re.fullmatch(r"[a-z0-9-]{1,32}", name):
            raise CommandError("The name may have lower-case letters, digits and '-' only (at most 32).")
        source = Path(file)
        if not source.is_file():
            raise CommandError(f"There is no file {source}.")
        letter_set = self.letter_set(name, letters)
        opener = gzip.open if source.suffix == ".gz" else open
        with opener(source, "rt", encoding="utf-8") as f:
            words = [line.strip() for line in f if line.strip()]
        bad = [w for w in words if not w.isalpha()]
        if not words or bad:
            raise CommandError(f"One word a line, letters only: {len(bad)} lines are not words, e.g. {bad[:3]}.")
        outside = [w for w in words if letter_set.outside(w)]
        if outside:
            strange = sorted({ch for w in outside for ch in letter_set.outside(w)})
            raise CommandError(
                f"{len(outside)} of the {len(words)} words have letters outside the {letter_set.name} letter set "
                f"({' '.join(strange)}), e.g. {', '.join(outside[:3])}. Give the list's letter set with --letters, "
                "or leave those words out."
            )
        folded = sorted(set(letter_set.normalise(w) for w in words))  # as the tiles spell them: ÉTÉ is played ETE
        folder = Path(settings.DICTIONARY_DIR)
        folder.mkdir(parents=True, exist_ok=True)
        target = folder / f"{name}.txt.gz"
        with gzip.open(target, "wt", encoding="utf-8") as out:
            out.write("\n".join(folded) + "\n")
        letters_file = folder / f"{name}.json"
        if letter_set is ENGLISH:
            letters_file.unlink(missing_ok=True)
        else:
            letters_file.write_text(json.dumps(as_data(letter_set), ensure_ascii=False, indent=1) + "\n", "utf-8")
        self.stdout.write(
            f"Dictionary {name!r} has {len(folded)} words, played with the {letter_set.name} letter set "
            f"({len(letter_set.letters)} letters); restart the server and workers to use it."
        )

    @staticmethod
    def letter_set(name: str, letters: str) -> LetterSet:
        if not letters:
            return ENGLISH
        try:
            if Path(letters).is_file():
                return LetterSet.from_file(name, letters)
            return shipped(letters)
        except (KeyError, ValueError) as e:
            raise CommandError(f"--letters {letters}: {e.args[0]}.") from None


def as_data(letter_set: LetterSet) -> dict[str, Any]:
    """The JSON form of a letter set, as ``LetterSet.from_data`` reads it."""
    return {
        "name": letter_set.name,
        "values": dict(letter_set.values),
        "counts": dict(letter_set.counts),
        "blanks": letter_set.blanks,
        "vowels": "".join(sorted(letter_set.vowels)),
        "fold": dict(letter_set.fold),
    }
