"""Tile sets: how many of each letter, and what each is worth.

Letter values and counts are the standard English Scrabble ones (also pbmserv's "Scramble" table);
LC120 is Lexicon Crossing's 120-tile set. A blank is written ``?`` in a tile set.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

BLANK = "?"

LETTER_VALUES: Mapping[str, int] = MappingProxyType(
    {
        "A": 1,
        "B": 3,
        "C": 3,
        "D": 2,
        "E": 1,
        "F": 4,
        "G": 2,
        "H": 4,
        "I": 1,
        "J": 8,
        "K": 5,
        "L": 1,
        "M": 3,
        "N": 1,
        "O": 1,
        "P": 3,
        "Q": 10,
        "R": 1,
        "S": 1,
        "T": 1,
        "U": 1,
        "V": 4,
        "W": 4,
        "X": 8,
        "Y": 4,
        "Z": 10,
        BLANK: 0,
    }
)

SCRABBLE_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "A": 9,
        "B": 2,
        "C": 2,
        "D": 4,
        "E": 12,
        "F": 2,
        "G": 3,
        "H": 2,
        "I": 9,
        "J": 1,
        "K": 1,
        "L": 4,
        "M": 2,
        "N": 6,
        "O": 8,
        "P": 2,
        "Q": 1,
        "R": 6,
        "S": 4,
        "T": 6,
        "U": 4,
        "V": 2,
        "W": 2,
        "X": 1,
        "Y": 2,
        "Z": 1,
    }
)

LC120_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "A": 11,
        "B": 2,
        "C": 3,
        "D": 5,
        "E": 14,
        "F": 3,
        "G": 3,
        "H": 4,
        "I": 9,
        "J": 2,
        "K": 2,
        "L": 4,
        "M": 3,
        "N": 7,
        "O": 9,
        "P": 3,
        "Q": 2,
        "R": 6,
        "S": 4,
        "T": 7,
        "U": 5,
        "V": 2,
        "W": 3,
        "X": 2,
        "Y": 3,
        "Z": 2,
    }
)


@dataclass(frozen=True)
class TileSet:
    name: str
    counts: Mapping[str, int]  # letter (or BLANK) -> number of tiles
    values: Mapping[str, int] = field(default_factory=lambda: LETTER_VALUES)

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def tiles(self) -> list[str]:
        """Every tile, in alphabetical order (blanks last): shuffle a copy to make a bag."""
        letters = sorted(letter for letter in self.counts if letter != BLANK)
        if BLANK in self.counts:
            letters.append(BLANK)
        return [letter for letter in letters for _ in range(self.counts[letter])]

    def value(self, letter: str) -> int:
        return self.values[letter]

    def with_blanks(self, blanks: int) -> TileSet:
        counts = dict(self.counts)
        counts[BLANK] = counts.get(BLANK, 0) + blanks
        return TileSet(f"{self.name}+{blanks}?", MappingProxyType(counts), self.values)

    def check_fits(self, letters: str) -> None:
        """Raise ValueError unless ``letters`` could all be drawn from this set."""
        need: dict[str, int] = {}
        for letter in letters:
            need[letter] = need.get(letter, 0) + 1
        for letter, count in need.items():
            have = self.counts.get(letter, 0)
            if count > have:
                raise ValueError(
                    f"the {self.name} tile set has {have} {letter!r} tile{'s' if have != 1 else ''}, not {count}"
                )


TILE_SETS: Mapping[str, TileSet] = MappingProxyType(
    {
        "scrabble98": TileSet("scrabble98", SCRABBLE_COUNTS),
        "scrabble100": TileSet("scrabble98", SCRABBLE_COUNTS).with_blanks(2),
        "lc120": TileSet("lc120", LC120_COUNTS),
    }
)


def get_tile_set(name: str) -> TileSet:
    try:
        return TILE_SETS[name]
    except KeyError:
        raise KeyError(f"No tile set called {name!r}; known: {', '.join(sorted(TILE_SETS))}") from None


# --- Lingo's sets ------------------------------------------------------------------------------------------
# rules/lingo.md: "a set of Scrabble tiles (with the two blanks removed)" = 98 tiles; "For a quicker two-person
# game, remove half of the tiles for each letter" = the half set (half of each letter removed, rounding the
# number removed down, so every letter keeps a tile: 53 tiles). pbmserv's 49 ("about half") and 30 ("small")
# sets are not published; ours are proportional to the Scrabble counts (largest remainder). For 49 every letter
# keeps one tile and the other 23 are shared out in proportion to each letter's remaining count. For 30 each letter
# gets 30/98 of its Scrabble count, rounded down (16 tiles), and the other 14 go one each to the largest
# remainders, ties going to the lower-valued letter, then alphabetically: J, K, Q, W, X, Y and Z get none (W and Y
# tie with B, C, F, H, M, P and V at 0.61 and lose). See docs/rules/lingo.md.

LINGO_HALF_COUNTS: Mapping[str, int] = MappingProxyType(
    {letter: (count + 1) // 2 for letter, count in SCRABBLE_COUNTS.items()}
)

LINGO49_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "A": 4,
        "B": 1,
        "C": 1,
        "D": 2,
        "E": 5,
        "F": 1,
        "G": 2,
        "H": 1,
        "I": 4,
        "J": 1,
        "K": 1,
        "L": 2,
        "M": 1,
        "N": 3,
        "O": 3,
        "P": 1,
        "Q": 1,
        "R": 3,
        "S": 2,
        "T": 3,
        "U": 2,
        "V": 1,
        "W": 1,
        "X": 1,
        "Y": 1,
        "Z": 1,
    }
)


def proportional_counts(total: int, minimum: int = 0) -> dict[str, int]:
    """Scrabble counts scaled to ``total`` tiles by largest remainder, each letter at least ``minimum``.

    Remainder ties go to the lower-valued letter, then alphabetically. ``LINGO49_COUNTS`` is
    ``proportional_counts(49, minimum=1)`` and ``LINGO30_COUNTS`` is ``proportional_counts(30)``."""
    counts = {letter: minimum for letter in SCRABBLE_COUNTS}
    pool = {letter: n - minimum for letter, n in SCRABBLE_COUNTS.items() if n > minimum}
    share = total - minimum * len(counts)
    whole = sum(pool.values())
    exact = {letter: n * share / whole for letter, n in pool.items()}
    for letter, x in exact.items():
        counts[letter] += int(x)
    left = share - sum(int(x) for x in exact.values())
    order = sorted(exact, key=lambda k: (-(exact[k] - int(exact[k])), LETTER_VALUES[k], k))
    for letter in order[:left]:
        counts[letter] += 1
    return {letter: n for letter, n in counts.items() if n}


LINGO30_COUNTS: Mapping[str, int] = MappingProxyType(
    {
        "A": 3,
        "B": 1,
        "C": 1,
        "D": 1,
        "E": 4,
        "G": 1,
        "I": 3,
        "L": 1,
        "M": 1,
        "N": 2,
        "O": 2,
        "P": 1,
        "R": 2,
        "S": 1,
        "T": 2,
        "U": 1,
        "F": 1,
        "H": 1,
        "V": 1,
    }
)


def lingo_tile_set(tiles: int | str, blanks: bool = False) -> TileSet:
    """Lingo's tile set for the ``tiles`` option (30, 49, 98 or "half"); ``blanks`` adds the two blanks to
    the full set and one blank to the smaller ones."""
    sets = {
        30: ("lingo30", LINGO30_COUNTS),
        49: ("lingo49", LINGO49_COUNTS),
        98: ("scrabble98", SCRABBLE_COUNTS),
        "half": ("lingo-half", LINGO_HALF_COUNTS),
    }
    try:
        name, counts = sets[tiles]
    except (KeyError, TypeError):
        raise KeyError(f"No Lingo tile set {tiles!r}; known: 30, 49, 98, half") from None
    tile_set = TileSet(name, counts)
    return tile_set.with_blanks(2 if tiles == 98 else 1) if blanks else tile_set
