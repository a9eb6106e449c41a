"""Pure rules engines: one package per game, no Django, Celery or anymail.

``get_engine("lingo")`` returns the engine object for a game name as used in records and the database.
"""

from __future__ import annotations

from importlib import import_module

from .core.engine import Engine
from .core.errors import IllegalMove
from .lexicon_crossing.crossword import MAX_SIDE

# Any game's longest move, in characters: Lexicon Crossing's ``grid`` spelling the largest crossword its rules
# allow. A move can be bounded by this before its game is known; each engine's ``move_limit`` is the real bound.
MOVE_LIMIT_ANY = len("grid\r\n") + MAX_SIDE * (MAX_SIDE + 2)

# name -> "module:attribute"; games register here as they are built.
REGISTRY: dict[str, str] = {
    "lingo": "wordgames.engines.lingo:ENGINE",
    "lexicon-crossing": "wordgames.engines.lexicon_crossing:ENGINE",
    "lingua-fences": "wordgames.engines.lingua_fences:ENGINE",
    "keebble": "wordgames.engines.keebble:ENGINE",
}


def get_engine(name: str) -> Engine:
    try:
        target = REGISTRY[name]
    except KeyError:
        raise KeyError(f"No game called {name!r}; known games: {', '.join(sorted(REGISTRY))}") from None
    module_name, attribute = target.split(":")
    return getattr(import_module(module_name), attribute)


def engine_names() -> list[str]:
    return sorted(REGISTRY)


__all__ = ["MOVE_LIMIT_ANY", "Engine", "IllegalMove", "get_engine", "engine_names"]
