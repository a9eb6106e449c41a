"""Letter sets: the letters a dictionary's games are played with, what each is worth and how many tiles of each
a full set holds. English (``ENGLISH``) is the Scrabble set of ``tiles``; another language's set comes with its
word list as data (a ``NAME.json`` beside ``NAME.txt.gz``, or one shipped in ``data/letters/``), and the server
registers it under the dictionary's name, as it registers the word list itself: the engines read no settings.

A set may *fold* letters that its words are written with but its tiles are not: French Scrabble has no accented
tiles, so ``É`` is played with an ``E`` tile (``{"É": "E"}``) and ``Œ`` with two (``{"Œ": "OE"}``). Folding
happens to the word list when it is added and to every move typed, so ``8D ÉTÉ`` and ``8D ETE`` are one move.

The JSON form::

    {"name": "Español", "values": {"A": 1, ..., "Ñ": 8}, "counts": {"A": 12, ..., "Ñ": 1}, "blanks": 2,
     "vowels": "AEIOU", "fold": {"Á": "A", ...}}

``values`` and ``counts`` name the same letters; a letter with no tile (count 0) is still a letter of the set,
played with a blank. ``vowels`` (default AEIOU) and ``fold`` (default none) are optional.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

from .lexicon import dictionary_parts
from .tiles import BLANK, LETTER_VALUES, SCRABBLE_COUNTS, TileSet

SHIPPED = Path(__file__).resolve().parent / "data" / "letters"


@dataclass(frozen=True)
class LetterSet:
    name: str
    values: Mapping[str, int]  # letter -> points (never the blank: it is worth 0)
    counts: Mapping[str, int]  # letter -> tiles in a full set, blanks apart
    blanks: int = 2
    vowels: frozenset[str] = frozenset("AEIOU")
    fold: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def letters(self) -> frozenset[str]:
        return frozenset(self.values)

    def value(self, letter: str) -> int:
        return 0 if letter == BLANK else self.values.get(letter, 0)

    def normalise(self, word: str) -> str:
        """A word as the set's tiles spell it: upper case, folded (``été`` -> ``ETE`` in French)."""
        upper = word.strip().upper()
        if not self.fold:
            return upper
        return "".join(self.fold.get(ch, ch) for ch in upper)

    def outside(self, word: str) -> set[str]:
        """The letters of ``word`` (once normalised) that are not in the set."""
        return {ch for ch in self.normalise(word) if ch not in self.values}

    def fold_text(self, text: str) -> str:
        """A typed move with its folded letters replaced, keeping their case (a lower-case letter is a blank in
        some notations): coordinates and command words are untouched, as they never hold a folded letter."""
        if not self.fold:
            return text
        out = []
        for ch in text:
            folded = self.fold.get(ch.upper())
            out.append(ch if folded is None else folded.lower() if ch.islower() else folded)
        return "".join(out)

    def tile_set(self, total: int | None = None, minimum: int = 1) -> TileSet:
        """The full set (blanks apart), or scaled to ``total`` tiles in proportion to the counts by largest
        remainder (each letter that has tiles keeps at least ``minimum``; ties go to the lower-valued letter)."""
        counts = {letter: n for letter, n in self.counts.items() if n > 0}
        if total is not None and total != sum(counts.values()):
            counts = _scaled(counts, self.values, total, minimum)
        return TileSet(self.name, MappingProxyType(counts), MappingProxyType({**self.values, BLANK: 0}))

    @classmethod
    def from_data(cls, name: str, data: Mapping[str, Any]) -> LetterSet:
        """Read the JSON form; ``ValueError`` with a sentence for anything wrong."""
        values, counts = data.get("values"), data.get("counts")
        if not isinstance(values, dict) or not isinstance(counts, dict) or not values:
            raise ValueError("a letter set needs 'values' and 'counts', each a map from letter to a number")
        values = {str(k).upper(): v for k, v in values.items()}
        counts = {str(k).upper(): v for k, v in counts.items()}
        if set(values) != set(counts):
            raise ValueError(
                f"'values' and 'counts' must name the same letters; differing: "
                f"{', '.join(sorted(set(values) ^ set(counts)))}"
            )
        for letter in values:
            if len(letter) != 1 or not letter.isalpha():
                raise ValueError(f"{letter!r} is not a letter: one letter a key")
            for what, number in (("value", values[letter]), ("count", counts[letter])):
                if not isinstance(number, int) or isinstance(number, bool) or not 0 <= number <= 100:
                    raise ValueError(f"the {what} of {letter} must be a whole number from 0 to 100")
        blanks = data.get("blanks", 2)
        if not isinstance(blanks, int) or not 0 <= blanks <= 10:
            raise ValueError("'blanks' must be a whole number from 0 to 10")
        fold = {str(k).upper(): str(v).upper() for k, v in (data.get("fold") or {}).items()}
        bad_fold = [k for k, v in fold.items() if len(k) != 1 or not v or any(ch not in values for ch in v)]
        if bad_fold:
            raise ValueError(f"'fold' must map one letter to letters of the set: not {', '.join(bad_fold)}")
        vowels = frozenset(str(data.get("vowels", "AEIOU")).upper()) & set(values)
        return cls(
            str(data.get("name") or name),
            MappingProxyType(values),
            MappingProxyType(counts),
            blanks,
            vowels,
            MappingProxyType(fold),
        )

    @classmethod
    def from_file(cls, name: str, path: str | Path) -> LetterSet:
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise ValueError(f"cannot read {path}: {e}") from None
        if not isinstance(data, dict):
            raise ValueError(f"{path} must hold one JSON object")
        return cls.from_data(name, data)


