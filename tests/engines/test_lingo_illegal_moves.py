"""Each refusal is the exact sentence a player reads."""

from __future__ import annotations

import pytest

from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.lingo import ENGINE, build_state


def refusal(state, move, seat=0):
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, seat, move)
    return str(refused.value)


@pytest.fixture
def opening():
    return ENGINE.new_game(["ann", "bob"], {"preset": "classic"}, seed=7, bag="ETVY")


@pytest.fixture
def middle():
    return build_state(["ann", "bob"], {"preset": "pbem"}, {"l13": "Y", "m13": "E", "n13": "T"}, pool="OVENS")


def test_an_unknown_cell_is_refused(middle):
    assert (
        refusal(middle, "z40 O") == "There is no cell z40 on this board: columns run from a to y and rows from 1 to 25."
    )


def test_a_cell_that_is_not_a_hex_is_refused():
    state = build_state(["ann", "bob"], {"hex": True}, {"m25": "A"}, pool="TEO")
    assert refusal(state, "m24 T") == "There is no hex m24: in column m the hexes are on odd rows."


def test_unreadable_text_is_refused(middle):
    assert refusal(middle, "hello there friend") == (
        "I cannot read “hello there friend” as a move: e.g. 13L YET (across), L11 REPEAT (down) or c5 D c9 C."
    )


def test_a_letter_not_in_the_pool_is_refused(middle):
    assert refusal(middle, "o13 Q") == "You do not have the letter Q: the pool holds E, N, O, S, V."


def test_a_letter_missing_from_a_hidden_pool_is_refused():
    state = build_state(["ann", "bob"], {"not_shared": True}, {"m13": "A"}, pool="TEO")
    assert refusal(state, "n13 Q") == "You do not have the letter Q: your tiles are E, O, T."


def test_a_word_not_in_the_dictionary_is_refused(middle):
    assert refusal(middle, "12L VNO") == "VNO is not a word in the dictionary."


def test_tiles_that_form_part_of_no_word_are_refused(middle):
    assert (
        refusal(middle, "o13 V p13 O")
        == "Your tiles must form part of one word: no word in YETVO, read either way, holds them all."
    )


def test_tiles_not_in_one_line_are_refused(middle):
    assert refusal(middle, "l12 O m14 N") == "The tiles you place in one turn must lie in one line."


def test_tiles_with_a_gap_are_refused(middle):
    assert (
        refusal(middle, "l12 O l15 N")
        == "The tiles you place in one turn must form part of one word, with no gap between them."
    )


def test_covering_the_same_letter_is_refused(middle):
    assert refusal(middle, "m13 E") == "You cannot cover the E on m13 with the same letter."


def test_a_first_move_off_the_centre_is_refused(opening):
    assert refusal(opening, "12L YET") == "The first move must cover the centre cell, m13."


def test_a_move_that_touches_nothing_is_refused(middle):
    assert refusal(middle, "a1 O") == "Your tiles must touch or cover a tile already on the board."


def test_too_many_tiles_are_refused(middle):
    assert refusal(middle, "14K OVENS") == "You may place at most 4 tiles a turn, not 5."


def test_two_tiles_on_one_cell_are_refused(middle):
    assert refusal(middle, "o13 O o13 N") == "You placed two tiles on o13: one tile per cell a turn."


def test_passing_is_refused(middle):
    assert (
        refusal(middle, "pass")
        == "Players may not pass in Lingo: place at least one tile (a single tile may score 0 points)."
    )


def test_moving_out_of_turn_is_refused(middle):
    assert refusal(middle, "o13 O", seat=1) == "It is not your turn: ann to move."


def test_a_word_on_a_hex_board_is_refused():
    state = build_state(["ann", "bob"], {"hex": True}, {"m25": "A"}, pool="TEO")
    assert refusal(state, "25M AT") == "On a hex board, write a move as cells and letters, e.g. c5 D c9 C."


def test_a_parenthesised_letter_must_be_on_the_board(middle):
    assert refusal(middle, "13L (Z)ET") == "You wrote (Z) for l13, but that cell shows Y."
