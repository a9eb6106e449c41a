"""How every email is made and sent once: the signed links in it, its headers, its text and HTML in the
reader's time zone (``compose``), and the one way out (``send_letters``: claimed by key, sent, marked sent)."""

from __future__ import annotations

import re
import time
import unicodedata
import zoneinfo
from collections.abc import Callable, Iterable, Sequence
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import datetime, timedelta
from email.utils import make_msgid, parseaddr
from typing import Any, Protocol

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import connection as db_connection
from django.db.models import Q
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from wordgames.accounts.models import profile_for
from wordgames.engines.core.text import visible
from wordgames.lib.typed import plain

from ..commandwords import ENGLISH, Words
from ..models import Game, Notification, Seat

INVITATION_SALT = "wordgames.invitation"
UNSUBSCRIBE_SALT = "wordgames.unsubscribe"
INVITATION_DAYS = 60  # how long an invitation email's link seats the invitee


def absolute(path: str) -> str:
    return settings.SITE_ROOT.rstrip("/") + path


def invitation_token(seat: Seat) -> str:
    return signing.dumps({"seat": seat.pk, "game": seat.game_id}, salt=INVITATION_SALT)


def read_invitation_token(token: str, max_age_days: int | None = INVITATION_DAYS) -> dict[str, int]:
    """The seat and game an invitation link was made for: ``signing.SignatureExpired`` when it was made here more
    than ``max_age_days`` ago (None: whatever its age), ``signing.BadSignature`` when it was not made here."""
    max_age = max_age_days * 86400 if max_age_days is not None else None
    return signing.loads(token, salt=INVITATION_SALT, max_age=max_age)


def unsubscribe_token(user: User, kind: str) -> str:
    return signing.dumps({"u": user.pk, "k": kind}, salt=UNSUBSCRIBE_SALT, compress=True)


def address_unsubscribe_token(address: str) -> str:
    """For an address without an account: one click stops every email to it."""
    return signing.dumps({"a": address.strip().lower()}, salt=UNSUBSCRIBE_SALT, compress=True)


def read_unsubscribe_token(token: str) -> dict[str, Any]:
    return signing.loads(token, salt=UNSUBSCRIBE_SALT)


def _domain() -> str:
    return parseaddr(settings.DEFAULT_FROM_EMAIL)[1].partition("@")[2] or "localhost"


def thread_id(game: Game) -> str:
    """The Message-ID every email about a game refers to, so mail programs keep one conversation per game."""
    return f"<game-{game.pk}@{_domain()}>"


_URL = re.compile(r"https?://[^\s<>\"']+")


BOARD_STYLE = "white-space:pre;overflow-x:auto;font-size:12px;line-height:1.25;padding:4px 0"
# A word of four letters or more: a line of prose (a legend, a score), not a row of the drawing.
_WORD = re.compile(r"[^\W\d_]{4,}")


def linkify(text: str, boards: Iterable[str] = ()) -> SafeString:
    """The plain-text body as HTML with its web addresses as links (Django's urlize is several times slower
    and finds "addresses" in boards). The drawing in each of the ``boards`` keeps its lines on a narrow screen:
    it scrolls sideways instead of wrapping, while the board's prose (its legend, the scores) wraps with the rest
    of the text, so it fits a phone's screen."""
    escaped = _URL.sub(lambda m: f'<a href="{m.group(0)}">{m.group(0)}</a>', str(escape(text)))
    for board in boards:
        drawn = str(escape(board.strip("\n")))
        if drawn.strip():
            escaped = escaped.replace(drawn, _drawing_blocks(drawn), 1)
    return mark_safe(escaped)


def _drawing_blocks(board: str) -> str:
    """Each run of the board's drawn lines (rows and column labels: no word in them) in a block of its own that
    scrolls sideways; its prose lines left to wrap."""
    out: list[str] = []
    run: list[str] = []
    for line in board.split("\n"):
        if line.strip() and not _WORD.search(line):
            run.append(line)
            continue
        if run:
            out.append(f'<div style="{BOARD_STYLE}">' + "\n".join(run) + "</div>")
            run = []
        out.append(line + "\n")
    if run:
        out.append(f'<div style="{BOARD_STYLE}">' + "\n".join(run) + "</div>")
    return "".join(out).removesuffix("\n")


