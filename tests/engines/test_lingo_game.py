"""Turns, pools, hidden pools, resigning, the end of the game, options and the view contract."""

from __future__ import annotations

import json

import pytest

from wordgames.engines.core.engine import EndReason, end_of
from wordgames.engines.core.errors import IllegalMove, InvalidOptions
from wordgames.engines.lingo import ENGINE, build_state


def test_presets_fill_in_the_rule_texts_defaults():
    classic = ENGINE.validate_options({})
    assert (classic["preset"], classic["pool"], classic["place"], classic["tiles"]) == ("classic", 4, 4, 98)
    pbem = ENGINE.validate_options({"preset": "pbem"})
    assert (pbem["pool"], pbem["place"], pbem["tiles"]) == (5, 4, 49)
    assert ENGINE.validate_options({"pool": 7})["place"] == 7
    assert ENGINE.validate_options({"preset": "pbem", "pool": 3})["place"] == 3
    assert ENGINE.validate_options({"tiles": "30", "hex": "true"})["tiles"] == 30


@pytest.mark.parametrize(
    "options, message",
    [
        ({"pool": 11}, "Option pool must be between 1 and 10, not 11."),
        ({"pool": 4, "place": 5}, "Option place must be between 1 and the pool size (4), not 5."),
        ({"tiles": 50}, "Option tiles must be one of 30, 49, 98, half, not “50”."),
        ({"hex": "maybe"}, "Option hex must be true or false, not “maybe”."),
        ({"colour": "red"}, "Lingo has no option “colour”"),
        ({"dictionary": "klingon"}, "Option dictionary: there is no dictionary called “klingon”"),
        ({"missed": True, "not_shared": True}, "Option missed cannot be used with not_shared"),
    ],
)
def test_bad_options_are_refused_naming_the_option(options, message):
    with pytest.raises(InvalidOptions) as refused:
        ENGINE.validate_options(options)
    assert str(refused.value).startswith(message)


def test_every_option_has_a_label_and_help_for_the_creation_form():
    assert all(option.label and option.help for option in ENGINE.options)


def test_tile_sets_have_the_documented_sizes():
    bag = lambda **o: ENGINE.view(ENGINE.new_game(["a", "b"], o, 1), 0)["bag_count"] + 4
    assert bag(tiles=98) == 98
    assert bag(tiles=49) == 49
    assert bag(tiles=30) == 30
    assert bag(tiles="half") == 53
    assert bag(tiles=98, blanks=True) == 100


def test_a_bag_that_does_not_fit_the_tile_set_is_refused():
    with pytest.raises(InvalidOptions, match="does not fit the tile set"):
        ENGINE.new_game(["a", "b"], {}, 1, bag="ZZ")


def test_the_pool_is_refilled_from_the_bag_in_order():
    state = ENGINE.new_game(["ann", "bob"], {}, 7, bag="ETVYOENH")
    assert ENGINE.view(state, 0)["pool"] == ["E", "T", "V", "Y"]
    state, _ = ENGINE.apply(state, 0, "13L YET")
    assert ENGINE.view(state, 1)["pool"] == ["V", "O", "E", "N"]
    assert ENGINE.actors(state) == {1}


def test_hidden_pools_never_show_in_another_seats_view_or_text():
    state = ENGINE.new_game(["ann", "bob", "cat"], {"not_shared": True}, 3, bag="QZXJKVWYFHMPBCG")
    pools = state["pools"]
    for seat in (0, 1, 2, None):
        view = ENGINE.view(state, seat)
        text = json.dumps(view) + ENGINE.render_text(state, seat)
        assert view["pool_counts"] == [len(p) for p in pools]
        assert view["pool"] == (pools[seat] if seat is not None else None)
        assert state["bag"] not in text
        for other in range(3):
            if other != seat:
                assert "".join(pools[other]) not in "".join(view["pool"] or [])
                assert " ".join(pools[other]) not in text


def test_the_view_never_holds_the_bag():
    state = ENGINE.new_game(["ann", "bob"], {}, 5)
    view = ENGINE.view(state, 0)
    assert set(view) == {
        "game",
        "players",
        "scores",
        "to_move",
        "active",
        "board",
        "pool",
        "pool_counts",
        "bag_count",
        "place",
        "options",
        "move_number",
        "result",
    }
    assert state["bag"][:12] not in json.dumps(view)


def test_the_view_board_follows_the_contract(example_record):
    from wordgames.engines.core.record import final_state

    view = ENGINE.view(final_state(example_record), None)
    board = view["board"]
    assert (board["shape"], board["columns"], board["rows"], board["centre"]) == ("square", 25, 25, "m13")
    # the occupied box plus the farthest a move can reach: `place` (4) cells
    assert board["bounds"] == {"min_col": 5, "max_col": 17, "min_row": 7, "max_row": 20}
    m12 = next(t for t in board["tiles"] if t["cell"] == "m12")
    assert m12 == {"cell": "m12", "col": 12, "row": 12, "letter": "X", "blank": False, "height": 2, "last": True}
    assert view["to_move"] == [1] and view["move_number"] == 5 and view["result"] is None


def test_an_empty_hex_table_is_centred_on_m25():
    view = ENGINE.view(ENGINE.new_game(["a", "b"], {"hex": True}, 1), 0)
    assert (view["board"]["rows"], view["board"]["centre"]) == (50, "m25")
    assert view["board"]["bounds"] == {"min_col": 8, "max_col": 16, "min_row": 17, "max_row": 33}


