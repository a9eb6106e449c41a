"""The best move: the highest-scoring legal move for a pool on a board.

Used for practice hints, for the "sporting opponent" of rules/lingo.md ("A sporting opponent ... might like to
indicate any higher-scoring words that the current mover has overlooked"), by the computer players and bots.
Every legal move is weighed: single tiles on or next to any tile, and every run of 2 to ``place`` tiles that
forms part of one valid word along a line, forwards or backwards, stacking included.

Two searches, one rule text. ``scoring.py`` is the only place a rule of scoring is written.

- The compiled walk (``_walk.c``, built by ``build.py``; bin/serve and bin/test build it) is the fast search:
  ``search_board``, ``first_word_move`` and ``word_possible`` use it when it is built (``COMPILED``) and was built
  from ``_walk.c`` as it is (``_fresh``). It scores in C; tests/engines/test_lingo_oracle.py holds every move it
  proposes to ``scoring.score_move`` on random positions of every variant.
- ``Search`` is the search wherever the walk is not built (no C compiler). It finds moves and scores them with
  ``scoring``'s own parts (``run_best``, ``settle_ties``: ``Search.total`` is ``score_move`` with each tile's
  words across its line looked up once per cell and letter); what it adds is where to look and in what order.

``Search``: words are grown letter by letter along each line, in reading order, in a shared table of the
words and their reversals (``core.prefixes.either_way_of``), and abandoned as soon as no word starts that way
read either way. Each move found gets an upper bound of its total, built from ``scoring.word_score`` and
``move_total`` (a word filling its run is bounded by its exact total, and scored at once: that total is the
floor below which the walk is cut). Moves are then scored in decreasing order of their bound until no bound
can beat the best total found. A walk stops as soon as an upper bound of everything it could still find
(``Search._ceiling``) cannot beat the floor; the walks start where the most could be scored. Tests hold every
bound to ``score_move`` (a bound below a total could skip the best move). Enumerating every legal move
(``Search(prune=False)``) walks everything and scores nothing.

Time budget: ``search_board`` takes ``budget_s``, in CPU seconds of the searching thread (as the computer
players' ``Clock``: a loaded machine does not cut a search short); both searches look at the clock every few
hundred steps and, when time is up, the best move scored so far is returned with ``complete=False``. The
walk of ``Search`` may use ``WALK_SHARE`` of the budget; the rest scores the moves it found.
"""

from __future__ import annotations

import dataclasses
import itertools
import threading
import time
import warnings
import weakref
from collections import Counter
from dataclasses import dataclass
from string import ascii_uppercase
from typing import Any

from ..core.engine import MoveOutcome
from ..core.grid import Axis, Cell, Grid
from ..core.lexicon import Lexicon, get_lexicon
from ..core.notation import Placement, Tile
from ..core.prefixes import BITS, ENDS, WORD, either_way_of, prefixes_of
from ..core.tiles import BLANK
from . import build
from .board import Board
from .scoring import Score, Word, move_total, run_best, settle_ties, tile_value, word_score

try:
    from . import _walk  # type: ignore[attr-defined]  # the compiled walk, when build.py has built it
except ImportError:  # no C compiler where this was installed: the search runs in Python
    _walk = None


def _fresh(walk: Any) -> Any:
    """``walk`` if it was compiled from ``_walk.c`` as it is now, else None (with a warning): a stale build may
    score by old rules. ``build.py`` rebuilds it; bin/serve and bin/test run it."""
    if walk is None or not build.SOURCE.exists():  # an installation without the source trusts its build
        return walk
    if getattr(walk, "SOURCE", None) == f"wordgames-walk-{build.source_hash()}":
        return walk
    warnings.warn(
        "The compiled Lingo walk is older than its source (run wordgames/engines/lingo/build.py): "
        "the search runs in Python.",
        RuntimeWarning,
        stacklevel=2,
    )
    return None


