"""Reading ratings. (A stand-in written by the seeks work until the ratings room's own module lands: only
``value_of``, with the signature the plan names.)"""

from __future__ import annotations

from typing import Any

from .models import BASE, Rating


def value_of(user: Any, kind: str) -> int:
    """The rating ``user`` reads for ``kind``: 1500 for a player who has no rated game of it yet."""
    value = Rating.objects.filter(user_id=getattr(user, "pk", user), kind=kind).values_list("value", flat=True).first()
    return BASE if value is None else value
