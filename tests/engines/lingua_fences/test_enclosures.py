"""Enclosures: what a word claims, as DESIGN.md decides (letters fence; empty squares connect orthogonally)."""

from __future__ import annotations

import pytest

from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.grid import cell_name, parse_cell
from wordgames.engines.lingua_fences.sheet import Sheet

from .test_placement import ENABLE, sheet_with, write


class AnyWord:
    def __contains__(self, word: object) -> bool:
        return True


def drawn(picture: str, size: int = 7, edge_sides: int = 2) -> Sheet:
    """A sheet from a picture: letters where drawn, '.' empty (the fences already written)."""
    sheet = Sheet(size, parse_cell("a1"), edge_sides=edge_sides)
    sheet.longest = size
    for row, line in enumerate(picture.strip().split("\n"), start=1):
        for col, ch in enumerate(line.strip()):
            if ch != ".":
                sheet.letters[(col, row)] = ch
    return sheet


def close(sheet: Sheet, start: str, across: bool, word: str, claim: str | None = None) -> list[list[str]]:
    cell = parse_cell(start)
    if not sheet.letters:
        sheet.start = cell  # the first word on an empty sheet covers its starting square
    new = sheet.check_word(cell, across, word, AnyWord())  # type: ignore[arg-type]
    step = (1, 0) if across else (0, 1)
    sheet.write([(cell[0] + i * step[0], cell[1] + i * step[1]) for i in range(len(word))], word, new)
    areas = sheet.enclosures(new, parse_cell(claim) if claim else None)
    return sorted(sorted(cell_name(*c) for c in area) for area in areas)


def test_a_rectangle_of_words_in_the_open():
    sheet = sheet_with(("c3", True, "CATS"), ("c3", False, "CODS"), ("f3", False, "SUNS"))
    new = write(sheet, "c6", True, "SODS")
    areas = sheet.enclosures(new)
    assert [sorted(cell_name(*c) for c in a) for a in areas] == [["d4", "d5", "e4", "e5"]]


def test_against_one_edge_is_enclosed():
    sheet = sheet_with(("c3", True, "CATS"), ("c1", False, "ARC"))
    new = write(sheet, "f1", False, "ITS")
    assert [sorted(cell_name(*c) for c in a) for a in sheet.enclosures(new)] == [["d1", "d2", "e1", "e2"]]


def test_against_two_edges_is_not_enclosed():
    sheet = sheet_with(("a3", True, "BAT"))
    new = write(sheet, "c1", False, "ACT")  # a1 b1 a2 b2 touch the top and the left: not enclosed
    assert sheet.enclosures(new) == []


def test_a_split_into_unequal_parts_claims_the_smaller():
    sheet = drawn(".......\n" * 7, edge_sides=5)  # edges enclose like letters: the line splits the sheet
    assert close(sheet, "c1", False, "ABCDEFG") == [[f"{c}{r}" for c in "ab" for r in range(1, 8)]]


def test_a_tie_claims_the_first_part_by_default_or_the_one_named():
    assert close(drawn(".......\n" * 7, edge_sides=5), "d1", False, "ABCDEFG")[0][0] == "a1"
    claimed = close(drawn(".......\n" * 7, edge_sides=5), "d1", False, "ABCDEFG", claim="f2")
    assert claimed == [[f"{c}{r}" for c in "efg" for r in range(1, 8)]]
    with pytest.raises(IllegalMove, match="not in one of the equal areas"):
        close(drawn(".......\n" * 7, edge_sides=5), "d1", False, "ABCDEFG", claim="d4")


def test_naming_a_part_when_there_is_no_tie_is_refused():
    with pytest.raises(IllegalMove, match="nothing to choose"):
        close(drawn(".......\n" * 7, edge_sides=5), "c1", False, "ABCDEFG", claim="a1")


def test_with_the_default_edge_rule_a_line_across_the_sheet_encloses_nothing():
    assert close(drawn(".......\n" * 7), "c1", False, "ABCDEFG") == []


def test_a_word_that_encloses_two_areas_at_once():
    sheet = drawn("""
        .......
        .AAAAA.
        .A.A.A.
        .A.A.A.
        .A.A.A.
        .......
        .......
    """)
    assert close(sheet, "b5", True, "AZAZA") == [["c3", "c4"], ["e3", "e4"]]


def test_diagonal_touching_seals_an_area():
    """Empty squares connect only side to side, so letters touching corner to corner make a fence."""
    sheet = drawn("""
        AAA....
        A......
        AA.....
        .......
        .......
        .......
        .......
    """)
    # B at c2 closes b2; the fence's c2 and b3 touch only at a corner, and c3 beside them stays open.
    assert close(sheet, "c1", False, "AB") == [["b2"]]


def test_claimed_squares_take_no_letters():
    sheet = sheet_with(("c3", True, "CATS"), ("c3", False, "CODS"), ("f3", False, "SUNS"))
    sheet.claimed |= set(sheet.enclosures(write(sheet, "c6", True, "SODS"))[0])
    with pytest.raises(IllegalMove, match="d4 is inside a claimed area"):
        write(sheet, "d3", False, "AD")


def test_enable_is_the_default_dictionary():
    assert "SODS" in ENABLE