_walk = _fresh(_walk)

COMPILED = _walk is not None  # whether search_board and word_possible use the compiled walk

Key = tuple[tuple[Cell, Tile], ...]


def choices(pool: Counter[str]) -> list[Tile]:
    """The different tiles a pool can put down; a blank may stand for any letter."""
    tiles = [Tile(letter) for letter in sorted(pool) if letter != BLANK and pool[letter] > 0]
    if pool[BLANK] > 0:
        tiles += [Tile(letter, True) for letter in ascii_uppercase]
    return tiles


@dataclass
class Line:
    """One line of the table along an axis, in reading order, with what lies on it before the move."""

    axis: Axis
    cells: list[Cell]
    letters: list[str]  # "" for an empty cell
    values: list[int]
    hot: list[bool]  # a tile here would touch or cover the board (or cover the centre on the first move)
    run_start: list[int]  # extending left from i over occupied cells before i
    run_end: list[int]  # extending right from i over occupied cells after i
    sums: list[int]  # sums[i]: the values of the cells before i
    across: list[dict[str, tuple[int, int]]]  # per cell, by tile token: its best words across the line (points, words)
    fixed: list[int]  # per cell, the bit of the letter on it (0 if empty), and then 0 past the end
    empties: list[int]  # the empty cells' indexes, and then len(cells)
    first_empty: list[int]  # first_empty[i]: where the first empty cell at or after i is in ``empties``
    next_letter: list[int]  # next_letter[i]: the first cell at or after i with a letter on it (len(cells) if none)
    reach_points: list[int] = dataclasses.field(default_factory=list)  # see Search._ceilings
    reach_words: list[int] = dataclasses.field(default_factory=list)


class Candidate:
    """A legal move found: its tiles, an upper bound of its total (``bound``, never below what ``score_move``
    gives it: tests hold it to that) and, once ``score_move`` has scored it, its ``total``. ``tight`` says the
    bound is expected to be the total (a word that fills its run): such moves are scored as soon as they are
    met, to raise the floor under which the walk is cut."""

    __slots__ = ("key", "bound", "tight", "total", "line", "placed")

    def __init__(
        self,
        key: Key,
        bound: int,
        tight: bool = False,
        line: Line | None = None,
        placed: tuple[tuple[int, Tile], ...] = (),
    ) -> None:
        self.key, self.bound, self.tight, self.line, self.placed = key, bound, tight, line, placed
        self.total: int | None = None


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
                out.append(_line(board, axis, cells, hot))
    return out


def _line(board: Board, axis: Axis, cells: list[Cell], hot: set[Cell]) -> Line:
    tops = board.tops
    letters = [tops[c].letter if c in tops else "" for c in cells]
    values = [tile_value(tops[c]) if c in tops else 0 for c in cells]
    n = len(cells)
    run_start = list(range(n))
    for i in range(1, n):
        if letters[i - 1]:
            run_start[i] = run_start[i - 1]
    run_end = list(range(n))
    for i in range(n - 2, -1, -1):
        if letters[i + 1]:
            run_end[i] = run_end[i + 1]
    sums = [0, *itertools.accumulate(values)]
    empties = [i for i in range(n) if not letters[i]] + [n]
    first_empty = [0] * (n + 1)
    k = len(empties) - 1
    for i in range(n, -1, -1):
        if i < n and not letters[i]:
            k -= 1
        first_empty[i] = k
    next_letter = [n] * (n + 1)
    for i in range(n - 1, -1, -1):
        next_letter[i] = i if letters[i] else next_letter[i + 1]
    return Line(
        axis,
        cells,
        letters,
        values,
        [c in hot for c in cells],
        run_start,
        run_end,
        sums,
        [{} for _ in cells],
        [BITS[x] if x else 0 for x in letters] + [0],
        empties,
        first_empty,
        next_letter,
    )


