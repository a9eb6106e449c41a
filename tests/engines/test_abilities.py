"""What each engine declares it can do, so that the site never has to guess (hints, green light, teams...)."""

from __future__ import annotations

import pytest

from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.engine import EndReason, end_of

PLAYERS = ["ann", "bob", "cat"]


def test_only_lingo_offers_hints_and_the_others_find_no_move():
    assert [name for name in engine_names() if get_engine(name).hints] == ["lingo"]
    for name in engine_names():
        engine = get_engine(name)
        state = engine.new_game(PLAYERS, {}, 7)
        seat = min(engine.actors(state))
        found = engine.best_move(state, seat)
        assert (found is not None) == engine.hints, name


@pytest.mark.parametrize("name", ["lingo", "lingua-fences", "lexicon-crossing"])
def test_games_that_let_several_players_move_at_once_say_so(name):
    engine = get_engine(name)
    state = engine.new_game(PLAYERS, {}, 7)
    assert (len(engine.actors(state)) > 1) == engine.simultaneous


def test_only_lexicon_crossing_queues_green_lights_and_plays_in_teams():
    assert [name for name in engine_names() if get_engine(name).asynchronous_green] == ["lexicon-crossing"]
    assert [name for name in engine_names() if get_engine(name).teams] == ["lexicon-crossing"]
    crossing = get_engine("lexicon-crossing")
    state = crossing.new_game(["ann", "bob", "cat", "dan"], {"teams": "AABB"}, 7)
    assert [crossing.team_of(state, seat) for seat in range(4)] == ["A", "A", "B", "B"]
    lingo = get_engine("lingo")
    assert lingo.team_of(lingo.new_game(PLAYERS, {}, 7), 0) is None


def test_hidden_scores_are_counted_when_a_game_is_cut_short():
    crossing = get_engine("lexicon-crossing")
    state = crossing.new_game(PLAYERS, {}, 7)
    assert None in crossing.view(state, None)["scores"]
    assert crossing.current_scores(state) == [0, 0, 0]
    lingo = get_engine("lingo")
    assert lingo.current_scores(lingo.new_game(PLAYERS, {}, 7)) == [0, 0, 0]


@pytest.mark.parametrize("name", engine_names())
def test_every_game_ended_by_resignations_says_so_in_words_and_as_a_typed_reason(name):
    engine = get_engine(name)
    state = engine.new_game(["ann", "bob"], {}, 7)
    assert end_of(state) is None and engine.result(state) is None
    state, _ = engine.resign(state, 0)
    result = engine.result(state)
    assert result is not None and result["end"] == "resigned" and result["reason"]
    assert end_of(state) is EndReason.RESIGNED
