"""One function per email. Each renders a subject and a plain-text body a person can read (the board in a
fixed-width block, the last move's score, what the reader may do now and how to write it), an HTML copy,
and the headers that thread a game's emails into one conversation and let the reader unsubscribe in one
click. Each is sent at most once: ``Notification`` holds a unique key per email, claimed (committed) before
the send and marked sent after it, so a retried task skips what was already sent (``send_letters``).

Whether a player gets an email depends on their choice for its kind (``Profile.email_modes``): every email,
a daily digest (your turn only) or none. Replies to emailed moves are kind ``error``.

Every email is written in its reader's language: each ``send_*`` composes a reader's letter inside
``speaking(reader)`` (subject, text and HTML alike), and a letter is whole once composed, so it keeps that language
however late it is sent. ``send_reply`` is the exception: its text was written when the message was read, and its
caller gives the language that text was written in.
"""

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
from functools import partial
from typing import Any, Protocol

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.core.mail import EmailMultiAlternatives, get_connection
from django.db import connection as db_connection
from django.db.models import Count, Q
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from wordgames.accounts.languages import speaking
from wordgames.accounts.models import DIGEST, EMAIL_KINDS, NONE, display_name, move_digest_on, profile_for
from wordgames.engines import get_engine
from wordgames.engines.core.text import visible
from wordgames.lib.lists import and_list, comma_list
from wordgames.lib.typed import plain
from wordgames.mail.addresses import reply_address
from wordgames.mail.models import EmailOptOut

from . import news, notices, queries, signals
from .boardtext import text_board
from .commandwords import ENGLISH, Words
from .models import ChatMessage, Game, ModerationAction, Move, Notification, Seat
from .refusals import examples

INVITATION_SALT = "wordgames.invitation"
UNSUBSCRIBE_SALT = "wordgames.unsubscribe"


def absolute(path: str) -> str:
    return settings.SITE_ROOT.rstrip("/") + path


def invitation_token(seat: Seat) -> str:
    return signing.dumps({"seat": seat.pk, "game": seat.game_id}, salt=INVITATION_SALT)


def read_invitation_token(token: str, max_age_days: int = 60) -> dict[str, int]:
    return signing.loads(token, salt=INVITATION_SALT, max_age=max_age_days * 86400)


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


def _send(key: str, to: str, subject: str, template: str, context: dict[str, Any], *, kind: str,
          user: User | None = None, game: Game | None = None, seat: Seat | None = None,
          in_reply_to: str = "", references: str = "") -> bool:  # fmt: skip
    """Send once per key, unless the reader chose not to get this kind. False when nothing was sent."""
    letter = _compose(key, to, subject, template, context, kind=kind, user=user, game=game, seat=seat,
                      in_reply_to=in_reply_to, references=references)  # fmt: skip
    return letter is not None and bool(send_letters([letter]))


def _compose(key: str, to: str, subject: str, template: str, context: dict[str, Any], *, kind: str,
             user: User | None = None, game: Game | None = None, seat: Seat | None = None,
             in_reply_to: str = "", references: str = "") -> Letter | None:  # fmt: skip
    """The email, or None when the reader chose not to get this kind (or has no address). ``in_reply_to``: the
    Message-ID of the message it answers, whose ``references`` it carries on."""
    if not to:
        return None
    if user is not None and kind in EMAIL_KINDS:
        mode = profile_for(user).email_mode(kind)
        if mode == NONE or mode == DIGEST:
            return None
    if user is None and EmailOptOut.has(to):
        return None  # a stranger who unsubscribed
    if game is not None and user is not None and kind != "invitation" and profile_for(user).same_subject:
        subject = ("Re: " if subject.lower().startswith("re:") else "") + thread_subject(game)
    headers = automatic_headers(replying=kind == "error")
    headers.update(thread_headers(game, in_reply_to, references))
    unsubscribe = ""
    if user is not None and kind in EMAIL_KINDS:
        unsubscribe = absolute(reverse("unsubscribe", args=[unsubscribe_token(user, kind)]))
    elif user is None:
        unsubscribe = absolute(reverse("unsubscribe", args=[address_unsubscribe_token(to)]))
    if unsubscribe:
        headers["List-Unsubscribe"] = f"<{unsubscribe}>"
        headers["List-Unsubscribe-Post"] = "List-Unsubscribe=One-Click"
    context = {
        "site_name": settings.SITE_NAME, "site_root": settings.SITE_ROOT, "unsubscribe": unsubscribe,
        "kind_label": EMAIL_KINDS.get(kind, ""), "preferences": absolute(reverse("email_settings")),
        "commands": command_words(), **context,
    }  # fmt: skip
    reply_to = [reply_address(seat)] if seat is not None and (seat.user_id is not None or seat.is_invitation) else []
    if not reply_to and kind == "error":  # an answer to a message for no game: replies come back to the site
        reply_to = [settings.REPLY_ADDRESS]
    return compose(key, to, subject, template, context, html_context=context, boards=[context.get("board", "")],
                   headers=headers, user=user, reply_to=reply_to)  # fmt: skip


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


