"""Lingua Fences through the engine: rounds, sheets passed left, passes, double words, retired sheets, tallies."""

from __future__ import annotations

import pytest

from wordgames.engines.core.errors import IllegalMove, InvalidOptions
from wordgames.engines.core.record import make_record, replay
from wordgames.engines.lingua_fences import ENGINE

from .conftest import legal_word

PLAYERS = ["ann", "bob", "cat", "dan"]


def new(**options):
    return ENGINE.new_game(PLAYERS, {"dictionary": "every-word", **options}, seed=1)


def test_everyone_writes_then_all_sheets_move_left_together():
    state = new()
    assert ENGINE.actors(state) == {0, 1, 2, 3}
    state, outcome = ENGINE.apply(state, 2, "3C CAT")
    assert outcome.summary == "cat wrote CAT on cat's sheet."
    assert ENGINE.actors(state) == {0, 1, 3}  # cat waits; the others may write at their own pace
    with pytest.raises(IllegalMove, match="waiting for ann, bob, dan"):
        ENGINE.apply(state, 2, "C3 CAT")
    for seat in (0, 1, 3):
        state, _ = ENGINE.apply(state, seat, "3C CAT")
    assert state["round"] == 1 and ENGINE.actors(state) == {0, 1, 2, 3}
    assert [ENGINE.sheet_of(state, seat) for seat in range(4)] == [3, 0, 1, 2]  # bob now has ann's sheet
    assert "ann's sheet" in ENGINE.render_text(state, 1)


def test_pass_then_two_words_then_two_passes_retire_a_sheet():
    state = new()
    for seat in range(4):
        state, _ = ENGINE.apply(state, seat, "3C CAT" if seat else "pass")  # ann passes on her own sheet
    assert ENGINE.sheet_of(state, 1) == 0 and state["sheets"][0]["double"]
    with pytest.raises(IllegalMove, match="two words only on a sheet whose last turn was a pass"):
        ENGINE.apply(state, 2, "3C CAT, C3 CAT")  # cat's sheet had a word last
    state, outcome = ENGINE.apply(state, 1, "3C CAT, C3 COD")  # bob may write two on ann's sheet
    assert outcome.summary == "bob wrote CAT and COD on ann's sheet."
    for seat in (0, 2, 3):
        state, _ = ENGINE.apply(state, seat, "pass")
    # Sheets whose last two turns were passes: none yet (each had a word before). Pass again on them.
    for seat in range(4):
        if seat in ENGINE.actors(state):
            index = ENGINE.sheet_of(state, seat)
            state, outcome = ENGINE.apply(state, seat, "pass")
            if state["sheets"][index]["retired"]:
                assert "two passes in a row take it out of the game" in outcome.summary
    retired = [s["retired"] for s in state["sheets"]]
    assert retired.count(True) == 3  # bob's two words on ann's sheet reset its passes
    assert all(ENGINE.sheet_of(state, s) == 0 or s not in ENGINE.actors(state) for s in range(4))


def test_a_four_player_game_to_the_end_with_tallies_and_its_record():
    state = new()
    moves = []

    def play(seat, move):
        nonlocal state
        state, _ = ENGINE.apply(state, seat, move)
        moves.append({"player": PLAYERS[seat], "move": move})

    for _ in range(6):  # six rounds of words
        for seat in sorted(ENGINE.actors(state)):
            play(seat, legal_word(state, seat))
    while not state["finished"]:  # then everyone passes until every sheet is out
        for seat in sorted(ENGINE.actors(state)):
            play(seat, "pass")
    result = ENGINE.result(state)
    tallies = [0, 0, 0, 0]
    for sheet in state["sheets"]:
        assert sheet["retired"]
        for claim in sheet["claims"]:
            tallies[claim["owner"]] += claim["points"]
    assert result["scores"] == tallies and result["reason"] == "every sheet is out of the game"
    assert result["end"] == "sheets-retired"
    record = make_record("lingua-fences", state["options"], PLAYERS, 1, None, moves)
    steps = list(replay(record))
    assert steps[-1]["result"] == result


