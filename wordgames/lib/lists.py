"""Lists in a sentence, in the reader's language: ``ann``; ``ann and bob``; ``ann, bob and cat``; ``bob or cat``.

The engines' ``and_list`` writes English (emails and records in the engines' own words use it); pages use this
one, whose separator and "and" come from the catalogue (a Japanese list has no comma and no "and")."""

from __future__ import annotations

from collections.abc import Sequence

from django.utils.translation import gettext, pgettext


def and_list(items: Sequence[str]) -> str:
    """``items`` joined as a sentence lists them (empty for no items)."""
    if len(items) < 2:
        return "".join(items)
    separator = pgettext("between the items of a list, before the last", ", ")
    return gettext("%(items)s and %(last)s") % {"items": separator.join(items[:-1]), "last": items[-1]}


def comma_list(items: Sequence[str]) -> str:
    """``items`` side by side, with the language's separator: ``ann 12, bob 9``."""
    return pgettext("between the items of a list, before the last", ", ").join(items)


def or_list(items: Sequence[str]) -> str:
    """``items`` as a choice between them: ``bob``; ``bob or cat``; ``bob, cat or dan``."""
    if len(items) < 2:
        return "".join(items)
    separator = pgettext("between the items of a list, before the last", ", ")
    return gettext("%(items)s or %(last)s") % {"items": separator.join(items[:-1]), "last": items[-1]}
