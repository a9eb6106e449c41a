"""The best move: what hints, the sporting opponent and bots rely on."""

from __future__ import annotations

from wordgames.engines.core.notation import Tile
from wordgames.engines.lingo import ENGINE, best, build_state
from wordgames.engines.lingo.scoring import score_move


def test_best_move_finds_the_known_best_on_a_small_position():
    # The rule text's fifth move: E, X, R, T for 495 is the best there is with that pool.
    state = build_state(
        ["ann", "bob"], {"preset": "classic"},
        {"k12": "H", "l11": "R", "l12": "E", "l13": "YP", "l14": "E", "l15": "A", "l16": "T", "m12": "W",
         "m13": "E", "m14": "N", "n13": "T", "j14": "O", "k14": "V"},
        pool="EXRT",
    )  # fmt: skip
    found = ENGINE.best_move(state, 0)
    assert found is not None and found.score >= 495
    after, outcome = ENGINE.apply(state, 0, found.move)
    assert outcome.score == found.score
    assert after["scores"][0] == found.score


def test_best_move_on_the_first_move_covers_the_centre():
    state = ENGINE.new_game(["ann", "bob"], {}, 7, bag="ETVY")
    found = ENGINE.best_move(state, 0)
    assert found is not None and found.score == 12  # YET or another word worth 6 x 2
    assert "m13" in ENGINE.apply(state, 0, found.move)[1].events["placed"]


def test_best_move_uses_stacking_and_backwards_words():
    # BOX, read backwards, is the only word a B makes here; CUT needs the U stacked on the A.
    state = build_state(["ann", "bob"], {"pool": 1}, {"l13": "X", "m13": "O"}, pool="B")
    found = ENGINE.best_move(state, 0)
    assert found is not None and (found.move, found.score) == ("n13 B", 24)
    state = build_state(["ann", "bob"], {"pool": 1}, {"l13": "C", "m13": "A", "n13": "T"}, pool="U")
    found = ENGINE.best_move(state, 0)
    assert found is not None and (found.move, found.score) == ("m13 U", 10)


def test_every_candidate_scores_as_the_engine_scores_it():
    state = ENGINE.new_game(["ann", "bob"], {"preset": "pbem", "tiles": 98}, 11)
    for _ in range(4):
        seat = state["turn"]
        board = ENGINE.board(state)
        search = best.Search(board, ENGINE.pool_of(state, seat), state["options"], ENGINE.lexicon(state), not state["board"])
        search.singles()
        search.words()
        for key, candidate in list(search.found.items())[::7]:
            expected = score_move(board.placed(key), [cell for cell, _ in key], ENGINE.lexicon(state), 2).total
            assert search.exact(candidate, search._cross(candidate)) == expected
        state, _ = ENGINE.apply(state, seat, ENGINE.best_move(state, seat).move)


def test_best_move_with_a_blank():
    state = build_state(["ann", "bob"], {"blanks": True, "pool": 1}, {"l13": "Z", "m13": "A"}, pool="?")
    found = ENGINE.best_move(state, 0)
    assert found is not None and found.score == (10 + 1 + 0) * 2
    assert " ?" in found.move and Tile(found.move[-1], True).token == found.move[-2:]


def test_no_best_move_once_the_game_is_over():
    state = ENGINE.new_game(["ann", "bob"], {}, 7, bag="ETVY")
    state, _ = ENGINE.apply(state, 0, "resign")
    assert ENGINE.best_move(state, 1) is None
