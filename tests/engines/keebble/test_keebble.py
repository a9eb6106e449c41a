"""Keebble through the engine: placement with walls, scoring, the answer phase, the endgame, the expansions."""

from __future__ import annotations

import pytest

from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.record import make_record, replay
from wordgames.engines.keebble import ENGINE

from .conftest import PLAYERS, position, short_move


def play(state, seat, move):
    return ENGINE.apply(state, seat, move)


# --- placement ----------------------------------------------------------------------------------------------


def test_the_first_word_covers_a_centre_square():
    state = position(["CATS", "E", "I"], dictionary="enable")
    with pytest.raises(IllegalMove, match="The first word must cover one of the four centre squares d4, e4, d5, e5"):
        play(state, 0, "2B CAT ask E X")
    state, outcome = play(state, 0, "4C CAT ask E X")
    assert outcome.summary.startswith("ann played CAT")


def test_the_first_word_covers_the_star_on_a_generated_board():
    state = position(["CAT", "E"], star="e5", dictionary="enable")
    with pytest.raises(IllegalMove, match="The first word must cover e5"):
        play(state, 0, "4C CAT ask E X")
    play(state, 0, "5C CAT ask E X")


def test_letters_come_from_the_hand_and_words_connect():
    state = position(["CAT", "DOG"], cells={"d4": "A"}, dictionary="enable")
    with pytest.raises(IllegalMove, match="You do not have G in your hand."):
        play(state, 0, "6A TAG ask E X")
    with pytest.raises(IllegalMove, match="must connect to letters already on the board"):
        play(state, 0, "7A CAT ask E X")
    state, _ = play(state, 0, "4C C(A)T ask E X")  # the A on the board is part of the word
    assert ENGINE.view(state, 0)["hands"][0] == ["A", "E", "X"]


def test_a_wall_cuts_a_word():
    state = position(["CAT", "E"], cells={"d4": "A"}, walls=[("c4", "d4")], dictionary="enable")
    with pytest.raises(IllegalMove, match="A wall stands between c4 and d4: no word runs across it."):
        play(state, 0, "4C CAT ask E X")


def test_a_wall_means_letters_on_either_side_are_not_adjacent():
    # An A at d4; T placed at e4 behind a wall does not touch it, so it neither connects nor makes "AT".
    state = position(["T", "E"], cells={"d4": "A"}, walls=[("d4", "e4")], dictionary="enable")
    with pytest.raises(IllegalMove, match="must connect"):
        play(state, 0, "4E T ask E X")
    state = position(["T", "E"], cells={"d4": "A"}, dictionary="enable")
    state["first_word"] = False
    state, outcome = play(state, 0, "4E T ask E X")  # without the wall the same T makes AT
    assert outcome.summary.startswith("ann played AT")


def test_every_word_formed_must_be_valid():
    state = position(["QX", "E"], cells={"d4": "A"}, dictionary="enable")
    with pytest.raises(IllegalMove, match="AQX is not in the dictionary"):
        play(state, 0, "4D (A)QX ask E X")


def test_writing_next_to_a_letter_must_include_it():
    state = position(["TS", "E"], cells={"d4": "A"}, dictionary="enable")
    with pytest.raises(IllegalMove, match="runs on into the A at d4: write the whole word"):
        play(state, 0, "4E TS ask E X")


# --- direction of play ("how words are oriented and read") ----------------------------------------------------


def test_right_to_left_words_are_written_and_read_leftwards():
    state = position(["CAT", "ASH"], reading="rtl", dictionary="enable")
    state, outcome = play(state, 0, "4E CAT ask E X")  # C at e4, then A and T to its left
    assert outcome.summary.startswith("ann played CAT")
    assert {name: cell["letter"] for name, cell in state["cells"].items()} == {"e4": "C", "d4": "A", "c4": "T"}
    state, _ = play(state, 1, "take E")
    state["turn"] = 1
    state, outcome = play(
        state, 1, "F3 ASH ask E X"
    )  # down as usual; the S at f4 makes SCAT, read leftwards (all unique: 5 each)
    assert outcome.summary.startswith("bob played ASH (15) and SCAT (20)")


