"""Lexicon Crossing through the engine: dealing, green light, jaywalking, red light, what each seat sees."""

from __future__ import annotations

from collections import Counter

import pytest

from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.record import make_record, replay
from wordgames.engines.lexicon_crossing import ENGINE
from wordgames.engines.lexicon_crossing.game import STARTING_TILES

from .conftest import lay_out

PLAYERS = ["ann", "bob", "cat"]


def new(players=PLAYERS, **options):
    return ENGINE.new_game(players, {"dictionary": "every-word", **options}, seed=4)


@pytest.mark.parametrize("tiles, count", [(t, n) for t in ("lc120", "s98") for n in (2, 3, 4)])
def test_starting_tiles_follow_the_guide(tiles, count):
    state = ENGINE.new_game(PLAYERS[:2] + ["dan", "eve"][: count - 2], {"tiles": tiles}, seed=1)
    each = STARTING_TILES[tiles][count]
    assert [len(t) for t in state["tiles"]] == [each] * count
    assert len(state["bag"]) == (120 if tiles == "lc120" else 98) - each * count


def test_five_players_may_play_the_s98_set_which_the_rules_only_advise_against():
    """ "5 | not advised: 15 each (leaves23 = 4 rounds and 3 leftover)"."""
    state = ENGINE.new_game(["ann", "bob", "cat", "dan", "eve"], {"tiles": "s98", "dictionary": "every-word"}, seed=1)
    assert [len(t) for t in state["tiles"]] == [15] * 5 and len(state["bag"]) == 23
    for _ in range(4):
        assert not ENGINE.pool_exhausted(state)
        state, _ = ENGINE.apply(state, 0, lay_out(state["tiles"][0]))
        state, _ = ENGINE.apply(state, 0, "green")
    assert ENGINE.pool_exhausted(state) and len(state["bag"]) == 3
    tiles_option = next(o for o in ENGINE.options if o.name == "tiles")
    assert "advise against it" in tiles_option.help


def test_at_least_15_tiles_each():
    with pytest.raises(Exception, match="at least 15"):
        ENGINE.validate_options({"start_tiles": 12})


def test_green_light_needs_a_complete_crossword_and_deals_one_tile_to_everyone():
    state = new()
    with pytest.raises(IllegalMove, match="not in your crossword yet"):
        ENGINE.apply(state, 0, "green")
    state, _ = ENGINE.apply(state, 0, lay_out(state["tiles"][0]))
    pool = len(state["bag"])
    state, outcome = ENGINE.apply(state, 0, "green")
    assert outcome.summary == "ann called green light: everyone draws a tile."
    assert [len(t) for t in state["tiles"]] == [21, 21, 21]
    assert len(state["bag"]) == pool - 3
    assert state["deal_number"] == 1 and state["round"] == 2 and state["last_green"] == 0
    # ann's new tile is in her hand, not yet on her crossword: she must place it before the next green light
    assert ENGINE.hand(state, 0) == state["latest"][0]


def test_two_tiles_per_green_light():
    state = new(per_green=2)
    state, _ = ENGINE.apply(state, 1, lay_out(state["tiles"][1]))
    state, _ = ENGINE.apply(state, 1, "green")
    assert [len(t) for t in state["tiles"]] == [22, 22, 22]


def test_a_grid_must_use_only_tiles_held():
    state = new()
    missing = next(letter for letter in "QZJXK" if letter not in state["tiles"][0])
    with pytest.raises(IllegalMove, match=f"tiles you do not have: {missing}"):
        ENGINE.apply(state, 0, f"grid {missing}")
    one = state["tiles"][0][0]
    twice = one * (Counter(state["tiles"][0])[one] + 1)
    with pytest.raises(IllegalMove, match="tiles you do not have"):
        ENGINE.apply(state, 0, f"grid {twice}")


def test_missing_blanks_are_counted_in_the_refusal():
    state = new()
    state["tiles"][0] = [t for t in state["tiles"][0] if t != "?"]
    with pytest.raises(IllegalMove, match="tiles you do not have: 3 blanks.$"):
        ENGINE.apply(state, 0, "grid abc")
    with pytest.raises(IllegalMove, match="tiles you do not have: a blank.$"):
        ENGINE.apply(state, 0, f"grid {state['tiles'][0][0].lower()}")


def test_jaywalking_rules():
    state = new()
    tile = state["tiles"][1][0]
    state, outcome = ENGINE.apply(state, 1, f"jaywalk {tile}")  # round one: everyone may
    assert outcome.summary == "bob jaywalked: returned a tile to the pool and drew a tile."
    assert len(state["tiles"][1]) == 20
    with pytest.raises(IllegalMove, match="once this round"):
        ENGINE.apply(state, 1, f"jaywalk {state['tiles'][1][0]}")
    state, _ = ENGINE.apply(state, 0, lay_out(state["tiles"][0]))
    with pytest.raises(IllegalMove, match="Take .* off your crossword first"):
        ENGINE.apply(state, 0, f"jaywalk {state['tiles'][0][0]}")
    state, _ = ENGINE.apply(state, 0, "green")
    with pytest.raises(IllegalMove, match="called the last green light"):
        ENGINE.apply(state, 0, f"jaywalk {state['latest'][0][0]}")
    state, _ = ENGINE.apply(state, 1, f"jaywalk {state['latest'][1][0]}")  # a new round: bob may again


