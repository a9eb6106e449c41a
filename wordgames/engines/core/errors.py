class IllegalMove(ValueError):
    """A move the rules do not allow. The message is a sentence a player can read and act on."""


class InvalidOptions(ValueError):
    """Game options that do not fit the game's option schema. The message names the option."""


class InvalidRecord(ValueError):
    """A game record that cannot be read (bad format, unknown game, a bag that does not fit the tile set)."""
