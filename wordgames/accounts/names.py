"""Usernames that cannot pass for each other: "bоb" with a Cyrillic о is refused when "bob" exists.

Two names clash when their skeletons are equal: each character in NFKC form, a look-alike from another script
(Cyrillic, Greek, ...) replaced by the Latin letter or digit it imitates (the Unicode confusables data shipped
by confusable-homoglyphs), then case-folded."""

from __future__ import annotations

import functools
import unicodedata
from typing import Any

from confusable_homoglyphs import confusables
from django.contrib.auth import get_user_model
from django.db.models.functions import Length

USERNAME_MAX = 30
# Names the site's computer players use (computer-strong, computer-quick-2): nobody else may take one.
RESERVED_PREFIXES = ("computer",)


def reserved(name: str) -> bool:
    """A name kept for the site's own accounts, look-alikes included ("cоmputer-strong" with a Cyrillic о)."""
    return skeleton(name).startswith(RESERVED_PREFIXES)


@functools.lru_cache(maxsize=4096)
def _latin(char: str) -> str:
    if char.isascii():
        return char
    found = confusables.is_confusable(char, greedy=True, preferred_aliases=["latin", "common"])
    for entry in found or []:
        for glyph in entry["homoglyphs"]:
            if glyph["c"].isascii() and glyph["c"].isalnum():
                return glyph["c"]
    return char


def skeleton(name: str) -> str:
    text = unicodedata.normalize("NFKC", name)
    return "".join(_latin(c) for c in text).casefold()


def clashing_username(name: str, exclude_pk: int | None = None) -> Any:
    """The existing user whose username looks like ``name`` (same skeleton), or None."""
    target = skeleton(name)
    # A skeleton keeps the length of NFKC text, so only names of that length can clash.
    size = len(unicodedata.normalize("NFKC", name))
    candidates = (
        get_user_model()
        .objects.annotate(size=Length("username"))
        .filter(size=size)
        .exclude(pk=exclude_pk or 0)
        .only("pk", "username")
    )
    return next((user for user in candidates.iterator() if skeleton(user.username) == target), None)