def compose(key: str, to: str, subject: str, template: str, context: dict[str, Any], *,
            html_context: dict[str, Any], boards: Iterable[str], headers: dict[str, str],
            user: User | None, reply_to: list[str] | None = None) -> Letter:  # fmt: skip
    """Every email (game emails and digests) is made here: text and HTML rendered in the reader's time zone."""
    subject = one_line(subject)
    with timezone.override(reader_zone(user)):  # every time in an email is in its reader's time zone
        # What players typed (names, messages, comments) is in the body: written out, as a plain text cannot
        # isolate it (the HTML part shows the same text).
        body = plain(render_to_string(template, context).strip()) + "\n"
        html = render_to_string("games/email/message.html", {**html_context, "body": linkify(body, boards),
                                                             "subject": subject})  # fmt: skip
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
        cursor.execute(f"UPDATE {quote(table)} SET {quote('sent')} = %s WHERE {quote('key')} = %s",
                       [db_connection.ops.adapt_datetimefield_value(timezone.now()), key])  # fmt: skip


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
        cursor.execute(f"INSERT INTO {quote(table)} ({columns}) VALUES {values} "
                       f"ON CONFLICT ({quote('key')}) DO NOTHING RETURNING {quote('key')}", params)  # fmt: skip
        mine = {row[0] for row in cursor.fetchall()}
    lease = Q(claimed__isnull=True) | Q(claimed__lt=now - timedelta(seconds=settings.EMAIL_CLAIM_LEASE))
    for letter in letters:  # known keys: a retry's, rare
        if letter.key not in mine:
            free = Q() if TAKING_OVER.get() or letter.key in taking_over else lease
            if Notification.objects.filter(free, key=letter.key, sent__isnull=True).update(claimed=now):
                mine.add(letter.key)
    return mine, now


# --- what a game email says ------------------------------------------------------------------------------


def move_number(game: Game) -> int:
    """The number of the next move (what ``#N`` in an emailed move refers to). A game loaded with
    ``live_moves`` annotated (the notification task does) needs no query."""
    live = getattr(game, "live_moves", None)
    return (live if live is not None else game.moves.filter(taken_back=False).count()) + 1


def thread_subject(game: Game) -> str:
    """The subject of every email about a game for a player who wants one subject per game."""
    return _("%(game)s game %(number)s") % {"game": get_engine(game.engine).title, "number": game.pk}




def seat_name(seat: Seat) -> str:
    """A seat's player, or the seat itself while nobody holds it."""
    return seat.user.username if seat.user else _("seat %(number)s") % {"number": seat.position + 1}


def subject_line(game: Game, seats: list[Seat] | None = None, number: int | None = None) -> str:
    """Like pbmserv's "Lingo Board 123 ann to move": the game, its number, the move number, who is to move."""
    engine = get_engine(game.engine)
    values: dict[str, Any] = {"game": engine.title, "number": game.pk}
    if game.status == Game.Status.FINISHED:
        return _("%(game)s game %(number)s: game over") % values
    if game.status == Game.Status.ABANDONED:
        return _("%(game)s game %(number)s: abandoned") % values
    if game.state is None:
        return _("%(game)s game %(number)s") % values
    seats = seats if seats is not None else list(game.seats.select_related("user").order_by("position"))
    names = [seat_name(s) for s in seats]
    waiting = [names[s] for s in sorted(engine.waiting_for(game.state))]
    values["move"] = number if number is not None else move_number(game)
    if not waiting:  # nobody has to move (Lexicon Crossing between green lights)
        return _("%(game)s game %(number)s, move %(move)s") % values
    values["players"] = and_list(waiting)
    return ngettext("%(game)s game %(number)s, move %(move)s: %(players)s to move",
                    "%(game)s game %(number)s, move %(move)s: %(players)s to move", len(waiting)) % values