def reader_zone(user: User | None) -> zoneinfo.ZoneInfo:
    """The time zone chosen in the reader's profile; the site's for a reader without an account."""
    name = profile_for(user).time_zone if user is not None else settings.TIME_ZONE
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(settings.TIME_ZONE)


@dataclass
class Letter:
    """One email composed and ready to go: sent at most once per ``key``. ``after``: what its sending means
    besides (the reader has now seen their newest tiles)."""

    key: str
    to: str
    subject: str
    message: EmailMultiAlternatives
    after: Callable[[], Any] | None = None


def thread_headers(game: Game | None, in_reply_to: str = "", references: str = "") -> dict[str, str]:
    """In-Reply-To and References (RFC 5322 3.6.4) that keep a conversation together: a game's emails refer to
    the game's thread; an answer refers to the message it answers and that message's own references (the last
    few: a long thread's whole chain is no use). A Message-ID we made up for a message without one is no
    reference."""
    parent = in_reply_to if in_reply_to.startswith("<") and not in_reply_to.startswith("<sha256-") else ""
    chain = [thread_id(game)] if game is not None else []
    earlier = [ref for ref in references.split() if ref.startswith("<") and ref.endswith(">") and ref not in chain]
    chain += [*earlier[-8:], *([parent] if parent else [])]
    chain = list(dict.fromkeys(chain))
    if not chain:
        return {}
    return {"References": " ".join(chain), "In-Reply-To": parent or chain[0]}


def command_words() -> dict[str, str]:
    """The email commands as the reader writes them (``plateau (board)``), and the invitation's two answers."""
    words = Words(translation.get_language() or "")
    shown = {english: words.shown(english) for english in ENGLISH}
    return {**shown, "accept_word": words.written("accept"), "decline_word": words.written("decline")}


def automatic_headers(*, replying: bool) -> dict[str, str]:
    """RFC 3834: an answer to a person's own mail is ``auto-replied``, anything else we send ``auto-generated``;
    either way an auto-responder (an out-of-office) must not answer it (Exchange reads the second header)."""
    return {"Auto-Submitted": "auto-replied" if replying else "auto-generated", "X-Auto-Response-Suppress": "All"}


def one_line(subject: str, limit: int = 250) -> str:
    """A subject safe for a header from any text (an inbound message's, a game's title, a player's name): line
    breaks, controls and runs of spaces become one space; invisible and reordering characters are written out
    (``[U+202E]``), so a name cannot turn the rest of the subject backwards; bounded in length."""
    text = "".join(" " if ch.isspace() or unicodedata.category(ch) == "Cc" else ch for ch in subject)
    return visible(" ".join(text.split()))[:limit]


def compose(
    key: str,
    to: str,
    subject: str,
    template: str,
    context: dict[str, Any],
    *,
    html_context: dict[str, Any],
    boards: Iterable[str],
    headers: dict[str, str],
    user: User | None,
    reply_to: list[str] | None = None,
) -> Letter:
    """Every email (game emails and digests) is made here: text and HTML rendered in the reader's time zone."""
    subject = one_line(subject)
    with timezone.override(reader_zone(user)):  # every time in an email is in its reader's time zone
        # What players typed (names, messages, comments) is in the body: written out, as a plain text cannot
        # isolate it (the HTML part shows the same text).
        body = plain(render_to_string(template, context).strip()) + "\n"
        html = render_to_string(
            "games/email/message.html", {**html_context, "body": linkify(body, boards), "subject": subject}
        )
    message = EmailMultiAlternatives(subject=subject, body=body, to=[to], headers=headers)
    message.extra_headers["Message-ID"] = make_msgid("wg", domain=_domain())
    if reply_to:
        message.reply_to = reply_to
    message.attach_alternative(html, "text/html")
    return Letter(key, to, subject, message)


