"""The rule text's scoring examples, and the crossword checks green light makes."""

from __future__ import annotations

import pytest

from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.lexicon import get_lexicon
from wordgames.engines.lexicon_crossing import crossword

ENABLE = get_lexicon("enable")

# KEYBOARD across, crossed by CAKE on the K, BED on the B and RUBBISH on the R (rules/lexicon-crossing.md).
KEYBOARD = ["C.......", "A.......", "KEYBOARD", "E..E..U.", "...D..B.", "......B.", "......I.", "......S.", "......H."]


def test_keyboard_cake_bed_rubbish_is_9_over_4():
    scored = crossword.score(KEYBOARD, 0, ENABLE)
    assert sorted(w.word for w in scored.word_list) == ["BED", "CAKE", "KEYBOARD", "RUBBISH"]
    assert (scored.points, scored.words, scored.leftover) == (9, 4, 0)  # K(5) + B(3) + R(1)
    assert scored.text == "9/4=2.25" and scored.value == 2.25


def test_leftover_tiles_count_as_words():
    """ "On the rare occasion that there are leftover tiles ... use points/(words made + tiles remaining)"."""
    assert crossword.score(KEYBOARD, 2, ENABLE).text == "9/6=1.50"


# A corner: HALO across, LA down from its L; the cell below O and right of A is "inside the corner".
CORNER = ["HALO", "..A."]


@pytest.mark.parametrize("letter, gain", [("R", 3), ("W", 6), ("X", 10)])
def test_a_tile_inside_a_corner_makes_two_words(letter, gain):
    """The text: W makes OW and AW for +6 points / 2 words; X makes OX and AX for +10 / 2. For R (OR and AR)
    it says +4, but R is worth 1: R, O and A become crossing tiles, 1 + 1 + 1 = +3 (see docs)."""
    before = crossword.score(CORNER, 0, ENABLE)
    after = crossword.score(["HALO", f"..A{letter}"], 0, ENABLE)
    assert after.words - before.words == 2
    assert after.points - before.points == gain
    assert after.invalid == []


def test_a_loop_scores_every_corner():
    """ "Four words linearly has three scoring tiles, but as a loop, has four"."""
    loop = ["CRAB", "O..O", "D..O", "EGGS"]  # CRAB, EGGS across; CODE, BOOS down
    scored = crossword.score(loop, 0, ENABLE)
    assert scored.invalid == []
    assert scored.words == 4 and len(scored.crossing) == 4
    assert scored.points == 3 + 3 + 1 + 1  # C, B, E, S


def test_a_single_word_scores_nothing():
    assert crossword.score(["QUIZ"], 0, ENABLE).text == "0/1=0.00"


def test_an_invalid_word_scores_no_crossing_points():
    scored = crossword.score(["C.......", "A.......", "KEYBOARD", "Z......."], 0, ENABLE)
    assert scored.invalid == ["CAKZ"]
    assert scored.points == 0


def test_blanks_are_lower_case_and_worth_nothing():
    scored = crossword.score(["C.......", "A.......", "kEYBOARD", "E......."], 0, ENABLE)
    assert scored.points == 0 and scored.words == 2
    assert crossword.tiles_of(["kE"]) == {"?": 1, "E": 1}


def test_green_light_check_lists_every_problem():
    with pytest.raises(IllegalMove) as error:
        crossword.check_complete(["CAT..", ".....", "...QX"], ["Z"], ENABLE)
    message = str(error.value)
    assert "these tiles are not in your crossword yet: Z" in message
    assert "more than one piece" in message
    assert "not in the dictionary: QX" in message


def test_a_loose_tile_is_named():
    with pytest.raises(IllegalMove, match="these tiles are in no word: Q"):
        crossword.check_complete(["CAT", "...", "..Q"], [], ENABLE)


def test_a_complete_crossword_passes():
    crossword.check_complete(KEYBOARD, [], ENABLE)


@pytest.mark.parametrize(
    "text, rows",
    [
        ("..C/KEY", ["..C", "KEY"]),
        ("..C\nKEY\n", ["..C", "KEY"]),
        ("...../..C../KEY../.....", ["..C", "KEY"]),  # trimmed
        ("C/KEY", ["C..", "KEY"]),  # ragged rows padded
    ],
)
def test_parsing_grids(text, rows):
    assert crossword.parse(text) == rows


def test_a_bad_character_is_named():
    with pytest.raises(IllegalMove, match="only letters and '.'"):
        crossword.parse("CA-T")
