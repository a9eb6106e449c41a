"""``{% load ratings %}``: what a rated game did to its players' ratings, for the game's page (games' templates
may load this library; games' Python never imports ratings)."""

from __future__ import annotations

from typing import Any

from django import template

from wordgames.games.models import Game

from .. import queries

register = template.Library()


@register.inclusion_tag("ratings/_game.html")
def rating_changes(game: Game) -> dict[str, Any]:
    """ "Rated" for a rated game; once it is over, each player's rating before and after (no query otherwise)."""
    rows: list[dict[str, Any]] = []
    if game.rated and game.status == Game.Status.FINISHED:
        for change in queries.changes_in(game):
            rows.append(
                {
                    "user": change.user,
                    "before": change.value_before,
                    "after": change.value_after,
                    "delta": change.value_after - change.value_before,
                    "computer": change.games == 0,
                    "before_provisional": queries.provisional_before(change),
                    "after_provisional": queries.provisional_after(change),
                }
            )
    return {"game": game, "rows": rows}
