"""Small pieces of English shared by the engines' sentences and the site's pages and emails."""

from __future__ import annotations

import unicodedata


def and_list(items: list[str]) -> str:
    """``ann``; ``ann and bob``; ``ann, bob and cat`` (empty for no items)."""
    if len(items) < 2:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


# Characters a reader cannot see or that reorder what follows: controls (Cc), formats (Cf: bidi overrides and
# isolates, zero-width spaces and joiners, the byte-order mark), separators of lines and paragraphs.
_INVISIBLE = {"Cc", "Cf", "Zl", "Zp", "Co", "Cs", "Cn"}


def visible(text: str, keep: str = "") -> str:
    """``text`` with every invisible or reordering character written out as ``[U+202E]``, so what a refusal
    quotes reads exactly as it was typed and cannot turn the sentence around it backwards. The characters in
    ``keep`` (line breaks in a message, say) stay as they are."""
    return "".join(
        f"[U+{ord(ch):04X}]" if unicodedata.category(ch) in _INVISIBLE and ch not in keep else ch for ch in text
    )


def quote(text: object) -> str:
    """A player's input quoted in a sentence: in quotes, invisible characters shown (never a Python repr)."""
    return f"\u201c{visible(str(text))}\u201d"
