from __future__ import annotations

from .refusals import Template, Value, render


class EngineRefusal(ValueError):
    """A refusal with its code and values; ``str()`` is the English sentence (the CLI, logs and records read it),
    and the server words the same code and values in the reader's language."""

    def __init__(self, code: Template, **values: Value) -> None:
        super().__init__(render(code, values))
        self.code = code
        self.values = values


class IllegalMove(EngineRefusal):
    """A move the rules do not allow. The message is a sentence a player can read and act on."""


class InvalidOptions(EngineRefusal):
    """Game options that do not fit the game's option schema. The message names the option."""


class InvalidRecord(ValueError):
    """A game record that cannot be read (bad format, unknown game, a bag that does not fit the tile set)."""
