"""The lobby's puzzles of the day: ``{% puzzles_of_the_day %}``, one query: it shows what is picked already (by
the periodic task or the puzzles' page) and links to the puzzles' page while nothing is."""

from __future__ import annotations

from typing import Any

from django import template

from .. import actions

register = template.Library()


@register.inclusion_tag("puzzles/_lobby.html")
def puzzles_of_the_day() -> dict[str, Any]:
    puzzles = actions.kept()
    return {"puzzles": puzzles or [], "unpicked": puzzles is None}
