"""Per-game presentation: the extra template context a game's page needs, and which template draws it.

Each game has a module here named after its engine package (``lingo``, ``lingua_fences``, ...) with
``context(game, view, seat) -> dict``, and a template ``games/play/<module>.html`` that draws the board
and the move controls. Rules stay in the engines; these only turn an engine's ``view`` into HTML.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from wordgames.engines import get_engine

from ..engine_texts import engine_text, shown_value


def module_name(engine_name: str) -> str:
    return engine_name.replace("-", "_")


def template_for(engine_name: str) -> str:
    return f"games/play/{module_name(engine_name)}.html"


def context_for(game: Any, view: dict[str, Any], seat: int | None) -> dict[str, Any]:
    try:
        module = import_module(f"{__name__}.{module_name(game.engine)}")
    except ModuleNotFoundError:
        return {}
    return module.context(game, view, seat)


def print_template_for(engine_name: str) -> str:
    return f"games/play/{module_name(engine_name)}_print.html"


def printable_for(game: Any) -> dict[str, Any] | None:
    """The context of the game's printable page, or None when it has none."""
    try:
        module = import_module(f"{__name__}.{module_name(game.engine)}")
    except ModuleNotFoundError:
        return None
    printable = getattr(module, "printable", None)
    return printable(game) if printable is not None else None


def options_shown(game: Any) -> list[tuple[str, str, str]]:
    """The game's options as its page lists them: (label, value, help), every option the engine has, with the
    value this game plays by (after the preset and defaults are filled in, once the game has started)."""
    engine = get_engine(game.engine)
    chosen = (game.state or {}).get("options") or game.options or {}
    shown = []
    for option in engine.options:
        value = chosen.get(option.name, option.default)
        shown.append((engine_text(option.label), shown_value(value), engine_text(option.help)))
    return shown