def test_left_to_right_reads_the_same_letters_the_other_way():
    state = position(["ASH", "E"], cells={"c4": "T", "d4": "A", "e4": "C"}, dictionary="enable")
    with pytest.raises(IllegalMove, match="TACS is not in the dictionary."):
        play(state, 0, "F3 ASH ask E X")


def test_both_ways_accepts_a_line_that_reads_as_a_word_backwards():
    state = position(["TAC", "E"], reading="both", dictionary="enable")
    state, outcome = play(state, 0, "4C TAC ask E X")
    assert outcome.summary.startswith("ann played CAT")
    state = position(["QXZ", "E"], reading="both", dictionary="enable")
    with pytest.raises(IllegalMove, match=r"QXZ is not in the dictionary \(nor is ZXQ\)."):
        play(state, 0, "4C QXZ ask E X")


def test_turn_order_counterclockwise():
    state = ENGINE.new_game(PLAYERS, {"turn_order": "counterclockwise", "start": "empty"}, seed=1)
    assert state["order"] == [0, 3, 2, 1]
    old = ENGINE.new_game(PLAYERS, {"direction": "counterclockwise", "start": "empty"}, seed=1)  # the earlier name
    assert old["order"] == [0, 3, 2, 1]


# --- scoring --------------------------------------------------------------------------------------------------


def test_vowels_consonants_and_unique_letters():
    # bob holds C and A: C is a consonant (3), A a vowel (1); nobody else has T: unique (5).
    state = position(["CAT", "CA"], dictionary="enable")
    state, outcome = play(state, 0, "4C CAT ask E X")
    assert outcome.score == 3 + 1 + 5 and state["scores"][0] == 9
    assert outcome.summary.startswith("ann played CAT (9) for 9 points")


def test_all_new_words_score():
    state = position(["S", "CAT"], cells={"c4": "C", "d4": "A", "e4": "T", "f3": "O"}, dictionary="enable")
    state["first_word"] = False
    state, outcome = play(state, 0, "F4 S ask E X")  # CATS across and OS down
    words = dict(w.split(" (") for w in outcome.summary.split("played ")[1].split(" for")[0].split(" and "))
    assert set(words) == {"CATS", "OS"}


@pytest.mark.parametrize("kind, expected", [("DL", 3 + 1 + 5 * 2), ("TL", 3 + 1 + 5 * 3), ("DW", 9 * 2), ("TW", 9 * 3)])
def test_special_cells_multiply(kind, expected):
    state = position(["CAT", "CA"], special={"e4": kind}, dictionary="enable", supercells=True)
    state, outcome = play(state, 0, "4C CAT ask E X")  # T lands on e4
    assert outcome.score == expected
    assert "e4" not in state["special"]  # used up by the first word that covers it


def test_a_double_word_cell_doubles_only_the_first_word_that_uses_it():
    # The S on the double word cell at f4 makes CATS across (the word as written) and OS down: only CATS doubles.
    state = position(
        ["S", "CAT"],
        cells={"c4": "C", "d4": "A", "e4": "T", "f3": "O"},
        special={"f4": "DW"},
        dictionary="enable",
        supercells=True,
    )
    state["first_word"] = False
    state, outcome = play(state, 0, "F4 S ask E X")
    assert "CATS (24) and OS (10)" in outcome.summary and outcome.score == 34


def test_scrabble_scoring():
    state = position(["CAT", "CA"], dictionary="enable", scrabble_scoring=True)
    assert play(state, 0, "4C CAT ask E X")[1].score == 3 + 1 + 1


# --- asking and answering -------------------------------------------------------------------------------------


