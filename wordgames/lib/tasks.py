"""Celery tasks registered under their module's name, with the names they had before as aliases.

A task's name travels in every message on the broker and in every ``OwedTask`` row, so a task that moves or is
renamed must still answer to its old name: messages queued before an upgrade (and debts recorded before it)
run the same function. New messages use the new name only.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from celery import shared_task


def task(*, aliases: tuple[str, ...] = (), **options: Any) -> Callable[[Callable[..., Any]], Any]:
    """``shared_task(**options)`` under the function's own ``module.name``, plus one task per old name in
    ``aliases`` running the same function with the same options."""

    def register(function: Callable[..., Any]) -> Any:
        if "name" in options:
            raise TypeError("a task is named by its module: give an old name as an alias")
        for old in aliases:
            shared_task(name=old, **options)(function)
        return shared_task(**options)(function)

    return register