def test_jaywalk_variants():
    state = new(jaywalk="2for1", face_up=True)
    tile = state["tiles"][2][0]
    state, outcome = ENGINE.apply(state, 2, f"jaywalk {tile}")
    assert len(state["tiles"][2]) == 21
    assert ENGINE.view(state, 0)["face_up"] == [tile]  # returned face up: everyone sees it
    assert tile in outcome.summary
    state = new(jaywalk="off")
    with pytest.raises(IllegalMove, match="off in this game"):
        ENGINE.apply(state, 0, f"jaywalk {state['tiles'][0][0]}")
    state = new(jaywalk="two")
    a, b = state["tiles"][0][:2]
    state, _ = ENGINE.apply(state, 0, f"jaywalk {a} {b}")
    assert len(state["tiles"][0]) == 20


def test_jaywalking_two_for_one_is_not_offered_when_the_pool_holds_one_tile():
    state = new(jaywalk="2for1")
    state["bag"] = state["bag"][:2]
    assert ENGINE.view(state, 0)["can_jaywalk"]
    state["bag"] = state["bag"][:1]
    assert not ENGINE.view(state, 0)["can_jaywalk"]  # the offer matches the refusal
    with pytest.raises(IllegalMove, match="too few tiles"):
        ENGINE.apply(state, 0, f"jaywalk {state['tiles'][0][0]}")
    state = new(jaywalk="one")
    state["bag"] = state["bag"][:1]
    assert ENGINE.view(state, 0)["can_jaywalk"]


def test_how_often_and_who_may_jaywalk():  # "alter the limitations on how often, and/or which players may jaywalk"
    state = new(jaywalks=2, jaywalk_who="everyone")
    for _ in range(2):
        state, _ = ENGINE.apply(state, 1, f"jaywalk {state['tiles'][1][0]}")
    with pytest.raises(IllegalMove, match="jaywalked 2 times this round already"):
        ENGINE.apply(state, 1, f"jaywalk {state['tiles'][1][0]}")
    state, _ = ENGINE.apply(state, 0, lay_out(state["tiles"][0]))
    state, _ = ENGINE.apply(state, 0, "green")
    state, outcome = ENGINE.apply(state, 0, f"jaywalk {state['latest'][0][0]}")  # the green-lighter too
    assert outcome.summary.startswith("ann jaywalked")


def test_moves_of_a_green_lighter_whose_new_tile_is_hidden_are_judged_on_the_tiles_they_see():
    state = new()
    state, _ = ENGINE.apply(state, 0, lay_out(state["tiles"][0]))
    state, _ = ENGINE.apply(state, 0, "green")
    hidden = state["latest"][0]
    ENGINE.apply(state, 0, "green", conceal_latest=True)  # complete, as far as she can see
    with pytest.raises(IllegalMove, match=f"not in your crossword yet: {hidden[0]}"):
        ENGINE.apply(state, 0, "green")  # (what she would be told if the tile were not hidden)
    with pytest.raises(IllegalMove, match="hidden from you"):
        ENGINE.apply(state, 0, "red", conceal_latest=True)
    rearranged, _ = ENGINE.apply(state, 0, "grid " + "/".join(state["grids"][0]), conceal_latest=True)
    assert rearranged["tiles"][0] == state["tiles"][0] and rearranged["latest"][0] == hidden  # nothing lost


def test_nobody_sees_another_players_tiles_or_crossword():
    state = new()
    state, _ = ENGINE.apply(state, 1, lay_out(state["tiles"][1]))
    for seat in (0, 2, None):
        view = ENGINE.view(state, seat)
        assert "grids" not in view and "hands" not in view
        assert view.get("grid") != state["grids"][1]
        text = ENGINE.render_text(state, seat)
        assert state["grids"][1][0] not in text
    assert ENGINE.view(state, 1)["grid"] == state["grids"][1]
    assert "bag" not in ENGINE.view(state, None)


def test_the_green_lighter_can_be_kept_from_seeing_their_new_tile():
    state = new()
    state, _ = ENGINE.apply(state, 0, lay_out(state["tiles"][0]))
    state, _ = ENGINE.apply(state, 0, "green")
    new_tile = state["latest"][0][0]
    hidden = ENGINE.view(state, 0, conceal_latest=True)
    assert hidden["hidden_new"] == 1 and hidden["new_tiles"] == [] and hidden["hand"] == []
    assert "1 new tile waiting" in ENGINE.render_text(state, 0, conceal_latest=True)
    shown = ENGINE.view(state, 0)
    assert shown["hand"] == [new_tile] and shown["new_tiles"] == [new_tile]


