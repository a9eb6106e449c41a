"""Cells and boards: names like ``c3``, square grids (two axes) and hex grids (three axes).

Columns are letters from the left (a..z, then aa, ab, ...), rows are numbers from the top (1, 2, ...);
internally a column is an index from 0 (``a`` = 0) and a row is the number itself. Hex boards use
flat-topped hexes in "doubled" coordinates, as in the pbmserv Lingo help file: "a cell exists where column
index + row is odd, a=0; neighbours are (c, r±2) and (c±1, r±1): three axes".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wordgames.engines.core.text import quote

from .errors import IllegalMove
from .refusals import Refusal

Cell = tuple[int, int]  # (column index from 0, row number from 1)
Axis = tuple[int, int]  # a step along a line; its opposite is the other way along the same line

_CELL_RE = re.compile(r"^([a-z]+)(\d+)$")


def column_name(col: int) -> str:
    """0 -> "a", 25 -> "z", 26 -> "aa", 27 -> "ab" (spreadsheet style)."""
    if col < 0:
        raise ValueError(f"no column {col}")
    name = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        name = chr(ord("a") + rest) + name
    return name


def column_index(name: str) -> int:
    """The inverse of ``column_name``: "a" -> 0, "aa" -> 26."""
    index = 0
    for char in name.lower():
        index = index * 26 + (ord(char) - ord("a") + 1)
    return index - 1


def cell_name(col: int, row: int) -> str:
    """``cell_name(2, 3) == "c3"``."""
    return f"{column_name(col)}{row}"


def parse_cell(text: str) -> Cell:
    """``parse_cell("C3") == (2, 3)``; raises ``IllegalMove`` with a sentence for anything else."""
    match = _CELL_RE.match(text.strip().lower())
    if not match or int(match.group(2)) < 1:
        raise IllegalMove(Refusal.NOT_A_CELL, text=quote(text.strip()))
    return column_index(match.group(1)), int(match.group(2))


@dataclass(frozen=True)
class Grid:
    """A fixed table of cells. ``axes`` lists one step per line direction, in reading order
    (a word read along the step is "forwards", against it "backwards")."""

    shape: str  # "square" or "hex"
    columns: int
    rows: int
    axes: tuple[Axis, ...]

    def contains(self, cell: Cell) -> bool:
        col, row = cell
        if not (0 <= col < self.columns and 1 <= row <= self.rows):
            return False
        return self.shape == "square" or (col + row) % 2 == 1

    def neighbours(self, cell: Cell) -> list[Cell]:
        col, row = cell
        out = []
        for dc, dr in self.axes:
            for sign in (1, -1):
                other = (col + sign * dc, row + sign * dr)
                if self.contains(other):
                    out.append(other)
        return out

    @property
    def centre(self) -> Cell:
        col = self.columns // 2
        if self.shape == "square":
            return col, self.rows // 2 + 1
        row = self.rows // 2
        return (col, row) if (col + row) % 2 else (col, row + 1)

    def axis_of(self, a: Cell, b: Cell) -> Axis | None:
        """The axis of the line through two different cells, or None if they share no line."""
        dc, dr = b[0] - a[0], b[1] - a[1]
        for ac, ar in self.axes:
            # (dc, dr) = k * (ac, ar) for some integer k != 0
            if ac == 0 and dc == 0 and dr % ar == 0 and dr:
                return ac, ar
            if ac and dc % ac == 0 and dc and dr == (dc // ac) * ar:
                return ac, ar
        return None


def square_grid(size: int = 25) -> Grid:
    """A size x size table; axes across (left to right) and down (top to bottom)."""
    return Grid("square", size, size, ((1, 0), (0, 1)))


def hex_grid(size: int = 25) -> Grid:
    """``size`` columns of ``size`` hexes: doubled rows 1 .. 2 * size. Axes: down-right, down, up-right."""
    return Grid("hex", size, 2 * size, ((1, 1), (0, 2), (1, -1)))
