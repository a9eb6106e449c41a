"""Computer players: they see only their seat's view, choose the same move from the same rng, keep to their
time budget, and play the moves the levels promise."""

from __future__ import annotations

import copy
import gc
import random
import time
from typing import Any

import pytest

from wordgames.engines import get_engine
from wordgames.engines.core.lexicon import get_lexicon
from wordgames.engines.core.players import choose_move, levels, prefixes

GAMES = ["keebble", "lexicon-crossing", "lingo", "lingua-fences"]
ROOMY = 30.0  # a budget no search here reaches: the choice depends on the position and the rng alone


@pytest.fixture(autouse=True, scope="module")
def _warm() -> None:
    prefixes(get_lexicon())  # built once a process; the budget tests time the search, not this


def move(
    game: str, state: dict[str, Any], seat: int, level: str = "quick", seed: int = 1, budget: float = ROOMY
) -> str | None:
    engine = get_engine(game)
    return choose_move(engine, engine.view(state, seat), seat, level=level, rng=random.Random(seed), budget=budget)


def midgame(game: str, options: dict[str, Any], moves: int, seed: int = 4) -> dict[str, Any]:
    """The position after ``moves`` moves between quick computers."""
    engine = get_engine(game)
    state = engine.new_game(["ann", "bob"], options, seed)
    for n in range(moves):
        seat = sorted(engine.actors(state))[n % len(engine.actors(state))]
        chosen = move(game, state, seat, seed=n, budget=0.3 if game == "lexicon-crossing" else 0.05)
        if chosen is None:
            break
        state, _ = engine.apply(state, seat, chosen)
    return state


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_quick_and_a_strong_computer(game: str) -> None:
    assert levels(game) == ["quick", "strong"]


def test_asking_for_a_level_that_does_not_exist_names_the_levels_there_are() -> None:
    with pytest.raises(KeyError, match="No 'expert' computer player for 'lingo'; its levels: quick, strong"):
        choose_move(get_engine("lingo"), {}, 0, level="expert")


# --- it sees only what its seat may see ---------------------------------------------------------------------


@pytest.mark.parametrize("level", ["quick", "strong"])
def test_lingo_computer_plays_the_same_whatever_the_other_pools_and_the_bag_hold(level: str) -> None:
    engine = get_engine("lingo")
    state = engine.new_game(["ann", "bob"], {"not_shared": True}, seed=8)
    state, _ = engine.apply(state, 0, move("lingo", state, 0))
    other = copy.deepcopy(state)
    other["pools"][0] = list("QZXJ")
    other["bag"] = list(reversed(other["bag"]))

    chosen = move("lingo", state, 1, level)
    assert chosen == move("lingo", other, 1, level)
    engine.apply(state, 1, chosen)  # and it is legal


def test_lexicon_crossing_computer_plays_the_same_whatever_the_others_hold_and_the_pool() -> None:
    engine = get_engine("lexicon-crossing")
    state = engine.new_game(["ann", "bob"], {"tiles": "s98", "start_tiles": 15}, seed=3)
    other = copy.deepcopy(state)
    other["tiles"][1] = list("QQQQZZZZXXXXJJJ")
    other["grids"][1] = ["QI"]
    other["bag"] = list(reversed(other["bag"]))

    chosen = move("lexicon-crossing", state, 0)
    assert chosen is not None and chosen.startswith("grid ")
    assert chosen == move("lexicon-crossing", other, 0)


@pytest.mark.parametrize("game, options", [("keebble", {"board": "8x4"}), ("lingua-fences", {"size": 7})])
def test_a_computer_in_a_game_with_nothing_hidden_plays_the_same_whatever_the_games_secret(
    game: str, options: dict[str, Any]
) -> None:
    state = midgame(game, options, moves=6)
    other = copy.deepcopy(state)
    other["seed"] += 1_000_003
    seat = min(get_engine(game).actors(state))

    assert move(game, state, seat, "strong") == move(game, other, seat, "strong")


