"""The Lingo table: a fixed grid of cells, each holding a stack of tiles of which only the top one counts.

rules/lingo.md: "placing them adjacent to or on top of existing tiles ... No tile can be placed to cover the
same letter." rules/lingo-pbem.md: "possibly stacking them on top of existing tiles".
In the state a board is ``{"m13": ["Y", "?E"]}``: each cell's stack from the bottom up, ``?E`` a blank as E.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..core.grid import Cell, Grid, cell_name, hex_grid, parse_cell, square_grid
from ..core.notation import Tile


def grid_for(options: dict) -> Grid:
    return hex_grid(options["size"]) if options["hex"] else square_grid(options["size"])


def tile_from_token(token: str) -> Tile:
    return Tile(token[-1], token.startswith("?"))


class Board:
    """Stacks of tiles on a grid; ``tops`` maps each occupied cell to its visible tile."""

    def __init__(self, grid: Grid, stacks: dict[Cell, list[Tile]] | None = None) -> None:
        self.grid = grid
        self.stacks: dict[Cell, list[Tile]] = stacks or {}
        self.tops: dict[Cell, Tile] = {cell: stack[-1] for cell, stack in self.stacks.items()}

    @classmethod
    def from_state(cls, grid: Grid, board: dict[str, list[str]]) -> Board:
        return cls(grid, {parse_cell(name): [tile_from_token(t) for t in stack] for name, stack in board.items()})

    def to_state(self) -> dict[str, list[str]]:
        return {cell_name(*cell): [t.token for t in stack] for cell, stack in sorted(self.stacks.items())}

    def letter(self, cell: Cell) -> str | None:
        tile = self.tops.get(cell)
        return tile.letter if tile else None

    def height(self, cell: Cell) -> int:
        return len(self.stacks.get(cell, ()))

    def placed(self, tiles: Iterable[tuple[Cell, Tile]]) -> Board:
        """A new board with these tiles put on top of their cells."""
        stacks = dict(self.stacks)
        for cell, tile in tiles:
            stacks[cell] = [*stacks.get(cell, []), tile]
        return Board(self.grid, stacks)

    def touches(self, cell: Cell) -> bool:
        """True if a tile put on ``cell`` would cover or sit next to a tile already here."""
        return cell in self.tops or any(n in self.tops for n in self.grid.neighbours(cell))

    def run(self, cell: Cell, axis: tuple[int, int]) -> tuple[list[Cell], int]:
        """The contiguous occupied cells through ``cell`` along ``axis`` in reading order, and the index of
        ``cell`` in them (``cell`` itself counts as occupied)."""
        dc, dr = axis
        before: list[Cell] = []
        col, row = cell[0] - dc, cell[1] - dr
        while (col, row) in self.tops:
            before.append((col, row))
            col, row = col - dc, row - dr
        after: list[Cell] = []
        col, row = cell[0] + dc, cell[1] + dr
        while (col, row) in self.tops:
            after.append((col, row))
            col, row = col + dc, row + dr
        before.reverse()
        return before + [cell] + after, len(before)
