"""Lingo scoring.

rules/lingo.md: "Only the highest-valued word passing through each new tile along each axis (vertical and
horizontal) is scored." "The score for each new word is given by (total letter value) x (word length - 1)."
"If more than one new word is formed, then the total word score is multiplied by the number of new words."
rules/lingo-pbem.md: "Words may be spelt backwards." "Note that words do not have to fill the entire line to
be counted." Each word (a set of cells) counts once, however many new tiles it holds. Where two words tie as
a tile's best, the choice that gives the mover the higher total counts; if that still ties, the word read
forwards (left to right, top to bottom; on hex boards with the columns) is preferred, then the earlier one.

This module is the one place of each rule of scoring. The best-move search in Python (``best.Search``) finds
moves and scores each it weighs as ``score_move`` does, from the same parts: each new tile's best words from
``run_best`` (those across its line looked up once per cell and letter), the total from ``settle_ties``; its
bounds are built from ``word_score`` and ``move_total``. The compiled walk (``_walk.c``)
is held to ``score_move`` by tests (tests/engines/test_lingo_oracle.py).
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field
from typing import Any

from ..core.grid import Axis, Cell, cell_name
from ..core.lexicon import Lexicon
from ..core.notation import Tile
from ..core.tiles import LETTER_VALUES
from .board import Board

MAX_TIE_COMBINATIONS = 256  # beyond this (never seen in play) ties are settled greedily


def tile_value(tile: Tile) -> int:
    """Blanks "act as wildcards worth 0 pts" (rules/lingo.md)."""
    return 0 if tile.blank else LETTER_VALUES[tile.letter]


def word_score(letters: int, length: int) -> int:
    """rules/lingo.md: "The score for each new word is given by (total letter value) x (word length - 1)." """
    return letters * (length - 1)


def move_total(points: int, words: int) -> int:
    """rules/lingo.md: "If more than one new word is formed, then the total word score is multiplied by the
    number of new words."
    """
    return points * words


@dataclass(frozen=True)
class Word:
    text: str
    cells: tuple[Cell, ...]  # in reading order
    letters: int  # total letter value
    score: int

    @functools.cached_property
    def key(self) -> frozenset[Cell]:
        return frozenset(self.cells)

    def as_dict(self) -> dict[str, Any]:
        return {
            "word": self.text,
            "score": self.score,
            "letters": self.letters,
            "cells": [cell_name(*c) for c in self.cells],
        }


@dataclass
class Score:
    words: list[Word] = field(default_factory=list)

    @property
    def total(self) -> int:
        return move_total(sum(w.score for w in self.words), len(self.words))


def line_words(
    letters: str, values: list[int], lo: int, hi: int, lexicon: Lexicon, min_len: int
) -> list[tuple[int, int, bool]]:
    """Every valid word in the run ``letters`` holding positions ``lo``..``hi``: (start, end, backwards),
    ends inclusive, forwards words first."""
    n = len(letters)
    found: list[tuple[int, int, bool]] = []
    for i in range(lo + 1):
        for j in range(i, n):
            part = letters[i : j + 1]
            if not lexicon.has_prefix(part):
                break
            if j >= hi and j - i + 1 >= min_len and part in lexicon:
                found.append((i, j, False))
    back = letters[::-1]
    for i in range(n - hi):
        for j in range(i, n):
            part = back[i : j + 1]
            if not lexicon.has_prefix(part):
                break
            if j >= n - 1 - lo and j - i + 1 >= min_len and part in lexicon:
                found.append((n - 1 - j, n - 1 - i, True))
    return found


def words_through(letters: str, positions: list[int], lexicon: Lexicon, min_len: int) -> list[tuple[int, int, bool]]:
    """Every valid word in the run ``letters`` holding at least one of ``positions`` (sorted), read either way:
    (start, end, backwards), ends inclusive, forwards words first, each way by start then end."""
    n = len(letters)
    found: list[tuple[int, int, bool]] = []
    for text, marks, backwards in (
        (letters, positions, False),
        (letters[::-1], [n - 1 - p for p in reversed(positions)], True),
    ):
        k = 0
        for i in range(marks[-1] + 1):
            while marks[k] < i:
                k += 1
            for j in range(i, n):  # a word from i holds a position when it reaches the first at or after i
                part = text[i : j + 1]
                if not lexicon.has_prefix(part):
                    break
                if j >= marks[k] and j - i + 1 >= min_len and part in lexicon:
                    found.append((n - 1 - j, n - 1 - i, True) if backwards else (i, j, False))
    return found


def _word(cells: list[Cell], letters: str, values: list[int], start: int, end: int, backwards: bool) -> Word:
    total = sum(values[start : end + 1])
    chosen = cells[start : end + 1]
    text = letters[start : end + 1]
    if backwards:
        chosen, text = chosen[::-1], text[::-1]
    return Word(text, tuple(chosen), total, word_score(total, end - start + 1))


def best_words(board: Board, cell: Cell, axis: Axis, lexicon: Lexicon, min_len: int) -> list[Word]:
    """The highest-scoring words through ``cell`` along ``axis`` (several when they tie), forwards first."""
    cells, idx = board.run(cell, axis)
    if len(cells) < min_len:
        return []
    tops = board.tops
    return run_best(
        cells, "".join(tops[c].letter for c in cells), [tile_value(tops[c]) for c in cells], [idx], lexicon, min_len
    )[0]


def run_best(
    cells: list[Cell], letters: str, values: list[int], positions: list[int], lexicon: Lexicon, min_len: int
) -> list[list[Word]]:
    """For each of ``positions`` (sorted) of the run ``letters`` (on ``cells``, each letter worth ``values``), the
    highest-scoring words through it, several when they tie, forwards first; none when no word passes there."""
    spans = words_through(letters, positions, lexicon, min_len)
    scores = [word_score(sum(values[i : j + 1]), j - i + 1) for i, j, _ in spans]
    out: list[list[Word]] = []
    for p in positions:
        mine = [(score, span) for score, span in zip(scores, spans) if span[0] <= p <= span[1]]
        top = max((score for score, _ in mine), default=0)
        out.append([_word(cells, letters, values, *span) for score, span in mine if score == top])
    return out


def score_move(board: Board, new_cells: list[Cell], lexicon: Lexicon, min_len: int) -> Score:
    """Score the tiles just put on ``new_cells`` of ``board`` (which already shows them), in line order."""
    grid = board.grid
    main: Axis | None = grid.axis_of(new_cells[0], new_cells[1]) if len(new_cells) > 1 else None
    axes = ([main] if main else []) + [a for a in grid.axes if a != main]
    picks: list[list[Word]] = []  # per (tile, axis) in output order: tied best words
    for cell in new_cells:
        for axis in axes:
            found = best_words(board, cell, axis, lexicon, min_len)
            if found:
                picks.append(found)
    return settle_ties(picks)


def _collect(choice: tuple[Word, ...]) -> Score:
    seen: set[frozenset[Cell]] = set()
    score = Score()
    for word in choice:
        if word.key not in seen:
            seen.add(word.key)
            score.words.append(word)
    return score


def settle_ties(picks: list[list[Word]]) -> Score:
    """The move's score from each new tile's best words along each axis (``picks``, in line order, each tile's
    own line first): one word per pick, each word counted once, the choice with the highest total, the earliest
    (forwards first) on a tie."""
    if all(len({w.key for w in p}) == 1 for p in picks):
        return _collect(tuple(p[0] for p in picks))
    combos = 1
    for p in picks:
        combos *= len(p)
    if combos > MAX_TIE_COMBINATIONS:
        return _collect(tuple(p[0] for p in picks))
    best: Score | None = None
    for choice in itertools.product(*picks):
        score = _collect(choice)
        if best is None or score.total > best.total:
            best = score
    return best or Score()


def forms_word(board: Board, new_cells: list[Cell], lexicon: Lexicon, min_len: int) -> bool:
    """rules/lingo.md: "All tiles placed per turn (if more than one) must form part of the same valid word."
    ``new_cells`` lie on one line of ``board`` (which shows them) with no gap between them."""
    axis = board.grid.axis_of(new_cells[0], new_cells[1])
    assert axis is not None
    cells, _ = board.run(new_cells[0], axis)
    index = {c: i for i, c in enumerate(cells)}
    positions = [index[c] for c in new_cells]
    letters = "".join(board.tops[c].letter for c in cells)
    values = [0] * len(cells)
    return bool(line_words(letters, values, min(positions), max(positions), lexicon, min_len))


def run_text(board: Board, new_cells: list[Cell]) -> str:
    axis = board.grid.axis_of(new_cells[0], new_cells[1])
    assert axis is not None
    cells, _ = board.run(new_cells[0], axis)
    return "".join(board.tops[c].letter for c in cells)