def test_a_player_may_resign_out_of_turn_and_the_last_player_wins():
    state = ENGINE.new_game(["ann", "bob"], {}, 7, bag="ETVY")
    state, _ = ENGINE.apply(state, 0, "13L YET")
    state, outcome = ENGINE.apply(state, 0, "resign")
    assert outcome.summary == "ann resigned."
    assert ENGINE.actors(state) == set()
    assert ENGINE.result(state) == {
        "scores": [12, 0],
        "winners": [1],
        "reason": "ann resigned",
        "end": "resigned",
        "reason_said": {"code": "Said.ENDED_BY_RESIGNING", "values": {"name": "ann"}},
    }
    with pytest.raises(IllegalMove, match="The game is over."):
        ENGINE.apply(state, 1, "n12 O")


def test_with_three_players_a_resigned_seat_is_skipped():
    state = ENGINE.new_game(["ann", "bob", "cat"], {}, 7, bag="ETVY")
    state, _ = ENGINE.apply(state, 1, "resign")
    assert ENGINE.actors(state) == {0}
    state, _ = ENGINE.apply(state, 0, "13L YET")
    assert ENGINE.actors(state) == {2}
    assert ENGINE.view(state, 0)["active"] == [True, False, True]
    with pytest.raises(IllegalMove, match="You are no longer playing in this game."):
        ENGINE.apply(state, 1, "resign")


def test_the_shared_game_ends_when_no_tiles_remain():
    state = build_state(["ann", "bob"], {"pool": 2}, {"m13": "A"}, pool="TE")
    state["bag"] = ""
    state, _ = ENGINE.apply(state, 0, "n13 T")
    assert ENGINE.result(state) is None
    state, _ = ENGINE.apply(state, 1, "n12 E")
    assert ENGINE.result(state) == {
        "scores": [2, 2],
        "winners": [0, 1],
        "reason": "no tiles left",
        "end": "out-of-tiles",
        "reason_said": {"code": "Said.NO_TILES_LEFT", "values": {}},
    }
    assert ENGINE.actors(state) == set()


def test_a_hidden_pool_game_ends_when_a_player_runs_out():
    state = build_state(["ann", "bob"], {"not_shared": True, "pool": 1}, {"m13": "A"}, pool="T")
    state["bag"] = ""
    state, _ = ENGINE.apply(state, 0, "n13 T")
    assert ENGINE.result(state)["reason"] == "ann ran out of tiles"
    assert end_of(state) is EndReason.OUT_OF_TILES


def test_render_text_labels_the_tables_coordinates_and_marks_the_last_move(example_record):
    from wordgames.engines.core.record import final_state

    text = ENGINE.render_text(final_state(example_record), 1)
    lines = text.splitlines()
    assert lines[0].split() == list("ijklmno")
    assert " 12 " in lines[3] and "X2" in lines[3] and " h " in lines[3]
    assert "ann's score is 633." in text and "bob's score is 184. - to move" in text


def test_render_text_draws_a_hex_board():
    state = build_state(["a", "b"], {"hex": True}, {"m25": "A", "m27": "T"}, pool="E")
    text = ENGINE.render_text(state, 0)
    assert " a " in text and " t " in text and "25" in text


def test_the_missed_option_reports_a_better_move():
    state = ENGINE.new_game(["ann", "bob"], {"missed": True}, 7, bag="ETVY")
    _, outcome = ENGINE.apply(state, 0, "13M YE")  # 5 pts, where YET makes 12
    assert "missed" not in outcome.events  # replays stay fast: the search runs only when annotating
    ENGINE.annotate(state, outcome)
    missed = outcome.events["missed"]
    assert missed["score"] > 0
    assert missed["summary"].startswith(f"ann could have scored {missed['score']} pts with ")


def test_an_opening_tile_for_no_points_is_refused_when_a_word_can_be_made():
    """rules/lingo.md: "If no new word can be made, then a single tile can be played for 0 pts." (pool A S D L H E:
    AS can be made.)"""
    state = build_state(["ann", "bob"], {"pool": 6}, {}, pool="ASDLHE")
    message = "A single tile that makes no word .0 pts. is allowed only when no new word can be made"
    with pytest.raises(IllegalMove, match=message):
        ENGINE.apply(state, 0, "m13 L")
    with pytest.raises(IllegalMove, match=message):
        ENGINE.preview(state, 0, "m13 L")
    state, outcome = ENGINE.apply(state, 0, "13M AS")
    assert outcome.score > 0


def test_later_in_the_game_a_tile_for_no_points_is_refused_when_a_word_can_be_made():
    state = build_state(["ann", "bob"], {}, {"m13": "A"}, pool="TQQQ")
    with pytest.raises(IllegalMove, match="allowed only when no new word can be made"):
        ENGINE.apply(state, 0, "m12 Q")  # QA makes no word, but AT (n13 T) does


def test_a_tile_for_no_points_is_allowed_when_no_word_can_be_made():
    state = build_state(["ann", "bob"], {}, {"m13": "A"}, pool="QQQQ")
    state, outcome = ENGINE.apply(state, 0, "n13 Q")
    assert outcome.score == 0 and outcome.summary == "ann placed Q on n13 for 0 pts: it makes no word."


def test_the_30_tile_set_has_no_j_k_q_w_x_y_or_z():
    from wordgames.engines.core.tiles import LINGO30_COUNTS, SCRABBLE_COUNTS, proportional_counts

    assert proportional_counts(30) == dict(LINGO30_COUNTS) and sum(LINGO30_COUNTS.values()) == 30
    assert sorted(set(SCRABBLE_COUNTS) - set(LINGO30_COUNTS)) == list("JKQWXYZ")
