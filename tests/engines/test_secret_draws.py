"""Draws keyed by a game's secret: the same secret gives the same game on any machine, another secret another
game, and the old whole-number seeds still give exactly the games they always gave."""

from __future__ import annotations

import random

import pytest

from wordgames.engines import get_engine
from wordgames.engines.core.bag import new_bag
from wordgames.engines.core.record import InvalidRecord, final_state, make_record, validate_record
from wordgames.engines.core.rng import KeyedRandom, draws, is_secret
from wordgames.engines.core.tiles import get_tile_set

SECRET = "7f" * 32


def test_the_same_secret_draws_the_same_and_another_secret_something_else() -> None:
    tiles = get_tile_set("scrabble98")
    assert new_bag(tiles, SECRET) == new_bag(tiles, SECRET)
    assert new_bag(tiles, SECRET) != new_bag(tiles, "80" * 32)


def test_each_kind_of_draw_has_its_own_stream() -> None:
    a, b = KeyedRandom(SECRET, "bag"), KeyedRandom(SECRET, "board")
    assert [a.getrandbits(64) for _ in range(4)] != [b.getrandbits(64) for _ in range(4)]


def test_a_keyed_stream_is_the_published_construction() -> None:
    """HMAC-SHA256(secret, label ':' counter), big-endian: anyone with the record can check a deal."""
    import hashlib
    import hmac

    block = hmac.new(bytes.fromhex(SECRET), b"bag:" + (0).to_bytes(8, "big"), hashlib.sha256).digest()
    assert KeyedRandom(SECRET, "bag").getrandbits(256) == int.from_bytes(block, "big")


def test_old_seeds_keep_their_mersenne_twister_draws() -> None:
    tiles = get_tile_set("scrabble98")
    expected = tiles.tiles()
    random.Random(7).shuffle(expected)
    assert new_bag(tiles, 7) == "".join(expected)
    assert isinstance(draws(7, "bag", legacy=7), random.Random) and not isinstance(draws(7, "bag", 7), KeyedRandom)


@pytest.mark.parametrize("kind", ["lingo", "keebble", "lexicon-crossing", "lingua-fences"])
def test_a_game_from_a_secret_replays_from_its_record(kind: str) -> None:
    engine = get_engine(kind)
    state = engine.new_game(["ann", "bob"], {}, SECRET)
    record = validate_record(make_record(kind, {}, ["ann", "bob"], SECRET, None, []))
    assert final_state(record) == state
    assert engine.new_game(["ann", "bob"], {}, "81" * 32) != state  # another secret, another deal


@pytest.mark.parametrize("seed", ["not hex at all, and long enough to be one", "ab" * 8, True, 1.5])
def test_a_record_with_a_seed_that_is_neither_a_secret_nor_a_whole_number_is_refused(seed: object) -> None:
    with pytest.raises(InvalidRecord, match="secret"):
        validate_record(make_record("lingo", {}, ["ann", "bob"], seed, None, []))  # type: ignore[arg-type]


def test_what_counts_as_a_secret() -> None:
    assert is_secret(SECRET) and is_secret("ab" * 16) and not is_secret("ab" * 15) and not is_secret(12345)
