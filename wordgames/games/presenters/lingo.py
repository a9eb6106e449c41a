"""Lingo's page: the square or hex board as SVG."""

from __future__ import annotations

from typing import Any

from ..boards import render_board


def context(game: Any, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    return {"board_svg": render_board(view["board"])}
