"""Keebble (rules/keebble.md): a shared board, asking letters, walls, and the six expansions."""

from .game import ENGINE, KeebbleEngine

__all__ = ["ENGINE", "KeebbleEngine"]
