"""Keebble's board: cells, walls, edge cells, and the generator modelled on the game's website.

Cells are ``(column, row)``, columns from 0 and rows from 1 (``c3`` is ``(2, 3)``). A wall sits on the edge
between two side-by-side cells and makes them not adjacent: no word runs across it.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.grid import cell_name, parse_cell
from ..core.letters import ENGLISH, LetterSet

Cell = tuple[int, int]
SIZES = {"8x4": (8, 4), "8x8": (8, 8), "16x8": (16, 8)}
SPECIAL_WEIGHTS = {"DW": 1.0, "TW": 0.5, "DL": 2.0, "TL": 1.5}
CELLDANCE_WEIGHTS = {
    "BIG": 0.5,
    "THIEF": 2.0,
    "DESTROY": 1.0,
    "AGAIN": 2.0,
    "GARBAGE": 1.5,
    "BLOCKADE": 1.5,
    "COLLECT": 2.0,
}
SPECIAL_NAMES = {
    "DL": "double letter",
    "TL": "triple letter",
    "DW": "double word",
    "TW": "triple word",
    "BIG": "big ask",
    "THIEF": "thief",
    "DESTROY": "destroyer",
    "AGAIN": "go again",
    "GARBAGE": "garbage",
    "BLOCKADE": "blockade",
    "COLLECT": "collector",
}


def wall_key(a: Cell, b: Cell) -> str:
    first, second = sorted([a, b], key=lambda c: (c[1], c[0]))
    return f"{cell_name(*first)}|{cell_name(*second)}"


def edge_cells(width: int, height: int) -> list[Cell]:
    return [(c, r) for r in range(1, height + 1) for c in range(width) if r in (1, height) or c in (0, width - 1)]


def centre_cells(width: int, height: int) -> list[Cell]:
    cols = [width // 2 - 1, width // 2]
    rows = [height // 2, height // 2 + 1]
    return [(c, r) for r in rows for c in cols]


def inner_edges(width: int, height: int) -> list[tuple[Cell, Cell]]:
    edges = []
    for r in range(1, height + 1):
        for c in range(width):
            if c + 1 < width:
                edges.append(((c, r), (c + 1, r)))
            if r + 1 <= height:
                edges.append(((c, r), (c, r + 1)))
    return edges


def generate(
    width: int,
    height: int,
    players: int,
    rng: random.Random,
    *,
    special: bool,
    celldance: bool,
    generated: bool,
    letter_set: LetterSet = ENGLISH,
) -> dict[str, Any]:
    """Star, hand cells, starting letters, special cells and walls, in the website's order. With
    ``generated`` false only the hand cells are chosen (an empty page). Letters come from ``letter_set``."""
    taken: set[Cell] = set()

    def near_taken(cell: Cell) -> bool:
        return any((cell[0] + dc, cell[1] + dr) in taken for dc in (-1, 0, 1) for dr in (-1, 0, 1))

    star = rng.choice(centre_cells(width, height)) if generated else None
    if star:
        taken.add(star)
    edges = [c for c in edge_cells(width, height) if not near_taken(c)]
    rng.shuffle(edges)
    hands: list[Cell] = []
    for cell in edges:
        if len(hands) == players:
            break
        if not any(abs(cell[0] - h[0]) + abs(cell[1] - h[1]) < 2 for h in hands):
            hands.append(cell)
    taken |= set(hands)
    letters: dict[Cell, str] = {}
    specials: dict[Cell, str] = {}
    walls: list[str] = []
    start_count = rng.randint(1, 3) if generated else 0
    if generated:
        letters, specials, walls = _fill(
            width, height, rng, taken, special=special, celldance=celldance, letter_set=letter_set
        )
    return {
        "star": cell_name(*star) if star else None,
        "hand_cells": [cell_name(*h) for h in hands],
        "letters": {cell_name(*c): letter for c, letter in letters.items()},
        "special": {cell_name(*c): s for c, s in specials.items()},
        "walls": sorted(walls),
        "start_count": start_count,
    }


def letter_weights(letter_set: LetterSet) -> dict[str, float]:
    """How likely each letter is dealt: the rarer (the higher its value), the less. Letters without tiles in the
    set (Spanish K and W, played with blanks) are never dealt."""
    return {
        letter: 1 / value
        for letter, value in letter_set.values.items()
        if value > 0 and letter_set.counts.get(letter, 0) > 0
    }


def _fill(
    width: int,
    height: int,
    rng: random.Random,
    taken: set[Cell],
    *,
    special: bool,
    celldance: bool,
    letter_set: LetterSet,
) -> tuple[dict[Cell, str], dict[Cell, str], list[str]]:
    """Starting letters, special cells and walls of a generated board (``taken`` grows as cells are used)."""

    def near_taken(cell: Cell) -> bool:
        return any((cell[0] + dc, cell[1] + dr) in taken for dc in (-1, 0, 1) for dr in (-1, 0, 1))

    letters: dict[Cell, str] = {}
    specials: dict[Cell, str] = {}
    walls: list[str] = []
    free = [(c, r) for r in range(1, height + 1) for c in range(width) if (c, r) not in taken]
    rng.shuffle(free)
    weights = letter_weights(letter_set)
    wanted = max(1, round(width * height * rng.uniform(0.03, 0.08)))
    for cell in free:
        if len(letters) >= wanted:
            break
        if not near_taken(cell):
            letters[cell] = rng.choices(list(weights), list(weights.values()))[0]
            taken.add(cell)
    if special or celldance:
        table = dict(SPECIAL_WEIGHTS)
        if celldance:
            table.update(CELLDANCE_WEIGHTS)
        wanted = max(1, round(width * height * 0.08))
        for cell in free:
            if len(specials) >= wanted:
                break
            if cell not in taken and not near_taken(cell):
                specials[cell] = rng.choices(list(table), list(table.values()))[0]
                taken.add(cell)
    all_edges = inner_edges(width, height)
    rng.shuffle(all_edges)
    for a, b in all_edges[: max(1, round(len(all_edges) * rng.uniform(0.04, 0.09)))]:
        walls.append(wall_key(a, b))
    return letters, specials, walls


def parse(name: str) -> Cell:
    return parse_cell(name)


# --- the board of a game in progress (``state`` is the engine's) --------------------------------------------


def inside(state: dict[str, Any], cell: Cell) -> bool:
    return 0 <= cell[0] < state["width"] and 1 <= cell[1] <= state["height"]


def wall_between(state: dict[str, Any], a: Cell, b: Cell) -> bool:
    return wall_key(a, b) in state["walls"]


def playable(state: dict[str, Any], cell: Cell) -> bool:
    """On the board, and neither a player's hand cell nor destroyed."""
    name = cell_name(*cell)
    return inside(state, cell) and name not in state["hand_cells"] and name not in state["destroyed"]


def run(state: dict[str, Any], letters: dict[str, str], cell: Cell, step: Cell) -> list[Cell]:
    """The letters in a line through ``cell`` along ``step``, stopping at walls, gaps and the border."""
    c = cell
    while True:
        prev = (c[0] - step[0], c[1] - step[1])
        if not inside(state, prev) or cell_name(*prev) not in letters or wall_between(state, prev, c):
            break
        c = prev
    line = [c]
    while True:
        nxt = (line[-1][0] + step[0], line[-1][1] + step[1])
        if not inside(state, nxt) or cell_name(*nxt) not in letters or wall_between(state, line[-1], nxt):
            break
        line.append(nxt)
    return line


def across_step(state: dict[str, Any]) -> Cell:
    """The way an across word is written and read: rightwards, or leftwards with the option ``reading: rtl``.
    (``both`` writes rightwards and accepts a line that reads as a word either way.)"""
    return (-1, 0) if state["options"].get("reading") == "rtl" else (1, 0)


def edge_letters(state: dict[str, Any]) -> int:
    return sum(1 for c in edge_cells(state["width"], state["height"]) if cell_name(*c) in state["cells"])
