"""Lexicon Crossing (rules/lexicon-crossing.md): private crosswords scored points/words, green light deals."""

from .game import ENGINE, LexiconCrossingEngine

__all__ = ["ENGINE", "LexiconCrossingEngine"]
