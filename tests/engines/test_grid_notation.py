"""Cells, grids and the move notation shared by every game."""

from __future__ import annotations

import pytest

from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.grid import cell_name, hex_grid, parse_cell, square_grid
from wordgames.engines.core.notation import (
    PlaceMove,
    WordCommand,
    WordMove,
    format_move,
    parse_move,
)


def test_cell_names_run_a_to_z_then_aa():
    assert [cell_name(c, 3) for c in (0, 2, 25, 26, 27, 51, 52)] == ["a3", "c3", "z3", "aa3", "ab3", "az3", "ba3"]
    assert parse_cell("C3") == (2, 3)
    assert parse_cell("ab10") == (27, 10)


@pytest.mark.parametrize("text", ["3c", "c0", "c", "", "c-1", "é3"])
def test_a_bad_cell_is_refused_with_a_sentence(text):
    with pytest.raises(IllegalMove, match="is not a cell: write a column letter and a row number, like c3."):
        parse_cell(text)


def test_square_grid_centre_and_neighbours():
    grid = square_grid(25)
    assert cell_name(*grid.centre) == "m13"
    assert sorted(grid.neighbours((0, 1))) == [(0, 2), (1, 1)]


def test_hex_grid_uses_doubled_coordinates():
    grid = hex_grid(25)
    assert cell_name(*grid.centre) == "m25"
    assert grid.contains((2, 5)) and not grid.contains((2, 4))
    assert sorted(grid.neighbours((2, 5))) == [(1, 4), (1, 6), (2, 3), (2, 7), (3, 4), (3, 6)]
    assert sum(grid.contains((c, r)) for c in range(25) for r in range(1, 51)) == 625
    assert grid.axis_of((2, 5), (2, 9)) == (0, 2)
    assert grid.axis_of((2, 5), (4, 3)) == (1, -1)
    assert grid.axis_of((2, 5), (3, 8)) is None


def test_word_notation_across_and_down():
    across = parse_move("8h word")
    assert isinstance(across, WordMove) and across.across and across.start == (7, 8)
    down = parse_move("H8 WORD")
    assert isinstance(down, WordMove) and not down.across and down.start == (7, 8)
    assert format_move(parse_move("l11 r(e)p(E)at")) == "L11 REPEAT"
    assert format_move(parse_move("13l yet")) == "13L YET"


def test_placement_notation_and_blanks():
    move = parse_move("C5 d c9 ?c")
    assert isinstance(move, PlaceMove)
    assert format_move(move) == "c5 D c9 ?C"
    assert format_move(parse_move("8H WO?RD")) == "8H WO?RD"


def test_pass_and_resign_are_words():
    assert parse_move(" Resign ") == WordCommand("resign")
    assert parse_move("PASS") == WordCommand("pass")


@pytest.mark.parametrize("text", ["", "13L", "13L YET now", "X Y", "13L Y3T"])
def test_unreadable_moves_are_refused_with_a_sentence(text):
    with pytest.raises(IllegalMove):
        parse_move(text)
