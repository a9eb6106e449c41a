"""What mail programs write around a quoted message, in their own words, recognised from data.

``data/quote_markers.json`` (built by ``bin/quote-markers`` from Thunderbird's and K-9 Mail's localisations,
public reply parsers' tables and hand-recorded Gmail and mobile lines, each source named there) holds:
attribution templates ("On {}, {} wrote:", "{} 于{}写道:", "בתאריך {} מאת {}:"), the labels of copied header
blocks (From/Date/To/Cc/Subject in each language), separator lines ("-------- Message d'origine --------") and
client lines ("Sent from {}", "{}から送信").

Every line is compared in a normalised form (``normalise``): NFKC (full-width colons and letters become
ordinary ones), bidi and zero-width marks removed, typographic apostrophes made plain, case folded, and, for
matching, whitespace removed (Chinese and Japanese clients put none, Western ones put it in different
places). A template matches when its literal parts occur in order with something between them, the first at
the start and the last at the end: a few ``str.find`` per template, no backtracking pattern.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

DATA = Path(__file__).parent / "data" / "quote_markers.json"

# Invisible marks mail programs wrap around names, addresses and whole lines (Gmail in Hebrew and Arabic puts
# U+202B...U+202C around the line and U+202A / U+200F around the address), and zero-width characters.
_INVISIBLE = re.compile("[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]")
_PLAIN = {"’": "'", "‘": "'", "ʼ": "'", "`": "'", "“": '"', "”": '"', "„": '"', "״": '"', "׳": "'"}
_TO_PLAIN = re.compile("[" + "".join(_PLAIN) + "]")
_COLONS = (":", "：", "﹕", "︓")
_SPACE = re.compile(r"\s+")
_DECORATION = "-_=*~#•·–—―>[]| \t"  # what webmails draw around an attribution or a separator
MAX_LINE = 400  # characters: longer lines are text, never a mark


@lru_cache(maxsize=4096)  # a line is asked about several times (attribution, header, separator, client line)
def normalise(text: str) -> str:
    """``text`` as mail programs' marks are compared: NFKC, no bidi or zero-width marks, plain apostrophes and
    quotes, one space between words, case folded. Idempotent."""
    if not text.isascii():
        text = unicodedata.normalize("NFKC", _INVISIBLE.sub("", text))
        text = unicodedata.normalize("NFKC", _INVISIBLE.sub("", _TO_PLAIN.sub(lambda m: _PLAIN[m.group()], text)))
    return " ".join(text.split()).casefold()


@lru_cache(maxsize=4096)
def _key(text: str) -> str:
    """The form templates and labels are matched in: normalised, without any whitespace."""
    return _SPACE.sub("", normalise(text))


@dataclass(frozen=True)
class Template:
    parts: tuple[str, ...]  # the literal parts around the gaps, in matching form; len(parts) = gaps + 1

    @property
    def anchored(self) -> bool:
        """Starts with words of its own ("On", "Le", "在"): strong evidence even when joined from lines."""
        return bool(self.parts[0])

    def matches(self, key: str) -> bool:
        first, last = self.parts[0], self.parts[-1]
        if not key.startswith(first) or not key.endswith(last):
            return False
        position = len(first)
        for part in self.parts[1:-1]:
            found = key.find(part, position + 1)  # each gap holds at least one character
            if found < 0:
                return False
            position = found + len(part)
        return len(key) - len(last) > position


class _Index:
    """Templates found by the words they start with (or, for those that start with the name, end with): a few
    dictionary look-ups a line instead of trying every template."""

    def __init__(self, templates: tuple[Template, ...]) -> None:
        self.starts: dict[str, list[Template]] = {}
        self.ends: dict[str, list[Template]] = {}
        for template in templates:
            table, part = (self.starts, template.parts[0]) if template.anchored else (self.ends, template.parts[-1])
            table.setdefault(part, []).append(template)
        self.start_lengths = sorted({len(p) for p in self.starts})
        self.end_lengths = sorted({len(p) for p in self.ends})

    def candidates(self, key: str) -> list[Template]:
        found = [t for n in self.start_lengths for t in self.starts.get(key[:n], ())]
        return found + [t for n in self.end_lengths if n <= len(key) for t in self.ends.get(key[len(key) - n :], ())]


def _template(text: str) -> Template | None:
    parts = tuple(
        _key(part).rstrip(":") if n == text.count("{}") else _key(part) for n, part in enumerate(text.split("{}"))
    )
    # A template made only of punctuation ("{}, {}:") says nothing: any line with a comma would match.
    if len(parts) < 2 or sum(len(re.sub(r"[\W_]", "", p)) for p in parts) < 2:
        return None
    return Template(parts)


@dataclass(frozen=True)
class Markers:
    attributions: _Index
    wrote: frozenset[str]  # the endings of attribution templates ("wrote", "aécrit", "写道", "kirjoitti")
    wrote_lengths: tuple[int, ...]
    labels: dict[str, str]  # header label (matching form) -> kind ("from", "date", ...)
    separators: frozenset[str]
    client_lines: _Index


@lru_cache(maxsize=1)
def markers() -> Markers:
    data = json.loads(DATA.read_text(encoding="utf-8"))
    attributions = tuple(t for t in (_template(row["text"]) for row in data["attributions"]) if t)
    wrote = frozenset(t.parts[-1] for t in attributions if len(re.sub(r"[\W_]", "", t.parts[-1])) >= 2)
    labels: dict[str, str] = {}
    for kind, rows in data["headers"].items():
        for row in rows:
            key = _key(row["text"]).strip("*")
            if key and (kind == "from" or key not in labels):
                labels[key] = kind
    separators = frozenset(_key(row["text"]).strip(_DECORATION) for row in data["separators"])
    clients = tuple(t for t in (_template(row["text"]) for row in data["client_lines"]) if t)
    lengths = tuple(sorted({len(w) for w in wrote}))
    return Markers(_Index(attributions), wrote, lengths, labels, separators - {""}, _Index(clients))


_ADDRESS_END = re.compile(r"@[^\s@]{1,255}[>\])]?\s*:$")
_HEADER = re.compile(r"^[\s*>]*([^:]{1,40}?)\s*\**\s*:")


def attribution(text: str) -> str:
    """Whether ``text`` (a line, or up to three joined) is an attribution: "strong" (a template that starts with
    its own words, or an address at the end), "weak" (a template that starts with the name, or a line ending
    in a known "wrote" with a date or address in it), or "" (none)."""
    if len(text) > MAX_LINE:
        return ""
    raw = text.strip()
    if not any(c in raw for c in _COLONS) and raw[:1] not in ("-", "=", "_", "*", "－", "＝", "＿", "＊"):
        return ""  # neither ends in a colon nor is drawn between dashes: not worth normalising
    if "@" not in raw and "＠" not in raw and not any(c.isdigit() for c in raw):
        return ""
    plain = normalise(text)
    decorated = plain[:2] in ("--", "==", "__", "**") and plain[-2:] in ("--", "==", "__", "**")
    plain = plain.strip(_DECORATION)
    if not plain.endswith(":") and not decorated:
        return ""
    if not any(c.isdigit() for c in plain) and "@" not in plain:
        return ""  # every attribution carries a date or an address
    key = _SPACE.sub("", plain).rstrip(":")
    found = ""
    for template in markers().attributions.candidates(key):
        if template.matches(key):
            if template.anchored:
                return "strong"
            found = "weak"
    if found:
        return found
    if _ADDRESS_END.search(plain if plain.endswith(":") else plain + ":"):
        return "weak"
    wrote, lengths = markers().wrote, markers().wrote_lengths
    return "weak" if any(key[len(key) - n :] in wrote for n in lengths if n <= len(key)) else ""


def header_kind(line: str) -> str:
    """The kind of a copied header line ("from", "date", "to", "cc", "subject", "reply_to", "other"), or ""."""
    if len(line) > MAX_LINE:
        return ""
    match = _HEADER.match(normalise(line))
    if not match:
        return ""
    return markers().labels.get(_SPACE.sub("", match.group(1)).strip("*"), "")


def is_separator(line: str) -> bool:
    """A line such as "-------- Original Message --------" or "Begin forwarded message:", in any language."""
    if len(line) > 120:
        return False
    key = _key(line).strip(_DECORATION).rstrip(":").strip(_DECORATION)
    return key in markers().separators


def is_client_line(line: str) -> bool:
    """A mail program's own line under the reply: "Sent from my iPhone", "Get Outlook for Android",
    "iPhoneから送信", in any language the data knows."""
    if not line or len(line) > 120:
        return False
    key = _key(line).strip(_DECORATION)
    return any(template.matches(key) for template in markers().client_lines.candidates(key))
