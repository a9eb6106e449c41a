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
from ..core.refusals import Listing, Phrase, Value
from ..core.tiles import BLANK
from .board import Board
from .refusals import LingoRefusal
from .scoring import forms_word, run_text


def check_cell(grid: Grid, cell: Cell) -> None:
    if grid.contains(cell):
        return
    name = cell_name(*cell)
    col, row = cell
    last_col = column_name(grid.columns - 1)
    if grid.shape == "hex" and 0 <= col < grid.columns and 1 <= row <= grid.rows:
        code = LingoRefusal.NO_HEX_ON_EVEN_ROWS if col % 2 else LingoRefusal.NO_HEX_ON_ODD_ROWS
        raise IllegalMove(code, cell=name, column=column_name(col))
    raise IllegalMove(LingoRefusal.NO_SUCH_CELL, cell=name, last_column=last_col, rows=grid.rows)


def placements_of(move: Move, board: Board) -> list[Placement]:
    """The tiles a move puts down, in the order written (word notation skips letters already there)."""
    if isinstance(move, WordCommand):
        raise IllegalMove(LingoRefusal.NO_PASSING)
    if isinstance(move, PlaceMove):
        return list(move.placements)
    assert isinstance(move, WordMove)
    if board.grid.shape == "hex":
        raise IllegalMove(LingoRefusal.HEX_NEEDS_CELLS)
    out = []
    for cell, letter in zip(move.cells(), move.letters):
        check_cell(board.grid, cell)
        top = board.tops.get(cell)
        if letter.existing:
            if top is None:
                raise IllegalMove(LingoRefusal.WROTE_FOR_EMPTY, letter=letter.tile.letter, cell=cell_name(*cell))
            if top.letter != letter.tile.letter:
                raise IllegalMove(
                    LingoRefusal.WROTE_OTHER_LETTER, letter=letter.tile.letter, cell=cell_name(*cell), shown=top.letter
                )
            continue
        if top is not None and top.letter == letter.tile.letter and not letter.tile.blank:
            continue  # typed as it is on the board
        out.append(Placement(cell, letter.tile))
    if not out:
        raise IllegalMove(LingoRefusal.PLACES_NOTHING)
    return out


def _pool_text(pool: list[str]) -> Value:
    if not pool:
        return LingoRefusal.NOTHING
    return Listing(tuple(t if t != BLANK else LingoRefusal.A_BLANK for t in sorted(pool)))


def check_placements(
    placements: list[Placement],
    board: Board,
    pool: list[str],
    options: dict[str, Any],
    lexicon: Lexicon,
    first_move: bool,
    hidden: bool,
) -> None:
    """Raise ``IllegalMove`` unless these placements are a legal move for a player holding ``pool``."""
    grid = board.grid
    for p in placements:
        check_cell(grid, p.cell)
    cells = [p.cell for p in placements]
    doubled = [c for c, n in Counter(cells).items() if n > 1]
    if doubled:
        raise IllegalMove(LingoRefusal.TWO_ON_ONE_CELL, cell=cell_name(*doubled[0]))
    if len(placements) > options["place"]:
        raise IllegalMove(LingoRefusal.TOO_MANY_PLACED, most=options["place"], placed=len(placements))
    _check_pool(placements, pool, hidden)
    if len(cells) > 1:
        axis = grid.axis_of(cells[0], cells[1])
        if axis is None or any(grid.axis_of(cells[0], c) != axis for c in cells[2:]):
            raise IllegalMove(LingoRefusal.NOT_IN_ONE_LINE)
    for p in placements:
        top = board.tops.get(p.cell)
        if top is not None and top.letter == p.tile.letter and not options["repeat"]:
            raise IllegalMove(LingoRefusal.SAME_LETTER, letter=top.letter, cell=cell_name(*p.cell))
    if first_move:
        if grid.centre not in cells:
            raise IllegalMove(LingoRefusal.FIRST_MOVE_CENTRE, cell=cell_name(*grid.centre))
    elif not any(board.touches(c) for c in cells):
        raise IllegalMove(LingoRefusal.MUST_TOUCH)
    if len(cells) > 1:
        _check_one_word(placements, board, options, lexicon)


def _check_pool(placements: list[Placement], pool: list[str], hidden: bool) -> None:
    need = Counter(BLANK if p.tile.blank else p.tile.letter for p in placements)
    have = Counter(pool)
    code = LingoRefusal.HIDDEN_POOL_LACKS if hidden else LingoRefusal.POOL_LACKS
    for letter, count in need.items():
        if have[letter] < count:
            what: Value = (
                LingoRefusal.A_BLANK if letter == BLANK else Phrase(LingoRefusal.THE_LETTER, {"letter": letter})
            )
            if have[letter]:
                what = (
                    Phrase(LingoRefusal.BLANKS, {"count": count})
                    if letter == BLANK
                    else Phrase(LingoRefusal.LETTERS, {"count": count, "letter": letter})
                )
            raise IllegalMove(code, missing=what, pool=_pool_text(pool))


def _check_one_word(placements: list[Placement], board: Board, options: dict[str, Any], lexicon: Lexicon) -> None:
    """rules/lingo.md: all tiles placed per turn (if more than one) "must form part of the same valid word"."""
    cells = [p.cell for p in placements]
    after = board.placed((p.cell, p.tile) for p in placements)
    axis = board.grid.axis_of(cells[0], cells[1])
    assert axis is not None
    run, _ = after.run(cells[0], axis)
    if not set(cells) <= set(run):
        raise IllegalMove(LingoRefusal.GAP)
    min_len = 3 if options["no_twos"] else 2
    if not forms_word(after, cells, lexicon, min_len):
        text = run_text(after, cells)
        if len(run) == len(cells):
            if min_len == 3 and len(text) == 2:
                raise IllegalMove(LingoRefusal.NO_TWOS, text=text)
            raise IllegalMove(LingoRefusal.NOT_A_WORD, text=text)
        raise IllegalMove(LingoRefusal.NO_WORD_HOLDS_THEM, text=text)
