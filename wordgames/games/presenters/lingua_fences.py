"""Lingua Fences' page: the sheet in front of you large, every other sheet small, claims in their owner's
colour with initials and points, the tracker and who is still writing."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from wordgames.engines.core.grid import cell_name, column_name, parse_cell

from ..boards import cell_label, grid_cell, grid_rows, hidden

COLOURS = ["#e07a5f", "#3d85c6", "#81b29a", "#f2cc8f", "#9b5de5", "#e56b6f"]
CELL = 24


def sheet_svg(sheet: dict[str, Any], size: int, start: str, players: list[str], large: bool) -> SafeString:
    """One sheet as SVG: grid lines, the starting square, letters, claimed squares shaded in the claimer's
    colour, and each claim's initials and points at its first square. The large sheet (the one played on) is an
    ARIA grid whose squares say their letter, claim and start; a small one is a picture."""
    pad = CELL if large else 0
    width = size * CELL + pad
    claimed = {name: claim for claim in sheet["claims"] for name in claim["cells"]}
    last = set(sheet.get("last", []))
    rows = []
    for row in range(1, size + 1):
        cells = []
        for col in range(size):
            name = cell_name(col, row)
            x, y = pad + col * CELL, pad + (row - 1) * CELL
            claim = claimed.get(name)
            # The squares' colours follow the theme (css: .lf-sq); a claim's is its owner's, in both.
            claim_fill = (
                format_html(' fill="{}" fill-opacity="0.45"', COLOURS[claim["owner"] % len(COLOURS)]) if claim else ""
            )
            inner = [
                format_html(
                    '<rect x="{}" y="{}" width="{}" height="{}" class="lf-sq{}{}"{}/>',
                    x,
                    y,
                    CELL,
                    CELL,
                    " start" if name == start else "",
                    " claimed" if claim else "",
                    claim_fill,
                )
            ]
            letter = sheet["letters"].get(name)
            if letter:
                inner.append(
                    format_html(
                        '<text x="{}" y="{}" class="lf-letter{}">{}</text>',
                        x + CELL / 2,
                        y + CELL * 0.72,
                        " last" if name in last else "",
                        letter,
                    )
                )
            details = []
            if name in last:
                details.append(_("newest"))
            if claim:
                details.append(_("claimed by %(player)s") % {"player": players[claim["owner"]]})
            if name == start:
                details.append(_("the starting square"))
            cells.append(
                grid_cell(name, cell_label(col, row, letter, details), "".join(inner))
                if large
                else format_html('<g data-cell="{}">{}</g>', name, mark_safe("".join(inner)))
            )
        rows.append(cells)
    drawn = []
    for claim in sheet["claims"]:
        col, row = _cell(claim["label"])
        x, y = pad + col * CELL, pad + (row - 1) * CELL
        initials = players[claim["owner"]][:2].upper()
        drawn.append(
            format_html(
                '<text x="{}" y="{}" class="lf-claim">{} {}</text>', x + 2, y + CELL * 0.7, initials, claim["points"]
            )
        )
    if large:
        drawn.extend(
            format_html(
                '<text x="{}" y="{}" class="lf-label">{}</text>', pad + c * CELL + CELL / 2, CELL * 0.7, column_name(c)
            )
            for c in range(size)
        )
        drawn.extend(
            format_html(
                '<text x="{}" y="{}" class="lf-label">{}</text>', CELL / 2, pad + (r - 1) * CELL + CELL * 0.7, r
            )
            for r in range(1, size + 1)
        )
        body = grid_rows(rows) + hidden(drawn)
        return format_html(
            '<svg class="lf-sheet large" viewBox="0 0 {} {}" role="grid" aria-label="{}">{}</svg>',
            width,
            width,
            _("Sheet"),
            mark_safe(body),
        )
    body = "".join("".join(cells) for cells in rows) + "".join(drawn)
    return format_html(
        '<svg class="lf-sheet" viewBox="0 0 {} {}" role="img" aria-label="{}">{}</svg>',
        width,
        width,
        _("Sheet"),
        mark_safe(body),
    )


def _cell(name: str) -> tuple[int, int]:
    return parse_cell(name)


def context(game: Any, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    options = view["options"]
    players = view["players"]
    mine = view["mine"] if view["mine"] is not None else 0
    sheets = []
    for index, sheet in enumerate(view["sheets"]):
        sheets.append(
            {
                "index": index,
                "owner": players[index],
                "holder": players[sheet["holder"]],
                "longest": sheet["longest"],
                "retired": sheet["retired"],
                "double": sheet["double"],
                "svg": sheet_svg(sheet, options["size"], options["start"], players, large=index == mine),
                "claims": [
                    {"name": players[c["owner"]], "points": c["points"], "label": c["label"]} for c in sheet["claims"]
                ],
            }
        )
    return {
        "mine": sheets[mine],
        "other_sheets": [s for s in sheets if s["index"] != mine],
        "writing": [players[s] for s in view["writing"]],
        "colours": COLOURS,
    }


def printable(game: Any) -> dict[str, Any]:
    """A blank sheet like the author's official one: the grid, the starting square, the longest-word tracker
    starting at 3, and room for notes."""
    options = game.options
    blank: dict[str, Any] = {"letters": {}, "claims": [], "last": []}
    return {
        "svg": sheet_svg(blank, options["size"], options["start"], [], large=True),
        "size": options["size"],
        "start": options["start"],
    }
