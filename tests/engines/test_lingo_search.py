"""The one Lingo move search with a time budget: hints, the sporting opponent and computer players call it."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest

from wordgames.engines.core.lexicon import Lexicon, get_lexicon
from wordgames.engines.core.notation import PlaceMove, format_move
from wordgames.engines.core.prefixes import BITS, ENDS, WORD, either_way_of, prefixes_of
from wordgames.engines.lingo import ENGINE, best, build_state

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import lingo_old_best  # noqa: E402  (the search before the budget, kept for the bench's --old)

pytestmark = pytest.mark.usefixtures("either_search")  # the compiled walk and the search in Python

# The rule text's fifth move (E, X, R, T for 495), here in a practice game with blanks.
RULE_TEXT_BOARD = {
    "k12": "H",
    "l11": "R",
    "l12": "E",
    "l13": "YP",
    "l14": "E",
    "l15": "A",
    "l16": "T",
    "m12": "W",
    "m13": "E",
    "m14": "N",
    "n13": "T",
    "j14": "O",
    "k14": "V",
}
PRACTICE = {"preset": "classic", "blanks": True, "hints": True}


def old_best_score(state: dict) -> int:
    seat = state["turn"]
    found = lingo_old_best.find_best(
        ENGINE.board(state), ENGINE.pool_of(state, seat), state["options"], ENGINE.lexicon(state), not state["board"]
    )
    return ENGINE.preview(state, seat, format_move(PlaceMove(tuple(found)))).score if found else 0


def test_a_hint_with_two_blanks_stops_at_its_budget_and_says_so():
    # Searched to the end this position takes tens of seconds in Python (about 190,000 legal moves), a fifth
    # of a second compiled.
    state = build_state(["ann", "bob"], PRACTICE, RULE_TEXT_BOARD, pool="??ES")
    start = time.perf_counter()
    result = ENGINE.search(state, 0, budget_s=0.002)
    waited = time.perf_counter() - start
    assert waited < 0.3
    assert result.complete is False
    assert result.best is not None and result.best.score > 0
    after, outcome = ENGINE.apply(state, 0, result.best.move)  # the move found so far is a legal move
    assert outcome.score == result.best.score


def test_best_move_has_a_default_budget_so_a_hint_cannot_hold_a_web_worker():
    state = build_state(["ann", "bob"], PRACTICE, RULE_TEXT_BOARD, pool="??ES")
    # CPU time, not the wall clock: on a loaded machine (CI runs two suites at once) the search stops on time but
    # the wall clock also counts the turns other processes had. Searched to the end it would take tens of seconds.
    start = time.process_time()
    found = ENGINE.best_move(state, 0)
    assert time.process_time() - start < best.DEFAULT_BUDGET_S + 0.5
    assert found is not None and found.score > 0


def test_a_search_within_its_budget_is_complete_and_finds_the_known_best():
    state = build_state(["ann", "bob"], {"preset": "classic"}, RULE_TEXT_BOARD, pool="EXRT")
    result = ENGINE.search(state, 0, budget_s=30)
    assert result.complete is True and result.candidates > 100
    assert result.best is not None and result.best.score == 495


def test_the_new_search_finds_moves_of_the_same_best_score_as_the_old_one():
    state = ENGINE.new_game(["ann", "bob"], {"preset": "pbem", "tiles": 98}, 11)
    for _ in range(4):
        seat = state["turn"]
        result = ENGINE.search(state, seat, budget_s=60)
        assert result.complete and result.best is not None
        assert result.best.score == old_best_score(state)
        state, _ = ENGINE.apply(state, seat, result.best.move)
    blank = build_state(["ann", "bob"], PRACTICE, {"l13": "C", "m13": "A", "n13": "T"}, pool="?O")
    result = ENGINE.search(blank, 0, budget_s=60)
    assert result.complete and result.best is not None and result.best.score == old_best_score(blank)


def test_two_blanks_are_walked_inside_one_search_and_match_the_old_search():
    state = build_state(["ann", "bob"], PRACTICE, {"l13": "C", "m13": "A", "n13": "T"}, pool="??")
    found = ENGINE.search(state, 0, budget_s=60)
    assert found.complete and found.best is not None
    assert found.best.score == old_best_score(state)
    assert "?" in found.best.move


def test_the_prefix_table_says_which_letters_follow_which_end_a_word_and_what_is_a_word():
    table = prefixes_of(get_lexicon())
    assert table is prefixes_of(get_lexicon())  # built once, shared by every search of the process
    assert table.mask("CAT") & WORD and not table.mask("QU") & WORD
    assert table.mask("QU") & BITS["I"] and not table.mask("QU") & BITS["Q"]
    assert table.mask("XQZ") == 0
    small = Lexicon("small", ["CAT", "CART"])
    assert prefixes_of(small).mask("CA") & ~(-1 << WORD.bit_length()) == BITS["T"] | BITS["R"]
    assert prefixes_of(small).mask("CA") >> ENDS == BITS["T"]  # CAT is a word, CAR is not
    assert table.mask("QU") >> ENDS == BITS["A"] and table.mask("QUO") >> ENDS & BITS["D"]  # QUA, QUOD
    assert "CAT" in prefixes_of(small) and "CA" not in prefixes_of(small) and prefixes_of(small).has_prefix("CAR")


def test_the_either_way_table_holds_every_word_and_its_reversal():
    table = either_way_of(get_lexicon())
    assert table is either_way_of(get_lexicon())  # built once, shared
    assert "BOX" in table and "XOB" in table and table.mask("XO") & BITS["B"]
    assert "XQZ" not in table
    small = Lexicon("small", ["CAT", "CART"])
    assert either_way_of(small).mask("TA") == BITS["C"] | BITS["C"] << ENDS  # TAC: CAT read backwards
    assert "TAC" in either_way_of(small) and either_way_of(small).mask("TRA") == BITS["C"] | BITS["C"] << ENDS
