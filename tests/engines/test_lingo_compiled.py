"""The compiled Lingo walk (``engines/lingo/_walk.c``) held to the rules and to the search in Python.

Hints, the sporting opponent and the computer players use the compiled walk wherever it is built; the search in
Python (``best.Search``) is the reference. Each test here would fail if the walk missed a legal move, scored one
differently from the rules, found a worse best move, or ignored its budget.
"""

from __future__ import annotations

import os
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.engines.core.grid import cell_name
from wordgames.engines.core.lexicon import Lexicon, get_lexicon
from wordgames.engines.core.notation import Placement, PlaceMove, Tile, format_move, parse_move
from wordgames.engines.core.prefixes import either_way_of
from wordgames.engines.lingo import ENGINE, best, build_state
from wordgames.engines.lingo.scoring import score_move

from .test_lingo_best_move import _every_word_move_by_the_rules

REQUIRED = bool(os.environ.get("WORDGAMES_REQUIRE_COMPILED"))
pytestmark = pytest.mark.skipif(not best.COMPILED and not REQUIRED, reason="the compiled Lingo walk is not built")

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


def test_the_compiled_walk_is_built_where_it_is_required():
    # CI sets WORDGAMES_REQUIRE_COMPILED: there, a walk that failed to compile is a failure, not a skip.
    assert best.COMPILED and best._walk is not None


def _every_move(state: dict) -> list[tuple[frozenset, int]]:
    """Every legal move of two tiles or more the compiled walk meets, with the total it gives it."""
    seat = state["turn"]
    found = best._compiled(
        ENGINE.board(state),
        ENGINE.pool_of(state, seat),
        state["options"],
        ENGINE.lexicon(state),
        not state["board"],
        None,
        2,
    )
    return [
        (frozenset(((col, row), Tile(chr(65 + letter), bool(blank))) for col, row, letter, blank in tiles), total)
        for tiles, total in found
    ]


def test_the_compiled_trie_holds_every_word_read_either_way_and_nothing_else():
    lexicon = get_lexicon()
    table = either_way_of(lexicon)
    trie = best._trie(lexicon)
    assert trie is best._trie(lexicon)  # built once per lexicon and process
    words = list(lexicon)[::97]
    prefixes = {w[:i] for w in words for i in range(len(w) + 1)} | {
        w[::-1][:i] for w in words for i in range(len(w) + 1)
    }
    prefixes |= {"XQZ", "QU", "Q", "ZZZ", "AAAAAAAA", ""}
    for prefix in sorted(prefixes):
        assert best._walk.mask(trie, prefix.encode()) == table.mask(prefix), prefix
    small = Lexicon("small", ["CAT", "CART", "CAFÉ"])
    small_trie = best._trie(small)
    assert best._walk.mask(small_trie, b"TA") == either_way_of(small).mask("TA")  # TAC: CAT read backwards
    assert best._walk.mask(small_trie, b"CAF") == 0  # a word with a letter that is no tile is left out


def test_the_compiled_walk_meets_every_legal_word_move_the_rules_allow_and_scores_each_as_the_rules_do():
    state = build_state(["ann", "bob"], {"preset": "classic"}, RULE_TEXT_BOARD, pool="SEAT")
    board, lexicon = ENGINE.board(state), ENGINE.lexicon(state)
    every = _every_move(state)
    walked = {frozenset((cell, tile.letter) for cell, tile in move) for move, _ in every}
    assert walked == _every_word_move_by_the_rules(state)
    for move, total in every:
        assert total == score_move(board.placed(sorted(move)), sorted(cell for cell, _ in move), lexicon, 2).total


GAMES = [
    ({"preset": "pbem", "tiles": 98}, 5, ""),
    ({"preset": "pbem", "tiles": 98, "hex": True}, 5, ""),
    ({"preset": "classic", "blanks": True}, 4, "?"),
    ({"preset": "classic", "blanks": True, "hex": True}, 3, "??"),
    ({"preset": "pbem", "tiles": 98, "repeat": True}, 3, ""),
    ({"preset": "classic", "no_twos": True, "hex": True}, 3, ""),
    ({"preset": "pbem", "tiles": 98, "place": 2}, 3, ""),
]


def _positions(options: dict, turns: int, blanks: str, seed: int) -> list[dict]:
    """Positions of a game played by the best moves, ``blanks`` put in the pool from the third turn on."""
    state = ENGINE.new_game(["ann", "bob"], options, seed)
    out = []
    for turn in range(turns):
        seat = state["turn"]
        if blanks and turn >= 2:  # the pool is the players' common pool of tiles
            state = {**state, "pool": [*blanks, *state["pool"][len(blanks) :]]}
        out.append(state)
        found = ENGINE.best_move(state, seat, budget_s=None)
        if found is None:
            break
        state, _ = ENGINE.apply(state, seat, found.move)
    return out


@pytest.mark.parametrize(("options", "turns", "blanks"), GAMES, ids=lambda v: str(v))
def test_the_compiled_search_finds_the_best_total_the_search_in_python_finds(options, turns, blanks, monkeypatch):
    # Square and hex, blanks, covering a letter with itself, no two-letter words, two tiles at most.
    for state in _positions(options, turns, blanks, seed=3):
        seat = state["turn"]
        board, pool, lexicon = ENGINE.board(state), ENGINE.pool_of(state, seat), ENGINE.lexicon(state)
        first = not state["board"]
        monkeypatch.setattr(best, "COMPILED", False)
        python = best.search_board(board, pool, state["options"], lexicon, first)
        possible = best.word_possible(board, pool, state["options"], lexicon, first)
        monkeypatch.setattr(best, "COMPILED", True)
        compiled = best.search_board(board, pool, state["options"], lexicon, first)
        assert compiled.complete and python.complete
        assert compiled.score == python.score
        assert best.word_possible(board, pool, state["options"], lexicon, first) == possible
        assert compiled.placements
        outcome = ENGINE.preview(state, seat, format_move(PlaceMove(tuple(compiled.placements))))
        assert outcome.score == compiled.score  # a legal move, worth what the search says


