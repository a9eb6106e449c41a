"""Where a word may be written on a Lingua Fences sheet, each refusal with the sentence a player reads."""

from __future__ import annotations

import pytest

from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.grid import parse_cell
from wordgames.engines.core.lexicon import get_lexicon
from wordgames.engines.lingua_fences.sheet import Sheet

ENABLE = get_lexicon("enable")


def sheet_with(*words: tuple[str, bool, str]) -> Sheet:
    """A 19x19 sheet with ``(start, across, word)`` written (checked like any move)."""
    sheet = Sheet(19, parse_cell("c3"))
    for start, across, word in words:
        write(sheet, start, across, word)
    return sheet


def write(sheet: Sheet, start: str, across: bool, word: str) -> list:
    cell = parse_cell(start)
    new = sheet.check_word(cell, across, word, ENABLE)
    step = (1, 0) if across else (0, 1)
    sheet.write([(cell[0] + i * step[0], cell[1] + i * step[1]) for i in range(len(word))], word, new)
    return new


@pytest.mark.parametrize(
    "start, across, word", [("c3", True, "CAT"), ("a3", True, "CAT"), ("c1", False, "CAT"), ("b3", True, "OCA")]
)
def test_the_first_word_covers_the_starting_square(start, across, word):
    write(sheet_with(), start, across, word)


def test_the_first_word_elsewhere_is_refused():
    with pytest.raises(IllegalMove, match="The first word on a sheet must cover the starting square c3."):
        write(sheet_with(), "d3", True, "CAT")


def test_a_later_word_must_overlap():
    sheet = sheet_with(("c3", True, "CAT"))
    with pytest.raises(IllegalMove, match="DOG must overlap a word already on the sheet"):
        write(sheet, "h8", True, "DOG")
    write(sheet, "e3", False, "TOE")  # shares the T


def test_letters_must_match():
    sheet = sheet_with(("c3", True, "CAT"))
    with pytest.raises(IllegalMove, match="DOG needs D at e3, where T is written."):
        write(sheet, "e3", False, "DOG")


def test_no_chaining_in_a_line():
    sheet = sheet_with(("c3", True, "CAT"), ("e3", False, "TOE"))
    with pytest.raises(IllegalMove, match="would touch T at e3 and make CATS?DOG|words cannot be chained"):
        write(sheet, "f3", True, "DOG")


def test_parallel_words_need_an_empty_square_between_them():
    sheet = sheet_with(("c3", True, "CAT"), ("e3", False, "TOE"))
    with pytest.raises(IllegalMove, match="parallel words need an empty square between them"):
        write(sheet, "d4", True, "NO")  # the N under the A would touch it


def test_length_limit_follows_the_tracker():
    sheet = sheet_with()
    with pytest.raises(IllegalMove, match="the longest word on this sheet has 3, so a word may have at most 4"):
        write(sheet, "c3", True, "CATS" + "E")
    write(sheet, "c3", True, "CATS")
    assert sheet.longest == 4
    write(sheet, "f3", False, "SNAKE")  # 5 = 4 + 1: allowed, and raises the tracker
    assert sheet.longest == 5


def test_words_have_at_least_two_letters_and_come_from_the_dictionary():
    with pytest.raises(IllegalMove, match="at least two letters"):
        write(sheet_with(), "c3", True, "A")
    with pytest.raises(IllegalMove, match="ZQX is not in the dictionary."):
        write(sheet_with(), "c3", True, "ZQX")


def test_a_suffix_extends_a_word():
    sheet = sheet_with(("c3", True, "CAT"))
    assert write(sheet, "c3", True, "CATS") == [parse_cell("f3")]


def test_a_word_already_there_adds_nothing():
    sheet = sheet_with(("c3", True, "CAT"))
    with pytest.raises(IllegalMove, match="already written there"):
        write(sheet, "c3", True, "CAT")


def test_running_off_the_sheet():
    with pytest.raises(IllegalMove, match="CAT from c18 down runs off the 19x19 sheet."):
        write(sheet_with(), "c18", False, "CAT")
    with pytest.raises(IllegalMove, match="runs off"):
        write(sheet_with(), "r3", True, "CAT")
