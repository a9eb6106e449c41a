"""Finding a legal word mechanically, for whole games (with the "every-word" dictionary of the Lexicon
Crossing tests: any letters make a word, so only the placement rules decide)."""

from __future__ import annotations

from typing import Any

from tests.engines.lexicon_crossing import conftest as _registers_every_word  # noqa: F401
from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.grid import cell_name, column_name
from wordgames.engines.lingua_fences import ENGINE


def legal_word(state: dict[str, Any], seat: int) -> str:
    """Some legal word for the sheet in front of ``seat``: three letters through an existing letter."""
    index = ENGINE.sheet_of(state, seat)
    sheet = ENGINE._sheet(state, index)
    if not sheet.letters:
        return "3C CAT"
    for (col, row), letter in sorted(sheet.letters.items(), key=lambda item: (item[0][1], item[0][0])):
        for across in (True, False):
            for offset in (0, 1, 2):
                start = (col - offset, row) if across else (col, row - offset)
                if min(start) < 0:
                    continue
                word = "ZZZ"[:offset] + letter + "ZZZ"[: 2 - offset]
                try:
                    sheet.check_word(start, across, word, _ANY)
                except IllegalMove:
                    continue
                coordinate = (
                    f"{start[1]}{column_name(start[0]).upper()}"
                    if across
                    else f"{column_name(start[0]).upper()}{start[1]}"
                )
                return f"{coordinate} {word}"
    raise AssertionError(f"no legal word on sheet {index}: {cell_name(*sheet.start)}")


class _Any:
    def __contains__(self, word: object) -> bool:
        return True


_ANY = _Any()
