"""Reading any email without raising: headers and text parts decoded best-effort.

Mail programs declare charsets Python does not know (``unknown-8bit``, ``windows-874``, ``iso-8859-8-i``,
``windows-31j``, ``x-mac-roman``), put encoded line breaks in names and subjects, and break MIME in every
other way. Each accessor here returns text whatever the input: a known alias first, then what
charset-normalizer detects, then UTF-8 with replacement characters."""

from __future__ import annotations

import codecs
from email import policy
from email.header import decode_header
from email.message import Message
from email.parser import BytesParser
from email.utils import getaddresses, parseaddr
from typing import Any

from anymail.inbound import AnymailInboundMessage
from charset_normalizer import from_bytes

from .htmltext import html_to_text

# Names mail programs use that Python's codecs do not know, and what they mean.
ALIASES = {
    "windows-874": "cp874",
    "iso-8859-8-i": "iso-8859-8",
    "iso-8859-6-i": "iso-8859-6",
    "windows-31j": "cp932",
    "x-mac-roman": "mac_roman",
    "macintosh": "mac_roman",
    "x-sjis": "shift_jis",
    "ks_c_5601-1987": "cp949",
    "x-gbk": "gbk",
    "gb2312": "gbk",
    "iso-8859-8-e": "iso-8859-8",
    "x-user-defined": "latin-1",
    "134": "gbk",
    "ansi_x3.4-1968": "ascii",
    "us-ascii": "ascii",
}
MAX_PART = 2_000_000  # bytes of one text part decoded; a move is at the top (or after a quote) of far less


def parse(raw: bytes) -> AnymailInboundMessage:
    """The message, however broken; the parser of the email package recovers from broken MIME."""
    try:
        return BytesParser(AnymailInboundMessage, policy=policy.default).parsebytes(raw)
    except Exception:
        return BytesParser(AnymailInboundMessage, policy=policy.default).parsebytes(b"\n\n" + raw)


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Text from bytes in the charset the message declares, or the one it most likely is."""
    name = (charset or "").strip().strip("\"'").lower()
    name = ALIASES.get(name, name)
    if name and name not in ("unknown-8bit", "unknown", "x-unknown", "8bit"):
        try:
            codecs.lookup(name)
            return data.decode(name, errors="replace")
        except (LookupError, ValueError):
            pass
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    best = from_bytes(data[:200_000]).best()
    if best is not None:
        return data.decode(best.encoding, errors="replace")
    return data.decode("utf-8", errors="replace")


def header(message: Message, name: str) -> str:
    """A header as one line of text ("" if missing or unreadable); encoded words decoded, line breaks
    (encoded or not) turned into spaces."""
    raw = _raw_header(message, name)
    if raw is None:
        return ""
    try:
        text = _join(decode_header(raw))
    except Exception:
        text = raw
    return " ".join(text.split())


def _join(words: list[tuple[Any, str | None]]) -> str:
    out = []
    for part, enc in words:
        out.append(decode_bytes(part, enc or "utf-8") if isinstance(part, bytes) else part)
    return "".join(out)


def _raw_header(message: Message, name: str) -> str | None:
    for key, value in message.raw_items():
        if key.lower() == name.lower():
            if isinstance(value, str):
                # Undecodable bytes in a header come through as surrogates: make them text again.
                return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            return str(value)
    return None


def headers(message: Message, name: str) -> list[str]:
    return [" ".join(str(v).split()) for k, v in message.raw_items() if k.lower() == name.lower()]


def sender(message: Message) -> str:
    """The From address, lower-cased ("" if there is none that looks like an address)."""
    address = parseaddr(header(message, "From"))[1].strip().lower()
    return address if "@" in address and not any(c.isspace() for c in address) else ""


def addresses(message: Message, names: tuple[str, ...]) -> list[str]:
    values = [header(message, n) for n in names]
    return [address.lower() for _, address in getaddresses([v for v in values if v]) if "@" in address]


def text_and_html(message: Message) -> tuple[str, str]:
    """The first plain text part and the first HTML part that are not attachments, decoded."""
    text = html = ""
    try:
        parts = list(message.walk()) if message.is_multipart() else [message]
    except Exception:
        parts = [message]
    for part in parts[:200]:
        try:
            if part.is_multipart():
                continue
            if "attachment" in header(part, "Content-Disposition").lower():
                continue
            ctype = part.get_content_type()
            if ctype not in ("text/plain", "text/html") or (text if ctype == "text/plain" else html):
                continue
            payload = part.get_payload(decode=True)
            if not isinstance(payload, bytes):
                payload = str(part.get_payload()).encode("utf-8", "surrogateescape")
            decoded = decode_bytes(payload[:MAX_PART], part.get_content_charset() if _has_params(part) else None)
            if ctype == "text/plain":
                text = decoded
            else:
                html = decoded
        except Exception:
            continue
    return text, html


def _has_params(part: Message) -> bool:
    try:
        part.get_params()
        return True
    except Exception:
        return False


def body(message: Message) -> str:
    """What the message says, as plain text: its text part, else its HTML part turned into text."""
    text, html = text_and_html(message)
    if text.strip():
        return text
    return html_to_text(html) if html else ""
