"""Pure rules engines: one package per game, no Django, Celery or anymail.

``get_engine("lingo")`` returns the engine object for a game name as used in records and the database. Layers
(.importlinter, "engines-layers"): ``registry`` over the games' packages, which import nothing of each other,
over ``core``; this package's ``__init__`` re-exports the registry and warms the word tables (``preload``).
"""

from __future__ import annotations

from .core.engine import Engine
from .core.errors import IllegalMove
from .registry import MOVE_LIMIT_ANY, REGISTRY, engine_names, get_engine


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


__all__ = ["MOVE_LIMIT_ANY", "REGISTRY", "Engine", "IllegalMove", "get_engine", "engine_names", "preload"]