def _scaled(counts: Mapping[str, int], values: Mapping[str, int], total: int, minimum: int) -> dict[str, int]:
    out = {letter: minimum for letter in counts}
    pool = {letter: n - minimum for letter, n in counts.items() if n > minimum}
    share, whole = total - minimum * len(out), sum(pool.values())
    if share <= 0 or not whole:
        return out
    exact = {letter: n * share / whole for letter, n in pool.items()}
    for letter, x in exact.items():
        out[letter] += int(x)
    left = share - sum(int(x) for x in exact.values())
    for letter in sorted(exact, key=lambda k: (-(exact[k] - int(exact[k])), values[k], k))[:left]:
        out[letter] += 1
    return out


ENGLISH = LetterSet(
    "English", MappingProxyType({k: v for k, v in LETTER_VALUES.items() if k != BLANK}), SCRABBLE_COUNTS, 2
)


def shipped(code: str) -> LetterSet:
    """A letter set that ships with the code (``fr``, ``es``); ``KeyError`` for another."""
    path = SHIPPED / f"{code}.json"
    if not code.isalnum() or not path.is_file():
        known = ", ".join(sorted(p.stem for p in SHIPPED.glob("*.json")))
        raise KeyError(f"No letter set called {code!r} ships with the server; known: {known}")
    return LetterSet.from_file(code, path)


_sets: dict[str, LetterSet] = {}
_combined: dict[str, LetterSet] = {}
_lock = threading.Lock()


def register_letter_set(dictionary: str, letter_set: LetterSet) -> None:
    """Games with dictionary ``dictionary`` are played with ``letter_set`` (else with English's)."""
    with _lock:
        _sets[dictionary] = letter_set
        _combined.clear()


def letter_set_for(dictionary: str) -> LetterSet:
    """The letters of a game whose dictionary is ``dictionary``: the registered set of its first word list that
    has one (``fr+enable`` plays French tiles), else English. Letters and folds of the other lists are added, so a
    word of any of them can be typed; the tiles and values of the first win."""
    known = _sets.get(dictionary) or _combined.get(dictionary)
    if known is not None:
        return known
    found = [_sets.get(part, ENGLISH) for part in dictionary_parts(dictionary)] or [ENGLISH]
    found.sort(key=lambda s: s is ENGLISH)  # stable: a registered set before English
    first = found[0]
    if len(found) == 1 or all(s == first for s in found):
        _combined[dictionary] = first
        return first
    values, fold = dict(first.values), dict(first.fold)
    for other in found[1:]:
        values.update({k: v for k, v in other.values.items() if k not in values})
        fold.update({k: v for k, v in other.fold.items() if k not in fold and k not in values})
    counts = {letter: first.counts.get(letter, 0) for letter in values}
    merged = _combined[dictionary] = LetterSet(
        first.name,
        MappingProxyType(values),
        MappingProxyType(counts),
        first.blanks,
        first.vowels,
        MappingProxyType(fold),
    )
    return merged
