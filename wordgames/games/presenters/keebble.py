"""Keebble's page: the board with walls, special cells and hand cells; every hand (hands are public); the
letters asked, waiting for your answer."""

from __future__ import annotations

from typing import Any

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from wordgames.engines import get_engine
from wordgames.engines.core.grid import cell_name, column_name
from wordgames.engines.keebble.board import SPECIAL_NAMES, wall_key
from wordgames.engines.keebble.game import KeebbleEngine
from wordgames.lib.lists import and_list

from ..boards import cell_label, grid_cell, grid_rows, hidden
from ..engine_texts import engine_text

CELL = 44
SHORT = {
    "DL": "2L",
    "TL": "3L",
    "DW": "2W",
    "TW": "3W",
    "BIG": "ASK",
    "THIEF": "THF",
    "DESTROY": "DES",
    "AGAIN": "AGN",
    "GARBAGE": "GRB",
    "BLOCKADE": "BLK",
    "COLLECT": "COL",
}


def board_svg(view: dict[str, Any]) -> SafeString:
    """The board as an ARIA grid: each cell says its letter, hand, special kind and walls to a screen reader."""
    w, h = view["width"], view["height"]
    pad = 20
    hand_of = {name: view["players"][s] for s, name in enumerate(view["hand_cells"])}
    last = set(view.get("last", []))
    walls = set(view["walls"])
    rows = []
    for r in range(1, h + 1):
        cells = []
        for c in range(w):
            name = cell_name(c, r)
            x, y = pad + c * CELL, pad + (r - 1) * CELL
            cls, details = "kb-cell", []
            cell = view["cells"].get(name)
            if cell and name in last:
                details.append(_("newest"))
            if name in hand_of:
                cls += " hand"
                details.append(_("%(player)s's hand") % {"player": hand_of[name]})
            elif name in view["destroyed"]:
                cls += " destroyed"
                details.append(_("destroyed"))
            elif name == view["star"]:
                cls += " star"
                details.append(_("the star"))
            if not cell and name not in hand_of and name in view["special"]:
                details.append(engine_text(SPECIAL_NAMES[view["special"][name]]))
            sides = [
                side
                for side, other in (
                    (_("wall left"), (c - 1, r)),
                    (_("wall right"), (c + 1, r)),
                    (_("wall above"), (c, r - 1)),
                    (_("wall below"), (c, r + 1)),
                )
                if other[0] >= 0 and wall_key((c, r), other) in walls
            ]
            inner = [
                format_html('<rect class="{}" x="{}" y="{}" width="{}" height="{}"/>', cls, x, y, CELL, CELL),
                _cell_text(view, name, cell, hand_of, last, x, y),
            ]
            cells.append(grid_cell(name, cell_label(c, r, cell and cell["letter"], details + sides), "".join(inner)))
        rows.append(cells)
    drawn = []
    for r in range(1, h + 1):
        for c in range(w):
            x, y = pad + c * CELL, pad + (r - 1) * CELL
            if c + 1 < w and wall_key((c, r), (c + 1, r)) in walls:
                drawn.append(
                    format_html(
                        '<line class="kb-wall" x1="{}" y1="{}" x2="{}" y2="{}"/>', x + CELL, y, x + CELL, y + CELL
                    )
                )
            if r + 1 <= h and wall_key((c, r), (c, r + 1)) in walls:
                drawn.append(
                    format_html(
                        '<line class="kb-wall" x1="{}" y1="{}" x2="{}" y2="{}"/>', x, y + CELL, x + CELL, y + CELL
                    )
                )
    drawn.extend(
        format_html('<text class="kb-label" x="{}" y="14">{}</text>', pad + c * CELL + CELL / 2, column_name(c))
        for c in range(w)
    )
    drawn.extend(
        format_html('<text class="kb-label" x="9" y="{}">{}</text>', pad + (r - 1) * CELL + CELL * 0.6, r)
        for r in range(1, h + 1)
    )
    body = mark_safe(grid_rows(rows) + hidden(drawn))  # each part escaped by format_html or grid_cell
    return format_html(
        '<svg class="kb-board" viewBox="0 0 {} {}" role="grid" aria-label="{}">{}</svg>',
        pad + w * CELL + 2,
        pad + h * CELL + 2,
        _("Keebble board"),
        body,
    )


def _cell_text(
    view: dict[str, Any],
    name: str,
    cell: dict[str, Any] | None,
    hand_of: dict[str, str],
    last: set[str],
    x: int,
    y: int,
) -> SafeString | str:
    if cell:
        return format_html(
            '<text class="kb-letter{}" x="{}" y="{}">{}</text>',
            " last" if name in last else "",
            x + CELL / 2,
            y + CELL * 0.68,
            cell["letter"],
        )
    if name in hand_of:
        return format_html(
            '<text class="kb-hand" x="{}" y="{}">{}</text>', x + CELL / 2, y + CELL * 0.6, hand_of[name][:6]
        )
    if name in view["special"]:
        kind = view["special"][name]
        return format_html(
            '<text class="kb-special" x="{}" y="{}" aria-hidden="true"><title>{}</title>{}</text>',
            x + CELL / 2,
            y + CELL * 0.62,
            engine_text(SPECIAL_NAMES[kind]),
            SHORT[kind],
        )
    if name == view["star"]:
        return format_html(
            '<text class="kb-star" x="{}" y="{}" aria-hidden="true">★</text>', x + CELL / 2, y + CELL * 0.68
        )
    return ""


def context(game: Any, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    users = [s.user for s in game.seats.all()]
    return {
        "board_svg": board_svg(view),
        "hands": [
            {
                "name": n,
                "user": users[s],
                "letters": view["hands"][s],
                "score": view["scores"][s],
                "room": view["room"][s],
                "to_move": s == view["turn"] and view["phase"] == "turn",
                "answered": view["answered"][s],
            }
            for s, n in enumerate(view["players"])
        ],
        "asker": view["players"][view["asker"]] if view["asker"] is not None else "",
        "my_room": view["room"][seat] if seat is not None else 0,
        "asked_letters": and_list(view.get("asked") or []),  # "E and X"
    }


def printable(game: Any) -> dict[str, Any]:
    """The generated starting board, to copy onto paper for a game at a table."""
    engine = get_engine("keebble")
    assert isinstance(engine, KeebbleEngine)
    start = engine.new_game(
        [s.user.username if s.user else _("seat %(number)d") % {"number": s.position + 1} for s in game.seats.all()],
        game.options,
        game.deal_seed,
        game.bag or None,
    )
    return {"svg": board_svg(engine.view(start, None)), "options": game.options}
