"""The replay page's analysis: ``{% game_analysis game as analysis %}`` (None while the game runs), then
``{% move_analysis analysis move as row %}`` beside each move."""

from __future__ import annotations

from django import template

from wordgames.games.models import Game, Move

from .. import actions
from ..models import MoveAnalysis

register = template.Library()


@register.simple_tag
def game_analysis(game: Game) -> actions.Shown | None:
    return actions.visible(game)


@register.simple_tag
def move_analysis(analysis: actions.Shown | None, move: Move) -> MoveAnalysis | None:
    return analysis.rows.get(move.pk) if analysis is not None else None
