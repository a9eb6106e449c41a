"""The dictionary: ENABLE by default, any word list as another, compact and shared."""

from __future__ import annotations

import gzip

import pytest

from wordgames.engines.core import lexicon as lx
from wordgames.engines.core.lexicon import Lexicon, get_lexicon, register_lexicon


def test_enable_is_the_default_and_has_every_word():
    enable = get_lexicon()
    assert enable.name == "enable"
    assert len(enable) == 172820
    assert "QUIXOTIC" in enable and "quixotic" in enable and "Yet" in enable
    assert "QXZ" not in enable and "" not in enable and 42 not in enable


def test_prefixes_include_the_word_itself():
    enable = get_lexicon()
    assert enable.has_prefix("QUIX") and enable.has_prefix("quixotic") and enable.has_prefix("z")
    assert not enable.has_prefix("QUIXOTICZ") and not enable.has_prefix("XQ")
    assert enable.words_with_prefix("quixotic") == ["QUIXOTIC", "QUIXOTICAL", "QUIXOTICALLY"]


def test_the_shipped_trie_matches_the_shipped_word_list():
    words = lx.read_words(lx.ENABLE_WORDS)
    compiled = Lexicon.from_file("enable", lx.ENABLE_TRIE)
    assert len(compiled) == len(words) == len(set(words))
    assert all(word in compiled for word in words[::997])


def test_the_shipped_either_way_trie_holds_every_word_and_its_reversal():
    words = lx.read_words(lx.ENABLE_WORDS)
    shipped = lx.either_way(get_lexicon())
    assert len(shipped) == len(set(words) | {word[::-1] for word in words})
    assert all(word in shipped and word[::-1] in shipped for word in words[::997])
    house = lx.either_way(Lexicon("house", ["Frodo"]))  # any other list is built
    assert "FRODO" in house and "ODORF" in house and len(house) == 2


def test_missing_trie_is_rebuilt_from_the_word_list(tmp_path, monkeypatch):
    monkeypatch.setattr(lx, "ENABLE_TRIE", tmp_path / "absent.marisa")
    rebuilt = lx.load_enable()
    assert len(rebuilt) == 172820 and "ZYZZYVA" in rebuilt


@pytest.mark.parametrize("compressed", [False, True])
def test_any_word_list_can_be_another_dictionary(tmp_path, compressed):
    path = tmp_path / ("de.txt.gz" if compressed else "de.txt")
    text = "Haus\nMaus\n\nÖl\n"
    if compressed:
        with gzip.open(path, "wt", encoding="utf-8") as f:
            f.write(text)
    else:
        path.write_text(text, encoding="utf-8")
    register_lexicon("test-de", lambda: Lexicon.from_file("test-de", path))
    german = get_lexicon("test-de")
    assert get_lexicon("test-de") is german  # loaded once, shared
    assert "haus" in german and "öl" in german and "OL" not in german
    assert len(german) == 3 and "QUIXOTIC" not in german


def test_unknown_dictionary_is_named_in_the_error():
    with pytest.raises(KeyError, match="klingon"):
        get_lexicon("klingon")
