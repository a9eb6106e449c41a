"""Lingua Fences' computer players: words that overlap the sheet, found letter by letter in the dictionary.

quick: looks along the lines in a random order for a short while and, of the first few hundred words of up
to five letters it finds, writes the one that encloses most. strong: looks longer and ranks words by the squares they enclose, then by how much
they tighten the fences (open squares brought next to letters: the threat of an enclosure), then by length
(a longer word lets longer words follow). Both pass when no word fits.
"""

from __future__ import annotations

import random
from typing import Any

from ..core.engine import Engine
from ..core.grid import column_name, parse_cell
from ..core.lexicon import house_lexicon
from ..core.players import Clock, fit_words, warm
from .game import EDGE_SIDES
from .sheet import Cell, Sheet

QUICK_LONGEST = 5  # quick writes words of up to five letters
QUICK_LOOKS = 300  # and weighs no more than this many of them
LEAD = 2  # new letters before the first letter a word overlaps: every further one multiplies the search by ~20


def _sheet(view: dict[str, Any]) -> tuple[Sheet, dict[str, Any]]:
    data = view["sheets"][view["mine"]]
    options = view["options"]
    sheet = Sheet(
        options["size"],
        parse_cell(options["start"]),
        claimed_open=options["claimed_open"],
        edge_sides=EDGE_SIDES[options["edge"]],
    )
    sheet.letters = {parse_cell(name): letter for name, letter in data["letters"].items()}
    sheet.claimed = {parse_cell(name) for claim in data["claims"] for name in claim["cells"]}
    sheet.longest = data["longest"]
    return sheet, data


def _candidates(
    sheet: Sheet, lexicon: Any, rng: random.Random, clock: Clock, longest: int
) -> list[tuple[Cell, bool, str, list[int]]]:
    """Legal words as (start, across, word, positions of new letters), found until the clock runs out."""
    size = sheet.size
    starts = [((c, r), across) for across in (True, False) for c in range(size) for r in range(1, size + 1)]
    rng.shuffle(starts)
    first = not sheet.letters
    found = []
    for start, across in starts:
        if clock.over():
            break
        step = (1, 0) if across else (0, 1)
        side = (0, 1) if across else (1, 0)
        before = (start[0] - step[0], start[1] - step[1])
        if before in sheet.letters:
            continue
        cells: list[Cell] = []
        cell = start
        while sheet.inside(cell) and len(cells) < min(longest, sheet.longest + 1):
            cells.append(cell)
            cell = (cell[0] + step[0], cell[1] + step[1])
        fixed = [sheet.letters.get(c) for c in cells]
        reach = (
            [i for i, letter in enumerate(fixed) if letter]
            if not first
            else ([cells.index(sheet.start)] if sheet.start in cells else [])
        )
        if not reach or reach[0] > LEAD:
            continue

        def usable(i: int, cells: list[Cell] = cells, side: Cell = side) -> bool:
            c = cells[i]
            if c in sheet.claimed and not sheet.claimed_open:
                return False
            return all((c[0] + k * side[0], c[1] + k * side[1]) not in sheet.letters for k in (1, -1))

        def can_end(n: int, cells: list[Cell] = cells, step: Cell = step, reach: list[int] = reach) -> bool:
            after = (cells[n - 1][0] + step[0], cells[n - 1][1] + step[1])
            return after not in sheet.letters and n > reach[0]

        for word, new in fit_words(lexicon, fixed, None, max_len=longest, usable=usable, can_end=can_end, clock=clock):
            if first or len(new) < len(word):
                found.append((start, across, word, new))
    return found


def _outcome(sheet: Sheet, start: Cell, across: bool, word: str) -> tuple[int, int]:
    """(squares enclosed, open squares next to the new letters) if this word were written."""
    trial = Sheet(
        sheet.size,
        sheet.start,
        dict(sheet.letters),
        set(sheet.claimed),
        sheet.longest,
        sheet.claimed_open,
        sheet.edge_sides,
    )
    step = (1, 0) if across else (0, 1)
    cells = [(start[0] + i * step[0], start[1] + i * step[1]) for i in range(len(word))]
    new = [c for c in cells if c not in trial.letters]
    trial.write(cells, word, new)
    gained = sum(len(area) for area in trial.enclosures(new))
    tight = sum(1 for c in new for n in trial.neighbours(c) if trial.is_open(n))
    return gained, tight


def _notation(start: Cell, across: bool, word: str) -> str:
    col = column_name(start[0]).upper()
    return f"{start[1]}{col} {word}" if across else f"{col}{start[1]} {word}"


def _choose(view: dict[str, Any], seat: int, rng: random.Random, clock: Clock, strong: bool) -> str | None:
    if view["result"] is not None or seat not in view["writing"]:
        return None
    sheet, _ = _sheet(view)
    options = view["options"]
    lexicon = house_lexicon(options["dictionary"], options.get("house_words", ""))
    warm(lexicon, clock)
    search = Clock(clock.left() * (0.6 if strong else 0.8))
    found = _candidates(sheet, lexicon, rng, search, 99 if strong else QUICK_LONGEST)
    if not found:
        return "pass"
    best: tuple[Any, ...] | None = None
    for start, across, word, _ in found if strong else found[:QUICK_LOOKS]:
        if clock.over() and best is not None:
            break
        gained, tight = _outcome(sheet, start, across, word)
        rank = (gained, tight, len(word)) if strong else (gained,)
        if best is None or rank > best[0]:
            best = (rank, start, across, word)
    assert best is not None
    return _notation(best[1], best[2], best[3])


def quick(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    return _choose(view, seat, rng, clock, strong=False)


def strong(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    return _choose(view, seat, rng, clock, strong=True)


def random_move(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    """The strength bench's yardstick, never offered to players: a word picked uniformly at random from those
    its look along the lines (in a random order) finds within its budget; a pass when none fits."""
    if view["result"] is not None or seat not in view["writing"]:
        return None
    sheet, _ = _sheet(view)
    options = view["options"]
    lexicon = house_lexicon(options["dictionary"], options.get("house_words", ""))
    warm(lexicon, clock)
    found = _candidates(sheet, lexicon, rng, clock, 99)
    if not found:
        return "pass"
    start, across, word, _ = rng.choice(found)
    return _notation(start, across, word)