def test_timeout_passes_and_resigned_players_are_skipped():
    state = new()
    assert ENGINE.timeout_move(state, 0) == "pass"
    state, _ = ENGINE.apply(state, 3, "resign")
    for seat in (0, 1, 2):
        state, _ = ENGINE.apply(state, seat, "3C CAT")
    assert state["round"] == 1  # dan's sheet was skipped, not passed
    assert state["sheets"][3]["passes"] == 0


def test_nothing_is_hidden_and_the_text_shows_claims():
    state = new()
    state, _ = ENGINE.apply(state, 0, "3C CAT")
    view = ENGINE.view(state, 1)
    assert view["sheets"][0]["letters"] == {"c3": "C", "d3": "A", "e3": "T"}
    assert view["writing"] == [1, 2, 3]
    text = ENGINE.render_text(state, 0)
    assert "  3  . . C A T" in text and "Still writing: bob, cat, dan." in text


# --- the text's variations: other languages "maybe simultaneously", and deciding what a valid word is ----------


@pytest.fixture
def french():
    from wordgames.engines.core.lexicon import Lexicon, register_lexicon

    register_lexicon("test-fr", lambda: Lexicon("test-fr", ["CHAT", "CHIEN", "OUI"]))


def test_two_languages_at_once(french):
    state = ENGINE.new_game(["ann", "bob"], {"dictionary": "enable+test-fr"}, seed=1)
    state, _ = ENGINE.apply(state, 0, "3C OUI")  # French
    state, _ = ENGINE.apply(state, 1, "3C CAT")  # English
    with pytest.raises(IllegalMove, match="CZQ is not in the dictionary"):  # in neither
        ENGINE.apply(state, 0, "C3 CZQ")
    with pytest.raises(IllegalMove, match="OUI is not in the dictionary"):  # English alone does not know it
        ENGINE.apply(ENGINE.new_game(["ann", "bob"], {}, seed=1), 0, "3C OUI")
    with pytest.raises(InvalidOptions, match="there is no dictionary called “klingon”"):
        ENGINE.new_game(["ann", "bob"], {"dictionary": "enable+klingon"}, seed=1)


def test_house_words_count_as_words():
    state = ENGINE.new_game(["ann", "bob"], {"house_words": "Zork, bzzt"}, seed=1)
    assert state["options"]["house_words"] == "BZZT ZORK"
    with pytest.raises(IllegalMove, match="ZQX is not in the dictionary"):
        ENGINE.apply(state, 0, "3C ZQX")
    state, outcome = ENGINE.apply(state, 0, "3C ZORK")
    assert outcome.summary == "ann wrote ZORK on ann's sheet."
    state, _ = ENGINE.apply(state, 1, "3C CAT")  # the dictionary still counts
    with pytest.raises(IllegalMove, match="ZORK is not in the dictionary"):  # only where the table agreed to it
        ENGINE.apply(ENGINE.new_game(["ann", "bob"], {}, seed=1), 0, "3C ZORK")
    with pytest.raises(InvalidOptions, match="“R2D2” is not a word"):
        ENGINE.new_game(["ann", "bob"], {"house_words": "R2D2"}, seed=1)


def test_a_word_that_splits_an_area_into_equal_parts_says_how_to_choose():
    state = ENGINE.new_game(
        ["ann", "bob"], {"size": 7, "start": "d1", "edge": "any", "dictionary": "every-word"}, seed=1
    )
    state["sheets"][0]["longest"] = 7  # (as if a seven-letter word had been written before)
    _, outcome = ENGINE.apply(state, 0, "D1 ABCDEFG")
    assert outcome.summary == (
        "ann wrote ABCDEFG on ann's sheet, enclosing 21 squares, for 21 points (ABCDEFG "
        "splits an area into equal parts: the one holding a1 is claimed; to claim another, "
        "add claim e1 after the word)."
    )
    _, chosen = ENGINE.apply(state, 0, "D1 ABCDEFG claim e1")
    assert chosen.move == "D1 ABCDEFG claim e1" and "equal parts" not in chosen.summary