def test_three_players_answer_in_any_order():
    state = position(["CAT", "", "", ""], dictionary="enable")
    state, _ = play(state, 0, "4C CAT ask E X")
    assert state["phase"] == "answer" and ENGINE.actors(state) == {1, 2, 3}
    assert state["hands"][0] == ["E", "X"]
    with pytest.raises(IllegalMove, match="waiting for bob, cat, dan"):
        play(state, 0, "ask A B")
    state, _ = play(state, 3, "take X")
    state, outcome = play(state, 1, "wall b2 b3")
    assert outcome.summary == "bob answered (answers are shown once everyone has answered)."
    with pytest.raises(IllegalMove, match="Q was not asked for"):
        play(state, 2, "take Q")
    state, outcome = play(state, 2, "take E")
    # Carried out in turn order from the player after the asker: bob, cat, dan.
    assert outcome.summary == (
        "cat answered. The answers: bob placed a wall between b2 and b3. cat took E. dan took X."
    )
    assert state["phase"] == "turn" and state["turn"] == 1
    assert state["hands"][3] == ["X"] and state["hands"][2] == ["E"] and "b2|b3" in state["walls"]


def test_answers_are_sealed_until_everyone_has_answered():
    """What one player answered is not in anyone else's view (hands, walls, anything) until all have answered;
    their own view says what they answered. Every answer is a private move until then."""
    state = position(["CAT", "", "", ""], dictionary="enable")
    state, _ = play(state, 0, "4C CAT ask E X")
    before = {s: ENGINE.view(state, s) for s in range(4)}
    state, first = play(state, 1, "take E")
    state, second = play(state, 3, "wall b2 b3")
    assert first.events.get("private") and second.events.get("private")
    for seat in (0, 2):
        assert ENGINE.view(state, seat)["hands"] == before[seat]["hands"]
        assert ENGINE.view(state, seat)["walls"] == before[seat]["walls"]
        assert "take E" not in ENGINE.render_text(state, seat) and "b2" not in str(ENGINE.view(state, seat)["walls"])
        assert ENGINE.view(state, seat)["my_answer"] is None
    assert ENGINE.view(state, 1)["my_answer"] == "take E" and ENGINE.view(state, 3)["my_answer"] == "wall b2 b3"
    state, _ = play(state, 2, "take X")
    assert ENGINE.view(state, 0)["hands"][1:] == [["E"], ["X"], []] and "b2|b3" in ENGINE.view(state, 0)["walls"]


def test_two_players_choosing_the_same_wall_the_later_in_turn_order_takes_a_letter_instead():
    state = position(["CAT", "", "ABCDEFG"], dictionary="enable")
    state, _ = play(state, 0, "4C CAT ask E X")
    state, _ = play(state, 2, "wall b2 b3")  # cat (hand full) answers first, in time
    state, outcome = play(state, 1, "wall b2 b3")  # bob chose the same edge
    # bob is first in turn order after ann: his wall stands; cat's cannot, and her hand is full: another wall.
    assert "bob placed a wall between b2 and b3." in outcome.summary
    assert "cat chose the same wall (b2 b3) as a player before them, so built" in outcome.summary
    assert len(state["walls"]) == 2 and "b2|b3" in state["walls"]
    state2 = position(["CAT", "", ""], dictionary="enable")
    state2, _ = play(state2, 0, "4C CAT ask E X")
    state2, _ = play(state2, 1, "wall b2 b3")
    state2, outcome = play(state2, 2, "wall b2 b3")
    assert "cat chose the same wall (b2 b3) as a player before them, so took E instead." in outcome.summary
    assert state2["hands"][2] == ["E"] and state2["walls"].count("b2|b3") == 1


def test_a_full_hand_must_place_a_wall():
    state = position(["CAT", "ABCDEFG"], dictionary="enable")
    state, _ = play(state, 0, "4C CAT ask E X")
    with pytest.raises(IllegalMove, match="Your hand is full: place a wall instead"):
        play(state, 1, "take E")
    with pytest.raises(IllegalMove, match="There is a wall between"):
        state2 = dict(state, walls=["a2|a3"])
        play(state2, 1, "wall a2 a3")
    state, _ = play(state, 1, "wall a2 a3")
    assert state["phase"] == "turn"


def test_a_wall_goes_on_an_empty_edge_not_between_letters_on_the_board():
    state = position(["CAT", ""], dictionary="enable")
    state, _ = play(state, 0, "4C CAT ask E X")
    with pytest.raises(IllegalMove, match="c4 and d4 both hold letters: a wall goes on an empty edge"):
        play(state, 1, "wall c4 d4")
    state, _ = play(state, 1, "wall d4 d5")  # beside a letter is still an empty edge
    assert "d4|d5" in state["walls"]


