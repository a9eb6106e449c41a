"""Lingua Fences (rules/lingua-fences.md): words on sheets passed left, areas enclosed for points."""

from .game import ENGINE, LinguaFencesEngine

__all__ = ["ENGINE", "LinguaFencesEngine"]
