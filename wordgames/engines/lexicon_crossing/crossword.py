"""A player's crossword: reading it from text, and scoring it as rules/lexicon-crossing.md does.

A crossword is a list of rows of equal width, ``.`` for an empty cell, an upper-case letter for a tile, a
lower-case letter for a blank standing for that letter. It has no position: only the shape counts, so it is
kept trimmed of empty border rows and columns.

Scoring: "Tiles that are part of two words are scored by summing their tile values", "Points are then divided
by the total number of words", "each individual leftover tile counts as an extra word", shown as
``points/words=score``. A word is a run of two or more letters across or down. A tile in no word (alone on the
grid) or still in the hand is a leftover tile. A crossing tile scores only where both its words are valid.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field

from wordgames.engines.core.text import quote

from ..core.errors import IllegalMove
from ..core.lexicon import Lexicon
from ..core.refusals import Figure, Listing, Phrase
from ..core.tiles import BLANK, LETTER_VALUES
from .refusals import LexiconCrossingRefusal

MAX_SIDE = 60
_ROW = re.compile(r"^(?:[^\W\d_]|\.)+$")  # letters of any alphabet (the game's letter set judges them)

Cell = tuple[int, int]  # (row, column), from the top left


def parse(text: str) -> list[str]:
    """Rows from ``grid`` notation: separated by ``/``, new lines or spaces; ragged rows are padded with
    empty cells. Raises ``IllegalMove`` with a sentence for anything else."""
    rows = [row for row in re.split(r"[/\s]+", text.strip()) if row]
    if not rows:
        return []
    for row in rows:
        if not _ROW.match(row):
            bad = next(ch for ch in row if not ch.isalpha() and ch != ".")
            raise IllegalMove(LexiconCrossingRefusal.ROW_CHARACTER, char=quote(bad))
    if len(rows) > MAX_SIDE or max(len(r) for r in rows) > MAX_SIDE:
        raise IllegalMove(LexiconCrossingRefusal.TOO_BIG, most=MAX_SIDE)
    return trim([row.ljust(max(len(r) for r in rows), ".") for row in rows])


def trim(rows: list[str]) -> list[str]:
    """Drop empty rows and columns at the borders."""
    rows = [row for row in rows]
    while rows and set(rows[0]) <= {"."}:
        rows.pop(0)
    while rows and set(rows[-1]) <= {"."}:
        rows.pop()
    if not rows:
        return []
    width = len(rows[0])
    used = [c for c in range(width) if any(row[c] != "." for row in rows)]
    return [row[used[0] : used[-1] + 1] for row in rows]


def notation(rows: list[str]) -> str:
    return "grid " + ("/".join(rows) if rows else ".")


def tiles_of(rows: list[str]) -> Counter[str]:
    """The tiles a crossword uses: letters, and ``?`` for each blank (lower-case letter)."""
    return Counter(BLANK if ch.islower() else ch for row in rows for ch in row if ch != ".")


def letters(rows: list[str]) -> dict[Cell, str]:
    return {(r, c): ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}


@dataclass
class Word:
    word: str
    cells: list[Cell]
    across: bool
    valid: bool = True


@dataclass
class Score:
    points: int
    words: int
    leftover: int
    word_list: list[Word] = field(default_factory=list)
    crossing: list[Cell] = field(default_factory=list)

    @property
    def value(self) -> float:
        denominator = self.words + self.leftover
        return self.points / denominator if denominator else 0.0

    @property
    def text(self) -> str:
        """``52/17=3.06``: points / (words + leftover tiles) = score."""
        return f"{self.points}/{self.words + self.leftover}={self.value:.2f}"

    @property
    def said(self) -> Listing:
        """``text`` as a value of a sentence: its ratio a ``Figure``, which a server formats for the reader."""
        return Listing((f"{self.points}/{self.words + self.leftover}=", Figure(self.value, 2)), "none")

    @property
    def invalid(self) -> list[str]:
        return [w.word for w in self.word_list if not w.valid]


def words_of(rows: list[str], lexicon: Lexicon | None = None) -> list[Word]:
    grid = letters(rows)
    found: list[Word] = []
    for across in (True, False):
        for (r, c), _ in sorted(grid.items()):
            before = (r, c - 1) if across else (r - 1, c)
            if before in grid:
                continue
            cells = [(r, c)]
            while True:
                nr, nc = cells[-1]
                nxt = (nr, nc + 1) if across else (nr + 1, nc)
                if nxt not in grid:
                    break
                cells.append(nxt)
            if len(cells) >= 2:
                word = "".join(grid[cell].upper() for cell in cells)
                found.append(Word(word, cells, across, lexicon is None or word in lexicon))
    return found


def score(
    rows: list[str], hand_size: int = 0, lexicon: Lexicon | None = None, values: Mapping[str, int] = LETTER_VALUES
) -> Score:
    """Score a crossword with ``hand_size`` tiles still in the hand (each a leftover tile); ``values`` are the
    game's letter set's."""
    grid = letters(rows)
    words = words_of(rows, lexicon)
    across = {cell: w for w in words if w.across for cell in w.cells}
    down = {cell: w for w in words if not w.across for cell in w.cells}
    crossing = sorted(cell for cell in grid if cell in across and cell in down)
    points = sum(
        0 if grid[cell].islower() else values[grid[cell]]
        for cell in crossing
        if across[cell].valid and down[cell].valid
    )
    alone = sum(1 for cell in grid if cell not in across and cell not in down)
    return Score(points, len(words), alone + hand_size, words, crossing)


def connected(rows: list[str]) -> bool:
    grid = letters(rows)
    if not grid:
        return False
    start = next(iter(grid))
    seen = {start}
    stack = [start]
    while stack:
        r, c = stack.pop()
        for nxt in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if nxt in grid and nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return len(seen) == len(grid)


def loose_tiles(rows: list[str]) -> list[str]:
    """Tiles on the grid that belong to no word."""
    words = words_of(rows)
    in_words = {cell for w in words for cell in w.cells}
    return [ch for cell, ch in sorted(letters(rows).items()) if cell not in in_words]


def check_complete(rows: list[str], hand: list[str], lexicon: Lexicon) -> None:
    """What green (or red) light asks: one connected crossword of valid words using every tile held.
    Raises ``IllegalMove`` listing everything that is wrong."""
    problems: list[Phrase] = []
    if hand:
        problems.append(Phrase(LexiconCrossingRefusal.TILES_NOT_IN_CROSSWORD, {"tiles": " ".join(sorted(hand))}))
    if rows and not connected(rows):
        problems.append(Phrase(LexiconCrossingRefusal.IN_PIECES))
    loose = loose_tiles(rows)
    if loose:
        problems.append(Phrase(LexiconCrossingRefusal.LOOSE_TILES, {"tiles": " ".join(loose)}))
    invalid = [w.word for w in words_of(rows, lexicon) if not w.valid]
    if invalid:
        problems.append(
            Phrase(LexiconCrossingRefusal.WORDS_NOT_IN_DICTIONARY, {"words": ", ".join(dict.fromkeys(invalid))})
        )
    if not rows:
        problems.append(Phrase(LexiconCrossingRefusal.EMPTY))
    if problems:
        raise IllegalMove(LexiconCrossingRefusal.NOT_YET, problems=Listing(tuple(problems), "semicolon"))
