"""The computer's hardest tile is the one worth most in the game's own letter set, not in English's."""

from __future__ import annotations

from wordgames.engines.core.letters import ENGLISH, LetterSet, register_letter_set
from wordgames.engines.core.lexicon import Lexicon
from wordgames.engines.lexicon_crossing.computer import _hardest


def test_the_hardest_tile_is_the_one_worth_most_in_the_games_letter_set() -> None:
    # A language in which Q is common and cheap and E is rare and dear (as a letter set may well say).
    values = {letter: 1 for letter in ENGLISH.values} | {"E": 10, "Q": 1}
    register_letter_set("values-test", LetterSet.from_data("values-test", {"values": values, "counts": values}))
    assert _hardest(["Q", "E", "A"], Lexicon("values-test", ["QEA"])) == "E"
    assert _hardest(["Q", "E", "A"], Lexicon("enable", ["QEA"])) == "Q"  # English: Q is worth 10