def score_lines(move: Move | None) -> list[str]:
    """The last move's score breakdown: one line per word, then the summary sentence."""
    if move is None:
        return []
    lines = [f"  {w['word']}: {w['score']}" for w in move.outcome.get("words", []) if "word" in w and "score" in w]
    return lines


def _game_context(game: Game, seat: Seat | None, last: Move | None, number: int | None = None,
                  last_player: str | None = None) -> dict[str, Any]:  # fmt: skip
    engine = get_engine(game.engine)
    position = seat.position if seat is not None else None
    actors = engine.actors(game.state) if game.status == Game.Status.ACTIVE else set()
    may_act = position is not None and position in actors
    return {
        "game": game,
        "title": engine.title,
        "board": text_board(game.engine, game.state, position, **queries.view_kwargs(game, position))
        if game.state else "",
        "url": absolute(game.get_absolute_url()),
        "rules_url": absolute(reverse("help_page", args=[game.engine])),
        "last": last,
        "last_player": last_player if last_player is not None else (display_name(last.user) if last else ""),
        "score_lines": score_lines(last),
        "may_act": may_act,
        "together": len(actors) > 1,  # several players act at once (a round of Lingua Fences, Keebble's answers)
        "number": number if number is not None else move_number(game),
        "examples": examples(engine, game.state, position) if may_act else [],
        "due_at": seat.due_at if seat is not None and may_act else None,
    }


def send_invitation(seat: Seat) -> bool:
    """In the invitee's language; to an address without an account, in the inviter's (who chose to write to it)."""
    game = seat.game
    to = seat.invited_user.email if seat.invited_user else seat.invited_email
    url = absolute(reverse("accept_invitation", args=[invitation_token(seat)]))
    context = {"game": game, "seat": seat, "inviter": game.created_by, "url": url, "title": game.title}
    with speaking(seat.invited_user or game.created_by):
        subject = _("%(inviter)s invites you to play %(game)s (game %(number)s)") % {
            "inviter": game.created_by.username, "game": game.title, "number": game.pk}  # fmt: skip
        return _send(f"invite:{seat.pk}:{to}", to, subject, "games/email/invitation.txt", context,
                     kind="invitation", user=seat.invited_user, game=game, seat=seat)  # fmt: skip


@dataclass(frozen=True)
class Event:
    """A change to a game its players are to be told of (``relay.tell``): a move, the start, the end."""

    game_id: int
    version: int
    actors_before: tuple[int, ...] = ()
    mover: int | None = None
    move_id: int | None = None
    event: str = "move"


def event_letters(events: Iterable[Event], taking_over: Iterable[Event] = ()) -> tuple[list[Letter], set[str]]:
    """What several changes mean to each player (``notices.move_email_kind``), as emails made but not sent
    (``send_letters`` sends them): the games, their last moves and their seats loaded a batch at a time. Also
    the keys among them whose earlier sender died (the events in ``taking_over``: their unsent claims are taken
    over at once). An event whose game has moved on since is skipped: a later event tells of the newer
    position."""
    events = list(events)
    live = Count("moves", filter=Q(moves__taken_back=False))
    games = Game.objects.annotate(live_moves=live).in_bulk({e.game_id for e in events})
    current = {(e.game_id, e.version): e for e in events if e.game_id in games and games[e.game_id].version == e.version}
    if not current:
        return [], set()
    moves = Move.objects.select_related("user__profile").in_bulk([e.move_id for e in current.values() if e.move_id])
    seats = notices.seats_by_game(games[game_id] for game_id, _ in current)
    letters: list[Letter] = []
    own: set[str] = set()
    for event in current.values():
        mine = _move_letters(games[event.game_id], seats[event.game_id], event, moves.get(event.move_id or 0))
        letters += mine
        if event in taking_over:
            own |= {letter.key for letter in mine}
    return letters, own


