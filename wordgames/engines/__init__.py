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


def preload(*, players: bool = False) -> None:
    """Build now the word tables a process would otherwise build at its first use: the default dictionary, the
    Lingo search's compiled table of words read either way (about 0.2 s and 11 MB; moves use it too, to judge a
    burn) and, with ``players``, the computer players' prefix set (about 0.4 s and 40 MB). Called where a server
    loads the application before forking its workers (gunicorn's ``--preload``, Celery's worker), so the
    workers share one copy, and no player's move pays for building it."""
    from .core.lexicon import get_lexicon
    from .lingo import best

    lexicon = get_lexicon()
    best.warm(lexicon)
    if players:
        from .core.players import prefixes

        prefixes(lexicon)


__all__ = ["MOVE_LIMIT_ANY", "Engine", "IllegalMove", "get_engine", "engine_names", "preload"]
