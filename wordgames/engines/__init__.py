"""Pure rules engines: one package per game, no Django, Celery or anymail.

``get_engine("lingo")`` returns the engine object for a game name as used in records and the database. Layers
(.importlinter, "engines-layers"): ``registry`` over the games' packages, which import nothing of each other,
over ``core``; this package's ``__init__`` only re-exports the registry.
"""

from __future__ import annotations

from .core.engine import Engine
from .core.errors import IllegalMove
from .registry import MOVE_LIMIT_ANY, REGISTRY, engine_names, get_engine

__all__ = ["MOVE_LIMIT_ANY", "REGISTRY", "Engine", "IllegalMove", "get_engine", "engine_names"]