def notify_players(game: Game, *, actors_before: Iterable[int] = (), mover: int | None = None,
                   last: Move | None = None, event: str = "move") -> int:  # fmt: skip
    """After a change to a game, tell each player what it means to them. Returns the number sent."""
    change = Event(game.pk, game.version, tuple(actors_before), mover, last.pk if last else None, event)
    return len(send_letters(_move_letters(game, notices.seats_with_readers(game), change, last)))


def _move_letters(game: Game, seats: list[Seat], event: Event, last: Move | None) -> list[Letter]:
    """The emails of one change: the game started, it is your turn, another player moved, or the game is over."""
    change = notices.Change.of(game, actors_before=event.actors_before, mover=event.mover, last=last,
                               event=event.event)  # fmt: skip
    number = move_number(game)
    last_player = display_name(last.user) if last is not None else ""
    letters = []
    for seat, reader in notices.readers(seats):
        kind = notices.move_email_kind(seat, reader, change)
        if kind is None or notices.watching(reader.pk, game.pk):
            continue
        with speaking(reader):
            context = {**_game_context(game, seat, last, number, last_player), "user": reader,
                       "name": profile_for(reader).name,
                       "result": result_sentence(game, seats) if change.over else ""}  # fmt: skip
            letter = _compose(f"{kind}:{game.pk}:{game.version}:{reader.pk}", reader.email,
                              subject_line(game, seats, number), f"games/email/{kind}.txt", context, kind=kind,
                              user=reader, game=game, seat=seat)  # fmt: skip
        if letter is None:
            continue
        if kind != "game_over":  # the email showed them their newest tiles
            letter.after = partial(signals.deal_shown.send, sender=Game, game=game, position=seat.position)
        letters.append(letter)
    return letters


def send_reminder(seat: Seat) -> bool:
    game = seat.game
    # An idle clock (the game waits for nobody, e.g. before Lexicon Crossing's red light) is not a turn.
    idle = seat.position not in get_engine(game.engine).waiting_for(game.state)
    sent = False
    for _seat, reader in notices.readers([seat]):
        if notices.watching(reader.pk, game.pk):
            continue
        with speaking(reader):
            subject = _("Reminder: %(subject)s") % {"subject": subject_line(game)}
            context = {**_game_context(game, seat, None), "user": reader, "name": display_name(reader),
                       "idle": idle, "due": seat.due_at}  # fmt: skip
            key = f"reminder:{game.pk}:{game.version}:{seat.pk}:{seat.due_at:%Y%m%d%H%M}"
            sent |= _send(key if reader.pk == seat.user_id else f"{key}:{reader.pk}", reader.email, subject,
                          "games/email/reminder.txt", context, kind="reminder", user=reader, game=game,
                          seat=seat)  # fmt: skip
    return sent


def send_timeout(game: Game, timed_out: Seat, move: Move | None) -> int:
    """Everyone hears that a player's time ran out and what the rules did for them, and whose turn it is now:
    the one email of this event (no separate "your turn")."""
    seats = list(game.seats.select_related("user").order_by("position"))
    waiting = get_engine(game.engine).waiting_for(game.state) if game.status == Game.Status.ACTIVE else set()
    sent = 0
    for seat in seats:
        if seat.user is None or notices.watching(seat.user.pk, game.pk):
            continue
        with speaking(seat.user):
            context = {**_game_context(game, seat, move), "user": seat.user, "name": display_name(seat.user),
                       "late": display_name(timed_out.user), "you": seat.pk == timed_out.pk}  # fmt: skip
            if game.status != Game.Status.ACTIVE:
                context["result"] = result_sentence(game, seats)
            else:
                context["your_turn"] = seat.position in waiting
                if seat.pk == timed_out.pk:  # how many more silences before the seat is resigned
                    context["left"] = max(0, settings.TIMEOUTS_IN_A_ROW - timed_out.timeouts)
            sent += _send(f"timeout:{game.pk}:{game.version}:{seat.user_id}", seat.user.email,
                          subject_line(game, seats), "games/email/timeout.txt", context, kind="timeout",
                          user=seat.user, game=game, seat=seat)  # fmt: skip
    return sent


