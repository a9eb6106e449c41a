"""The best move: what hints, the sporting opponent and bots rely on."""

from __future__ import annotations

import itertools

import pytest

from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.notation import Placement, Tile
from wordgames.engines.lingo import ENGINE, best, build_state
from wordgames.engines.lingo.rules import check_placements
from wordgames.engines.lingo.scoring import score_move

pytestmark = pytest.mark.usefixtures("either_search")  # the compiled walk and the search in Python


def test_best_move_finds_the_known_best_on_a_small_position():
    # The rule text's fifth move: E, X, R, T for 495 is the best there is with that pool.
    state = build_state(
        ["ann", "bob"],
        {"preset": "classic"},
        {
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
        },
        pool="EXRT",
    )
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


def test_the_search_in_python_scores_as_the_rules_and_bounds_no_move_below_its_total():
    # The search scores moves in decreasing order of their bounds and stops when no bound can beat the best
    # total: a bound below the rules' total would skip a better move. A word filling its run is bounded exactly.
    state = ENGINE.new_game(["ann", "bob"], {"preset": "pbem", "tiles": 98}, 11)
    for _ in range(4):
        seat = state["turn"]
        board = ENGINE.board(state)
        search = best.Search(
            board, ENGINE.pool_of(state, seat), state["options"], ENGINE.lexicon(state), not state["board"]
        )
        search.singles()
        search.words()
        for key, candidate in search.found.items():
            expected = score_move(board.placed(key), [cell for cell, _ in key], ENGINE.lexicon(state), 2).total
            assert search.total(candidate) == expected, key  # the search's scoring is the rules' scorer
            assert candidate.bound >= expected, key
            if candidate.tight:
                assert candidate.bound == expected, key
        state, _ = ENGINE.apply(state, seat, ENGINE.best_move(state, seat).move)


def test_the_cut_search_finds_the_total_of_the_best_of_every_legal_move():
    # Branch and bound walks a fraction of the moves; the best of all of them, each scored by the engine's
    # rules, is what it must find: square and hex, with a blank, covering a letter with itself, no two-letter
    # words.
    kept = legal = 0
    for options, pool, turns in (
        ({"preset": "pbem", "tiles": 98}, None, 5),
        ({"preset": "pbem", "tiles": 98, "hex": True}, None, 5),
        ({"preset": "classic", "blanks": True}, "?", 5),
        ({"preset": "pbem", "tiles": 98, "repeat": True}, None, 3),
        ({"preset": "classic", "no_twos": True, "hex": True}, None, 3),
    ):
        state = ENGINE.new_game(["ann", "bob"], options, 5)
        min_len = 3 if state["options"]["no_twos"] else 2
        for turn in range(turns):
            seat = state["turn"]
            if pool and turn == 4:
                state = {**state, "pool": [pool, *state["pool"][1:]]}
            board, lexicon = ENGINE.board(state), ENGINE.lexicon(state)
            every = best.Search(board, ENGINE.pool_of(state, seat), state["options"], lexicon, not state["board"])
            every.singles()
            every.words()
            totals = [
                score_move(board.placed(key), [cell for cell, _ in key], lexicon, min_len).total for key in every.found
            ]
            found = best.search_board(board, ENGINE.pool_of(state, seat), state["options"], lexicon, not state["board"])
            assert found.complete and found.score == max(totals)
            kept += found.candidates
            legal += len(totals)
            state, _ = ENGINE.apply(state, seat, ENGINE.best_move(state, seat).move)
    assert kept * 3 < legal  # most moves were never kept (nor, mostly, walked to)


def test_best_move_with_a_blank():
    state = build_state(["ann", "bob"], {"blanks": True, "pool": 1}, {"l13": "Z", "m13": "A"}, pool="?")
    found = ENGINE.best_move(state, 0)
    assert found is not None and found.score == (10 + 1 + 0) * 2
    assert " ?" in found.move and Tile(found.move[-1], True).token == found.move[-2:]


def test_no_best_move_once_the_game_is_over():
    state = ENGINE.new_game(["ann", "bob"], {}, 7, bag="ETVY")
    state, _ = ENGINE.apply(state, 0, "resign")
    assert ENGINE.best_move(state, 1) is None


