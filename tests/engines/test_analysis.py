"""The engines' side of the analysis after the game: the strong player's best move from the mover's view."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from wordgames.engines import get_engine
from wordgames.engines.core.analysis import Review, best_for_view, points_of, review_record, summarise, unseen
from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.players import choose_move
from wordgames.engines.core.selfplay import play_game


def _rng(n: int) -> random.Random:
    return random.Random(n)


def test_the_best_move_depends_only_on_what_the_mover_sees() -> None:
    """Swap the other player's rack and the bag: the best move for ann, and its score, stay the same."""
    engine = get_engine("lingo")
    state = engine.new_game(["ann", "bob"], {"not_shared": True}, 11)
    best = best_for_view(engine, state, 0, budget=0.3, rng=random.Random(1))
    assert best is not None and best.points > 0
    other = copy.deepcopy(state)
    size = len(other["pools"][1])  # bob's hidden pool and the bag's first tiles change places
    other["pools"][1], other["bag"] = list(other["bag"][:size]), "".join(state["pools"][1]) + other["bag"][size:]
    assert other["pools"][1] != state["pools"][1]
    assert engine.view(other, 0) == engine.view(state, 0)
    assert best_for_view(engine, other, 0, budget=0.3, rng=random.Random(1)) == best


def test_points_missed_are_the_best_moves_score_less_the_played_ones_never_below_zero() -> None:
    weak, strong, better = (
        Review(1, 0, "a", 4, "b", 21),
        Review(2, 1, "c", 72, "c", 72),
        Review(3, 0, "d", 30, "e", 20),
    )
    assert (weak.missed, weak.matched) == (17, False)
    assert (strong.missed, strong.matched) == (0, True)
    assert (better.missed, better.matched) == (0, True)
    assert Review(4, 1, "resign", 0, "", 0).matched
    assert summarise([weak, strong, better], 2) == [
        {"seat": 0, "moves": 2, "matched": 1, "missed": 17},
        {"seat": 1, "moves": 1, "matched": 1, "missed": 0},
    ]


@pytest.mark.parametrize("kind", ["lingo", "lingua-fences", "keebble", "lexicon-crossing"])
def test_every_game_kind_gets_a_legal_best_move_beside_each_move(kind: str) -> None:
    report = play_game(kind, ["quick", "quick"], seed=3, budget=0.02, max_moves=400)
    moves = report.record["moves"][:12]
    reviews = review_record({**report.record, "moves": moves}, budget=0.05, rng_for=_rng)
    assert [r.n for r in reviews] == list(range(1, len(moves) + 1))
    assert [r.played for r in reviews] == [m["move"] for m in moves]
    engine = get_engine(kind)
    state = engine.new_game(report.record["players"], report.options, report.seed)
    for review, move in zip(reviews, moves):
        if review.best:  # the strong player's move is legal in the position, and scores what the review says
            assert points_of(engine, state, review.seat, review.best) == (review.best, review.best_points)
        state, _ = engine.apply(state, review.seat, move["move"])
    assert any(r.best for r in reviews)


def green_lit() -> tuple[Any, dict[str, Any]]:
    """Lexicon Crossing: ann lays all her 30 tiles in one crossword and calls green light; each player is dealt one
    tile, ann's (an E) hidden from her until bob has seen his."""
    engine = get_engine("lexicon-crossing")
    state = engine.new_game(["ann", "bob"], engine.validate_options({}), 7)
    # The strong computer builds her crossword; within its budget it may leave a tile out (a partial crossword is
    # a legal move, to be finished next turn): try other draws until one is complete, as the test needs.
    for draw in range(1, 9):
        grid = choose_move(engine, engine.view(state, 0), 0, level="strong", rng=random.Random(draw), budget=1.0)
        assert grid and grid.startswith("grid ")
        laid, _outcome = engine.apply(state, 0, grid)
        try:
            state, _outcome = engine.apply(laid, 0, "green")
        except IllegalMove:
            continue
        break
    assert state["last_green"] == 0 and state["latest"][0] == ["E"] and len(state["tiles"][0]) == 31
    return engine, state


def test_the_green_lighters_hidden_new_tile_is_not_seen_by_the_analysis_of_their_move() -> None:
    engine, state = green_lit()
    assert unseen(engine, state, 0) == {"conceal_latest": True} and unseen(engine, state, 1) == {}
    best = best_for_view(engine, state, 0, budget=0.5, rng=random.Random(2))
    # All 30 tiles she can see are in her crossword already: the hidden E is nothing she could have played.
    assert best is None or sum(ch.isalpha() for ch in best.move.removeprefix("grid ")) == 30