def send_news(game: Game, key: str, sentence: news.News | str, *, exclude_user_id: int | None = None,
              only_user_id: int | None = None, kind: str = "other_move") -> int:  # fmt: skip
    """A line of news to the game's players (vacations, green lights: kind "other_move"; undo requests and
    answers: kind "undo", which each player may choose to get or not), in each reader's language."""
    sent = 0
    for seat, reader in notices.news_readers(game, exclude_user_id=exclude_user_id, only_user_id=only_user_id):
        if notices.watching(reader.pk, game.pk):
            continue
        with speaking(reader), timezone.override(reader_zone(reader)):
            line = news.words(sentence)
            context = {**_game_context(game, seat, None), "user": reader, "name": display_name(reader), "news": line}
            subject = _("%(game)s game %(number)s: %(news)s") % {"game": game.title, "number": game.pk, "news": line}
            sent += _send(f"news:{key}:{reader.pk}", reader.email, subject, "games/email/news.txt", context,
                          kind=kind, user=reader, game=game, seat=seat)  # fmt: skip
    return sent


def send_chat(message: ChatMessage) -> int:
    """A chat message to the game's other players (each may choose not to get chat by email)."""
    game = message.game
    sent = 0
    writer = display_name(message.user)
    for seat, reader in notices.news_readers(game, exclude_user_id=message.user_id):
        if notices.watching(reader.pk, game.pk):
            continue
        with speaking(reader):
            context = {**_game_context(game, seat, None), "user": reader, "name": display_name(reader),
                       "writer": writer, "message": message.text}  # fmt: skip
            subject = _("%(game)s game %(number)s: %(writer)s writes") % {"game": game.title, "number": game.pk,
                                                                           "writer": writer}  # fmt: skip
            sent += _send(f"chat:{message.pk}:{reader.pk}", reader.email, subject, "games/email/chat.txt", context,
                          kind="chat", user=reader, game=game, seat=seat)  # fmt: skip
    return sent


def send_reply(key: str, to: str, subject: str, *, reason: str = "", text: str = "", seat: Seat | None = None,
               quoted: str = "", in_reply_to: str = "", references: str = "", line: str = "",
               user: User | None = None) -> bool:  # fmt: skip
    """The answer to an emailed command or move: an error with its reason, or what was asked for. The board
    is included only for a verified player's own seat; a stranger gets the reason alone. Written in the active
    language: the caller's, the one its ``reason`` and ``text`` were written in."""
    game = seat.game if seat is not None else None
    context: dict[str, Any] = {"reason": reason, "text": text, "quoted": quoted, "line": line}
    if seat is not None and game is not None:
        reader = user or seat.user
        context.update(_game_context(game, seat, None), user=reader, name=display_name(reader))
    subject = subject if subject.lower().startswith("re:") else f"Re: {subject}"
    return _send(f"reply:{key}", to, subject, "games/email/reply.txt", context, kind="error", user=user,
                 game=game, seat=seat, in_reply_to=in_reply_to, references=references)  # fmt: skip


def send_digest(user: User, games: list[Game], day: str) -> bool:
    """One email a day listing every game where it is the player's turn, with each board."""
    with speaking(user):
        return _send_digest(user, games, day)


def _send_digest(user: User, games: list[Game], day: str) -> bool:
    entries = []
    for game in games:
        seat = notices.seat_read_by(game, user)
        entries.append({**_game_context(game, seat, game.moves.filter(taken_back=False).order_by("-seq").first()),
                        "subject": subject_line(game)})  # fmt: skip
    context = {"user": user, "name": display_name(user), "entries": entries}
    count = len(entries)
    subject = ngettext("Your turn in %(count)s game (%(site)s daily digest)",
                       "Your turn in %(count)s games (%(site)s daily digest)", count) % {
        "count": count, "site": settings.SITE_NAME}  # fmt: skip
    key = notices.digest_key(user.pk, day)
    if not user.email:
        return False
    unsubscribe = absolute(reverse("unsubscribe", args=[unsubscribe_token(user, "your_turn")]))
    headers = {**automatic_headers(replying=False), "List-Unsubscribe": f"<{unsubscribe}>",
               "List-Unsubscribe-Post": "List-Unsubscribe=One-Click"}  # fmt: skip
    letter = compose(key, user.email, subject, "games/email/digest.txt",
                     {**context, "unsubscribe": unsubscribe, "site_name": settings.SITE_NAME,
                      "preferences": absolute(reverse("email_settings"))},
                     html_context={"unsubscribe": unsubscribe}, boards=[e["board"] for e in entries],
                     headers=headers, user=user)  # fmt: skip
    return bool(send_letters([letter]))


