"""Real MIME messages, as mail programs write them, for replies to the emails the site sent."""

from __future__ import annotations

import email
from email import policy
from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from typing import Any

from django.core import mail as django_mail


def reply_address(sent: django_mail.EmailMessage) -> str:
    """The private address a sent email asks the player to reply to."""
    assert sent.reply_to, f"{sent.subject!r} has no Reply-To"
    return sent.reply_to[0].split("<")[-1].rstrip(">")


def message_id(sent: django_mail.EmailMessage) -> str:
    return str(sent.message()["Message-ID"])


def reply(
    sent: django_mail.EmailMessage,
    body: str,
    *,
    kind: str = "plain",
    sender: str | None = None,
    to: str | None = None,
    msgid: str | None = None,
) -> bytes:
    """A reply to ``sent`` written by its recipient: ``kind`` is plain, html (HTML only), qp
    (quoted-printable), base64, gmail (a webmail client's text and HTML with its quote block), or
    attachment (text plus a photo of the board)."""
    message = EmailMessage()
    message["From"] = sender or sent.to[0]
    message["To"] = to or reply_address(sent)
    message["Subject"] = f"Re: {sent.subject}"
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = msgid or make_msgid("reply", domain="example.com")
    message["In-Reply-To"] = message_id(sent)
    message["References"] = message_id(sent)
    quoted = "\n".join(f"> {line}" for line in str(sent.body).splitlines())
    attribution = f"On {formatdate()}, Wordgames <{reply_address(sent)}> wrote:"
    if kind == "plain":
        message.set_content(f"{body}\n\n{attribution}\n{quoted}\n")
    elif kind == "qp":
        message.set_content(f"{body}\n\n{attribution}\n{quoted}\n", cte="quoted-printable")
    elif kind == "base64":
        message.set_content(f"{body}\n\n{attribution}\n{quoted}\n", cte="base64")
    elif kind == "html":
        paragraphs = "".join(f"<div>{line}</div>" for line in body.split("\n"))
        message.set_content(
            f'<html><body>{paragraphs}<br><div class="quote">{attribution}<blockquote>'
            f"{sent.body}</blockquote></div></body></html>",
            subtype="html",
        )
    elif kind == "gmail":
        # Gmail wraps the attribution line and puts the quote in a gmail_quote block.
        long_attribution = attribution.replace(", Wordgames", ",\nWordgames")
        message.set_content(f"{body}\n\n{long_attribution}\n\n{quoted}\n")
        html_body = "".join(f'<div dir="ltr">{line}</div>' for line in body.split("\n"))
        message.add_alternative(
            f'<div dir="ltr">{html_body}</div><br><div class="gmail_quote"><div dir="ltr" '
            f'class="gmail_attr">{attribution}<br></div><blockquote class="gmail_quote">{sent.body}'
            f"</blockquote></div>",
            subtype="html",
        )
    elif kind == "attachment":
        message.set_content(f"{body}\n\n-- \nAnn, sent with a photo of my board\n")
        message.add_attachment(b"\x89PNG\r\n\x1a\n" + bytes(200), maintype="image", subtype="png", filename="board.png")
    else:
        raise ValueError(kind)
    return message.as_bytes()


def parse(raw: bytes) -> Any:
    return email.message_from_bytes(raw, policy=policy.default)
