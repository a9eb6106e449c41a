"""Lingo's options, named after pbmserv's challenge line, and its two presets.

``lingo challenge [-pool=number] [-place=number] [-hex] [-small|-full] [-no_twos] [-repeat] [-not_shared]``
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wordgames.engines.core.text import quote

from ..core.engine import Option
from ..core.errors import InvalidOptions
from ..core.lexicon import DEFAULT_LEXICON
from ..core.options import check_dictionary
from ..core.options import coerce as _coerce
from ..core.refusals import Refusal
from .refusals import LingoRefusal

PRESETS: Mapping[str, Mapping[str, Any]] = {
    # rules/lingo.md: "Four tiles ... placed into a pool shared by all players", "any number of tiles",
    # "a set of Scrabble tiles (with the two blanks removed)".
    "classic": {"pool": 4, "place": None, "tiles": 98},
    # rules/lingo-pbem.md: "a common pool of five tiles ... selecting up to four tiles"; 49 tiles by default.
    "pbem": {"pool": 5, "place": 4, "tiles": 49},
}

OPTIONS: tuple[Option, ...] = (
    Option(
        "preset",
        "choice",
        "classic",
        "Preset",
        "classic: the boardless rules (pool 4, play any number, 98 "
        "tiles); pbem: the play-by-email server (pool 5, at most 4 a turn, 49 tiles).",
        choices=("classic", "pbem"),
    ),
    Option("pool", "int", 4, "Pool size", "Tiles in the pool (1-10).", minimum=1, maximum=10),
    Option(
        "place",
        "int",
        4,
        "Tiles a turn",
        "The most tiles one move may place (1 to the pool size); classic lets a move use the whole pool.",
        minimum=1,
        maximum=10,
    ),
    Option("hex", "bool", False, "Hexagonal board", "Hexes have three axes, so more words a move."),
    Option(
        "tiles",
        "choice",
        98,
        "Tile set",
        "98: the Scrabble set without blanks; 49 or 30: smaller sets; half: half of each letter.",
        choices=(30, 49, 98, "half"),
    ),
    Option("no_twos", "bool", False, "No two-letter words", "Two-letter words do not count."),
    Option("repeat", "bool", False, "Repeat letters", "A tile may be stacked on the same letter."),
    Option("not_shared", "bool", False, "Hidden pools", "Every player has a hidden pool of their own."),
    Option(
        "blanks",
        "bool",
        False,
        "Blanks",
        "Add blanks (two in the 98 set, one in smaller sets): worth 0, they stand for the letter you choose.",
    ),
    Option(
        "size",
        "int",
        25,
        "Table size",
        "The table is size x size squares (hex: size columns of size hexes).",
        minimum=7,
        maximum=51,
    ),
    Option("dictionary", "str", DEFAULT_LEXICON, "Dictionary", "The word list moves are checked against."),
    Option(
        "missed",
        "bool",
        False,
        "Sporting opponent",
        "After each move, show the best move the mover missed (not with hidden pools).",
    ),
    Option("hints", "bool", False, "Practice game", "Players may ask for the best move."),
    Option(
        "burn",
        "choice",
        "no-word",
        "Burning a tile",
        "When a single tile that makes no word may be played "
        "for 0: no-word, only when no new word can be made (the rules); always, at any time (a house rule, and "
        "how games started before November 2026 play).",
        choices=("no-word", "always"),
    ),
)

_BY_NAME = {option.name: option for option in OPTIONS}


def validate_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """Fill in defaults, apply the preset, reject anything unknown or out of range (``InvalidOptions``)."""
    unknown = sorted(set(options) - set(_BY_NAME))
    if unknown:
        raise InvalidOptions(
            Refusal.OPTION_UNKNOWN, title="Lingo", option=quote(unknown[0]), options=", ".join(_BY_NAME)
        )
    preset = _coerce(_BY_NAME["preset"], options.get("preset", "classic"))
    merged: dict[str, Any] = {o.name: o.default for o in OPTIONS}
    merged.update(PRESETS[preset])
    merged["preset"] = preset
    explicit = {}
    for name, value in options.items():
        if name != "preset" and value is not None:
            explicit[name] = _coerce(_BY_NAME[name], value)
    merged.update(explicit)
    if merged["place"] is None:
        merged["place"] = merged["pool"]
    if "place" not in explicit:
        merged["place"] = min(merged["place"], merged["pool"])
    if merged["place"] > merged["pool"]:
        raise InvalidOptions(LingoRefusal.PLACE_OVER_POOL, pool=merged["pool"], place=merged["place"])
    check_dictionary(merged["dictionary"])
    if merged["missed"] and merged["not_shared"]:
        raise InvalidOptions(LingoRefusal.MISSED_WITH_NOT_SHARED)
    return merged
