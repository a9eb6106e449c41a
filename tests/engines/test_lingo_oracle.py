"""The rules' scorer (``lingo/scoring.py``) is the oracle of both searches.

A rule of scoring is written once, in ``scoring.py``; the compiled walk (``_walk.c``) and the search in Python
(``best.Search``) are fast ways of finding the move it scores highest. Here, on random positions of every Lingo
variant (square and hex, blanks, stacks, covering a letter with itself, no two-letter words, two to five tiles),
every move either search proposes is scored by ``scoring.score_move`` and must score the same, and both must
propose the same moves. A scoring change made in one place only fails here.
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


def _python_moves(state: dict) -> dict[frozenset, int]:
    """Every legal move the search in Python meets (no pruning), with the total it gives it."""
    search = best.Search(ENGINE.board(state), ENGINE.pool_of(state, 0), state["options"], ENGINE.lexicon(state),
                         not state["board"])  # fmt: skip
    search.words()
    search.singles()
    return {frozenset(key): search.exact(c) for key, c in search.found.items()}


def _compiled_moves(state: dict) -> dict[frozenset, int]:
    """Every legal move of two tiles or more the compiled walk meets, with the total it gives it."""
    found = best._compiled(ENGINE.board(state), ENGINE.pool_of(state, 0), state["options"], ENGINE.lexicon(state),
                           not state["board"], None, 2)  # fmt: skip
    moves: dict[frozenset, int] = {}
    for tiles, total in found:
        move = frozenset(((col, row), Tile(chr(65 + letter), bool(blank))) for col, row, letter, blank in tiles)
        assert moves.setdefault(move, total) == total  # met from two starts: the same total
    return moves


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_move_the_search_in_python_proposes_scores_as_the_rules_score_it(position):
    state, _ = position
    for move, total in _python_moves(state).items():
        assert total == _score(state, move), sorted(move)


@pytest.mark.skipif(not best.COMPILED, reason="the compiled Lingo walk is not built")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_every_move_the_compiled_walk_proposes_scores_as_the_rules_score_it_and_as_the_python_search(position):
    state, _ = position
    compiled = _compiled_moves(state)
    for move, total in compiled.items():
        assert total == _score(state, move), sorted(move)
    python = {move: total for move, total in _python_moves(state).items() if len(move) >= 2}
    assert compiled == python