def play_to_the_end(state, moves):
    """Each round the next player lays out all their tiles and calls green light, until the pool is
    exhausted; then red light and the others' done."""

    def play(seat, move):
        nonlocal state
        state, _ = ENGINE.apply(state, seat, move)
        moves.append({"player": PLAYERS[seat], "move": move})

    seat = 0
    play(1, f"jaywalk {state['tiles'][1][0]}")
    while not ENGINE.pool_exhausted(state):
        play(seat, lay_out(state["tiles"][seat]))
        play(seat, "green")
        seat = (seat + 1) % 3
    for s in range(3):
        play(s, lay_out(state["tiles"][s]))
    play(seat, "red")
    with pytest.raises(IllegalMove, match="Red light has been called"):
        ENGINE.apply(state, seat, "green")
    for s in range(3):
        if s != seat:
            play(s, "done")
    return state


def test_a_three_player_game_to_the_end_and_its_record():
    state = new()
    moves: list[dict[str, str]] = []
    state = play_to_the_end(state, moves)
    assert state["finished"] and ENGINE.actors(state) == set()
    assert state["round"] == 1 + 20  # 60 tiles in the pool, 3 a round
    result = ENGINE.result(state)
    assert result is not None and result["reason"] == "red light" and result["end"] == "red-light"
    for seat in range(3):
        # one L-shaped crossword: two words, the first tile the only crossing tile
        points = ENGINE.score(state, seat).points
        assert result["details"][seat] == f"{points}/2={points / 2:.2f}"
    assert result["winners"] == [s for s in range(3) if result["scores"][s] == max(result["scores"])]
    view = ENGINE.view(state, 0)
    assert view["grids"] == state["grids"]  # after the game everyone sees every crossword
    record = make_record("lexicon-crossing", state["options"], PLAYERS, 4, None, moves)
    *steps, last = list(replay(record))
    assert last["result"] == result


def test_grace_period_timeout_says_done():
    state = new(players=PLAYERS[:2])
    # Before red light the game waits for nobody, but every seat's idle clock runs; its timeout plays nothing.
    assert ENGINE.timeout_move(state, 0) == "" and ENGINE.waiting_for(state) == set()
    assert ENGINE.clocked(state) == {0, 1}
    state = dict(state, bag=[], phase="play")
    state, _ = ENGINE.apply(state, 0, lay_out(state["tiles"][0]))
    state, _ = ENGINE.apply(state, 0, "red")
    assert ENGINE.waiting_for(state) == {1} and ENGINE.time_limit(state) == 24 * 3600
    assert ENGINE.timeout_move(state, 1) == "done"
    state, _ = ENGINE.apply(state, 1, "done")
    assert state["finished"]


FOUR = ["ann", "bob", "cat", "dan"]


def test_team_mates_swap_one_tile_per_green_light():
    state = ENGINE.new_game(FOUR, {"dictionary": "every-word", "teams": "AABB"}, seed=2)
    give, take = state["tiles"][0][0], state["tiles"][1][0]
    with pytest.raises(IllegalMove, match="cat is not your team-mate"):
        ENGINE.apply(state, 0, f"swap {give} {state['tiles'][2][0]} cat")
    state, outcome = ENGINE.apply(state, 0, f"swap {give} {take} bob")
    assert outcome.summary == "ann swapped a tile with bob."  # the letters stay private
    assert Counter(state["tiles"][1])[give] >= 1 and len(state["tiles"][0]) == len(state["tiles"][1]) == 15
    with pytest.raises(IllegalMove, match="One swap a green light"):
        ENGINE.apply(state, 1, f"swap {state['tiles'][1][0]} {state['tiles'][0][0]} ann")
    state, _ = ENGINE.apply(state, 2, lay_out(state["tiles"][2]))
    state, _ = ENGINE.apply(state, 2, "green")
    ENGINE.apply(state, 1, f"swap {ENGINE.hand(state, 1)[0]} {ENGINE.hand(state, 0)[0]} ann")  # a new green light


def finished_with(grids: list[list[str]], **options) -> dict:
    state = ENGINE.new_game(FOUR, {"dictionary": "every-word", **options}, seed=2)
    state["grids"] = grids
    state["tiles"] = [[ch for row in g for ch in row if ch != "."] for g in grids]
    state["finished"], state["phase"], state["reason"] = True, "over", "red light"
    return state


# ann 10/2 (Q crosses QUIZ and QUA), bob 1/2 (T of AT and AT), cat 3/2, dan 3/2
GRIDS = [["QUIZ", "U...", "A..."], ["AT", "T."], ["CAT", "A..", "T.."], ["BAT", "A..", "T.."]]


@pytest.mark.parametrize("rule, winners", [("best", [0, 1]), ("worst", [2, 3]), ("combined", [0, 1])])
def test_the_three_winning_team_rules(rule, winners):
    state = finished_with(GRIDS, teams="AABB", team_win=rule)
    scores = ENGINE.result(state)["details"]
    assert scores == ["10/2=5.00", "1/2=0.50", "3/2=1.50", "3/2=1.50"]
    result = ENGINE.result(state)
    assert result["winners"] == winners
    assert (
        result["teams"]
        == {"best": {"A": 5.0, "B": 1.5}, "worst": {"A": 0.5, "B": 1.5}, "combined": {"A": 2.75, "B": 1.5}}[rule]
    )