DEFAULT_BUDGET_S = 2.0  # best_move's budget: a hint or a sporting opponent never holds a web worker longer
WALK_SHARE = 0.6  # of a budget, what the search in Python may spend finding moves: the rest scores them
CLOCK_EVERY = 256  # steps between two looks at the clock (the first step looks too): about 0.1 ms of search


class OutOfTime(Exception):
    """The budget ran out while generating moves."""


class Search:
    def __init__(
        self,
        board: Board,
        pool: list[str],
        options: dict[str, Any],
        lexicon: Lexicon,
        first: bool,
        deadline: float | None = None,
        prune: bool = False,
    ) -> None:
        self.board = board
        # With ``prune``, moves that cannot beat the best total found so far (``floor``) are neither walked
        # nor kept, so ``found`` holds only the contenders; without it, every legal move.
        self.prune = prune
        self.floor = 0
        self.grid = board.grid
        self.pool = Counter(pool)
        self.place = min(options["place"], len(pool))
        self.repeat = options["repeat"]
        self.min_len = 3 if options["no_twos"] else 2
        self.either = either_way_of(lexicon)
        self.words_table = prefixes_of(lexicon)  # the lexicon through its prefix masks, for the rules' scorer
        self.either_root = self.either.mask("")
        # tile, its letter, its bit, its value, its key in the pool, its token (a blank's is ?X)
        self.letters = [
            (Tile(letter), letter, BITS[letter], tile_value(Tile(letter)), letter, letter)
            for letter in sorted(self.pool)
            if letter != BLANK and self.pool[letter] > 0
        ]
        self.blanks = [(Tile(letter, True), letter, bit, 0, BLANK, "?" + letter) for letter, bit in BITS.items()]
        self.top_value = max((t[3] for t in self.letters), default=0)
        # the letters a tile from the pool could add to a word (any, with a blank)
        self.follow = sum(BITS.values()) if self.pool[BLANK] > 0 else sum(t[2] for t in self.letters)
        self.deadline = deadline
        self.steps = 0
        self.complete = True
        if first:
            self.hot = {self.grid.centre}
        else:
            self.hot = set(board.tops)
            for cell in board.tops:
                self.hot.update(self.grid.neighbours(cell))
        self.cross: dict[tuple[Cell, str, Axis], list[Word]] = {}
        self.geometry: dict[tuple[Cell, Axis], tuple[int, int]] = {}
        self.found: dict[Key, Candidate] = {}

    # --- generating -------------------------------------------------------------------------------------

    def singles(self) -> None:
        """Every single tile, with a bound from the runs it would join (its words are looked up only if the
        bound could beat the best move)."""
        tops = self.board.tops
        axes = self.grid.axes
        for cell in sorted(self.hot):
            top = tops.get(cell)
            runs = []
            for axis in axes:
                cells, _ = self.board.run(cell, axis)
                if len(cells) >= self.min_len:
                    runs.append((sum(tile_value(tops[c]) for c in cells if c != cell), len(cells)))
            for tile in choices(self.pool):
                if top is None or self.repeat or top.letter != tile.letter:
                    value = tile_value(tile)
                    bound = move_total(sum(word_score(total + value, length) for total, length in runs), len(runs))
                    key = ((cell, tile),)
                    self.found[key] = Candidate(key, bound)

    def words(self) -> None:
        if self.place < 2:
            return
        roots: list[tuple[int, int, Line, int]] = []
        for line in _lines(self.board, self.hot):
            n = len(line.cells)
            next_hot = [n] * (n + 1)
            for i in range(n - 1, -1, -1):
                next_hot[i] = i if line.hot[i] else next_hot[i + 1]
            if self.prune:
                self._ceilings(line)
            for start in range(n):
                if next_hot[start] - start < self.place:  # a word need not fill its run: any start will do
                    ceiling = self._ceiling(line, start, start, 0, 0, 0, 0) if self.prune else 0
                    roots.append((-ceiling, len(roots), line, start))
        if self.prune:  # the most promising first: the sooner a good move is found, the more is cut
            roots.sort()
        try:
            for negative, _, line, start in roots:
                if -negative >= self.floor or not self.prune:
                    self._grow(line, start, start, "", self.either_root, [], dict(self.pool), False, 0, 0, 0)
        except OutOfTime:
            self.complete = False

    def _ceilings(self, line: Line) -> None:
        """For each cell of the line, the most a tile put there or after it could add across the line (an
        upper bound from the runs it would join, without looking words up): points and words. Only a cell
        next to a tile can join a run."""
        n = len(line.cells)
        points, words = [0] * (n + 1), [0] * (n + 1)
        for i in range(n - 1, -1, -1):
            p = w = 0
            if line.hot[i]:
                for axis in self.grid.axes:
                    if axis != line.axis:
                        run_points, run_words = self._run_ceiling(line.cells[i], axis)
                        p += run_points
                        w += run_words
            points[i], words[i] = max(p, points[i + 1]), max(w, words[i + 1])
        line.reach_points, line.reach_words = points, words

    def _run_ceiling(self, cell: Cell, axis: Axis) -> tuple[int, int]:
        """The most a tile on ``cell`` could score along ``axis`` (the whole run it would join, as one word)."""
        key = (cell, axis)
        found = self.geometry.get(key)
        if found is None:
            tops = self.board.tops
            run, _ = self.board.run(cell, axis)
            found = (0, 0)
            if len(run) >= self.min_len:
                found = (word_score(sum(tile_value(tops[c]) for c in run if c != cell) + self.top_value, len(run)), 1)
            self.geometry[key] = found
        return found

    def _ceiling(self, line: Line, start: int, j: int, placed: int, points: int, words: int, value: int) -> int:
        """An upper bound of the total of any word found by walking on from cell ``j`` (see ``_record``'s
        bound): the word can cross at most as many empty cells as tiles are left to place. In open space (no
        letter before the word, none from ``j`` to where it can reach) the word ends with its last tile and
        is its whole run: it is its tiles' only word along the line."""
        left = self.place - placed
        at = line.first_empty[j] + left
        empties = line.empties
        reach = (empties[at] if at < len(empties) else empties[-1]) - 1
        if reach < j:
            return 0
        rs, sums = line.run_start[start], line.sums
        if rs == start and line.next_letter[j] > reach:
            along = word_score(value + left * self.top_value, reach - start + 1)
            return move_total(points + left * line.reach_points[j] + along, words + left * line.reach_words[j] + 1)
        most = word_score(
            value + sums[start] - sums[rs] + sums[reach + 1] - sums[j] + left * self.top_value, reach - rs + 1
        )
        tiles = placed + left
        return move_total(
            points + left * line.reach_points[j] + tiles * most, words + left * line.reach_words[j] + tiles
        )

    def _grow(
        self,
        line: Line,
        start: int,
        j: int,
        prefix: str,
        mask: int,
        placed: list[tuple[int, Tile]],
        pool: dict[str, int],
        touched: bool,
        points: int,
        words: int,
        value: int,
    ) -> None:
        """Extend ``prefix`` (whose mask is ``mask``) by the cell ``j`` of the line: its letter as it is, or a
        pool tile put on it; a blank takes each letter that may follow. ``points`` and ``words`` are the cross
        words of the tiles placed so far, ``value`` the letters of the prefix. Hot loop of the search."""
        letters = line.letters
        if j >= len(letters):
            return
        self.steps += 1
        if self.deadline is not None and self.steps % CLOCK_EVERY == 1 and time.thread_time() > self.deadline:
            raise OutOfTime
        k = len(placed)
        if self.prune and self._ceiling(line, start, j, k, points, words, value) < self.floor:
            return
        if k >= self.place:  # every tile is down: only the letters already there can lengthen the word
            self._run_on(line, start, j, prefix, mask, placed, touched, points, words, value)
            return
        masks = self.either.masks
        lookup = self.either.mask
        fixed, follow = line.fixed, self.follow
        top = letters[j]
        if top and mask & BITS[top]:
            word = prefix + top
            child = masks.get(word)
            if child is None:
                child = lookup(word)
            worth = value + line.values[j]
            if k >= 2 and touched and child & WORD and len(word) >= self.min_len:
                self._record(line, start, j, placed, points, words, worth)
            if child & (follow | fixed[j + 1]):
                self._grow(line, start, j + 1, word, child, placed, pool, touched, points, words, worth)
        hot = touched or line.hot[j]
        enough = k >= 1 and hot and len(prefix) + 1 >= self.min_len
        same = top if top and not self.repeat else ""
        after = fixed[j + 1] | (follow if k + 1 < self.place else 0)
        # The last tile, with no letter after it: only a letter that ends a word will do.
        useful = mask if after else (mask >> ENDS) * enough
        across = line.across[j]
        blanks = self.blanks if pool.get(BLANK) else ()
        for tile, letter, bit, worth, key, token in (*self.letters, *blanks):
            if not useful & bit or letter == same or not pool[key]:
                continue
            word = prefix + letter
            child = masks.get(word)
            if child is None:
                child = lookup(word)
            got = across.get(token)
            if got is None:
                got = across[token] = self._across(line.cells[j], tile, line.axis)
            pool[key] -= 1
            placed.append((j, tile))
            if enough and child & WORD:
                self._record(line, start, j, placed, points + got[0], words + got[1], value + worth)
            if child & after:
                self._grow(
                    line, start, j + 1, word, child, placed, pool, hot, points + got[0], words + got[1], value + worth
                )
            placed.pop()
            pool[key] += 1

    def _run_on(
        self,
        line: Line,
        start: int,
        j: int,
        prefix: str,
        mask: int,
        placed: list[tuple[int, Tile]],
        touched: bool,
        points: int,
        words: int,
        value: int,
    ) -> None:
        """``_grow`` once no tile is left to place: a loop along the letters already on the line."""
        masks, lookup, letters, values = self.either.masks, self.either.mask, line.letters, line.values
        record = touched and len(placed) >= 2
        while j < len(letters):
            top = letters[j]
            if not top or not mask & BITS[top]:
                return
            prefix += top
            found = masks.get(prefix)
            mask = lookup(prefix) if found is None else found
            value += values[j]
            if record and mask & WORD and len(prefix) >= self.min_len:
                self._record(line, start, j, placed, points, words, value)
            j += 1

    def _record(
        self, line: Line, start: int, end: int, placed: list[tuple[int, Tile]], points: int, words: int, value: int
    ) -> None:
        """Keep a word's placement with an upper bound of its total (the tightest, if found several ways):
        ``points`` and ``words`` are the best words across the line of the tiles ``placed`` (exact, from
        ``run_best``), ``value`` the letters of the word ``start``..``end``. Along the line each tile scores at
        most the whole run it lies in, and at most one word each."""
        rs, re_ = line.run_start[start], line.run_end[end]
        k = len(placed)
        if rs == start and re_ == end and value > 0:
            # The word fills its run: every shorter word in it scores less, so it should be each tile's best.
            bound, tight = move_total(points + word_score(value, end - start + 1), words + 1), True
        else:
            sums = line.sums
            most = word_score(sums[start] - sums[rs] + value + sums[re_ + 1] - sums[end + 1], re_ - rs + 1)
            bound, tight = move_total(points + k * most, words + k), False
        if self.prune and bound < self.floor:  # equal may still win: it may have fewer tiles
            return
        cells = line.cells
        key = tuple((cells[i], tile) for i, tile in placed)
        old = self.found.get(key)
        if old is None or bound < old.bound or (tight and not old.tight and bound == old.bound):
            found = self.found[key] = Candidate(key, bound, tight, line, tuple(placed))
            if self.prune and tight and bound > self.floor:  # scored now: a total known lifts the floor
                self.floor = max(self.floor, self.total(found))

    # --- scoring: by the rules' scorer ------------------------------------------------------------------

    def cross_words(self, cell: Cell, tile: Tile, axis: Axis) -> list[Word]:
        """The best words through ``tile`` put on ``cell`` along ``axis`` (``scoring.run_best``; several when they
        tie). A move's other tiles are never on that run when ``axis`` is across its line: looked up once per
        search."""
        key = (cell, tile.token, axis)
        found = self.cross.get(key)
        if found is None:
            tops = self.board.tops
            cells, at = self.board.run(cell, axis)
            found = []
            if len(cells) >= self.min_len:
                letters = "".join(tops[c].letter if c != cell else tile.letter for c in cells)
                values = [tile_value(tops[c]) if c != cell else tile_value(tile) for c in cells]
                found = run_best(cells, letters, values, [at], self.words_table, self.min_len)[0]
            self.cross[key] = found
        return found

    def _across(self, cell: Cell, tile: Tile, main: Axis | None) -> tuple[int, int]:
        """The best words of ``tile`` on ``cell`` along every axis but ``main``: their points and number (words
        on different lines never coincide)."""
        points = words = 0
        for axis in self.grid.axes:
            if axis != main:
                found = self.cross_words(cell, tile, axis)
                if found:
                    points += found[0].score
                    words += 1
        return points, words

    def total(self, c: Candidate) -> int:
        """The move's total, scored once per candidate."""
        if c.total is None:
            c.total = self.score(c).total
        return c.total

    def score(self, c: Candidate) -> Score:
        """The move's score as ``scoring.score_move`` gives it, from the same parts: each new tile's best words
        along its line (``run_best`` on the run the move makes) and across it (``cross_words``), in line order,
        settled by ``settle_ties``. Tests hold it to ``score_move``."""
        picks: list[list[Word]] = []
        line = c.line
        if line is None:  # a single tile: every axis is across
            cell, tile = c.key[0]
            picks = [w for axis in self.grid.axes if (w := self.cross_words(cell, tile, axis))]
        else:
            rs, re_ = line.run_start[c.placed[0][0]], line.run_end[c.placed[-1][0]]
            letters, values = line.letters[rs : re_ + 1], line.values[rs : re_ + 1]
            for i, tile in c.placed:
                letters[i - rs], values[i - rs] = tile.letter, tile_value(tile)
            along = run_best(
                line.cells[rs : re_ + 1],
                "".join(letters),
                values,
                [i - rs for i, _ in c.placed],
                self.words_table,
                self.min_len,
            )
            for (i, tile), mine in zip(c.placed, along):
                if mine:
                    picks.append(mine)
                picks += [
                    w
                    for axis in self.grid.axes
                    if axis != line.axis and (w := self.cross_words(line.cells[i], tile, axis))
                ]
        return settle_ties(picks)

    def _late(self, i: int) -> bool:
        if (
            self.deadline is None or i % 4 or time.thread_time() <= self.deadline
        ):  # a candidate scored with two blanks can take milliseconds
            return False
        self.complete = False
        return True

    def best(self) -> tuple[Key, int] | None:
        """The best candidate and its total (on equal totals, the one with fewer tiles): candidates are scored
        in decreasing order of their bound until no bound can beat the best total found. Out of time, at least
        the most promising one is scored, so a search that found a move always returns one; the moves the walk
        already scored (those filling their run) count too, which matters when the walk ran out of time."""
        ranked = sorted(self.found.values(), key=lambda c: (-c.bound, c.total is None, len(c.key)))
        scored = [c for c in ranked if c.total is not None]
        top = max(scored, key=lambda c: (c.total, -len(c.key)), default=None)
        best: tuple[Key, int] | None = None if top is None or top.total is None else (top.key, top.total)
        for i, c in enumerate(ranked, 1):
            if best is not None:
                if c.bound < best[1] or self._late(i):
                    break
                if c.bound == best[1] and len(c.key) >= len(best[0]):  # on equal totals, fewer tiles
                    continue
            total = self.total(c)
            if best is None or total > best[1] or (total == best[1] and len(c.key) < len(best[0])):
                best = (c.key, total)
        return best


