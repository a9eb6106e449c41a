"""The rules' scorer (``lingo/scoring.py``) is the oracle of both searches.

A rule of scoring is written once, in ``scoring.py``. The search in Python (``best.Search``) scores the moves
it weighs with its parts (``Search.total``) and cuts by bounds; the compiled walk (``_walk.c``) scores in C.
Here, on random positions of every Lingo variant (square and hex, blanks, stacks, covering a letter with
itself, no two-letter words, two to five tiles), the search in Python gives every move the total
``scoring.score_move`` gives it and no bound below it (else it could skip the best move), every move the
compiled walk proposes scores as ``score_move`` scores it, and both searches meet the same moves. A scoring
change made in ``scoring.py`` alone fails here until the walk follows.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings

from wordgames.engines.core.notation import Tile
from wordgames.engines.lingo import ENGINE, best
from wordgames.engines.lingo.scoring import score_move

from .test_lingo_compiled import positions


def _score(state: dict, move) -> int:
    board = ENGINE.board(state)
    min_len = 3 if state["options"]["no_twos"] else 2
    cells = sorted(cell for cell, _ in move)
    return score_move(board.placed(sorted(move)), cells, ENGINE.lexicon(state), min_len).total


def _python_moves(state: dict) -> dict[frozenset, tuple[int, best.Candidate]]:
    """Every legal move the search in Python meets (no pruning), with the total it gives it and its bound."""
    search = best.Search(
        ENGINE.board(state), ENGINE.pool_of(state, 0), state["options"], ENGINE.lexicon(state), not state["board"]
    )
    search.words()
    search.singles()
    return {frozenset(key): (search.total(c), c) for key, c in search.found.items()}


def _compiled_moves(state: dict) -> dict[frozenset, int]:
    """Every legal move of two tiles or more the compiled walk meets, with the total it gives it."""
    found = best._compiled(
        ENGINE.board(state),
        ENGINE.pool_of(state, 0),
        state["options"],
        ENGINE.lexicon(state),
        not state["board"],
        None,
        2,
    )
    moves: dict[frozenset, int] = {}
    for tiles, total in found:
        move = frozenset(((col, row), Tile(chr(65 + letter), bool(blank))) for col, row, letter, blank in tiles)
        assert moves.setdefault(move, total) == total  # met from two starts: the same total
    return moves


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_the_search_in_python_scores_as_the_rules_and_bounds_no_move_below_its_total(position):
    state, _ = position
    for move, (found, candidate) in _python_moves(state).items():
        total = _score(state, move)
        assert found == total, sorted(move)  # its scoring is the rules' scorer's parts, put together as it does
        assert candidate.bound >= total, sorted(move)
        if candidate.tight:  # a word that fills its run: the bound is the total, and lifts the floor
            assert candidate.bound == total, sorted(move)


@pytest.mark.skipif(not best.COMPILED, reason="the compiled Lingo walk is not built")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_move_the_compiled_walk_proposes_scores_as_the_rules_score_it_and_as_the_python_search(position):
    state, _ = position
    compiled = _compiled_moves(state)
    for move, total in compiled.items():
        assert total == _score(state, move), sorted(move)
    python = {move for move in _python_moves(state) if len(move) >= 2}
    assert set(compiled) == python
