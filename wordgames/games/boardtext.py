"""The board as plain text for a reader: the engine's drawing (language-free signs) with its prose lines and the
legend of its signs in the reader's language, from the codes the engine gives (``Engine.position``,
``Engine.legend``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext

from wordgames.engines import get_engine

from .refusals import line


def text_board(engine_name: str, state: Any, seat: int | None, **kwargs: Any) -> str:
    """The position as ``seat`` sees it, as text: the engine's drawing and its lines, then what its signs mean,
    translated."""
    engine = get_engine(engine_name)
    drawn = "\n".join(line(value) for value in engine.position(state, seat, **kwargs)).rstrip("\n")
    codes = engine.legend(state)
    if not codes:
        return drawn
    return drawn + "\n" + " ".join(gettext(code.value) for code in codes)
