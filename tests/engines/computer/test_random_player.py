"""The strength bench's random player (bench/selfplay.py measures the levels against it): every move it makes is
legal in all four games, and it moves at random (another rng, another move)."""

from __future__ import annotations

import random

import pytest

from wordgames.engines import get_engine
from wordgames.engines.core.players import choose_move
from wordgames.engines.core.selfplay import play_game

SMALL = {
    "lingo": {"tiles": 30},
    "lingua-fences": {"size": 9},
    "keebble": {"board": "8x4"},
    "lexicon-crossing": {"tiles": "s98", "start_tiles": 30, "per_green": 2},
}


@pytest.mark.parametrize("game", sorted(SMALL))
def test_a_seeded_game_between_random_players_ends_with_every_move_legal(game: str) -> None:
    # play_game applies each move with the engine (an illegal one is an error) and replays the record at the end
    report = play_game(game, ["random", "random"], seed=3, options=SMALL[game], budget=0.05)

    assert report.moves > 4 and report.reason
    assert len(report.record["moves"]) == report.moves


def test_random_players_call_green_light_and_jaywalk_in_lexicon_crossing() -> None:
    report = play_game("lexicon-crossing", ["random", "random"], seed=2, options=SMALL["lexicon-crossing"], budget=0.05)

    moves = [m["move"].split()[0] for m in report.record["moves"]]
    assert "green" in moves and "jaywalk" in moves


@pytest.mark.parametrize("game", sorted(SMALL))
def test_the_random_player_moves_at_random_and_legally(game: str) -> None:
    engine = get_engine(game)
    state = engine.new_game(["ann", "bob"], SMALL[game], 5)
    seat = sorted(engine.actors(state))[0]
    moves = {
        choose_move(engine, engine.view(state, seat), seat, level="random", rng=random.Random(n), budget=0.2)
        for n in range(8)
    }

    assert len(moves) >= 3
    for move in moves:
        assert move is not None
        engine.apply(state, seat, move)  # raises IllegalMove if it is not legal
