"""The one parser for moves typed on the web form, in email replies and in records.

Word notation (the Scrabble convention, as in GCG files): ``8H WORD`` writes WORD across from row 8,
column H; ``H8 WORD`` writes it down from column H, row 8. Letters already on the board may be typed as
they are or in parentheses: ``L11 R(E)P(E)AT``. Placement notation: pairs of cell and letter, ``b3 I`` or
``c5 D c9 C``. A blank tile is a question mark followed by the letter it stands for: ``c5 ?D`` or
``8H WO?RD``. The words ``pass`` and ``resign`` are moves too. Everything is case-insensitive.

``format_move`` gives the canonical form that records store: cells lower case, coordinates of words
upper case (``13L YET``), letters upper case, no parentheses.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from wordgames.engines.core.text import quote

from .errors import IllegalMove
from .grid import Cell, cell_name, column_index, column_name, parse_cell
from .refusals import Refusal

_ACROSS_RE = re.compile(r"^(\d+)([a-z]+)$")
_DOWN_RE = re.compile(r"^([a-z]+)(\d+)$")
# A letter of any alphabet (é, ñ, ...): the game's letter set, not the parser, decides which it has.
_LETTER = r"[^\W\d_]"
_TILE_RE = re.compile(rf"^\??{_LETTER}$")
_WORD_TOKEN_RE = re.compile(rf"\?{_LETTER}|{_LETTER}|\({_LETTER}+\)")

EXAMPLES = "e.g. 13L YET (across), L11 REPEAT (down) or c5 D c9 C"


@dataclass(frozen=True, order=True)
class Tile:
    """A letter as played: ``blank`` tiles stand for ``letter`` and are worth nothing."""

    letter: str
    blank: bool = False

    @property
    def token(self) -> str:
        return f"?{self.letter}" if self.blank else self.letter

    @classmethod
    def parse(cls, token: str) -> Tile:
        token = token.strip()
        if not _TILE_RE.match(token.lower()):
            raise IllegalMove(Refusal.NOT_A_TILE, token=quote(token))
        return cls(token[-1].upper(), token.startswith("?"))


@dataclass(frozen=True)
class Placement:
    cell: Cell
    tile: Tile


@dataclass(frozen=True)
class WordLetter:
    """One letter of a word move; ``existing`` when it was typed in parentheses (already on the board)."""

    tile: Tile
    existing: bool = False


@dataclass(frozen=True)
class WordMove:
    start: Cell
    across: bool
    letters: tuple[WordLetter, ...]

    def cells(self) -> list[Cell]:
        col, row = self.start
        if self.across:
            return [(col + i, row) for i in range(len(self.letters))]
        return [(col, row + i) for i in range(len(self.letters))]


@dataclass(frozen=True)
class PlaceMove:
    placements: tuple[Placement, ...]


@dataclass(frozen=True)
class WordCommand:
    """A move that is a single word: ``pass`` or ``resign``."""

    word: str


Move = WordMove | PlaceMove | WordCommand
COMMANDS = ("pass", "resign")


def parse_move(text: str) -> Move:
    """Read any move; raises ``IllegalMove`` with a sentence saying what is wrong."""
    tokens = text.split()
    if not tokens:
        raise IllegalMove(Refusal.MOVE_EMPTY, examples=Refusal.EXAMPLES)
    if len(tokens) == 1 and tokens[0].lower() in COMMANDS:
        return WordCommand(tokens[0].lower())
    pairs = len(tokens) % 2 == 0 and all(_TILE_RE.match(t.lower()) for t in tokens[1::2])
    if pairs and all(_DOWN_RE.match(t.lower()) for t in tokens[::2]):
        return PlaceMove(tuple(Placement(parse_cell(c), Tile.parse(t)) for c, t in zip(tokens[::2], tokens[1::2])))
    if len(tokens) == 2:
        return _parse_word(tokens[0], tokens[1])
    raise IllegalMove(Refusal.MOVE_UNREADABLE, text=quote(text.strip()), examples=Refusal.EXAMPLES)


def _parse_word(coordinate: str, word: str) -> WordMove:
    coordinate_lower = coordinate.lower()
    across = _ACROSS_RE.match(coordinate_lower)
    down = _DOWN_RE.match(coordinate_lower)
    if across:
        start = (column_index(across.group(2)), int(across.group(1)))
    elif down:
        start = (column_index(down.group(1)), int(down.group(2)))
    else:
        raise IllegalMove(Refusal.NOT_A_START_SQUARE, text=quote(coordinate))
    if start[1] < 1:
        raise IllegalMove(Refusal.ROWS_FROM_ONE, text=quote(coordinate))
    lowered = word.lower()
    tokens = _WORD_TOKEN_RE.findall(lowered)
    if "".join(tokens) != lowered:
        raise IllegalMove(Refusal.WORD_UNREADABLE, text=quote(word))
    letters: list[WordLetter] = []
    for token in tokens:
        if token.startswith("("):
            letters.extend(WordLetter(Tile(ch.upper()), existing=True) for ch in token[1:-1])
        else:
            letters.append(WordLetter(Tile.parse(token)))
    return WordMove(start, bool(across), tuple(letters))


def format_move(move: Move) -> str:
    """The canonical text of a move: ``13L YET``, ``L11 REPEAT``, ``c5 D c9 ?C``, ``resign``."""
    if isinstance(move, WordCommand):
        return move.word
    if isinstance(move, PlaceMove):
        return " ".join(f"{cell_name(*p.cell)} {p.tile.token}" for p in move.placements)
    col, row = move.start
    coordinate = f"{row}{column_name(col).upper()}" if move.across else f"{column_name(col).upper()}{row}"
    return f"{coordinate} {''.join(letter.tile.token for letter in move.letters)}"


def format_placements(placements: list[Placement]) -> str:
    """Placement notation in the given order: ``c5 D c9 C``."""
    return format_move(PlaceMove(tuple(placements)))
