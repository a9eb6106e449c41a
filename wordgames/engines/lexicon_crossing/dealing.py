"""Dealing: the tile set, the starting tiles each, and the deal that opens a game.

rules/lexicon-crossing.md, "Starting tiles guide": tiles each by player count ("LC98" is the S98 set); every
player starts with the same number of tiles, the rest is the pickup pool.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core.bag import new_bag
from ..core.engine import State
from ..core.errors import InvalidOptions
from ..core.letters import ENGLISH, letter_set_for
from ..core.rng import Seed
from ..core.tiles import TileSet, get_tile_set
from .refusals import LexiconCrossingRefusal

# rules/lexicon-crossing.md, "Starting tiles guide": tiles each by player count ("LC98" is the S98 set).
STARTING_TILES = {"s98": {2: 25, 3: 17, 4: 15, 5: 15}, "lc120": {2: 30, 3: 20, 4: 15, 5: 15}}
MINIMUM_START = 15


def tile_set_for(options: Mapping[str, Any]) -> TileSet:
    """The game's tiles: the English sets by name; another language's full set (blanks apart) for s98, scaled
    to 120 tiles for lc120; the two blanks of a Scrabble set added when asked."""
    letters = letter_set_for(options["dictionary"])
    if letters is ENGLISH:
        tile_set = get_tile_set("scrabble98" if options["tiles"] == "s98" else "lc120")
    else:
        tile_set = letters.tile_set(None if options["tiles"] == "s98" else 120)
    if options["blanks"]:
        tile_set = tile_set.with_blanks(2)
    return tile_set


def deal(players: list[str], options: dict[str, Any], seed: Seed, bag: str | None = None) -> State:
    """The opening state: the starting tiles dealt to every seat in seat order (from the record's ``bag`` when
    it fixes one), every crossword empty, the first round under way."""
    count = len(players)
    tile_set = tile_set_for(options)
    if options["teams"] != "-" and (len(options["teams"]) != count or len(set(options["teams"])) < 2):
        raise InvalidOptions(LexiconCrossingRefusal.TEAMS_PER_SEAT, count=count)
    start = options["start_tiles"] or STARTING_TILES[options["tiles"]][count]
    if start * count > tile_set.size:
        raise InvalidOptions(LexiconCrossingRefusal.START_TILES_TOO_MANY, start=start, count=count, size=tile_set.size)
    tiles = list(new_bag(tile_set, seed, bag))
    hands = [tiles[i * start : (i + 1) * start] for i in range(count)]
    return {
        "players": list(players),
        "options": options,
        "seed": seed,
        "bag": tiles[start * count :],
        "tiles": hands,
        "grids": [[] for _ in players],
        "latest": [list(hand) for hand in hands],
        "deal_number": 0,
        "round": 1,
        "last_green": None,
        "jaywalked": [0] * count,
        "swapped": [False] * count,
        "shuffles": 0,
        "phase": "play",
        "done": [False] * count,
        "red_by": None,
        "active": [True] * count,
        "finished": False,
        "reason": "",
    }
