"""The worked examples of the rule texts, scored by the engine."""

from __future__ import annotations

from wordgames.engines.core.record import replay
from wordgames.engines.lingo import ENGINE, build_state


def test_the_example_game_of_the_rule_text_scores_12_84_126_100_and_495(example_record):
    lines = list(replay(example_record))
    moves, last = lines[:-1], lines[-1]
    assert [m["score"] for m in moves] == [12, 84, 126, 100, 495]
    assert [m["n"] for m in moves] == [1, 2, 3, 4, 5]
    assert [m["totals"] for m in moves][-1] == [12 + 126 + 495, 84 + 100]
    assert last == {"result": None}


def test_the_example_game_names_the_words_of_the_rule_text(example_record):
    moves = list(replay(example_record))[:-1]
    assert moves[0]["words"] == ["YET"]
    assert moves[1]["words"] == ["OVEN", "YE", "EN"]
    # rules/lingo.md names NEW (read upwards); WEN, on the same cells for the same 12 pts, reads forwards.
    assert moves[2]["words"] in (["HEW", "EYE", "NEW"], ["HEW", "EYE", "WEN"])
    assert moves[3]["words"] == ["REPEAT", "PET"]
    assert moves[4]["words"] == ["EXERT", "RE", "HEX", "OVER", "AT"]


def test_the_example_game_summaries_read_like_the_rule_text(example_record):
    moves = list(replay(example_record))[:-1]
    assert moves[0]["summary"] == "ann made the word YET for a total of 6 x 2 = 12 pts."
    assert moves[1]["summary"] == "bob made the words OVEN, YE and EN for a total of (21 + 5 + 2) x 3 = 84 pts."
    assert moves[3]["summary"] == "bob made the words REPEAT and PET for a total of (40 + 10) x 2 = 100 pts."
    assert moves[4]["summary"] == (
        "ann made the words EXERT, RE, HEX, OVER and AT for a total of (48 + 2 + 26 + 21 + 2) x 5 = 495 pts."
    )


def test_the_square_picture_of_the_pbem_help_scores_it_and_biz_60():
    state = build_state(
        ["fred", "ted"],
        {"preset": "pbem"},
        {"b2": "Z", "c2": "S", "c3": "T", "d3": "G", "b4": "B", "c4": "W"},
        pool="RYTHI",
    )
    outcome = ENGINE.preview(state, 0, "b3 I")
    assert outcome.score == 60
    assert outcome.summary == "fred made the words IT and BIZ for a total of (2 + 28) x 2 = 60 pts."


def test_the_hex_picture_of_the_pbem_help_scores_dig_doc_and_dye_108():
    tiles = {"e3": "E", "b4": "F", "d4": "Y", "d6": "I", "f6": "W", "c7": "O", "e7": "G"}
    state = build_state(["fred", "ted"], {"preset": "pbem", "hex": True}, tiles, pool="DCETQ")
    outcome = ENGINE.preview(state, 1, "c5 D c9 C")
    assert outcome.score == 108
    assert sorted(w["word"] for w in outcome.words) == ["DIG", "DOC", "DYE"]
    assert {w["word"]: w["score"] for w in outcome.words} == {"DIG": 10, "DOC": 12, "DYE": 14}
    assert outcome.summary.startswith("ted made the words ")
    assert outcome.summary.endswith(" for a total of (12 + 10 + 14) x 3 = 108 pts.")
