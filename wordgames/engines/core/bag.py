"""The seeded bag: every tile of a set, in an order fixed by the game's seed.

``new_bag`` shuffles the tile set with the game's generator (``rng.draws``: keyed by its secret, or the
Mersenne Twister of an older game's whole-number seed); when a ``bag`` string is given, those tiles
come out first, in that order, and the rest follow in the shuffled order. The whole order is kept in the
game state (never shown to players), so a replay draws exactly the same tiles.
"""

from __future__ import annotations

from wordgames.engines.core.text import quote

from .errors import InvalidOptions
from .refusals import Refusal
from .rng import Seed, draws
from .tiles import BLANK, TileSet


def new_bag(tile_set: TileSet, seed: Seed, first: str | None = None) -> str:
    """All tiles of ``tile_set`` in drawing order, as a string (``?`` for a blank).

    Raises ``InvalidOptions`` if ``first`` asks for tiles the set does not have."""
    tiles = tile_set.tiles()
    draws(seed, "bag", legacy=seed).shuffle(tiles)
    if not first:
        return "".join(tiles)
    wanted = "".join(ch for ch in first.upper() if not ch.isspace())
    for ch in wanted:
        if ch != BLANK and not ch.isalpha():  # any alphabet's letter (Ñ); the tile set says which it has
            raise InvalidOptions(Refusal.BAG_NOT_TILE, bag=quote(first), char=quote(ch))
    try:
        tile_set.check_fits(wanted)
    except ValueError as e:
        raise InvalidOptions(Refusal.BAG_DOES_NOT_FIT, bag=quote(first), reason=str(e)) from None
    rest = list(tiles)
    for ch in wanted:
        rest.remove(ch)
    return wanted + "".join(rest)


def draw(bag: str, count: int) -> tuple[str, str]:
    """Take up to ``count`` tiles from the front of the bag: (drawn, what is left)."""
    count = max(0, count)
    return bag[:count], bag[count:]
