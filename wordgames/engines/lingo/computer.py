"""Lingo's computer players, built on the best-move search (``best.search_board``).

Every search is given what is left of the choice's CPU budget (``Clock``): where the walk is compiled a search
takes milliseconds and is never cut; where it runs in Python (no compiler) it stops at the budget with the best
move found so far, which is always legal.

quick: the best move placing at most two tiles (a short search, still always legal and sensible).
strong: the best move for each choice of tiles from the pool, weighed by what it leaves behind. With a shared
pool the tiles left go to the next player, so a move is worth its score less half the best reply those
tiles allow on the board it leaves; with a hidden pool the leftovers stay with the mover, so a balanced
leave (vowels and consonants) counts a little. It plays the best move found when its budget runs out.
"""

from __future__ import annotations

import itertools
import random
import time
from typing import Any

from ..core.engine import Engine
from ..core.errors import IllegalMove
from ..core.grid import parse_cell
from ..core.lexicon import get_lexicon
from ..core.notation import Placement, PlaceMove, Tile, format_move
from ..core.players import Clock
from ..core.tiles import BLANK
from .best import Search, search_board, word_possible
from .board import Board, grid_for
from .rules import check_placements
from .scoring import score_move

REPLY_WEIGHT = 0.5
VOWELS = set("AEIOU")


def _board(view: dict[str, Any]) -> Board:
    """The table as the seat sees it (top tiles only: the tiles beneath count for nothing)."""
    stacks = {parse_cell(t["cell"]): [Tile(t["letter"], t["blank"])] for t in view["board"]["tiles"]}
    return Board(grid_for(view["options"]), stacks)


def _text(placements: list[Placement]) -> str:
    return format_move(PlaceMove(tuple(sorted(placements, key=lambda p: p.cell))))


def _score(board: Board, placements: list[Placement], view: dict[str, Any]) -> int:
    after = board.placed((p.cell, p.tile) for p in placements)
    min_len = 3 if view["options"]["no_twos"] else 2
    cells = sorted(p.cell for p in placements)
    return score_move(after, cells, get_lexicon(view["options"]["dictionary"]), min_len).total


def _left(pool: list[str], placements: list[Placement]) -> list[str]:
    rest = list(pool)
    for p in placements:
        rest.remove(BLANK if p.tile.blank else p.tile.letter)
    return rest


def _search(
    view: dict[str, Any],
    board: Board,
    pool: list[str],
    options: dict[str, Any],
    clock: Clock,
    first: bool | None = None,
) -> list[Placement] | None:
    lexicon = get_lexicon(view["options"]["dictionary"])
    first = not view["board"]["tiles"] if first is None else first
    return search_board(board, pool, options, lexicon, first, budget_s=max(clock.left(), 0.0)).placements


def quick(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    pool = view["pool"]
    if view["result"] is not None or seat not in view["to_move"] or not pool:
        return None
    board = _board(view)
    options = dict(view["options"], place=min(2, view["options"]["place"]))
    found = _search(view, board, pool, options, clock)
    if found is None or _score(board, found, view) == 0:
        # A tile that makes no word may be played only when no word can be made at all: look with every tile.
        found = _search(view, board, pool, dict(view["options"]), clock) or found
    return _text(found) if found else None


def _leave_value(rest: list[str]) -> float:
    vowels = sum(1 for t in rest if t in VOWELS)
    return -abs(vowels - len(rest) / 2) + (2 if BLANK in rest else 0)


def strong(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    pool = view["pool"]
    if view["result"] is not None or seat not in view["to_move"] or not pool:
        return None
    board = _board(view)
    options = dict(view["options"])
    hidden = view["pool_counts"] is not None
    best = _search(view, board, pool, options, clock)  # the answer to fall back on
    if best is None:
        return None
    words = _score(board, best, view) > 0  # then a tile that makes no word is not allowed
    seen: set[tuple[Placement, ...]] = set()
    best_value: float | None = None
    subsets = sorted(
        {tuple(sorted(c)) for k in range(len(pool), 0, -1) for c in itertools.combinations(pool, k)},
        key=lambda c: -len(c),
    )
    for subset in subsets:
        found = best if len(subset) == len(pool) else _search(view, board, list(subset), options, clock)
        if found is None:
            continue
        key = tuple(sorted(found, key=lambda p: p.cell))
        if key in seen:
            continue
        seen.add(key)
        value = float(_score(board, found, view))
        if words and value == 0:
            continue
        rest = _left(pool, found)
        if hidden:
            value += _leave_value(rest)
        elif rest and not clock.over():
            after = board.placed((p.cell, p.tile) for p in found)
            reply = _search(view, after, rest, options, clock, first=False)
            if reply:
                value -= REPLY_WEIGHT * _score(after, reply, view)
        if best_value is None or value > best_value:
            best, best_value = found, value
        if clock.over():
            break
    return _text(best)


def random_move(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    """The strength bench's yardstick, never offered to players: a move picked uniformly at random from the
    legal moves the full walk (``Search`` without pruning) lists within its budget. A tile that makes no word
    only when no word can be made (the rules)."""
    pool = view["pool"]
    if view["result"] is not None or seat not in view["to_move"] or not pool:
        return None
    board = _board(view)
    options = dict(view["options"])
    lexicon = get_lexicon(options["dictionary"])
    first = not view["board"]["tiles"]
    hidden = view["pool_counts"] is not None
    search = Search(
        Board(board.grid, dict(board.stacks)),
        pool,
        options,
        lexicon,
        first,
        deadline=time.thread_time() + max(clock.left(), 0.0),
    )
    search.words()
    search.singles()
    keys = list(search.found)
    rng.shuffle(keys)
    burn: list[Placement] | None = None
    for key in keys:
        placements = [Placement(cell, tile) for cell, tile in key]
        try:
            check_placements(placements, board, pool, options, lexicon, first_move=first, hidden=hidden)
        except IllegalMove:
            continue
        if _score(board, placements, view) > 0 or _makes_word(board, placements, view):
            return _text(placements)
        burn = burn or placements
    if burn is not None and (
        options.get("burn", "no-word") == "always" or not word_possible(board, pool, options, lexicon, first)
    ):
        return _text(burn)
    found = search_board(
        board, pool, options, lexicon, first
    ).placements  # the walk ran out of time before a legal move
    return _text(found) if found else None


def _makes_word(board: Board, placements: list[Placement], view: dict[str, Any]) -> bool:
    after = board.placed((p.cell, p.tile) for p in placements)
    min_len = 3 if view["options"]["no_twos"] else 2
    return bool(
        score_move(after, [p.cell for p in placements], get_lexicon(view["options"]["dictionary"]), min_len).words
    )