def _every_word_move_by_the_rules(state: dict) -> set[frozenset]:
    """Every legal move of two or more tiles, found without the search: each span of cells along each line,
    each choice of cells in it holding every empty one, each order of the pool's letters, asked of the rules."""
    board, lexicon, pool = ENGINE.board(state), ENGINE.lexicon(state), ENGINE.pool_of(state, state["turn"])
    grid = board.grid
    place = min(state["options"]["place"], len(pool))
    legal: set[frozenset] = set()
    for axis in grid.axes:
        lines = []
        for cell in [(col, row) for col in range(grid.columns) for row in range(1, grid.rows + 1)]:
            if grid.contains(cell) and not grid.contains((cell[0] - axis[0], cell[1] - axis[1])):
                line = []
                while grid.contains(cell):
                    line.append(cell)
                    cell = (cell[0] + axis[0], cell[1] + axis[1])
                lines.append(line)
        for line in lines:
            if not any(board.touches(c) for c in line):
                continue
            for i in range(len(line)):
                for j in range(i + 1, min(i + 7, len(line))):
                    span = line[i : j + 1]
                    inner = [c for c in span[1:-1] if c in board.tops]
                    needed = [c for c in span if c not in board.tops]
                    for extra in range(place - 1):
                        for covered in itertools.combinations(inner, extra):
                            cells = sorted({span[0], span[-1], *needed, *covered}, key=span.index)
                            if len(cells) > place:
                                continue
                            for letters in set(itertools.permutations(pool, len(cells))):
                                placements = [Placement(c, Tile(x)) for c, x in zip(cells, letters)]
                                try:
                                    check_placements(placements, board, pool, state["options"], lexicon, False, False)
                                except IllegalMove:
                                    continue
                                legal.add(frozenset((c, x) for c, x in zip(cells, letters)))
    return legal


def test_the_walk_meets_every_legal_word_move_the_rules_allow():
    # The search's own enumeration (no cutting) against the rules asked about every placement along every
    # line: stacking, words read backwards, words that do not fill their run.
    state = build_state(
        ["ann", "bob"],
        {"preset": "classic"},
        {
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
        },
        pool="SEAT",
    )
    every = best.Search(ENGINE.board(state), ENGINE.pool_of(state, 0), state["options"], ENGINE.lexicon(state), False)
    every.words()
    walked = {frozenset((cell, tile.letter) for cell, tile in key) for key in every.found}
    assert len(walked) == len(every.found)  # each move met once
    assert walked == _every_word_move_by_the_rules(state)


def test_when_nothing_scores_the_best_move_makes_a_word_rather_than_burn_a_tile():
    # Two blanks on the first move: every word scores 0 (blanks are worth nothing), and so does a single tile.
    # A single tile that makes no word may be played only when no word can be made, so the answer is a word.
    state = build_state(["ann", "bob"], {"blanks": True, "pool": 2}, {}, pool="??")
    found = ENGINE.best_move(state, 0, budget_s=None)
    assert found is not None and found.score == 0
    assert len(found.move.split()) == 4  # two tiles: a cell and a tile each
    after, outcome = ENGINE.apply(state, 0, found.move)  # legal
    assert outcome.words


def test_on_equal_scores_the_best_move_with_fewer_tiles_is_shown():
    # Z next to the A of AX, and Z A put down together, both score 38 here: the single tile is the answer.
    state = build_state(["ann", "bob"], {"pool": 2}, {"m13": "A", "m14": "X"}, pool="ZA")
    board, lexicon = ENGINE.board(state), ENGINE.lexicon(state)
    every = best.Search(board, ENGINE.pool_of(state, 0), state["options"], lexicon, False)
    every.singles()
    every.words()
    totals = [(score_move(board.placed(key), [c for c, _ in key], lexicon, 2).total, len(key)) for key in every.found]
    assert {tiles for total, tiles in totals if total == 38} == {1, 2} and max(totals)[0] == 38
    found = ENGINE.best_move(state, 0, budget_s=None)
    assert found is not None and found.score == 38 and len(found.move.split()) == 2
