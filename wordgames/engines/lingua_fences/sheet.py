"""One Lingua Fences sheet: where a word may be written, and the areas it encloses.

Cells are ``(column, row)`` with columns from 0 and rows from 1 (``c3`` is ``(2, 3)``), as in
``wordgames.engines.core.grid``. Letters are fences; empty unclaimed cells connect orthogonally into open
regions. When a word splits an open region into parts (DESIGN.md, "Lingua Fences"): a part touching two or
more sides of the border is not enclosed (the edge encloses on one side only); if such a part exists it is
the outside and every other part is claimed by the writer; otherwise the largest part is the outside and
the others are claimed, and when parts tie for largest the writer chooses which of them to claim (``claim
d4``), by default the one that comes first in reading order.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.errors import IllegalMove
from ..core.grid import cell_name
from ..core.lexicon import Lexicon
from .refusals import LinguaFencesRefusal

Cell = tuple[int, int]

TRACKER_START = 3  # "The official sheet starts with a 3 in this location"


@dataclass
class Sheet:
    size: int
    start: Cell
    letters: dict[Cell, str] = field(default_factory=dict)
    claimed: set[Cell] = field(default_factory=set)
    longest: int = TRACKER_START
    claimed_open: bool = False  # option: claimed cells may still take letters
    edge_sides: int = 2  # a part touching this many sides of the border is not enclosed (5: edges always enclose)
    ties: list[list[Cell]] = field(default_factory=list)  # the last ``enclosures``: equal areas it chose between

    def inside(self, cell: Cell) -> bool:
        return 0 <= cell[0] < self.size and 1 <= cell[1] <= self.size

    def is_open(self, cell: Cell) -> bool:
        return self.inside(cell) and cell not in self.letters and cell not in self.claimed

    def neighbours(self, cell: Cell) -> list[Cell]:
        c, r = cell
        return [n for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)) if self.inside(n)]

    def sides(self, cells: set[Cell]) -> set[str]:
        touched = set()
        for c, r in cells:
            if r == 1:
                touched.add("top")
            if r == self.size:
                touched.add("bottom")
            if c == 0:
                touched.add("left")
            if c == self.size - 1:
                touched.add("right")
        return touched

    # --- writing a word -------------------------------------------------------------------------------------

    def check_word(self, start: Cell, across: bool, word: str, lexicon: Lexicon) -> list[Cell]:
        """The cells that get a new letter; raises ``IllegalMove`` with the sentence a player reads."""
        word = word.upper()
        step = (1, 0) if across else (0, 1)
        cells = [(start[0] + i * step[0], start[1] + i * step[1]) for i in range(len(word))]
        where = f"{cell_name(*start)} {'across' if across else 'down'}"
        if len(word) < 2:
            raise IllegalMove(LinguaFencesRefusal.TOO_SHORT)
        if len(word) > self.longest + 1:
            raise IllegalMove(
                LinguaFencesRefusal.TOO_LONG, word=word, length=len(word), longest=self.longest, most=self.longest + 1
            )
        if not all(self.inside(cell) for cell in cells):
            raise IllegalMove(LinguaFencesRefusal.OFF_THE_SHEET, word=word, cell=where, size=self.size)
        new = self._new_letters(cells, word)
        self._check_touching(cells, step, across, word, new)
        if not self.letters:
            if self.start not in cells:
                raise IllegalMove(LinguaFencesRefusal.FIRST_WORD_START, cell=cell_name(*self.start))
        elif len(new) == len(cells):
            raise IllegalMove(LinguaFencesRefusal.MUST_OVERLAP, word=word)
        if word not in lexicon:
            raise IllegalMove(LinguaFencesRefusal.NOT_IN_DICTIONARY, word=word)
        return new

    def _new_letters(self, cells: list[Cell], word: str) -> list[Cell]:
        """The squares that get a new letter; letters already written must match."""
        new = []
        for cell, letter in zip(cells, word):
            there = self.letters.get(cell)
            if there is None:
                if cell in self.claimed and not self.claimed_open:
                    raise IllegalMove(LinguaFencesRefusal.CLAIMED_SQUARE, cell=cell_name(*cell))
                new.append(cell)
            elif there != letter:
                raise IllegalMove(
                    LinguaFencesRefusal.LETTER_MISMATCH, word=word, letter=letter, cell=cell_name(*cell), there=there
                )
        if not new:
            raise IllegalMove(LinguaFencesRefusal.NOTHING_NEW, word=word)
        return new

    def _check_touching(
        self, cells: list[Cell], step: tuple[int, int], across: bool, word: str, new: list[Cell]
    ) -> None:
        """No letter of another word in line with this one, nor beside one of its new letters."""
        before = (cells[0][0] - step[0], cells[0][1] - step[1])
        after = (cells[-1][0] + step[0], cells[-1][1] + step[1])
        for end in (before, after):
            if end in self.letters:
                run = self._run(cells[0] if end == before else cells[-1], step, word, cells)
                raise IllegalMove(
                    LinguaFencesRefusal.CHAINED, word=word, letter=self.letters[end], cell=cell_name(*end), run=run
                )
        across_step = (0, 1) if across else (1, 0)
        for cell in new:
            for side in (
                (cell[0] + across_step[0], cell[1] + across_step[1]),
                (cell[0] - across_step[0], cell[1] - across_step[1]),
            ):
                if side in self.letters:
                    raise IllegalMove(
                        LinguaFencesRefusal.SIDE_BY_SIDE,
                        letter=word[cells.index(cell)],
                        cell=cell_name(*cell),
                        other=self.letters[side],
                        other_cell=cell_name(*side),
                    )

    def _run(self, edge: Cell, step: tuple[int, int], word: str, cells: list[Cell]) -> str:
        letters = dict(self.letters)
        letters.update(zip(cells, word))
        c, r = edge
        while (c - step[0], r - step[1]) in letters:
            c, r = c - step[0], r - step[1]
        run = ""
        while (c, r) in letters:
            run += letters[(c, r)]
            c, r = c + step[0], r + step[1]
        return run

    def write(self, cells: list[Cell], word: str, new: list[Cell]) -> None:
        for cell, letter in zip(cells, word.upper()):
            self.letters[cell] = letter
        self.longest = max(self.longest, len(word))

    # --- enclosures -----------------------------------------------------------------------------------------

    def region(self, seed: Cell, blocked: set[Cell] | frozenset[Cell] = frozenset()) -> set[Cell]:
        """The open region holding ``seed`` (``blocked`` cells count as fences too)."""
        seen = {seed}
        stack = [seed]
        while stack:
            cell = stack.pop()
            for n in self.neighbours(cell):
                if n not in seen and n not in blocked and self.is_open(n):
                    seen.add(n)
                    stack.append(n)
        return seen

    def enclosures(self, new: list[Cell], claim: Cell | None = None) -> list[set[Cell]]:
        """The areas a word whose letters are now at ``new`` encloses (call after ``write``). Raises
        ``IllegalMove`` if ``claim`` does not name one of two or more equal largest parts."""
        claimed: list[set[Cell]] = []
        chosen_used = False
        self.ties = []  # equal areas settled by the default: the first square of each
        for parts in self._split_areas(new):
            if len(parts) < 2:
                continue
            kept, chosen = self._kept(parts, claim)
            chosen_used = chosen_used or chosen
            claimed.extend(p for p in parts if p not in kept)
        if claim is not None and not chosen_used:
            raise IllegalMove(LinguaFencesRefusal.NOTHING_TO_CHOOSE)
        return claimed

    def _split_areas(self, new: list[Cell]) -> list[list[set[Cell]]]:
        """The open parts next to the new letters, grouped by the open area each belonged to before the move
        (each in reading order of its first square)."""
        parts: list[set[Cell]] = []
        part_of: dict[Cell, int] = {}
        for cell in new:
            for n in self.neighbours(cell):
                if self.is_open(n) and n not in part_of:
                    part = self.region(n)
                    for member in part:
                        part_of[member] = len(parts)
                    parts.append(part)
        # Parts were one open area before the move if the new letters (then empty squares) joined them.
        parent = list(range(len(parts) + len(new)))

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        node = {cell: len(parts) + i for i, cell in enumerate(new) if cell not in self.claimed}
        for cell, i in node.items():
            for n in self.neighbours(cell):
                j = part_of.get(n, node.get(n))
                if j is not None:
                    parent[root(i)] = root(j)
        groups: dict[int, list[set[Cell]]] = {}
        for index, part in enumerate(parts):
            groups.setdefault(root(index), []).append(part)
        return [sorted(group, key=lambda p: min((c[1], c[0]) for c in p)) for group in groups.values()]

    def _kept(self, parts: list[set[Cell]], claim: Cell | None) -> tuple[list[set[Cell]], bool]:
        """The parts of a split area that stay open: those reaching the sheet's edges, else the largest (of equal
        largest parts, the one ``claim`` does not name, by default the last); and whether ``claim`` chose."""
        outside = [p for p in parts if len(self.sides(p)) >= self.edge_sides]
        if outside:
            return outside, False
        biggest = max(len(p) for p in parts)
        tied = [p for p in parts if len(p) == biggest]
        if len(tied) < 2:
            return [tied[-1]], False
        if claim is None:  # default: claim the one that comes first in reading order
            self.ties.append([min(p, key=lambda c: (c[1], c[0])) for p in tied])
            return [tied[-1]], False
        holder = [p for p in tied if claim in p]
        if not holder:
            raise IllegalMove(LinguaFencesRefusal.CLAIM_NOT_EQUAL_AREA, cell=cell_name(*claim))
        return [next(p for p in tied if p is not holder[0])], True