@dataclass
class BoardResult:
    """What a search found: the best move's placements and total (None, 0 when there is no move), how many
    legal moves it kept as contenders (those that could beat the best found when they were met), whether it
    looked at everything, and how long it took."""

    placements: list[Placement] | None
    score: int
    candidates: int
    complete: bool
    elapsed_s: float


@dataclass
class SearchResult:
    """The engine's answer: the best move found (None when there is none), how many legal moves were kept as
    contenders, whether every move was weighed (``complete=False``: the budget ran out and ``best`` is the
    best seen so far)."""

    best: MoveOutcome | None
    candidates: int
    complete: bool
    elapsed_s: float


_tries: weakref.WeakKeyDictionary[Lexicon, Any] = weakref.WeakKeyDictionary()
_tries_lock = threading.Lock()
_VALUES = tuple(tile_value(Tile(letter)) for letter in ascii_uppercase)  # the walk's table of letter values


def _trie(lexicon: Lexicon) -> Any:
    """The compiled walk's trie of ``lexicon``'s words read either way: built once per lexicon and process
    (about 0.2 s and 11 MB for ENABLE), shared by every search."""
    words = either_way_of(lexicon).lexicon
    trie = _tries.get(words)
    if trie is None:
        with _tries_lock:
            trie = _tries.get(words)
            if trie is None:
                blob = "\n".join(words).encode("ascii", "replace")  # a word with any other letter is left out
                trie = _tries[words] = _walk.trie(blob)
    return trie


