"""The games there are: each game's name (as records and the database spell it) and where its engine lives.

The engines are found by name at run time (``import_module``), so nothing here imports a game's package: the
core stays below the games, and a record or a self-played game can name any of them. ``wordgames.engines``
(the registry) offers the same lookup to the rest of the project.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Engine

# name -> "module:attribute"; games register here as they are built.
GAMES: dict[str, str] = {
    "lingo": "wordgames.engines.lingo:ENGINE",
    "lexicon-crossing": "wordgames.engines.lexicon_crossing:ENGINE",
    "lingua-fences": "wordgames.engines.lingua_fences:ENGINE",
    "keebble": "wordgames.engines.keebble:ENGINE",
}


def get_engine(name: str) -> Engine:
    try:
        target = GAMES[name]
    except KeyError:
        raise KeyError(f"No game called {name!r}; known games: {', '.join(sorted(GAMES))}") from None
    module_name, attribute = target.split(":")
    return getattr(import_module(module_name), attribute)


def engine_names() -> list[str]:
    return sorted(GAMES)