def send_letters(letters: list[Letter], connection: Any = None, taking_over: Iterable[str] = ()) -> list[Letter]:
    """The one way out for every email: each claimed first (all in one statement, committed before anything
    is sent), then sent over one connection and marked sent as the mail service accepts it. Returns the
    letters sent; those already sent, or being sent by another worker, are skipped. A long batch renews its
    claims before half their lease has run, so nobody takes over an email this sender is still to send (and
    one taken over meanwhile is left to its taker). If the mail service fails, this sender's claims not yet
    sent are let go (a retry sends them) and the error is raised."""
    mine, stamp = claim_all(letters, taking_over)
    ours = [letter for letter in letters if letter.key in mine]
    if not ours:
        return []
    connection = connection or get_connection()
    opened = connection.open()  # one connection (an SMTP session, an ESP's HTTP session) for the whole batch
    renewed = time.monotonic()
    sent: list[Letter] = []
    try:
        for n, letter in enumerate(ours):
            if time.monotonic() - renewed >= settings.EMAIL_CLAIM_LEASE / 2:
                mine, stamp = _renew([later.key for later in ours[n:]], stamp)
                renewed = time.monotonic()
            if letter.key not in mine:
                continue  # its claim ran out and another sender took it over
            letter.message.connection = connection
            letter.message.send()
            mark_sent(letter.key)
            sent.append(letter)
            if letter.after is not None:
                letter.after()
    except Exception:
        unsent = [letter.key for letter in ours if letter not in sent]
        # Let go of this sender's own claims only: a retry may send them.
        Notification.objects.filter(key__in=unsent, claimed=stamp, sent__isnull=True).update(claimed=None)
        raise
    finally:
        if opened:
            connection.close()
    return sent


def _renew(keys: list[str], stamp: datetime) -> tuple[set[str], datetime]:
    """Renew the claims this sender still holds (claimed at ``stamp``, not sent): the keys it holds, and the
    time of their claims now."""
    now = timezone.now()
    Notification.objects.filter(key__in=keys, claimed=stamp, sent__isnull=True).update(claimed=now)
    held = Notification.objects.filter(key__in=keys, claimed=now, sent__isnull=True)
    return set(held.values_list("key", flat=True)), now


def mark_sent(key: str) -> None:
    table, quote = Notification._meta.db_table, db_connection.ops.quote_name
    with db_connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE {quote(table)} SET {quote('sent')} = %s WHERE {quote('key')} = %s",
            [db_connection.ops.adapt_datetimefield_value(timezone.now()), key],
        )


# True while a task runs that the broker delivered again because the worker running it died (see
# ``relay.Sending``): the claims that worker left unsent are taken over at once.
TAKING_OVER: ContextVar[bool] = ContextVar("taking_over", default=False)


class Claimable(Protocol):
    """Anything sent once per key (an email's ``Letter``, a push to one device): what its claim records."""

    key: str
    to: str
    subject: str


def claim_all(letters: Sequence[Claimable], taking_over: Iterable[str] = ()) -> tuple[set[str], datetime]:
    """Take on these emails in a step of their own, committed before anything is sent: the keys of those this
    sender now holds. New keys are claimed in one statement; a key already known is claimed only if it was
    never sent and nobody holds it, i.e. its sender died: taken over at once by the task delivered again after
    its worker died (``TAKING_OVER``, or its key in ``taking_over``), by anyone once its lease has run out
    (``settings.EMAIL_CLAIM_LEASE`` seconds). That is the only way an email can go out twice: the mail service
    accepted it, then the sender died before marking it sent. Returns the keys and the time of the claims."""
    now = timezone.now()
    if not letters:
        return set(), now
    table, quote = Notification._meta.db_table, db_connection.ops.quote_name
    columns = ", ".join(quote(c) for c in ("key", "recipient", "subject", "created", "claimed"))
    stamp = db_connection.ops.adapt_datetimefield_value(now)
    params: list[Any] = []
    for letter in letters:
        params += [letter.key, letter.to, letter.subject[:300], stamp, stamp]
    values = ", ".join(["(%s, %s, %s, %s, %s)"] * len(letters))
    with db_connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(table)} ({columns}) VALUES {values} "
            f"ON CONFLICT ({quote('key')}) DO NOTHING RETURNING {quote('key')}",
            params,
        )
        mine = {row[0] for row in cursor.fetchall()}
    lease = Q(claimed__isnull=True) | Q(claimed__lt=now - timedelta(seconds=settings.EMAIL_CLAIM_LEASE))
    for letter in letters:  # known keys: a retry's, rare
        if letter.key not in mine:
            free = Q() if TAKING_OVER.get() or letter.key in taking_over else lease
            if Notification.objects.filter(free, key=letter.key, sent__isnull=True).update(claimed=now):
                mine.add(letter.key)
    return mine, now
