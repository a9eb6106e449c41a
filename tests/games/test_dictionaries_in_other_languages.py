"""A word list of another language, added with its letter set: its games deal that language's tiles, read its
letters typed with their accents, and score by its values; a list with letters outside its set is refused."""

from __future__ import annotations

import gzip
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from tests.conftest import logged_in
from wordgames.engines import get_engine
from wordgames.engines.core import letters as letter_sets
from wordgames.engines.core import lexicon
from wordgames.engines.core.errors import IllegalMove
from wordgames.games import actions
from wordgames.games.apps import register_dictionaries

DATA = Path(__file__).resolve().parent.parent / "data"


@pytest.fixture
def french(tmp_path: Path, settings: Any) -> Iterator[Path]:
    """The dozen French words of tests/data, added as dictionary "fr" with the shipped French letter set."""
    settings.DICTIONARY_DIR = str(tmp_path)
    call_command("add_dictionary", "fr", str(DATA / "fr-mots.txt"), "--letters", "fr")
    register_dictionaries(tmp_path)  # what a restart does
    yield tmp_path
    lexicon._loaders.pop("fr", None)
    lexicon._loaded.pop("fr", None)
    letter_sets._sets.pop("fr", None)
    letter_sets._combined.clear()


def test_the_french_list_is_kept_as_french_tiles_spell_it_beside_its_letter_set(french: Path) -> None:
    with gzip.open(french / "fr.txt.gz", "rt", encoding="utf-8") as f:
        words = f.read().split()
    assert "ETE" in words and "OEUF" in words and "ELEVE" in words  # É is an E tile, Œ two tiles: French Scrabble's
    assert (french / "fr.json").is_file()
    assert lexicon.get_lexicon("fr").__contains__("KEPI")


@pytest.mark.django_db(transaction=True)
def test_a_lexicon_crossing_game_in_french_reads_e_acute_and_scores_by_french_values(french, ann, bob) -> None:
    # ann's first tiles are fixed: KEPI across and KILO down cross at K, the one crossing tile that scores.
    hand = "KEPIILO" + "AAAAAAAA"
    game = actions.create_game(ann, "lexicon-crossing", {"dictionary": "fr", "tiles": "s98"}, ["bob"], seed=3, bag=hand)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    tiles = Counter(game.state["bag"] + game.state["tiles"][0] + game.state["tiles"][1])
    assert (tiles.total(), tiles["E"], tiles["K"]) == (100, 15, 1)  # French Scrabble's set (its blanks: an option)
    actions.submit_move(game.pk, ann, "grid KÉPI/I.../L.../O...")
    game.refresh_from_db()
    assert game.state["grids"][0] == ["KEPI", "I...", "L...", "O..."]
    score = get_engine("lexicon-crossing").score(game.state, 0)
    assert (score.points, score.invalid) == (10, [])  # K is worth 10 in French (5 in English)
    page = logged_in(ann).get(f"/games/{game.pk}/").content.decode()
    assert score.text in page  # 10/10=1.00: her page shows it


def test_a_french_word_typed_with_its_accents_is_the_same_move_as_without(french: Path) -> None:
    engine = get_engine("lexicon-crossing")
    state = engine.new_game(["ann", "bob"], {"dictionary": "fr", "tiles": "s98"}, 3, "ETEKILO" + "A" * 8)
    with_accents, outcome = engine.apply(state, 0, "grid ÉTÉ")
    without, _ = engine.apply(state, 0, "grid ETE")
    assert with_accents["grids"][0] == without["grids"][0] == ["ETE"]
    assert outcome.move == "grid ETE"  # the record keeps what the tiles spell
    with pytest.raises(IllegalMove, match="tiles you do not have: Ñ"):
        engine.apply(state, 0, "grid AÑO")


def test_a_word_list_with_letters_outside_its_set_is_refused_with_a_count(tmp_path: Path, settings: Any) -> None:
    settings.DICTIONARY_DIR = str(tmp_path)
    with pytest.raises(CommandError) as refused:
        call_command("add_dictionary", "fr", str(DATA / "mots-et-palabras.txt"), "--letters", "fr")
    assert "2 of the 4 words have letters outside the Français letter set (Ñ)" in str(refused.value)
    assert list(tmp_path.iterdir()) == []  # nothing was added


def test_an_accented_list_without_a_letter_set_is_refused_as_outside_english(tmp_path: Path, settings: Any) -> None:
    settings.DICTIONARY_DIR = str(tmp_path)
    with pytest.raises(CommandError, match="14 words have letters outside the English letter set"):
        call_command("add_dictionary", "fr", str(DATA / "fr-mots.txt"))
