"""Text a person typed (a display name, a chat message), shown so that it cannot reorder the text around it.

A right-to-left override (U+202E) in a name like ``evil\u202egnp.exe`` turns what follows it backwards, and
isolates, marks and zero-width characters hide or move letters without being seen. Pages put such text in
``<bdi>`` (the browser lays it out on its own, whatever it holds) and write out its invisible characters as
``[U+202E]``, as refusals quote a move; emails, plain text with no isolation, write them all out."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe

from wordgames.engines.core.text import visible

from .lists import and_list

# Kept on pages: line breaks (a message's lines), and the zero-width joiners that make emoji sequences and
# the letters of some scripts; neither moves anything, and the <bdi> contains whatever they join.
_KEPT_ON_PAGES = "\n\r\t\u200c\u200d"
# Kept in emails: the line breaks of a message. Everything else invisible is written out.
_KEPT_IN_EMAILS = "\n\t"


def isolated(text: object) -> SafeString:
    """``text`` for a page: escaped, isolated in ``<bdi>``, its invisible characters written out."""
    return format_html("<bdi>{}</bdi>", visible(str(text), keep=_KEPT_ON_PAGES))


def isolated_list(items: Iterable[object]) -> SafeString:
    """``ann, bob and cat`` for a page, each isolated (``isolated``)."""
    return mark_safe(and_list([isolated(item) for item in items]))  # each item is escaped; the rest is ours


def plain(text: object) -> str:
    """``text`` for a plain-text email: every invisible or reordering character written out, lines kept (a
    browser sends a message's lines ending in CR LF)."""
    return visible(str(text).replace("\r\n", "\n"), keep=_KEPT_IN_EMAILS)
