"""Frozen copy of the Lingo best-move search before the time budget (the baseline of lingo_search_bench.py).

The best move: the highest-scoring legal move for a pool on a board.

Used for practice hints, for the "sporting opponent" of rules/lingo.md ("A sporting opponent ... might like to
indicate any higher-scoring words that the current mover has overlooked"), and by bots. Every legal move is
considered: single tiles on or next to any tile, and every run of 2 to ``place`` tiles that forms part of one
valid word along a line, forwards or backwards, stacking included.

Speed: words are grown letter by letter along each line and abandoned as soon as no dictionary word starts
that way (``Lexicon.has_prefix``); backwards words are grown along the reversed line. A tile's cross words
depend only on the board before the move and are cached. Each candidate gets an upper bound from its cached
cross words and the letters of its line, and candidates are scored in decreasing order of that bound until
no bound can beat the best total found.
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass
from string import ascii_uppercase
from typing import Any

from wordgames.engines.core.grid import Axis, Cell, Grid
from wordgames.engines.core.lexicon import Lexicon
from wordgames.engines.core.notation import Placement, Tile
from wordgames.engines.core.tiles import BLANK
from wordgames.engines.lingo.board import Board
from wordgames.engines.lingo.scoring import Word, best_words, tile_value

Key = tuple[tuple[Cell, Tile], ...]


def words_touching(letters: str, new: list[int], lexicon: Lexicon, min_len: int) -> set[tuple[int, int]]:
    """The spans (start, end) of every valid word in the run ``letters``, read either way, that holds at
    least one of the positions ``new`` (sorted)."""
    n = len(letters)
    spans: set[tuple[int, int]] = set()
    for text, flip in ((letters, False), (letters[::-1], True)):
        marks = sorted(n - 1 - p for p in new) if flip else new
        for i in range(marks[-1] + 1):
            first = next(p for p in marks if p >= i)
            for j in range(i, n):
                part = text[i : j + 1]
                if not lexicon.has_prefix(part):
                    break
                if j >= first and j - i + 1 >= min_len and part in lexicon:
                    spans.add((n - 1 - j, n - 1 - i) if flip else (i, j))
    return spans


def choices(pool: Counter[str]) -> list[Tile]:
    """The different tiles a pool can put down; a blank may stand for any letter."""
    tiles = [Tile(letter) for letter in sorted(pool) if letter != BLANK and pool[letter] > 0]
    if pool[BLANK] > 0:
        tiles += [Tile(letter, True) for letter in ascii_uppercase]
    return tiles


@dataclass
class Line:
    """One line of the table along an axis (possibly reversed), with what lies on it before the move."""

    axis: Axis
    cells: list[Cell]
    letters: list[str]  # "" for an empty cell
    values: list[int]
    hot: list[bool]  # a tile here would touch or cover the board (or cover the centre on the first move)
    run_start: list[int]  # extending left from i over occupied cells before i
    run_end: list[int]  # extending right from i over occupied cells after i


@dataclass
class Candidate:
    key: Key
    line: Line | None  # None for a single tile
    start: int = 0
    end: int = 0
    word: str = ""
    values: tuple[int, ...] = ()
    new: tuple[int, ...] = ()  # positions of the new tiles in the line
    bound: int = 0


def _lines(board: Board, hot: set[Cell]) -> list[Line]:
    grid: Grid = board.grid
    out = []
    for axis in grid.axes:
        for col in range(grid.columns):
            for row in range(1, grid.rows + 1):
                cell = (col, row)
                if not grid.contains(cell) or grid.contains((col - axis[0], row - axis[1])):
                    continue
                cells = []
                while grid.contains(cell):
                    cells.append(cell)
                    cell = (cell[0] + axis[0], cell[1] + axis[1])
                if not any(c in hot for c in cells):
                    continue
                for ordered in (cells, cells[::-1]):
                    out.append(_line(board, axis, ordered, hot))
    return out


def _line(board: Board, axis: Axis, cells: list[Cell], hot: set[Cell]) -> Line:
    tops = board.tops
    letters = [tops[c].letter if c in tops else "" for c in cells]
    values = [tile_value(tops[c]) if c in tops else 0 for c in cells]
    n = len(cells)
    run_start = [i for i in range(n)]
    for i in range(n):
        r = i
        while r > 0 and letters[r - 1]:
            r -= 1
        run_start[i] = r
    run_end = list(range(n))
    for i in range(n):
        r = i
        while r < n - 1 and letters[r + 1]:
            r += 1
        run_end[i] = r
    return Line(axis, cells, letters, values, [c in hot for c in cells], run_start, run_end)


class MemoLexicon(Lexicon):
    """A lexicon's answers remembered for one search: the same prefixes come up on many lines."""

    def __init__(self, lexicon: Lexicon) -> None:  # no super().__init__: nothing is loaded here
        self.name = lexicon.name
        self._lexicon = lexicon
        self.prefixes: dict[str, bool] = {}
        self._word: dict[str, bool] = {}

    def has_prefix(self, prefix: str) -> bool:
        known = self.prefixes.get(prefix)
        if known is None:
            known = self.prefixes[prefix] = self._lexicon.has_prefix(prefix)
        return known

    def __contains__(self, word: object) -> bool:
        if not isinstance(word, str):
            return False
        known = self._word.get(word)
        if known is None:
            known = self._word[word] = word in self._lexicon
        return known


