"""Lingo (Cameron Browne, 2005): a boardless word game with stacking, on square or hex tables.

``ENGINE`` is the engine registered as "lingo"; ``build_state`` sets up a position for tests and examples.
"""

from __future__ import annotations

from .game import LingoEngine, build_state

ENGINE = LingoEngine()

__all__ = ["ENGINE", "LingoEngine", "build_state"]
