"""System checks of the games app (``manage.py check``, and at the start of ``runserver``)."""

from __future__ import annotations

from typing import Any

from django.core import checks
from django.utils.translation import gettext as _


@checks.register()
def check_compiled_search(app_configs: Any = None, **kwargs: Any) -> list[checks.CheckMessage]:
    """The Lingo search's compiled walk is optional, but without it hints and computer players are slow."""
    from wordgames.engines.lingo import best

    if best.COMPILED:
        return []
    return [
        checks.Warning(
            _(
                "The compiled Lingo search is not built: hints, the sporting opponent and the computer players run the "
                "same search in Python, 40 to 60 times slower, and a hard position may be cut short by its time budget."
            ),
            hint=_("Run: %(command)s (it needs a C compiler and Python's headers).")
            % {"command": "python wordgames/engines/lingo/build.py"},
            id="wordgames.W001",
        )
    ]