def warm(lexicon: Lexicon | None = None) -> None:
    """Build the compiled walk's table of ``lexicon``'s words (the default dictionary's when None) now, rather
    than at the first search: a worker does it before forking its processes, which then share it."""
    if COMPILED:
        _trie(lexicon or get_lexicon())


def _compiled(
    board: Board,
    pool: list[str],
    options: dict[str, Any],
    lexicon: Lexicon,
    first: bool,
    budget_s: float | None,
    mode: int,
) -> Any:
    """``_walk.search`` on this board: see ``_walk.c``."""
    grid = board.grid
    stride = grid.rows + 1
    letters = bytearray(b"\xff" * (grid.columns * stride))
    values = [0] * (grid.columns * stride)
    for (col, row), tile in board.tops.items():
        letters[col * stride + row] = ord(tile.letter) - ord("A")
        values[col * stride + row] = tile_value(tile)
    centre = grid.centre if first else (-1, -1)
    return _walk.search(
        _trie(lexicon),
        grid.columns,
        grid.rows,
        grid.shape == "hex",
        grid.axes,
        bytes(letters),
        tuple(values),
        _VALUES,
        "".join(pool).encode("ascii", "replace"),
        options["place"],
        int(options["repeat"]),
        3 if options["no_twos"] else 2,
        centre[0],
        centre[1],
        -1.0 if budget_s is None else max(budget_s, 0.0),
        mode,
    )


