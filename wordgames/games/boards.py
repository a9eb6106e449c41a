"""The board of a view as SVG: squares, or flat-topped hexes in doubled coordinates.

Every cell inside the drawn bounds is a target (``data-cell``) for the click-to-place editor; labels use
the table's own coordinates, so a cell keeps its name all game. A board is an ARIA grid (rows of cells, each
named for a screen reader: "row 3, column C, letter K"), which static/js/board_keys.js makes playable from the
keyboard; the coordinate labels around it are hidden from screen readers (every cell already says them).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from wordgames.engines.core.grid import cell_name
from wordgames.engines.core.tiles import LETTER_VALUES

SQUARE = 40  # px per square cell
HEX_R = 24  # px from a hex's centre to a corner
LABEL = 22  # px kept for coordinate labels


def column_label(col: int) -> str:
    return cell_name(col, 1)[:-1]


def cell_label(col: int, row: int, letter: str | None, details: Sequence[str] = ()) -> str:
    """What a screen reader says of a cell: "row 3, column C, letter K, double word" ("empty" for no letter)."""
    where = _("row %(row)s, column %(column)s") % {"row": row, "column": column_label(col).upper()}
    what = _("letter %(letter)s") % {"letter": letter} if letter else _("empty")
    return ", ".join([where, what, *details])


def grid_cell(name: str, label: str, inner: str, classes: str = "", letter: str = "") -> str:
    """One cell of a board's grid: focusable by board_keys.js (one cell of the grid at a time), named."""
    extra = (f' class="{classes}"' if classes else "") + (f' data-letter="{escape(letter)}"' if letter else "")
    return f'<g role="gridcell" tabindex="-1" data-cell="{name}" aria-label="{escape(label)}"{extra}>{inner}</g>'


def grid_rows(rows: Sequence[Sequence[str]]) -> str:
    return "".join(f'<g role="row">{"".join(cells)}</g>' for cells in rows if cells)


def hidden(parts: Sequence[str]) -> str:
    """Drawn, not read: coordinate labels, walls and claims are said by the cells themselves."""
    return f'<g aria-hidden="true">{"".join(parts)}</g>'


def render_board(board: dict[str, Any]) -> SafeString:
    if board["shape"] == "hex":
        return _hex_svg(board)
    return _square_svg(board)


def _tiles_by_cell(board: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(t["col"], t["row"]): t for t in board["tiles"]}


def _tile_text(tile: dict[str, Any], x: float, y: float, size: float) -> tuple[str, str]:
    """A tile's letter (in its cell), and its value and stack height: drawn over the grid, not inside its cell,
    since the cell's name already says them and a screen reader's name must hold what a cell shows."""
    letter = escape(tile["letter"])
    value = 0 if tile.get("blank") else LETTER_VALUES.get(tile["letter"], 0)
    marks = [
        f'<text x="{x + size * 0.28:.1f}" y="{y + size * 0.36:.1f}" class="value" '
        f'font-size="{size * 0.22:.0f}">{value}</text>',
    ]
    if tile.get("height", 1) > 1:
        marks.append(
            f'<text x="{x - size * 0.3:.1f}" y="{y - size * 0.22:.1f}" class="height" '
            f'font-size="{size * 0.22:.0f}">{tile["height"]}</text>'
        )
    return (
        f'<text x="{x:.1f}" y="{y + size * 0.14:.1f}" class="letter" font-size="{size * 0.5:.0f}">{letter}</text>',
        "".join(marks),
    )


def _cell_group(
    col: int, row: int, outline: str, tile: dict[str, Any] | None, x: float, y: float, size: float, marks: list[str]
) -> str:
    classes = ["cell"]
    details = []
    if tile:
        classes.append("tile")
        if tile.get("blank"):
            classes.append("blank")
            details.append(_("blank"))
        else:
            value = LETTER_VALUES.get(tile["letter"], 0)
            details.append(ngettext("%(count)d point", "%(count)d points", value) % {"count": value})
        if tile.get("height", 1) > 1:
            details.append(_("stack of %(height)d") % {"height": tile["height"]})
        if tile.get("last"):
            classes.append("last")
            details.append(_("newest"))
    inner = outline
    if tile:
        letter, drawn = _tile_text(tile, x, y, size)
        inner += letter
        marks.append(drawn)
    return grid_cell(
        cell_name(col, row),
        cell_label(col, row, tile["letter"] if tile else None, details),
        inner,
        " ".join(classes),
        tile["letter"] if tile else "",
    )


