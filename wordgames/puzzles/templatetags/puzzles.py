"""The lobby's puzzles of the day: ``{% puzzles_of_the_day %}`` (one query once the day's are picked)."""

from __future__ import annotations

from typing import Any

from django import template

from .. import actions

register = template.Library()


@register.inclusion_tag("puzzles/_lobby.html")
def puzzles_of_the_day() -> dict[str, Any]:
    return {"puzzles": actions.of_the_day()}