def _search_compiled(
    board: Board,
    pool: list[str],
    options: dict[str, Any],
    lexicon: Lexicon,
    first: bool,
    budget_s: float | None,
    started: float,
) -> BoardResult:
    found = _compiled(board, pool, options, lexicon, first, budget_s, 0)
    if found is None:
        return BoardResult(None, 0, 0, True, time.perf_counter() - started)
    total, tiles, kept, complete, _ = found
    return BoardResult(_placements(tiles), total, kept, bool(complete), time.perf_counter() - started)


def _placements(tiles: tuple[tuple[int, int, int, int], ...]) -> list[Placement]:
    return [Placement((col, row), Tile(ascii_uppercase[letter], bool(blank))) for col, row, letter, blank in tiles]


def search_board(
    board: Board,
    pool: list[str],
    options: dict[str, Any],
    lexicon: Lexicon,
    first: bool,
    *,
    budget_s: float | None = None,
) -> BoardResult:
    """The highest-scoring legal move found within ``budget_s`` seconds (no limit when None). When nothing
    scores, a move that makes a word comes before a single tile that makes none: such a tile may be played only
    when no word can be made (rules/lingo.md), so it is not the answer while a word of 0 points is there (two
    blanks on the first move, say)."""
    found = _search_board(board, pool, options, lexicon, first, budget_s)
    if found.score == 0 and found.placements is not None and len(found.placements) == 1:
        word = first_word_move(board, pool, options, lexicon, first)
        if word is not None:
            found = dataclasses.replace(found, placements=word)
    return found