def test_every_move_the_compiled_walk_scores_on_a_hex_board_with_a_blank_scores_so_by_the_rules():
    state = _positions({"preset": "classic", "blanks": True, "hex": True}, 4, "?", seed=5)[-1]
    board, lexicon = ENGINE.board(state), ENGINE.lexicon(state)
    every = _every_move(state)
    assert len(every) > 1000 and any(tile.blank for move, _ in every for _, tile in move)
    for move, total in every[::13]:
        cells = sorted(cell for cell, _ in move)
        assert total == score_move(board.placed(sorted(move)), cells, lexicon, 2).total, move


def test_a_compiled_search_out_of_time_says_so_and_still_answers_with_a_legal_move():
    state = build_state(
        ["ann", "bob"], {"preset": "classic", "blanks": True, "hints": True}, RULE_TEXT_BOARD, pool="??ES"
    )
    result = ENGINE.search(state, 0, budget_s=0.0)
    assert result.complete is False and result.best is not None and result.best.score > 0
    assert ENGINE.apply(state, 0, result.best.move)[1].score == result.best.score
    whole = ENGINE.search(state, 0, budget_s=None)
    assert whole.complete is True and whole.best is not None and whole.best.score > result.best.score


def test_no_word_possible_when_the_pool_cannot_make_one(monkeypatch):
    # Only a single tile that makes no word can go down: the player may then burn (rules/lingo.md).
    state = build_state(["ann", "bob"], {"pool": 2}, {"l13": "X", "m13": "X"}, pool="QQ")
    for compiled in (True, False):
        monkeypatch.setattr(best, "COMPILED", compiled)
        assert not ENGINE.word_possible(state, 0)
        found = ENGINE.search(state, 0, budget_s=None)
        assert found.best is not None and found.best.score == 0
    state = build_state(["ann", "bob"], {"pool": 2}, {"l13": "X", "m13": "A"}, pool="QX")
    assert ENGINE.word_possible(state, 0)  # AX, XAX


def test_the_compiled_search_never_puts_down_a_tile_the_pool_does_not_hold():
    for state in _positions({"preset": "classic", "blanks": True}, 5, "?", seed=9)[2:]:
        found = ENGINE.search(state, state["turn"], budget_s=None)
        assert found.best is not None
        pool = Counter(ENGINE.pool_of(state, state["turn"]))
        used = Counter("?" if p.tile.blank else p.tile.letter for p in _placements(found.best.move))
        assert not used - pool


def _placements(move: str) -> list[Placement]:
    parsed = parse_move(move)
    assert isinstance(parsed, PlaceMove)
    return list(parsed.placements)


LETTERS = "EEEEAAAIIIOONNRRTTLSUDGBCMPFHVWYKJXQZ"


@st.composite
def positions(draw: st.DrawFn) -> tuple[dict, str]:
    """A small random position near the centre: letters that need not make words, stacks, blanks."""
    hex_board = draw(st.booleans())
    pool = "".join(draw(st.lists(st.sampled_from(LETTERS + "??"), min_size=1, max_size=5)))
    if pool.count("?") > 2:
        pool = pool.replace("?", "E", pool.count("?") - 2)
    options = {
        "blanks": True,
        "hex": hex_board,
        "repeat": draw(st.booleans()),
        "no_twos": draw(st.booleans()),
        "pool": 5,
        "place": draw(st.integers(2, 5)),
    }
    grid = ENGINE.board(ENGINE.new_game(["ann", "bob"], options, 0)).grid
    centre = grid.centre
    tiles = {}
    for dc, dr, letters in draw(
        st.lists(
            st.tuples(st.integers(-3, 3), st.integers(-4, 4), st.text(LETTERS + "?", min_size=1, max_size=2)),
            max_size=12,
        )
    ):
        cell = (centre[0] + dc, centre[1] + dr)
        if grid.contains(cell) and not letters.endswith("?"):
            tiles[cell_name(*cell)] = letters
    return build_state(["ann", "bob"], options, tiles, pool=pool), pool


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions())
def test_on_any_small_position_the_compiled_search_agrees_with_the_search_in_python(position):
    # Random letters (most of them making no words), stacks, blanks, both boards and every rule option: the
    # compiled walk finds the Python search's best total with as few tiles, the same answer to "can a word be
    # made", and a legal move worth what it says.
    state, _ = position
    results = {}
    for compiled in (True, False):
        best.COMPILED = compiled
        try:
            found = ENGINE.search(state, 0, budget_s=None)
            score = found.best.score if found.best else None
            tiles = len(found.best.move.split()) // 2 if found.best and score else 0  # fewer tiles on a tie
            results[compiled] = (score, ENGINE.word_possible(state, 0), tiles, found)
        finally:
            best.COMPILED = True
    assert results[True][:3] == results[False][:3]
    found = results[True][3]
    assert found.complete
    if found.best is not None:
        assert ENGINE.preview(state, 0, found.best.move).score == found.best.score


def test_a_worker_builds_the_word_table_before_it_forks_its_processes():
    from celery.signals import worker_init

    from wordgames.celery import warm_search_tables

    assert warm_search_tables in worker_init._live_receivers(None)  # sent before a worker starts its pool
    lexicon = get_lexicon()
    words = either_way_of(lexicon).lexicon
    best._tries.pop(words, None)
    warm_search_tables()
    built = best._tries.get(words)
    assert built is not None and best._trie(lexicon) is built
