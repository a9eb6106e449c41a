"""The corpus of real mail programs' replies (tests/pbem/corpus/*.txt, see its README): each file is a reply's
layout, rewritten to answer a game email, with the placeholders filled in from the email the site sent."""

from __future__ import annotations

import html
from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from typing import Any

from .mime import message_id, reply_address

CORPUS = Path(__file__).parent / "corpus"
# The language families issue 31 asks a corpus test for, by the sample's language, and those the quote markers'
# data covers besides (Czech, Greek, Hindi).
FAMILIES = {
    "CJK": {"ja", "ko", "zh-CN", "zh-TW"},
    "RTL": {"he", "ar"},
    "Cyrillic": {"ru", "uk"},
    "Nordic": {"da", "sv", "no"},
    "Romance": {"fr", "es", "it", "pt"},
    "Germanic": {"en", "de", "nl"},
    "Turkish/Finnish/Hungarian": {"tr", "fi", "hu"},
    "Slavic (Latin script)": {"pl", "cs"},
    "Greek": {"el"},
    "Indic": {"hi"},
}


@dataclass
class Sample:
    name: str
    client: str
    language: str
    source: str
    kind: str  # plain, html (HTML only) or gmail (text and HTML)
    comment: str
    template: str

    @property
    def family(self) -> str:
        return next(family for family, languages in FAMILIES.items() if self.language in languages)


def samples() -> list[Sample]:
    found = []
    for path in sorted(CORPUS.glob("*.txt")):
        head, _, template = path.read_text(encoding="utf-8").partition("\n---\n")
        meta = dict(line.split(": ", 1) for line in head.splitlines())
        found.append(
            Sample(
                path.stem,
                meta["client"],
                meta["language"],
                meta["source"],
                meta["kind"],
                meta["comment"].replace("\\n", "\n"),
                template,
            )
        )
    return found


def build(sample: Sample, sent: Any, move: str) -> bytes:
    """The reply as the mail program sends it, to ``sent`` (an email the site sent), playing ``move``."""
    body_lines = str(sent.body).splitlines()
    quoted = [f"> {line}".rstrip() for line in body_lines]
    values = {
        "MOVE": move,
        "ADDR": reply_address(sent),
        "DATE": "Mon, 23 Nov 2026 at 10:00",
        "SUBJECT": sent.subject,
        "QUOTE": "\n".join(quoted),
        "ORIGINAL": str(sent.body),
        "QUOTE_HEAD": "\n".join(quoted[:6]),
        "QUOTE_TAIL": "\n".join(quoted[6:]),
        "HTMLQUOTE": "<br>".join(html.escape(line).replace("  ", "&nbsp; ") for line in body_lines),
    }
    text = sample.template
    for key in sorted(values, key=len, reverse=True):
        text = text.replace("{" + key + "}", values[key])
    message = EmailMessage()
    message["From"] = sent.to[0]
    message["To"] = reply_address(sent)
    message["Subject"] = f"Re: {sent.subject}"
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = make_msgid("corpus", domain="example.com")
    message["In-Reply-To"] = message["References"] = message_id(sent)
    if sample.kind == "html":
        message.set_content(text, subtype="html", cte="quoted-printable")
    else:
        message.set_content(text, cte="quoted-printable")
        if sample.kind == "gmail":
            message.add_alternative("<div>" + html.escape(text).replace("\n", "<br>") + "</div>", subtype="html")
    return message.as_bytes()