def _search_board(
    board: Board, pool: list[str], options: dict[str, Any], lexicon: Lexicon, first: bool, budget_s: float | None
) -> BoardResult:
    started = time.perf_counter()
    if not pool:
        return BoardResult(None, 0, 0, True, 0.0)
    if COMPILED:
        return _search_compiled(board, pool, options, lexicon, first, budget_s, started)
    now = time.thread_time()  # CPU seconds (players.Clock)
    deadline = None if budget_s is None else now + budget_s
    walk_deadline = None if budget_s is None else now + WALK_SHARE * budget_s
    search = Search(Board(board.grid, dict(board.stacks)), pool, options, lexicon, first, walk_deadline, prune=True)
    search.words()
    search.singles()
    search.deadline = deadline  # the rest of the budget scores the moves found
    found = search.best()
    placements = None if found is None else [Placement(cell, tile) for cell, tile in found[0]]
    return BoardResult(
        placements, found[1] if found else 0, len(search.found), search.complete, time.perf_counter() - started
    )


class _WordFound(Exception):
    """A legal move that makes a word exists: the existence search stops at the first (``placements``)."""

    def __init__(self, placements: list[Placement]) -> None:
        super().__init__()
        self.placements = placements


class _FirstWord(Search):
    def _record(
        self, line: Line, start: int, end: int, placed: list[tuple[int, Tile]], points: int, words: int, value: int
    ) -> None:
        raise _WordFound([Placement(line.cells[i], tile) for i, tile in placed])