def test_walls_between_letters_are_an_option():
    state = position(["CAT", ""], dictionary="enable", wall_edges="any")
    state, _ = play(state, 0, "4C CAT ask E X")
    state, outcome = play(state, 1, "wall c4 d4")
    assert outcome.summary == "bob answered. The answers: bob placed a wall between c4 and d4."


def test_a_silent_answerer_with_a_full_hand_walls_an_empty_edge():
    letters = {f"{c}1": "A" for c in "abcdefgh"}  # the whole first row is written
    state = position(["CAT", "ABCDEFG"], cells=letters, dictionary="every-word")
    state, _ = play(state, 0, "C1 (A)CAT ask E X")
    assert ENGINE.timeout_move(state, 1) == "wall a1 a2"


def test_the_mover_gets_only_what_fits_in_the_hand():
    state = position(["ABCDEF", ""])
    state, outcome = play(state, 0, "ask X Y")
    assert state["hands"][0] == list("ABCDEFX") and "got X: hand full" in outcome.summary


def test_a_deadline_answers_for_a_silent_player():
    state = position(["CAT", "", "ABCDEFG"], dictionary="enable")
    state, _ = play(state, 0, "4C CAT ask E X")
    assert ENGINE.timeout_move(state, 1) == "take E"
    assert ENGINE.timeout_move(state, 2).startswith("wall ")  # a full hand: a wall
    state, _ = play(state, 2, ENGINE.timeout_move(state, 2))
    state, _ = play(state, 1, ENGINE.timeout_move(state, 1))
    assert state["phase"] == "turn"
    assert ENGINE.timeout_move(state, 1).startswith("ask ")


# --- endgame --------------------------------------------------------------------------------------------------


def test_ten_edge_letters_start_the_endgame_and_an_empty_hand_ends_it():
    edge = {f"{c}1": "A" for c in "bcdefg"} | {"a2": "A", "a3": "A", "a4": "A"}  # nine edge letters
    state = position(["T", "Q"], cells=edge | {"b2": "T"}, dictionary="every-word")
    state["first_word"] = False
    state, _ = play(state, 0, "A5 T ask E X")  # the tenth edge letter (a2..a5 down: AAAT); still asks
    assert state["endgame"] and state["phase"] == "answer"
    state, _ = play(state, 1, "take E")
    with pytest.raises(IllegalMove, match="In the endgame you only play a word"):
        play(state, 1, "A2 AAATEQ ask E X")
    state, _ = play(state, 1, "A2 (AAAT)EQ")  # endgame: a word, no asking; bob's hand is now empty
    assert state["finished"] and ENGINE.result(state)["reason"] == "bob is out of letters"
    assert ENGINE.result(state)["end"] == "out-of-tiles"


def test_when_nobody_can_play_the_endgame_ends():
    state = position(["Q", "Q"], dictionary="enable")
    state["endgame"] = True
    state, _ = play(state, 0, "pass")
    state, _ = play(state, 1, "pass")
    assert state["finished"] and ENGINE.result(state)["reason"] == "nobody could play a word"
    assert ENGINE.result(state)["end"] == "no-words"


# --- expansions -----------------------------------------------------------------------------------------------


def test_letterfraud_rules():
    state = position(["AB", ""], letterfraud="different")
    with pytest.raises(IllegalMove, match="Letterfraud: the letters must all be different"):
        play(state, 0, "ask E E")
    state = position(["AB", ""], letterfraud="not_held")
    with pytest.raises(IllegalMove, match="you cannot ask for a letter you already have"):
        play(state, 0, "ask A E")
    state = position(["AB", ""], letterfraud="one_held")
    with pytest.raises(IllegalMove, match="at most one letter you have"):
        play(state, 0, "ask A B")
    play(state, 0, "ask A E")
    state = position(["AB", ""], letterfraud="line", cells={"c3": "Q", "d3": "Z", "a6": "E"})
    with pytest.raises(IllegalMove, match="in a straight line"):
        play(state, 0, "ask Q E")
    play(state, 0, "ask Q Z")
    state = position(["AB", ""], letterfraud="any", cells={"c3": "Q", "d3": "Z"})
    play(state, 0, "ask A E")  # repeats nothing and holds one: allowed
    with pytest.raises(IllegalMove, match="break every rule"):
        play(state, 0, "ask A A")


