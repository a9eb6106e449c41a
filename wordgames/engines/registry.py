"""The registry: every game's engine by name, and what holds for any game's moves. It sits above the games'
packages (it reads Lexicon Crossing's largest crossword), which sit above ``core``; ``core.catalogue`` holds
the names, so that the core can find an engine by name without importing anything above it.
"""

from __future__ import annotations

from .core.catalogue import GAMES, engine_names, get_engine
from .lexicon_crossing.crossword import MAX_SIDE

# Any game's longest move, in characters: Lexicon Crossing's ``grid`` spelling the largest crossword its rules
# allow. A move can be bounded by this before its game is known; each engine's ``move_limit`` is the real bound.
MOVE_LIMIT_ANY = len("grid\r\n") + MAX_SIDE * (MAX_SIDE + 2)

REGISTRY = GAMES  # the old name

__all__ = ["GAMES", "MOVE_LIMIT_ANY", "REGISTRY", "engine_names", "get_engine"]