# --- reproducible, and within its budget ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "game, options",
    [
        ("lingo", {"tiles": 30}),
        ("lingua-fences", {"size": 7}),
        ("keebble", {"board": "8x4"}),
        ("lexicon-crossing", {"tiles": "s98", "start_tiles": 15}),
    ],
)
def test_the_same_position_and_rng_give_the_same_move(game: str, options: dict[str, Any]) -> None:
    state = midgame(game, options, moves=4)
    seat = min(get_engine(game).actors(state))

    assert move(game, state, seat, seed=5) == move(game, state, seat, seed=5)


@pytest.mark.parametrize(
    "game, options, level, budget",
    [
        ("lingua-fences", {}, "strong", 0.3),
        ("lingua-fences", {}, "quick", 0.1),
        ("keebble", {"board": "16x8"}, "strong", 0.3),
        ("keebble", {"board": "16x8"}, "quick", 0.1),
        ("lexicon-crossing", {}, "strong", 0.5),
        ("lexicon-crossing", {}, "quick", 0.3),
    ],
)
def test_a_choice_keeps_to_its_time_budget(game: str, options: dict[str, Any], level: str, budget: float) -> None:
    state = midgame(game, options, moves=10)
    seat = min(get_engine(game).actors(state))
    # As a worker does after loading (wordgames.celery): what the process holds already is frozen out of the
    # collector, so a full collection of the whole test run's heap is not charged to this choice.
    gc.collect()
    gc.freeze()
    try:
        started = time.thread_time()  # budgets are CPU time: a busy machine makes a choice later, not weaker
        chosen = move(game, state, seat, level, budget=budget)
        took = time.thread_time() - started
    finally:
        gc.unfreeze()

    assert took < budget + 0.05, took  # a last candidate may be finishing as the budget runs out
    if chosen is not None:
        get_engine(game).apply(state, seat, chosen)


# --- what the levels promise --------------------------------------------------------------------------------


def test_lingo_quick_computer_places_at_most_two_tiles_and_strong_finds_the_first_word() -> None:
    engine = get_engine("lingo")
    state = engine.new_game(["ann", "bob"], {"preset": "pbem"}, seed=2)
    quick = move("lingo", state, 0, "quick")
    strong = move("lingo", state, 0, "strong")
    assert quick is not None and strong is not None

    assert len(quick.split()) <= 4  # "c5 D c6 O": two cells and two letters
    assert engine.preview(state, 0, strong).score >= engine.preview(state, 0, quick).score


def test_lingua_fences_strong_computer_encloses_an_area_when_a_word_does() -> None:
    engine = get_engine("lingua-fences")
    state = engine.new_game(["ann", "bob"], {"size": 7, "start": "a1", "edge": "any"}, seed=1)
    # A corner fenced on two sides: TO down from b1 and across at a3 ... a word closing b1-a2 region.
    state["sheets"][0]["letters"] = {"b1": "A", "b2": "T"}
    state["sheets"][0]["longest"] = 3
    chosen = move("lingua-fences", state, 0, "strong")
    assert chosen is not None

    _, outcome = engine.apply(state, 0, chosen)
    assert outcome.score > 0


def test_keebble_computer_with_a_full_hand_answers_with_a_wall() -> None:
    engine = get_engine("keebble")
    state = engine.new_game(["ann", "bob"], {"board": "8x4", "start": "empty"}, seed=1)
    state["hands"] = [list("ABCDEFG"), list("ABCDEFG")]
    state, _ = engine.apply(state, 0, "ask E S")
    for level in ("quick", "strong"):
        answer = move("keebble", state, 1, level)
        assert answer is not None and answer.startswith("wall ")
        engine.apply(state, 1, answer)


def test_keebble_computer_with_room_takes_an_asked_letter() -> None:
    engine = get_engine("keebble")
    state = engine.new_game(["ann", "bob"], {"board": "8x4", "start": "empty"}, seed=1)
    state["hands"] = [list("CAT"), list("DO")]
    state, _ = engine.apply(state, 0, "ask E S")

    assert move("keebble", state, 1, "strong") in ("take E", "take S")


