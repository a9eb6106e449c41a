from typing import Any

from django import template

from wordgames.accounts import models

register = template.Library()


@register.filter
def display_name(user: Any) -> str:
    """``{{ seat.user|display_name }}``: the player's display name, or their username."""
    return models.display_name(user)
