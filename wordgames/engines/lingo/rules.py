"""Which placements are legal, each refusal a sentence the player reads.

rules/lingo.md: "Thereafter, players take turns forming new words by taking any number of tiles from the
pool and placing them adjacent to or on top of existing tiles. ... No tile can be placed to cover the same
letter. All tiles placed per turn (if more than one) must form part of the same valid word."
rules/lingo-pbem.md: "The tile may not be stacked on top of a tile showing the same letter (unless the
-repeat option is used)." The first word must cover the centre of the table (a decision: the table is fixed).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.errors import IllegalMove
from ..core.grid import Cell, Grid, cell_name, column_name
from ..core.lexicon import Lexicon
from ..core.notation import Move, Placement, PlaceMove, WordCommand, WordMove
from ..core.tiles import BLANK
from .board import Board
from .scoring import forms_word, run_text


def check_cell(grid: Grid, cell: Cell) -> None:
    if grid.contains(cell):
        return
    name = cell_name(*cell)
    col, row = cell
    last_col = column_name(grid.columns - 1)
    if grid.shape == "hex" and 0 <= col < grid.columns and 1 <= row <= grid.rows:
        parity = "even" if col % 2 else "odd"
        raise IllegalMove(f"There is no hex {name}: in column {column_name(col)} the hexes are on {parity} rows.")
    raise IllegalMove(f"There is no cell {name} on this board: columns run from a to {last_col} and rows from 1 to {grid.rows}.")


def placements_of(move: Move, board: Board) -> list[Placement]:
    """The tiles a move puts down, in the order written (word notation skips letters already there)."""
    if isinstance(move, WordCommand):
        raise IllegalMove("Players may not pass in Lingo: place at least one tile (a single tile may score 0 points).")
    if isinstance(move, PlaceMove):
        return list(move.placements)
    assert isinstance(move, WordMove)
    if board.grid.shape == "hex":
        raise IllegalMove("On a hex board, write a move as cells and letters, e.g. c5 D c9 C.")
    out = []
    for cell, letter in zip(move.cells(), move.letters):
        check_cell(board.grid, cell)
        top = board.tops.get(cell)
        if letter.existing:
            if top is None:
                raise IllegalMove(f"You wrote ({letter.tile.letter}) for {cell_name(*cell)}, but that cell is empty.")
            if top.letter != letter.tile.letter:
                raise IllegalMove(
                    f"You wrote ({letter.tile.letter}) for {cell_name(*cell)}, but that cell shows {top.letter}."
                )
            continue
        if top is not None and top.letter == letter.tile.letter and not letter.tile.blank:
            continue  # typed as it is on the board
        out.append(Placement(cell, letter.tile))
    if not out:
        raise IllegalMove("That move places no tile: every letter is already on the board.")
    return out


def _pool_text(pool: list[str]) -> str:
    return ", ".join(t if t != BLANK else "a blank" for t in sorted(pool)) or "nothing"


def check_placements(
    placements: list[Placement], board: Board, pool: list[str], options: dict[str, Any], lexicon: Lexicon,
    first_move: bool, hidden: bool,
) -> None:
    """Raise ``IllegalMove`` unless these placements are a legal move for a player holding ``pool``."""
    grid = board.grid
    for p in placements:
        check_cell(grid, p.cell)
    cells = [p.cell for p in placements]
    doubled = [c for c, n in Counter(cells).items() if n > 1]
    if doubled:
        raise IllegalMove(f"You placed two tiles on {cell_name(*doubled[0])}: one tile per cell a turn.")
    if len(placements) > options["place"]:
        raise IllegalMove(f"You may place at most {options['place']} tiles a turn, not {len(placements)}.")
    _check_pool(placements, pool, hidden)
    if len(cells) > 1:
        axis = grid.axis_of(cells[0], cells[1])
        if axis is None or any(grid.axis_of(cells[0], c) != axis for c in cells[2:]):
            raise IllegalMove("The tiles you place in one turn must lie in one line.")
    for p in placements:
        top = board.tops.get(p.cell)
        if top is not None and top.letter == p.tile.letter and not options["repeat"]:
            raise IllegalMove(f"You cannot cover the {top.letter} on {cell_name(*p.cell)} with the same letter.")
    if first_move:
        if grid.centre not in cells:
            raise IllegalMove(f"The first move must cover the centre cell, {cell_name(*grid.centre)}.")
    elif not any(board.touches(c) for c in cells):
        raise IllegalMove("Your tiles must touch or cover a tile already on the board.")
    if len(cells) > 1:
        _check_one_word(placements, board, options, lexicon)


def _check_pool(placements: list[Placement], pool: list[str], hidden: bool) -> None:
    need = Counter(BLANK if p.tile.blank else p.tile.letter for p in placements)
    have = Counter(pool)
    whose = "your tiles are" if hidden else "the pool holds"
    for letter, count in need.items():
        if have[letter] < count:
            what = "a blank" if letter == BLANK else f"the letter {letter}"
            if have[letter]:
                what = f"{count} {'blanks' if letter == BLANK else letter + 's'}"
            raise IllegalMove(f"You do not have {what}: {whose} {_pool_text(pool)}.")


def _check_one_word(placements: list[Placement], board: Board, options: dict[str, Any], lexicon: Lexicon) -> None:
    """rules/lingo.md: all tiles placed per turn (if more than one) "must form part of the same valid word"."""
    cells = [p.cell for p in placements]
    after = board.placed((p.cell, p.tile) for p in placements)
    axis = board.grid.axis_of(cells[0], cells[1])
    assert axis is not None
    run, _ = after.run(cells[0], axis)
    if not set(cells) <= set(run):
        raise IllegalMove("The tiles you place in one turn must form part of one word, with no gap between them.")
    min_len = 3 if options["no_twos"] else 2
    if not forms_word(after, cells, lexicon, min_len):
        text = run_text(after, cells)
        if len(run) == len(cells):
            if min_len == 3 and len(text) == 2:
                raise IllegalMove(f"Two-letter words do not count in this game, so {text} cannot be played.")
            raise IllegalMove(f"{text} is not a word in the dictionary.")
        raise IllegalMove(f"Your tiles must form part of one word: no word in {text}, read either way, holds them all.")
