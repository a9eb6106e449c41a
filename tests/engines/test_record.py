"""wordgames-record/1: reading, replaying, refusing."""

from __future__ import annotations

import copy

import pytest

from wordgames.engines.core.errors import InvalidRecord
from wordgames.engines.core.record import final_state, make_record, replay
from wordgames.engines.lingo import ENGINE


def test_make_record_round_trips_through_replay(example_record):
    record = make_record(
        "lingo", example_record["options"], example_record["players"], 7, example_record["bag"], example_record["moves"]
    )
    assert record == example_record
    assert [line.get("score") for line in replay(record)][:5] == [12, 84, 126, 100, 495]


def test_replaying_the_same_seed_and_moves_gives_the_same_state(example_record):
    assert final_state(example_record) == final_state(copy.deepcopy(example_record))
    other = dict(example_record, moves=[], bag="", seed=99)
    assert final_state(other) == final_state(copy.deepcopy(other))
    assert final_state(other)["bag"] != final_state(dict(other, seed=100))["bag"]


def test_a_game_of_best_moves_replays_exactly():
    state = ENGINE.new_game(["ann", "bob"], {"preset": "pbem"}, 2005)
    moves = []
    for _ in range(4):
        seat = state["turn"]
        best = ENGINE.best_move(state, seat)
        state, outcome = ENGINE.apply(state, seat, best.move)
        moves.append({"player": ["ann", "bob"][seat], "move": outcome.move})
    record = make_record("lingo", {"preset": "pbem"}, ["ann", "bob"], 2005, None, moves)
    assert final_state(record) == state


def test_an_illegal_move_names_its_number_and_reason(example_record):
    example_record["moves"][2]["move"] = "12K HQW"
    with pytest.raises(InvalidRecord) as refused:
        list(replay(example_record))
    assert (
        str(refused.value)
        == "Move 3 (ann: 12K HQW) is illegal: You do not have the letter Q: the pool holds E, H, R, W."
    )


@pytest.mark.parametrize(
    "change, message",
    [
        ({"format": "pgn"}, "The record's format must be “wordgames-record/1”, not “pgn”."),
        ({"game": "chess"}, "The record's game must be one of"),
        ({"players": []}, "The record's players must be a list of names"),
        ({"seed": "seven"}, "The record's seed must be the game's secret"),
        ({"moves": [{"player": "zed", "move": "13L YET"}]}, "Move 1 must name one of the players and a move."),
        ({"bag": "QQQ"}, "The bag “QQQ” does not fit the tile set"),
    ],
)
def test_a_bad_record_is_refused_with_a_sentence(example_record, change, message):
    with pytest.raises(InvalidRecord) as refused:
        list(replay(dict(example_record, **change)))
    assert str(refused.value).startswith(message)
