"""A lexicon's prefixes as letter masks, shared by every search of a process.

Move generators walk words letter by letter: "which letters may follow this prefix, and is it a word?". The
MARISA trie answers each question in about a microsecond but only for one letter at a time, and a blank would
ask 26 times. Here each prefix maps to one int: bit ``i`` set when letter ``A + i`` may follow, bit ``WORD``
when the prefix is itself a word, and bit ``ENDS + i`` when the prefix and letter ``A + i`` make a word. A
blank walks the set bits (a wildcard walk), a known letter tests one bit.

Masks are filled in lazily from the trie and kept for the process (one table per lexicon): searches read
mostly the same prefixes as the searches before them. Measured: 147,000 prefixes (about 17 MB, 115 bytes a
prefix) after the 13 positions of a short bench run, two of them with blanks. Building all 390,000 prefixes of
ENABLE up front would cost about 45 MB and seconds per process. ``MAX_PREFIXES`` bounds the table (about
23 MB): past it the table starts again empty.
"""

from __future__ import annotations

import threading
import weakref

from .lexicon import Lexicon, either_way

WORD = 1 << 26
ENDS = 27  # ``mask >> ENDS``: the letters that end a word after the prefix, as bits like ``BITS``
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BITS = {letter: 1 << i for i, letter in enumerate(LETTERS)}
MAX_PREFIXES = 200_000


class Prefixes(Lexicon):
    """A lexicon seen through its prefix masks; answers ``has_prefix`` and ``in`` like the lexicon itself
    (upper-case words)."""

    def __init__(self, lexicon: Lexicon) -> None:  # no super().__init__: the trie stays with ``lexicon``
        self.name = lexicon.name
        self.lexicon = lexicon
        self.masks: dict[str, int] = {}

    def mask(self, prefix: str) -> int:
        """The letters that may follow ``prefix`` (bits), with ``WORD`` if it is a word; 0 if no word starts so."""
        found = self.masks.get(prefix)
        if found is None:
            found = self._compute(prefix)
            if len(self.masks) >= MAX_PREFIXES:
                self.masks.clear()
            self.masks[prefix] = found
        return found

    def _compute(self, prefix: str) -> int:
        lexicon = self.lexicon
        if prefix and not lexicon.has_prefix(prefix):
            return 0
        mask = WORD if prefix and prefix in lexicon else 0
        for letter, bit in BITS.items():
            if lexicon.has_prefix(prefix + letter):
                mask |= bit
                if prefix + letter in lexicon:
                    mask |= bit << ENDS
        return mask

    def has_prefix(self, prefix: str) -> bool:
        return self.mask(prefix if prefix.isupper() or not prefix else prefix.upper()) != 0 or not prefix

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str) or not word:
            return False
        return bool(self.mask(word if word.isupper() else word.upper()) & WORD)

    def __len__(self) -> int:
        return len(self.lexicon)


_tables: weakref.WeakKeyDictionary[Lexicon, Prefixes] = weakref.WeakKeyDictionary()
_lock = threading.Lock()


def prefixes_of(lexicon: Lexicon) -> Prefixes:
    """The one shared prefix table of ``lexicon`` (lexicons are loaded once per process)."""
    if isinstance(lexicon, Prefixes):
        return lexicon
    table = _tables.get(lexicon)
    if table is None:
        with _lock:
            table = _tables.get(lexicon)
            if table is None:
                table = _tables[lexicon] = Prefixes(lexicon)
    return table


_either_ways: weakref.WeakKeyDictionary[Lexicon, Prefixes] = weakref.WeakKeyDictionary()


def either_way_of(lexicon: Lexicon) -> Prefixes:
    """The shared prefix table of ``lexicon``'s words read either way: each word and its reversal. A run of
    letters spells a word forwards or backwards exactly where it spells one of these forwards, so a walk along
    a line in one direction finds the words of both (rules/lingo-pbem.md: "Words may be spelt backwards").
    One per lexicon and process (ENABLE's is shipped compiled, see ``lexicon.either_way``)."""
    base = lexicon.lexicon if isinstance(lexicon, Prefixes) else lexicon
    table = _either_ways.get(base)
    if table is None:
        with _lock:
            table = _either_ways.get(base)
            if table is None:
                table = _either_ways[base] = Prefixes(either_way(base))
    return table