def test_strong_keebble_computer_asks_for_the_letters_of_its_best_next_word() -> None:
    """With R and T and nothing to play, it asks for A and E: RATE or TEAR, four letters, next turn."""
    engine = get_engine("keebble")
    state = engine.new_game(["ann", "bob"], {"board": "8x4", "start": "empty"}, seed=1)
    state["hands"] = [list("RT"), list("BDG")]
    asked = move("keebble", state, 0, "strong")
    assert asked is not None and sorted(asked.split()[1:]) == ["A", "E"]
    state, _ = engine.apply(state, 0, asked)
    assert sorted(state["hands"][0]) == ["A", "E", "R", "T"]


@pytest.mark.parametrize("rule", ["different", "not_held", "line"])
@pytest.mark.parametrize("level", ["quick", "strong"])
def test_keebble_computer_plays_its_word_whatever_letterfraud_rule_the_game_plays(rule: str, level: str) -> None:
    """Its words are judged with an ask the rule allows (not always "ask E E"), so it still finds them."""
    engine = get_engine("keebble")
    state = engine.new_game(["ann", "bob"], {"board": "8x8", "letterfraud": rule}, seed=3)
    state["hands"] = [list("CATES"), list("BDG")]
    chosen = move("keebble", state, 0, level)
    assert chosen is not None and not chosen.startswith("ask"), chosen
    _, outcome = engine.apply(state, 0, chosen)
    assert outcome.score > 0


def test_strong_keebble_computer_looks_ahead_under_letterfraud_too() -> None:
    """Letterfraud "different": every ask must be of different letters; its look-ahead still asks A and E."""
    engine = get_engine("keebble")
    state = engine.new_game(["ann", "bob"], {"board": "8x4", "start": "empty", "letterfraud": "different"}, seed=1)
    state["hands"] = [list("RT"), list("BDG")]
    asked = move("keebble", state, 0, "strong")
    assert asked is not None and sorted(asked.split()[1:]) == ["A", "E"]


def test_lexicon_crossing_computer_builds_a_complete_crossword_then_calls_green_light() -> None:
    engine = get_engine("lexicon-crossing")
    state = engine.new_game(["ann", "bob"], {"tiles": "s98", "start_tiles": 15}, seed=3)
    grid = move("lexicon-crossing", state, 0, "strong", budget=1.0)
    assert grid is not None
    state, _ = engine.apply(state, 0, grid)
    assert engine.view(state, 0)["hand"] == []

    assert move("lexicon-crossing", state, 0, "strong") == "green"
    engine.apply(state, 0, "green")


def test_lexicon_crossing_computer_calls_red_light_or_says_done_when_the_pool_is_spent() -> None:
    engine = get_engine("lexicon-crossing")
    state = engine.new_game(["ann", "bob"], {"tiles": "s98", "start_tiles": 15}, seed=3)
    state, _ = engine.apply(state, 0, move("lexicon-crossing", state, 0, "strong", budget=1.0))
    state["bag"] = state["bag"][:1]

    assert move("lexicon-crossing", state, 0) == "red"
    state, _ = engine.apply(state, 0, "red")
    state["grids"][1], state["tiles"][1] = ["QI"], ["Q", "I"]
    assert move("lexicon-crossing", state, 1) == "done"


def test_lingo_quick_computer_plays_a_longer_word_when_two_tiles_make_none() -> None:
    """Pool E V E E on the empty table: no word of two tiles (EE is none), so a two-tile search finds only a
    single E, which the rules allow only when no word at all can be made, and EVE can. Quick plays a word."""
    engine = get_engine("lingo")
    state = engine.new_game(["ann", "bob"], {}, seed=70)
    assert sorted(engine.view(state, 0)["pool"]) == ["E", "E", "E", "V"]
    quick = move("lingo", state, 0, "quick")
    assert quick is not None
    assert engine.preview(state, 0, quick).score > 0  # legal, and a word
