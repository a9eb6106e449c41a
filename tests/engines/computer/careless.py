"""A computer player that writes a move without looking: for the self-play harness's own tests."""

from __future__ import annotations

from typing import Any


def play(engine: Any, view: dict[str, Any], seat: int, **_: Any) -> str:
    return "a1 Q"
