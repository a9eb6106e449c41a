"""Keebble positions for tests, and a mechanical player for whole games (with the "every-word" dictionary:
only the placement rules decide)."""

from __future__ import annotations

from typing import Any

from tests.engines.lexicon_crossing import conftest as _registers_every_word  # noqa: F401
from wordgames.engines.core.errors import IllegalMove
from wordgames.engines.core.grid import cell_name, column_name, parse_cell
from wordgames.engines.keebble import ENGINE
from wordgames.engines.keebble.board import edge_cells, wall_key

PLAYERS = ["ann", "bob", "cat", "dan"]


def position(
    hands: list[str],
    cells: dict[str, str] | None = None,
    walls: list[tuple[str, str]] = (),
    special: dict[str, str] | None = None,
    star: str | None = None,
    **options: Any,
) -> dict[str, Any]:
    """An empty-start game with the given hands (one string per player), letters, walls and special cells."""
    state = ENGINE.new_game(PLAYERS[: len(hands)], {"start": "empty", **options}, seed=1)
    state["hands"] = [list(h) for h in hands]
    state["cells"] = {name: {"letter": letter, "owner": None, "value": 0} for name, letter in (cells or {}).items()}
    state["walls"] = sorted(wall_key(parse_cell(a), parse_cell(b)) for a, b in walls)
    state["special"] = dict(special or {})
    state["star"] = star
    state["first_word"] = not cells
    state["hand_cells"] = ["a1", "h1", "a8", "h8"][: len(hands)] if state["width"] == 8 else state["hand_cells"]
    return state


def short_move(state: dict[str, Any], seat: int) -> str | None:
    """A legal play of one or two letters for ``seat``, preferring edge cells (to reach the endgame), or None."""
    hand = state["hands"][seat]
    if not hand:
        return None
    edges = {cell_name(*c) for c in edge_cells(state["width"], state["height"])}
    cells = [(c, r) for r in range(1, state["height"] + 1) for c in range(state["width"])]
    cells.sort(key=lambda cell: cell_name(*cell) not in edges)
    words = sorted(set(hand)) + sorted({a + b for i, a in enumerate(hand) for j, b in enumerate(hand) if i != j})
    for col, row in cells:
        for letter in words:
            for across in (True, False):
                text = (
                    f"{row}{column_name(col).upper()} {letter}"
                    if across
                    else f"{column_name(col).upper()}{row} {letter}"
                )
                try:
                    ENGINE.apply(state, seat, text if state["endgame"] else f"{text} ask E T")
                except IllegalMove:
                    continue
                return text
    return None