def first_word_move(
    board: Board, pool: list[str], options: dict[str, Any], lexicon: Lexicon, first: bool
) -> list[Placement] | None:
    """The placements of the first legal move of two tiles or more the walk meets (a move that makes a word), or
    None when there is none. No clock."""
    if not pool:
        return None
    if COMPILED:
        found = _compiled(board, pool, options, lexicon, first, None, 3)
        return None if found is None else _placements(found[1])
    try:
        _FirstWord(Board(board.grid, dict(board.stacks)), pool, options, lexicon, first).words()
    except _WordFound as found:
        return found.placements
    return None


def word_possible(board: Board, pool: list[str], options: dict[str, Any], lexicon: Lexicon, first: bool) -> bool:
    """Whether any legal move makes a word. No clock: the answer decides whether a burn is legal, so it must not
    depend on the machine's speed (a record replays the same everywhere). It stops at the first word of two or
    more new tiles, and otherwise scores only the single tiles, which are few."""
    if not pool:
        return False
    if COMPILED:
        return bool(_compiled(board, pool, options, lexicon, first, None, 1))
    if first_word_move(board, pool, options, lexicon, first) is not None:
        return True
    search = Search(Board(board.grid, dict(board.stacks)), pool, options, lexicon, first)
    search.singles()
    found = search.best()
    return found is not None and found[1] > 0