def test_tiny_backpacks_count_every_letter_ever_received():
    state = position(["", ""], backpacks=True)
    state["received"] = [15, 0]
    state, outcome = play(state, 0, "ask E X")
    assert state["hands"][0] == ["E"] and "hand full" in outcome.summary


def test_tiny_backpacks_keep_the_hand_limit_of_seven():
    state = position(["CAT", "ABCDEFG"], dictionary="enable", backpacks=True)
    state, _ = play(state, 0, "4C CAT ask E X")
    with pytest.raises(IllegalMove, match="Your hand is full"):
        play(state, 1, "take E")
    state = position(["ABCDEF", ""], backpacks=True)
    state, outcome = play(state, 0, "ask X Y")
    assert state["hands"][0] == list("ABCDEFX") and "got X: hand full" in outcome.summary


def test_dictionary_devils_mark_cells_and_reward_using_others_letters():
    state = position(["CAT", "S"], dictionary="enable", devils=True)
    state, _ = play(state, 0, "4C CAT ask E X")
    state, _ = play(state, 1, "take E")
    state, outcome = play(state, 1, "4C (CAT)S ask E X")
    assert "CATS: +6 to their cells' total" in outcome.summary and outcome.score == 6  # what bob's score did
    assert state["cells"]["f4"]["owner"] == 1 and state["cells"]["c4"]["owner"] == 0
    assert state["cells"]["f4"]["value"] == 5 + 1  # a unique S, +1 for using ann's letters
    assert state["scores"] == [15, 6]  # the sum of each player's cells: ann's C A T were unique (5 each)


def test_supercells_place_a_special_cell_but_not_a_type_already_waiting():
    state = position(["", ""], supercells=True, special={"b2": "DW"})
    with pytest.raises(IllegalMove, match="A double word cell is already waiting"):
        play(state, 0, "special c3 DW ask E X")
    state, outcome = play(state, 0, "special c3 TW ask E X")
    assert state["special"]["c3"] == "TW" and "made c3 a triple word cell" in outcome.summary


def celldance(hands, special, **options):
    return position(hands, special=special, dictionary="enable", celldance=True, **options)


def test_big_ask():
    state, _ = play(celldance(["CAT", ""], {"e4": "BIG"}), 0, "4C CAT ask A B C D E F")
    assert state["hands"][0] == list("ABCDEF")


def test_thief():
    state = celldance(["CAT", "QZ"], {"e4": "THIEF"})
    with pytest.raises(IllegalMove, match="add steal NAME LETTER"):
        play(state, 0, "4C CAT ask E X")
    state, _ = play(state, 0, "4C CAT steal bob Q ask E X")
    assert state["hands"][1] == ["Z"] and state["hands"][0][:1] == ["Q"]


def test_a_thief_with_a_full_backpack_steals_nothing():
    state = celldance(["CAT", "QZ"], {"e4": "THIEF"}, backpacks=True)
    state["received"] = [16, 0]
    with pytest.raises(IllegalMove, match="no room for a stolen letter .your backpack's 16 slots are used"):
        play(state, 0, "4C CAT steal bob Q ask E X")
    state, _ = play(state, 0, "4C CAT ask E X")
    assert state["hands"][1] == ["Q", "Z"] and state["received"][0] == 16


def test_a_stolen_letter_takes_a_backpack_slot():
    state = celldance(["CAT", "QZ"], {"e4": "THIEF"}, backpacks=True)
    state["received"] = [15, 0]
    state, outcome = play(state, 0, "4C CAT steal bob Q ask E X")
    assert state["hands"][0] == ["Q"] and state["received"][0] == 16
    assert "got none: hand full" in outcome.summary and "ann stole Q from bob" in outcome.summary


