"""The computer judges tiles and crosswords by the game's own letter set, not by English's: its hardest tile is the
one worth most there, and of two crosswords it keeps the one that scores more there. English games play exactly
the moves they played before (a strength benchmark was measured on them)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator

import pytest

from wordgames.engines.core import letters as letter_sets
from wordgames.engines.core import lexicon as lexicons
from wordgames.engines.core.letters import ENGLISH, LetterSet, register_letter_set, shipped
from wordgames.engines.core.lexicon import Lexicon
from wordgames.engines.core.players import choose_move
from wordgames.engines.core.selfplay import play_game
from wordgames.engines.lexicon_crossing import ENGINE
from wordgames.engines.lexicon_crossing.computer import _hardest, _rank

from .conftest import EveryWord


def test_the_hardest_tile_is_the_one_worth_most_in_the_games_letter_set() -> None:
    # A language in which Q is common and cheap and E is rare and dear (as a letter set may well say).
    values = {letter: 1 for letter in ENGLISH.values} | {"E": 10, "Q": 1}
    register_letter_set("values-test", LetterSet.from_data("values-test", {"values": values, "counts": values}))
    assert _hardest(["Q", "E", "A"], Lexicon("values-test", ["QEA"])) == "E"
    assert _hardest(["Q", "E", "A"], Lexicon("enable", ["QEA"])) == "Q"  # English: Q is worth 10


@pytest.fixture
def spanish() -> Iterator[str]:
    """A small Spanish word list, registered with the shipped Spanish letter set as the server does."""
    name = "lc-values-es"
    lexicons.register_lexicon(name, lambda: Lexicon(name, ["AÑO", "ÑU"]))
    register_letter_set(name, shipped("es"))
    yield name
    lexicons._loaders.pop(name, None)
    lexicons._loaded.pop(name, None)
    letter_sets._sets.pop(name, None)
    letter_sets._combined.clear()


def test_of_two_crosswords_the_computer_keeps_the_one_worth_more_in_the_games_letter_set() -> None:
    french, english = EveryWord("every-word-fr", ["A"]), EveryWord("every-word", ["A"])
    k_crossed, q_crossed = ["KA", "A."], ["QA", "A."]  # two words, K (or Q) the crossing tile: its value / 2
    assert _rank(k_crossed, 0, french) == (True, 5.0) and _rank(q_crossed, 0, french) == (True, 4.0)  # K 10, Q 8
    assert _rank(k_crossed, 0, english) == (True, 2.5) and _rank(q_crossed, 0, english) == (True, 5.0)  # K 5, Q 10


def test_a_computer_whose_crossword_crosses_on_a_spanish_letter_calls_green_light(spanish: str) -> None:
    state = ENGINE.new_game(["ann", "bob"], {"dictionary": spanish, "tiles": "s98"}, seed=1)
    state["grids"][0], state["tiles"][0], state["latest"][0] = ["AÑO", ".U."], list("AÑOU"), []
    assert ENGINE.view(state, 0)["score"]["text"] == "8/2=4.00"  # Ñ, worth 8, in ÑU and AÑO
    assert choose_move(ENGINE, ENGINE.view(state, 0), 0, level="quick", budget=30.0) == "green"


# Whole English games between quick computers, with a budget none of their searches reaches (the moves depend
# on the seed alone): the digest of every game's moves as the players made them before they judged by the
# game's letter set.
ENGLISH_GAMES = [
    # (seed, seats, options, moves, scores, sha-256 of the moves, one a line)
    (3, 2, {"tiles": "s98", "start_tiles": 15, "per_green": 2}, 55, [2.0, 2.61], "95481f2dc13d2364"),
    (6, 3, {"tiles": "s98"}, 66, [2.55, 2.27, 1.92], "0ca5b75dcafbf6e9"),
    (7, 2, {"tiles": "s98", "start_tiles": 15, "blanks": True}, 115, [1.86, 2.56], "c3ee14cfa91ffcd2"),
]


@pytest.mark.parametrize("seed, seats, options, moves, scores, digest", ENGLISH_GAMES)
def test_english_games_between_quick_computers_play_the_same_moves_as_before(
    seed: int, seats: int, options: dict[str, object], moves: int, scores: list[float], digest: str
) -> None:
    report = play_game("lexicon-crossing", ["quick"] * seats, seed=seed, options=options, budget=120.0)
    played = "\n".join(m["move"] for m in report.record["moves"])
    assert (report.moves, report.scores) == (moves, scores)
    assert hashlib.sha256(played.encode()).hexdigest()[:16] == digest
