"""Scoring edge cases: every rule of "Scoring" in rules/lingo.md and rules/lingo-pbem.md."""

from __future__ import annotations

import pytest

from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.lingo import ENGINE, build_state


def position(tiles, pool="ETAOS", **options):
    return build_state(["ann", "bob"], options, tiles, pool=pool)


def words(outcome):
    return [(w["word"], w["score"]) for w in outcome.words]


def test_a_word_read_backwards_scores():
    outcome = ENGINE.preview(position({"l13": "X", "m13": "O"}, pool="BEAT"), 0, "n13 B")
    assert words(outcome) == [("BOX", 24)]
    assert outcome.score == 24


def test_a_word_need_not_fill_its_line():
    outcome = ENGINE.preview(position({"l13": "C", "m13": "A", "o13": "Z"}, pool="TEAO"), 0, "n13 T")
    assert words(outcome) == [("CAT", 10)]


def test_two_new_tiles_on_one_word_count_it_once():
    outcome = ENGINE.preview(position({"m13": "A"}, pool="CTEO"), 0, "l13 C n13 T")
    assert words(outcome) == [("CAT", 10)]
    assert outcome.score == 10


def test_only_the_best_word_through_a_tile_along_an_axis_counts():
    outcome = ENGINE.preview(
        position({"k13": "R", "l13": "E", "m13": "P", "n13": "E", "o13": "A"}, pool="TEO"), 0, "p13 T"
    )
    assert words(outcome) == [("REPEAT", 40)]


def test_no_twos_makes_two_letter_words_worthless():
    assert ENGINE.preview(position({"m13": "A"}, pool="TEO"), 0, "n13 T").score == 2
    outcome = ENGINE.preview(position({"m13": "A"}, pool="T", no_twos=True), 0, "n13 T")  # TOE etc. impossible
    assert outcome.score == 0
    assert outcome.summary == "ann placed T on n13 for 0 pts: it makes no word."


def test_no_twos_refuses_a_move_of_two_tiles_that_forms_only_a_two_letter_word():
    state = position({"m13": "Q"}, pool="ATEO", no_twos=True)
    with pytest.raises(IllegalMove, match="Two-letter words do not count in this game, so AT cannot be played."):
        ENGINE.preview(state, 0, "l12 A m12 T")


def test_stacking_on_a_different_letter_scores_only_the_top_tile():
    state = position({"l13": "C", "m13": "A", "n13": "T"}, pool="OEI")
    outcome = ENGINE.preview(state, 0, "m13 O")
    assert words(outcome) == [("COT", 10)]
    after, _ = ENGINE.apply(state, 0, "m13 O")
    tile = next(t for t in ENGINE.view(after, 0)["board"]["tiles"] if t["cell"] == "m13")
    assert (tile["letter"], tile["height"], tile["last"]) == ("O", 2, True)


def test_stacking_on_the_same_letter_needs_the_repeat_option():
    tiles = {"l13": "C", "m13": "A", "n13": "T"}
    with pytest.raises(IllegalMove) as refused:
        ENGINE.preview(position(tiles, pool="AEO"), 0, "m13 A")
    assert str(refused.value) == "You cannot cover the A on m13 with the same letter."
    assert ENGINE.preview(position(tiles, pool="AEO", repeat=True), 0, "m13 A").score == 10


def test_a_blank_stands_for_its_letter_and_is_worth_nothing():
    state = position({"l13": "C", "m13": "A"}, pool="?EO", blanks=True)
    outcome = ENGINE.preview(state, 0, "n13 ?t")
    assert outcome.move == "n13 ?T"
    assert words(outcome) == [("CAT", 8)]
    after, _ = ENGINE.apply(state, 0, "n13 ?T")
    tile = next(t for t in ENGINE.view(after, 0)["board"]["tiles"] if t["cell"] == "n13")
    assert (tile["letter"], tile["blank"]) == ("T", True)
    assert "?" not in ENGINE.view(after, 0)["pool"][:2]


def test_a_blank_is_refused_without_one_in_the_pool():
    with pytest.raises(IllegalMove, match="You do not have a blank"):
        ENGINE.preview(position({"l13": "C", "m13": "A"}, pool="TEO"), 0, "n13 ?T")


def test_tied_best_words_are_chosen_for_the_higher_total():
    # AUTO and TOY both score 12 for the T and the O; counting both words gives (12 + 12) x 2.
    state = position({"k13": "A", "l13": "U", "o13": "Y"}, pool="TOE")
    outcome = ENGINE.preview(state, 0, "m13 T n13 O")
    assert sorted(words(outcome)) == [("AUTO", 12), ("TOY", 12)]
    assert outcome.score == 48


def test_word_notation_and_placement_notation_score_alike():
    state = position({"m13": "A"}, pool="CTEO")
    by_word = ENGINE.preview(state, 0, "13L C(A)T")
    by_cells = ENGINE.preview(state, 0, "n13 T l13 C")
    assert by_word.score == by_cells.score == 10
    assert by_word.move == "13L CAT"
    assert by_cells.move == "l13 C n13 T"


def test_hex_words_run_along_three_axes():
    # a D at c5 reads DIG down-right, DOC down and DYE up-right
    state = build_state(
        ["a", "b"], {"hex": True}, {"d6": "I", "e7": "G", "c7": "O", "c9": "C", "d4": "Y", "e3": "E"}, pool="DAE"
    )
    outcome = ENGINE.preview(state, 0, "c5 D")
    assert sorted(words(outcome)) == [("DIG", 10), ("DOC", 12), ("DYE", 14)]
    assert outcome.score == 108
