"""Lexicon Crossing's page: the player's crossword in an editor, their hand, and the green-light queue."""

from __future__ import annotations

import json
from typing import Any

from wordgames.lib.lists import or_list

from .. import queries

MARGIN = 3
MINIMUM = 11


def context(game: Any, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    names = view["players"]
    users = [s.user for s in game.seats.all()]
    waiting = queries.waiting_requests(game) if game.status == "active" else []
    visible = game.options.get("requests_visible", True)
    context: dict[str, Any] = {
        "waiting": [
            {"name": names[r.seat], "user": users[r.seat], "mine": r.seat == seat, "fire_at": r.fire_at}
            for r in waiting
            if visible or r.seat == seat
        ],
        "my_request": next((r for r in waiting if r.seat == seat), None),
        "others": [
            {
                "name": n,
                "user": users[s],
                "tiles": view["tile_counts"][s],
                "done": view["done"][s],
                "active": view["active"][s],
                "green": view["last_green"] == s,
                "jaywalked": view["jaywalked"][s],
            }
            for s, n in enumerate(names)
        ],
    }
    if seat is not None and "grid" in view:
        rows = view["grid"]
        height = max(MINIMUM, len(rows) + 2 * MARGIN)
        width = max(MINIMUM, (len(rows[0]) if rows else 0) + 2 * MARGIN)
        top = (height - len(rows)) // 2
        left = (width - (len(rows[0]) if rows else 0)) // 2
        cells = {f"{r + top},{c + left}": ch for r, row in enumerate(rows) for c, ch in enumerate(row) if ch != "."}
        context.update(
            editor={"rows": height, "cols": width, "cells": cells, "hand": view["hand"]},
            editor_rows=[
                [
                    {
                        "key": f"{r},{c}",
                        "letter": cells.get(f"{r},{c}", ""),
                        "blank": cells.get(f"{r},{c}", "A").islower(),
                    }
                    for c in range(width)
                ]
                for r in range(height)
            ],
            editor_json=json.dumps({"rows": height, "cols": width, "cells": cells, "hand": view["hand"]}),
            grid_text="\n".join(rows),
            jaywalk_choices=sorted(set(view["hand"])),
            mates=_mates(game, view, seat),
        )
        context["mates_text"] = or_list(context["mates"])
    if view.get("grids") is not None:
        context["final"] = [
            {
                "name": names[s],
                "user": users[s],
                "rows": grid,
                "score": view["score_texts"][s],
                "hand": view["hands"][s],
            }
            for s, grid in enumerate(view["grids"])
        ]
    return context


def _mates(game: Any, view: dict[str, Any], seat: int) -> list[str]:
    """Collaborating team-mates this player may swap a tile with now (option ``teams``; once per green light)."""
    teams = str(game.options.get("teams", "-"))
    names = view["players"]
    swapped = view.get("swapped") or [False] * len(names)
    if teams == "-" or len(teams) != len(names) or view.get("phase") != "play" or swapped[seat]:
        return []
    return [
        names[s]
        for s in range(len(names))
        if s != seat and teams[s] == teams[seat] and view["active"][s] and not swapped[s]
    ]