def _square_svg(board: dict[str, Any]) -> SafeString:
    b = board["bounds"]
    tiles = _tiles_by_cell(board)
    cols = range(b["min_col"], b["max_col"] + 1)
    rows = range(b["min_row"], b["max_row"] + 1)
    width = LABEL + len(cols) * SQUARE + 4
    height = LABEL + len(rows) * SQUARE + 4
    out = [
        f'<svg class="board square" viewBox="0 0 {width} {height}" role="grid" '
        f'aria-label="{escape(_("Board"))}" xmlns="http://www.w3.org/2000/svg">'
    ]
    labels = [
        f'<text class="label" x="{LABEL + i * SQUARE + SQUARE / 2}" y="15">{column_label(col)}</text>'
        for i, col in enumerate(cols)
    ]
    labels += [
        f'<text class="label" x="{LABEL / 2}" y="{LABEL + j * SQUARE + SQUARE / 2 + 5}">{row}</text>'
        for j, row in enumerate(rows)
    ]
    grid = []
    for j, row in enumerate(rows):
        cells = []
        for i, col in enumerate(cols):
            x0, y0 = LABEL + i * SQUARE, LABEL + j * SQUARE
            rect = f'<rect x="{x0 + 1}" y="{y0 + 1}" width="{SQUARE - 2}" height="{SQUARE - 2}" rx="4"/>'
            centre = (x0 + SQUARE / 2, y0 + SQUARE / 2)
            cells.append(_cell_group(col, row, rect, tiles.get((col, row)), *centre, SQUARE, labels))
        grid.append(cells)
    out.append(grid_rows(grid))
    out.append(hidden(labels))
    out.append("</svg>")
    return mark_safe("".join(out))


def _hex_svg(board: dict[str, Any]) -> SafeString:
    b = board["bounds"]
    tiles = _tiles_by_cell(board)
    dy = HEX_R * math.sqrt(3) / 2  # one doubled row is half a hex's height
    cols = range(b["min_col"], b["max_col"] + 1)
    rows = range(b["min_row"], b["max_row"] + 1)
    width = LABEL + (len(cols) - 1) * 1.5 * HEX_R + 2 * HEX_R + 4
    height = LABEL + (len(rows) + 1) * dy + 4
    out = [
        f'<svg class="board hex" viewBox="0 0 {width:.0f} {height:.0f}" role="grid" '
        f'aria-label="{escape(_("Board"))}" xmlns="http://www.w3.org/2000/svg">'
    ]
    labels = [
        f'<text class="label" x="{LABEL + HEX_R + i * 1.5 * HEX_R:.1f}" y="15">{column_label(col)}</text>'
        for i, col in enumerate(cols)
    ]
    labels += [
        f'<text class="label" x="{LABEL / 2}" y="{LABEL + (j + 1) * dy + 4:.1f}">{row}</text>'
        for j, row in enumerate(rows)
        if j % 2 == 0 or len(rows) < 12
    ]
    grid = []
    for j, row in enumerate(rows):
        cells: list[str] = []
        grid.append(cells)
        for i, col in enumerate(cols):
            if (col + row) % 2 == 0:
                continue  # no hex there in doubled coordinates
            cx, cy = LABEL + HEX_R + i * 1.5 * HEX_R, LABEL + (j + 1) * dy
            corners = " ".join(
                f"{cx + (HEX_R - 1) * math.cos(math.radians(a)):.1f},{cy + (HEX_R - 1) * math.sin(math.radians(a)):.1f}"
                for a in range(0, 360, 60)
            )
            polygon = f'<polygon points="{corners}"/>'
            cells.append(_cell_group(col, row, polygon, tiles.get((col, row)), cx, cy, HEX_R * 1.7, labels))
    out.append(grid_rows(grid))
    out.append(hidden(labels))
    out.append("</svg>")
    return mark_safe("".join(out))