# What a moderator did, as whole sentences (a kind's label is a fragment, which a translation cannot reorder): the
# subject's, then the body's.
MODERATION_SENTENCES: dict[str, tuple[str, str]] = {
    ModerationAction.Kind.TAKE_BACK: (gettext_noop("A moderator took back the last move (%(where)s)"),
                                      gettext_noop("A moderator (%(moderator)s) took back the last move.")),
    ModerationAction.Kind.END: (gettext_noop("A moderator ended the game (%(where)s)"),
                                gettext_noop("A moderator (%(moderator)s) ended the game.")),
    ModerationAction.Kind.ABANDON: (gettext_noop("A moderator abandoned the game (%(where)s)"),
                                    gettext_noop("A moderator (%(moderator)s) abandoned the game.")),
    ModerationAction.Kind.REPLACE: (gettext_noop("A moderator put another player in a seat (%(where)s)"),
                                    gettext_noop("A moderator (%(moderator)s) put another player in a seat.")),
    ModerationAction.Kind.SUSPEND: (gettext_noop("A moderator suspended a user (%(where)s)"),
                                    gettext_noop("A moderator (%(moderator)s) suspended a user.")),
    ModerationAction.Kind.UNSUSPEND: (gettext_noop("A moderator lifted a suspension (%(where)s)"),
                                      gettext_noop("A moderator (%(moderator)s) lifted a suspension.")),
    ModerationAction.Kind.HIDE_CHAT: (gettext_noop("A moderator hid a chat message (%(where)s)"),
                                      gettext_noop("A moderator (%(moderator)s) hid a chat message.")),
}
MODERATION_OTHER = (gettext_noop("A moderator's action (%(where)s)"), gettext_noop("A moderator (%(moderator)s) acted."))


def send_moderation_notice(action: ModerationAction, user: User) -> bool:
    with speaking(user):
        moderator = action.moderator.username
        headline, sentence = MODERATION_SENTENCES.get(action.kind, MODERATION_OTHER)
        context = {"action": action, "user": user, "did": _(sentence) % {"moderator": moderator},
                   "url": absolute(action.game.get_absolute_url()) if action.game else ""}  # fmt: skip
        where = (_("%(game)s game %(number)s") % {"game": action.game.title, "number": action.game.pk}
                 if action.game else _("your account"))  # fmt: skip
        subject = _(headline) % {"where": where}
        # To the account (not the bare address): a moderation notice is not a kind one turns off, so it carries no
        # unsubscribe link that would say "no more email" while the game emails go on.
        return _send(f"mod:{action.pk}:{user.pk}", user.email, subject, "games/email/moderation.txt", context,
                     kind="moderation", user=user, game=action.game)  # fmt: skip


def result_sentence(game: Game, seats: list[Seat] | None = None) -> str:
    if game.status == Game.Status.ABANDONED:
        return _("The game was abandoned.")
    result = game.result or {}
    seats = seats if seats is not None else list(game.seats.select_related("user").order_by("position"))
    names = [seat_name(s) for s in seats]
    scores = result.get("scores", [])
    winners = [names[s] for s in result.get("winners", [])]
    # Translators: a player's score in the list of scores at the end of a game ("ann 12, bob 9").
    table = comma_list([_("%(name)s %(score)s") % {"name": names[i], "score": score} for i, score in enumerate(scores)])
    if not winners:
        return _("The game is over. Scores: %(scores)s.") % {"scores": table}
    return ngettext("%(winners)s wins. Scores: %(scores)s.", "%(winners)s share the win. Scores: %(scores)s.",
                    len(winners)) % {"winners": and_list(winners), "scores": table}  # fmt: skip


def send_digests(now: datetime | None = None) -> int:
    """The daily digest to every player whose digest time has come (``notices.digests_due``), at most one a day,
    and only if a game waits for them; then each one's next digest time. Reads only the players who are due, a
    batch at a time; one that fails to send stays due and is tried again next sweep."""
    now = now or timezone.now()
    sent = 0
    while True:
        due = notices.digests_due(now)
        for digest in due:
            if digest.games:
                sent += send_digest(digest.profile.user, digest.games, digest.day)
            move_digest_on(digest.profile, now)
        if len(due) < notices.DIGEST_BATCH:
            return sent
