"""Word lists. The default is ENABLE (public domain), shipped compressed in ``data/``.

A ``Lexicon`` answers "is this a word?" and "does any word start with this?", case-insensitively.
Lexicons are loaded once per process and shared: ``get_lexicon(name)``.
"""

from __future__ import annotations

import gzip
import threading
from pathlib import Path
from typing import Callable, Iterable, Iterator

DATA_DIR = Path(__file__).resolve().parent / "data"
DEFAULT_LEXICON = "enable"


class Lexicon:
    def __init__(self, name: str, words: Iterable[str]) -> None:
        self.name = name
        self._words = frozenset(w.strip().upper() for w in words if w.strip())
        self._prefixes = frozenset(w[:i] for w in self._words for i in range(1, len(w) + 1))

    @classmethod
    def from_file(cls, name: str, path: str | Path) -> "Lexicon":
        path = Path(path)
        opener = gzip.open if path.suffix == ".gz" else open
        with opener(path, "rt", encoding="utf-8") as f:  # type: ignore[operator]
            return cls(name, f)

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self._words

    def has_prefix(self, prefix: str) -> bool:
        return prefix.upper() in self._prefixes

    def __len__(self) -> int:
        return len(self._words)

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._words))


_loaders: dict[str, Callable[[], Lexicon]] = {
    DEFAULT_LEXICON: lambda: Lexicon.from_file(DEFAULT_LEXICON, DATA_DIR / "enable1.txt.gz"),
}
_loaded: dict[str, Lexicon] = {}
_lock = threading.Lock()


def register_lexicon(name: str, loader: Callable[[], Lexicon]) -> None:
    """Make another word list available by name (loaded on first use)."""
    with _lock:
        _loaders[name] = loader
        _loaded.pop(name, None)


def get_lexicon(name: str = DEFAULT_LEXICON) -> Lexicon:
    lexicon = _loaded.get(name)
    if lexicon is not None:
        return lexicon
    with _lock:
        if name not in _loaded:
            try:
                loader = _loaders[name]
            except KeyError:
                raise KeyError(f"No dictionary called {name!r}") from None
            _loaded[name] = loader()
        return _loaded[name]


def lexicon_names() -> list[str]:
    return sorted(_loaders)