class Search:
    def __init__(self, board: Board, pool: list[str], options: dict[str, Any], lexicon: Lexicon, first: bool) -> None:
        self.board = board
        self.grid = board.grid
        self.pool = Counter(pool)
        self.place = min(options["place"], len(pool))
        self.repeat = options["repeat"]
        self.min_len = 3 if options["no_twos"] else 2
        self.lexicon = MemoLexicon(lexicon)
        self.tiles = [(tile, BLANK if tile.blank else tile.letter, tile_value(tile)) for tile in choices(self.pool)]
        if first:
            self.hot = {self.grid.centre}
        else:
            self.hot = set(board.tops)
            for cell in board.tops:
                self.hot.update(self.grid.neighbours(cell))
        self.cross: dict[tuple[Cell, Tile, Axis], list[Word]] = {}
        self.found: dict[Key, Candidate] = {}

    # --- generating -------------------------------------------------------------------------------------

    def singles(self) -> None:
        tops = self.board.tops
        for cell in sorted(self.hot):
            for tile in choices(self.pool):
                top = tops.get(cell)
                if top is None or self.repeat or top.letter != tile.letter:
                    key = ((cell, tile),)
                    self.found[key] = Candidate(key, None)

    def words(self) -> None:
        if self.place < 2:
            return
        for line in _lines(self.board, self.hot):
            n = len(line.cells)
            next_hot = [n] * (n + 1)
            for i in range(n - 1, -1, -1):
                next_hot[i] = i if line.hot[i] else next_hot[i + 1]
            for start in range(n):
                if next_hot[start] - start < self.place:  # a word need not fill its run: any start will do
                    self._grow(line, start, start, "", [], [], dict(self.pool), False)

    def _grow(
        self,
        line: Line,
        start: int,
        j: int,
        prefix: str,
        placed: list[tuple[int, Tile]],
        values: list[int],
        pool: dict[str, int],
        touched: bool,
    ) -> None:
        """Extend ``prefix`` by the cell ``j`` of the line: its letter as it is, or a pool tile put on it.

        Hot loop of the search: the memo dicts are read directly and recursion replaces the step function."""
        if j >= len(line.cells):
            return
        known = self.lexicon.prefixes
        lexicon_prefix = self.lexicon._lexicon.has_prefix
        top = line.letters[j]
        if top:
            word = prefix + top
            ok = known.get(word)
            if ok is None:
                ok = known[word] = lexicon_prefix(word)
            if ok:
                values.append(line.values[j])
                if len(placed) >= 2 and touched and len(word) >= self.min_len:
                    self._record(line, start, j, word, placed, values)
                self._grow(line, start, j + 1, word, placed, values, pool, touched)
                values.pop()
        if len(placed) >= self.place:
            return
        hot = touched or line.hot[j]
        enough = len(placed) >= 1 and hot and len(prefix) + 1 >= self.min_len
        for tile, key, value in self.tiles:
            if not pool[key] or (top == tile.letter and not self.repeat):
                continue
            word = prefix + tile.letter
            ok = known.get(word)
            if ok is None:
                ok = known[word] = lexicon_prefix(word)
            if not ok:
                continue
            pool[key] -= 1
            placed.append((j, tile))
            values.append(value)
            if enough:
                self._record(line, start, j, word, placed, values)
            self._grow(line, start, j + 1, word, placed, values, pool, hot)
            values.pop()
            placed.pop()
            pool[key] += 1

    def _record(
        self, line: Line, start: int, j: int, word: str, placed: list[tuple[int, Tile]], values: list[int]
    ) -> None:
        if word in self.lexicon:
            key = tuple(sorted((line.cells[i], tile) for i, tile in placed))
            if key not in self.found:
                new = tuple(i for i, _ in placed)
                self.found[key] = Candidate(key, line, start, j, word, tuple(values), new)

    # --- scoring ----------------------------------------------------------------------------------------

    def cross_words(self, cell: Cell, tile: Tile, axis: Axis) -> list[Word]:
        key = (cell, tile, axis)
        found = self.cross.get(key)
        if found is None:
            tops = self.board.tops
            old = tops.get(cell)
            tops[cell] = tile
            found = self.cross[key] = best_words(self.board, cell, axis, self.lexicon, self.min_len)
            if old is None:
                del tops[cell]
            else:
                tops[cell] = old
        return found

    def _cross(self, c: Candidate) -> tuple[int, int]:
        total = count = 0
        main = c.line.axis if c.line else None
        for cell, tile in c.key:
            for axis in self.grid.axes:
                if axis != main:
                    words = self.cross_words(cell, tile, axis)
                    if words:
                        total += words[0].score
                        count += 1
        return total, count

    def _run(self, c: Candidate) -> tuple[str, list[int], list[int]]:
        line = c.line
        assert line is not None
        rs, re_ = line.run_start[c.start], line.run_end[c.end]
        letters = "".join(line.letters[rs : c.start]) + c.word + "".join(line.letters[c.end + 1 : re_ + 1])
        values = line.values[rs : c.start] + list(c.values) + line.values[c.end + 1 : re_ + 1]
        return letters, values, [i - rs for i in c.new]

    def bound(self, c: Candidate, cross: tuple[int, int]) -> tuple[int, bool]:
        """An upper bound of the candidate's total, and whether it is the exact total."""
        if c.line is None:
            return cross[0] * cross[1], True
        line = c.line
        letters_total = sum(c.values)
        if line.run_start[c.start] == c.start and line.run_end[c.end] == c.end and letters_total > 0:
            # The word fills its run: every shorter word in it scores less, so it is each tile's best.
            own = letters_total * (c.end - c.start)
            return (cross[0] + own) * (cross[1] + 1), True
        letters, values, new = self._run(c)
        k = len(new)
        most = sum(values) * (len(letters) - 1)
        return (cross[0] + k * most) * (cross[1] + k), False

    def exact(self, c: Candidate, cross: tuple[int, int]) -> int:
        if c.line is None:
            return cross[0] * cross[1]
        letters, values, new = self._run(c)
        found = words_touching(letters, new, self.lexicon, self.min_len)
        scored = {(i, j): sum(values[i : j + 1]) * (j - i) for i, j in found}
        picks: list[list[tuple[int, int]]] = []
        for p in new:
            mine = [(ij, s) for ij, s in scored.items() if ij[0] <= p <= ij[1]]
            if mine:
                top = max(s for _, s in mine)
                picks.append(sorted(ij for ij, s in mine if s == top))
        best = 0
        combos = 1
        for pick in picks:
            combos *= len(pick)
        options = itertools.product(*picks) if combos <= 256 else [tuple(p[0] for p in picks)]
        for choice in options:
            distinct = set(choice)
            total = (cross[0] + sum(scored[ij] for ij in distinct)) * (cross[1] + len(distinct))
            best = max(best, total)
        return best

    def best(self) -> tuple[Key, int] | None:
        ranked = []
        for c in self.found.values():
            cross = self._cross(c)
            bound, exact = self.bound(c, cross)
            ranked.append((-bound, not exact, len(c.key), c, cross))
        ranked.sort(key=lambda r: r[:3])  # stable: equal ranks keep the order they were found in
        best: tuple[Key, int] | None = None
        for negative_bound, inexact, _, c, cross in ranked:
            if best is not None and -negative_bound <= best[1]:
                break
            total = self.exact(c, cross) if inexact else -negative_bound
            if best is None or total > best[1]:
                best = (c.key, total)
        return best


def find_best(
    board: Board, pool: list[str], options: dict[str, Any], lexicon: Lexicon, first: bool
) -> list[Placement] | None:
    """The placements of the highest-scoring legal move, or None when there is none."""
    if not pool:
        return None
    search = Search(Board(board.grid, dict(board.stacks)), pool, options, lexicon, first)
    search.singles()
    search.words()
    found = search.best()
    if found is None:
        return None
    return [Placement(cell, tile) for cell, tile in found[0]]
