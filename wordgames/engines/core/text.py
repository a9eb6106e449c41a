"""Small pieces of English shared by the engines' sentences and the site's pages and emails."""

from __future__ import annotations


def and_list(items: list[str]) -> str:
    """``ann``; ``ann and bob``; ``ann, bob and cat`` (empty for no items)."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]
