"""Word lists. The default is ENABLE (public domain), shipped in ``data/`` both as the word list
(``enable1.txt.gz``) and compiled into a MARISA trie (``enable1.marisa``, about 0.4 MB) that loads in
well under a millisecond; ``enable1-either-way.marisa`` holds its words and their reversals, for move searches
that find words spelt backwards (``either_way``).

A ``Lexicon`` answers "is this a word?" and "does any word start with this?", case-insensitively.
Lexicons are loaded once per process and shared: ``get_lexicon(name)``.
"""

from __future__ import annotations

import gzip
import threading
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import marisa_trie

DATA_DIR = Path(__file__).resolve().parent / "data"
DEFAULT_LEXICON = "enable"
ENABLE_WORDS = DATA_DIR / "enable1.txt.gz"
ENABLE_TRIE = DATA_DIR / "enable1.marisa"
ENABLE_EITHER_WAY = DATA_DIR / "enable1-either-way.marisa"


def read_words(path: str | Path) -> list[str]:
    """One word a line, plain text or gzip; blank lines are skipped, words are upper-cased."""
    path = Path(path)
    opener = gzip.open if path.suffix == ".gz" else open
    with opener(path, "rt", encoding="utf-8") as f:
        return [word for word in (line.strip().upper() for line in f) if word]


class Lexicon:
    """A word list held in a MARISA trie: compact (a few bytes a word) and shared read-only."""

    def __init__(self, name: str, words: Iterable[str] | None = None, *, trie: marisa_trie.Trie | None = None):
        self.name = name
        if trie is None:
            trie = marisa_trie.Trie(w.strip().upper() for w in (words or ()) if w.strip())
        self._trie = trie
        self._contains = trie.__contains__
        self._iterkeys = trie.iterkeys

    @classmethod
    def from_file(cls, name: str, path: str | Path) -> Lexicon:
        """Load a word list; a ``.marisa`` file is a compiled trie, anything else one word a line."""
        path = Path(path)
        if path.suffix == ".marisa":
            trie = marisa_trie.Trie()
            trie.load(str(path))
            return cls(name, trie=trie)
        return cls(name, read_words(path))

    def save(self, path: str | Path) -> None:
        """Write the compiled trie, for ``from_file`` to load later."""
        self._trie.save(str(path))

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        return self._contains(word) or (not word.isupper() and self._contains(word.upper()))

    def has_prefix(self, prefix: str) -> bool:
        """True if some word starts with ``prefix`` (the word itself included)."""
        for _ in self._iterkeys(prefix if prefix.isupper() else prefix.upper()):
            return True
        return False

    def words_with_prefix(self, prefix: str) -> list[str]:
        return sorted(self._trie.keys(prefix.upper()))

    def __len__(self) -> int:
        return len(self._trie)

    def __iter__(self) -> Iterator[str]:
        return iter(sorted(self._trie.keys()))


def load_enable() -> Lexicon:
    """ENABLE from its compiled trie; rebuilt from the word list if the trie is missing or unreadable."""
    try:
        return Lexicon.from_file(DEFAULT_LEXICON, ENABLE_TRIE)
    except (OSError, ValueError, RuntimeError):
        return Lexicon(DEFAULT_LEXICON, read_words(ENABLE_WORDS))


_loaders: dict[str, Callable[[], Lexicon]] = {DEFAULT_LEXICON: load_enable}
_loaded: dict[str, Lexicon] = {}
_lock = threading.Lock()


def register_lexicon(name: str, loader: Callable[[], Lexicon]) -> None:
    """Make another word list available by name (loaded on first use)."""
    with _lock:
        _loaders[name] = loader
        _loaded.pop(name, None)


class CombinedLexicon(Lexicon):
    """Several word lists at once ("in many other languages, maybe simultaneously", as Lingua Fences puts it):
    a word of any of them counts."""

    def __init__(self, name: str, parts: list[Lexicon]):
        self.name = name
        self.parts = parts

    def __contains__(self, word: object) -> bool:
        return any(word in part for part in self.parts)

    def has_prefix(self, prefix: str) -> bool:
        return any(part.has_prefix(prefix) for part in self.parts)

    def words_with_prefix(self, prefix: str) -> list[str]:
        return sorted({word for part in self.parts for word in part.words_with_prefix(prefix)})

    def __len__(self) -> int:
        return len(set().union(*(part.words_with_prefix("") for part in self.parts)))

    def __iter__(self) -> Iterator[str]:
        return iter(self.words_with_prefix(""))


SEPARATOR = "+"


def dictionary_parts(name: str) -> list[str]:
    """``enable+fr`` names two word lists played at once."""
    return [part.strip() for part in name.split(SEPARATOR) if part.strip()]


def get_lexicon(name: str = DEFAULT_LEXICON) -> Lexicon:
    """The word list called ``name`` (or the lists joined by ``+``), loaded once per process."""
    lexicon = _loaded.get(name)
    if lexicon is not None:
        return lexicon
    parts = dictionary_parts(name)
    if len(parts) > 1:
        combined = CombinedLexicon(SEPARATOR.join(parts), [get_lexicon(part) for part in parts])
        _loaded[name] = combined
        return combined
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


_house: dict[tuple[str, str], Lexicon] = {}


def house_lexicon(dictionary: str, house_words: str) -> Lexicon:
    """A game's dictionary plus the words its players agreed to accept as well ("decide what constitutes a
    valid word": names of fictional characters, onomatopoeia...), separated by spaces or commas."""
    words = house_words.replace(",", " ").split()
    if not words:
        return get_lexicon(dictionary)
    key = (dictionary, " ".join(sorted({w.upper() for w in words})))
    lexicon = _house.get(key)
    if lexicon is None:
        if len(_house) > 256:  # games with house words are few; forget the oldest rather than grow for ever
            _house.pop(next(iter(_house)))
        lexicon = _house[key] = CombinedLexicon(dictionary, [get_lexicon(dictionary), Lexicon("house", words)])
    return lexicon


def _with_reversals(words: Iterable[str]) -> set[str]:
    found = set(words)
    found.update([word[::-1] for word in found])
    return found


def either_way(lexicon: Lexicon) -> Lexicon:
    """``lexicon``'s words and their reversals: ENABLE's are shipped compiled; any other list's are built
    (about half a second for a list of ENABLE's size)."""
    if lexicon is _loaded.get(DEFAULT_LEXICON):
        try:
            return Lexicon.from_file(f"{lexicon.name} either way", ENABLE_EITHER_WAY)
        except (OSError, ValueError, RuntimeError):
            pass
    return Lexicon(f"{lexicon.name} either way", _with_reversals(lexicon))


if __name__ == "__main__":  # python -m wordgames.engines.core.lexicon: recompile the shipped tries
    words = read_words(ENABLE_WORDS)
    Lexicon(DEFAULT_LEXICON, words).save(ENABLE_TRIE)
    Lexicon(f"{DEFAULT_LEXICON} either way", _with_reversals(words)).save(ENABLE_EITHER_WAY)
    print(f"wrote {ENABLE_TRIE} and {ENABLE_EITHER_WAY}")
