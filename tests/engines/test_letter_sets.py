"""Letter sets as data handed to the engines: a Spanish Keebble game deals, reads and scores Ñ; a French one
reads É as the E tile it is played with and scores by French Scrabble's values; English games are unchanged."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.engines.keebble.conftest import position
from wordgames.engines import get_engine
from wordgames.engines.core import letters as letter_sets
from wordgames.engines.core import lexicon
from wordgames.engines.core.errors import IllegalMove, InvalidOptions
from wordgames.engines.core.letters import ENGLISH, LetterSet, letter_set_for, register_letter_set, shipped
from wordgames.engines.keebble import ENGINE


@pytest.fixture
def languages() -> Iterator[None]:
    """Two small word lists registered with the shipped letter sets, as the server does for NAME.json."""
    for name, words in (("test-es", ["ÑU", "AÑO", "KILO"]), ("test-fr", ["KEPI", "ETE", "ZEBRE"])):
        letters = shipped(name[-2:])
        lexicon.register_lexicon(name, lambda n=name, w=words, s=letters: lexicon.Lexicon(n, map(s.normalise, w)))
        register_letter_set(name, letters)
    yield
    for name in ("test-es", "test-fr"):
        lexicon._loaders.pop(name, None)
        lexicon._loaded.pop(name, None)
        letter_sets._sets.pop(name, None)
    letter_sets._combined.clear()


def test_the_shipped_sets_are_the_french_and_spanish_scrabble_sets() -> None:
    french, spanish = shipped("fr"), shipped("es")
    assert (french.tile_set().size + french.blanks, spanish.tile_set().size + spanish.blanks) == (102, 100)
    assert (french.values["K"], french.values["E"], spanish.values["Ñ"], spanish.counts["Ñ"]) == (10, 1, 8, 1)
    assert french.normalise("œuf") == "OEUF" and spanish.normalise("acción") == "ACCION"
    assert spanish.outside("würstel") == set() and french.outside("año") == {"Ñ"}


def test_a_spanish_keebble_game_plays_n_tilde_in_either_case_and_scores_it(languages: None) -> None:
    state = position(["AÑO", "U"], dictionary="test-es", scrabble_scoring=True)
    state, outcome = ENGINE.apply(state, 0, "4c año ask Ñ U")
    assert outcome.move.startswith("4C AÑO") and outcome.score == 1 + 8 + 1  # Ñ is worth 8 in Spanish
    assert state["hands"][0] == ["Ñ", "U"]


def test_a_french_keebble_game_reads_e_acute_and_scores_by_french_values(languages: None) -> None:
    state = position(["KEPI", "U"], dictionary="test-fr", scrabble_scoring=True)
    _, outcome = ENGINE.apply(state, 0, "4C KÉPI ask E X")
    assert outcome.score == 10 + 1 + 3 + 1  # K is 10 in French (5 in English)


def test_asking_a_letter_outside_the_games_set_is_refused(languages: None) -> None:
    with pytest.raises(IllegalMove, match="is not a letter"):
        ENGINE.apply(position(["KEPI", "U"], dictionary="test-fr"), 0, "4C KEPI ask Ñ X")
    with pytest.raises(IllegalMove, match="ask for letters A to Z"):
        ENGINE.apply(position(["CAT", "U"], dictionary="enable"), 0, "4C CAT ask Ñ X")


def test_a_dictionary_without_a_set_and_a_combined_one(languages: None) -> None:
    assert letter_set_for("enable") is ENGLISH
    both = letter_set_for("enable+test-es")
    assert both.name == "Español" and "Ñ" in both.letters  # the registered set's tiles and values
    assert letter_set_for("test-fr+test-es").fold["Á"] == "A" and "Ñ" in letter_set_for("test-fr+test-es").letters


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"values": {"A": 1}}, "needs 'values' and 'counts'"),
        ({"values": {"A": 1, "B": 2}, "counts": {"A": 1}}, "the same letters; differing: B"),
        ({"values": {"AB": 1}, "counts": {"AB": 1}}, "is not a letter"),
        ({"values": {"A": -1}, "counts": {"A": 1}}, "value of A must be a whole number"),
        ({"values": {"A": 1}, "counts": {"A": 1}, "fold": {"Á": "B"}}, "'fold' must map"),
    ],
)
def test_a_broken_letter_set_is_refused_with_a_sentence(data: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        LetterSet.from_data("x", data)


def test_lingo_plays_english_tiles_and_refuses_a_blank_standing_for_a_letter_it_lacks() -> None:
    engine = get_engine("lingo")
    state = engine.new_game(["ann", "bob"], {"blanks": True, "burn": "always"}, 5, "?ABC")
    with pytest.raises(IllegalMove, match="Lingo's tiles have no Ñ"):
        engine.apply(state, 0, "m13 ?Ñ")
    state, _ = engine.apply(state, 0, "m13 ?A")  # a blank for a letter of the set is fine


def test_a_spanish_game_record_may_fix_its_first_tiles_with_n_tilde(languages: None) -> None:
    engine = get_engine("lexicon-crossing")
    state = engine.new_game(["ann", "bob"], {"dictionary": "test-es", "tiles": "s98"}, 5, "AÑO")
    assert state["tiles"][0][:3] == ["A", "Ñ", "O"]
    with pytest.raises(InvalidOptions, match="has 1 'Ñ' tile, not 2"):
        engine.new_game(["ann", "bob"], {"dictionary": "test-es", "tiles": "s98"}, 5, "ÑÑ")