def test_destroyer():
    state, _ = play(celldance(["CAT", ""], {"e4": "DESTROY"}), 0, "4C CAT destroy b2 g7 ask E X")
    assert state["destroyed"] == ["b2", "g7"]
    state["phase"], state["turn"] = "turn", 0
    state["hands"][0] = ["A", "T"]
    with pytest.raises(IllegalMove, match="b2 was destroyed"):
        play(state, 0, "2B AT ask E X")


def test_go_again():
    state, outcome = play(celldance(["CAT", ""], {"e4": "AGAIN"}), 0, "4C CAT ask E X")
    assert "ann goes again once this turn is done" in outcome.summary
    state, _ = play(state, 1, "take E")
    assert state["turn"] == 0 and state["phase"] == "turn"


def test_garbage():
    state, _ = play(celldance(["CAT", "TTA"], {"e4": "GARBAGE"}), 0, "4C CAT ask E X")
    assert state["hands"][1] == ["A"]  # everyone loses their Ts


def test_blockade():
    state, _ = play(celldance(["CATQZ", ""], {"e4": "BLOCKADE"}), 0, "4C CAT blockade a5 Q h6 Z ask E X")
    assert state["cells"]["a5"]["letter"] == "Q" and state["cells"]["h6"]["letter"] == "Z"


def test_collector():
    state, _ = play(celldance(["CATABCDEF", ""], {"e4": "COLLECT"}), 0, "4C CAT ask E X")
    assert len(state["hands"][0]) == 8  # over the hand limit of 7 this turn


# --- a whole game ---------------------------------------------------------------------------------------------


def test_a_four_player_game_to_the_end_replayed_from_its_record():
    state = ENGINE.new_game(PLAYERS, {"board": "8x4", "dictionary": "every-word"}, seed=12)
    moves = []
    for _ in range(400):
        if state["finished"]:
            break
        (seat,) = sorted(ENGINE.actors(state))[:1]
        if state["phase"] == "answer":
            move = ENGINE.timeout_move(state, seat)
        else:
            word = short_move(state, seat)
            move = (word or "pass") if state["endgame"] else (f"{word} ask E A" if word else "ask E A")
        state, _ = ENGINE.apply(state, seat, move)
        moves.append({"player": PLAYERS[seat], "move": move})
    assert state["finished"] and state["endgame"]
    result = ENGINE.result(state)
    record = make_record("keebble", state["options"], PLAYERS, 12, None, moves)
    assert list(replay(record))[-1]["result"] == result


def test_a_blocked_game_ends_after_a_whole_round_in_which_nothing_can_change():
    """Full hands that make no word, and no edge left for a wall: asking gives nobody anything, every answer is
    a pass. Such a game would ask for ever; after one whole round of it, it ends as a game of passes does."""
    from wordgames.engines.keebble.board import wall_key

    state = position(["QQQQQQQ", "ZZZZZZZ"], dictionary="enable")
    state["walls"] = sorted(
        {
            wall_key((c, r), (c + dc, r + dr))
            for c in range(8)
            for r in range(1, 9)
            for dc, dr in ((1, 0), (0, 1))
            if c + dc < 8 and r + dr <= 8
        }
    )
    state, _ = play(state, 0, "ask E T")
    state, _ = play(state, 1, "pass")
    assert not state["finished"] and state["passes"] == 1
    state, _ = play(state, 1, "ask E T")
    state, outcome = play(state, 0, "pass")
    assert state["finished"] and ENGINE.result(state)["end"] == "no-words"
    assert "nobody could play a word, take a letter or build a wall" in ENGINE.result(state)["reason"]


def test_a_turn_that_changes_something_starts_the_count_again():
    state = position(["QQQQQQQ", "ZZZZZZ"], dictionary="enable")  # bob has room for one letter
    from wordgames.engines.keebble.board import wall_key

    state["walls"] = sorted(
        {
            wall_key((c, r), (c + dc, r + dr))
            for c in range(8)
            for r in range(1, 9)
            for dc, dr in ((1, 0), (0, 1))
            if c + dc < 8 and r + dr <= 8
        }
    )
    state, _ = play(state, 0, "ask E T")
    state, _ = play(state, 1, "take E")  # a letter changed hands
    assert state["passes"] == 0 and not state["finished"]
