"""A reply is a move: one code path for every email that comes in (anymail's webhook, ``receive_email``
on a mail server's pipe, the IMAP poller, the local outbox's reply form).

``handle(message, via)`` takes an ``AnymailInboundMessage`` and, in one transaction:
records it once (a re-delivered message, same Message-ID or provider event id, does nothing), finds the
private reply address's token, checks it and the sender, reads the command on the first line, and calls the
game services. Every refusal gets a polite reply (with the board and the message quoted, for the player);
nothing is changed by a message that is refused.
"""

from __future__ import annotations

import hashlib
import html as html_lib
import re
from dataclasses import dataclass
from email.utils import parseaddr
from typing import Any

from anymail.inbound import AnymailInboundMessage
from django.conf import settings
from django.db import IntegrityError, transaction

from wordgames.games import services
from wordgames.games.models import Game, Move, Seat

from . import addresses
from .models import InboundMessage

# Where the part a player wrote ends: a quoted line, a quote attribution, a forwarded or copied header
# block, a signature, a phone's footer.
_CUT = re.compile(
    r"^(>|-- ?$|_{5,}|-{3,} ?(Original|Forwarded) Message|From: .*[@<]|Sent from my |Get Outlook for )",
    re.IGNORECASE,
)
_ATTRIBUTION = re.compile(r"^(On |Le |Am |El ).*(wrote|writes|a écrit|schrieb|escribió)\s*:?$", re.IGNORECASE)
_NUMBER = re.compile(r"\s*#\s*(\d+)\s*$")
_GRID_ROW = re.compile(r"^[A-Za-z.?]+$")
COMMANDS = ("help", "board", "history", "resign", "undo", "accept", "reject", "decline")
AUTOMATIC_SENDERS = ("mailer-daemon", "postmaster", "noreply", "no-reply")


@dataclass
class Command:
    word: str  # "move" or one of COMMANDS
    text: str  # the move as written (for "move")
    number: int | None  # the #N the player added
    comment: str


def body_text(message: AnymailInboundMessage) -> str:
    """What the player wrote, without the quoted original or their signature. Providers that strip
    replies give ``stripped_text``; otherwise the plain text part, else the HTML part turned into text."""
    text = message.stripped_text or message.text
    if not text and message.html:
        text = _html_to_text(message.html)
    raw = [line.rstrip() for line in (text or "").replace("\r\n", "\n").split("\n")]
    kept: list[str] = []
    for i, line in enumerate(raw):
        stripped = line.strip()
        joined = f"{stripped} {raw[i + 1].strip()}" if i + 1 < len(raw) else stripped
        if _CUT.match(stripped) or _ATTRIBUTION.match(stripped) or _ATTRIBUTION.match(joined):
            break
        kept.append(line)
    return "\n".join(kept).strip()


def _html_to_text(html: str) -> str:
    html = re.sub(r"(?is)<(script|style|head|blockquote).*?</\1>", "", html)
    html = re.sub(r"(?i)<br\s*/?>|</p>|</div>|</tr>|</h\d>", "\n", html)
    return html_lib.unescape(re.sub(r"<[^>]+>", "", html))


def parse_command(body: str) -> Command | None:
    """The first non-empty line is the command or move, with an optional ``#N``; the lines after it are a
    comment. ``grid`` alone on a line takes the rows below it (Lexicon Crossing)."""
    lines = [line.strip() for line in body.split("\n")]
    while lines and not lines[0]:
        lines.pop(0)
    if not lines:
        return None
    first, rest = lines[0], lines[1:]
    number = None
    match = _NUMBER.search(first)
    if match:
        number = int(match.group(1))
        first = first[: match.start()].strip()
    word = first.split()[0].lower() if first else ""
    if word == "grid" and len(first.split()) == 1:
        rows = []
        while rest and _GRID_ROW.match(rest[0]):
            rows.append(rest.pop(0))
        first = "grid " + "/".join(rows)
        if rest and _NUMBER.fullmatch(rest[0] if rest[0].startswith("#") else "x"):
            number = int(rest.pop(0).lstrip("#"))
    comment = "\n".join(rest).strip()
    if word in COMMANDS and len(first.split()) == 1:
        return Command(word, first, number, comment)
    return Command("move", first, number, comment)


def _message_id(message: AnymailInboundMessage) -> str:
    value = (message["Message-ID"] or "").strip()
    if value:
        return value[:500]
    # No Message-ID: the content identifies a re-delivery just as well.
    return f"<sha256-{hashlib.sha256(message.as_bytes()).hexdigest()}@inbound>"


def _is_automatic(message: AnymailInboundMessage, sender: str) -> bool:
    """Bounces, auto-replies and lists never get a reply from us (that is how mail loops start)."""
    auto = (message["Auto-Submitted"] or "no").strip().lower()
    precedence = (message["Precedence"] or "").strip().lower()
    local = sender.partition("@")[0].lower()
    ours = sender.lower() in (parseaddr(settings.REPLY_ADDRESS)[1].lower(), parseaddr(settings.DEFAULT_FROM_EMAIL)[1].lower())
    return (auto != "no" or precedence in ("bulk", "junk", "list") or local in AUTOMATIC_SENDERS
            or bool(message["X-Autoreply"]) or ours or not sender)  # fmt: skip


def _recipients(message: AnymailInboundMessage) -> list[str]:
    values = [str(message[h]) for h in ("To", "Cc", "Delivered-To", "X-Original-To") if message[h]]
    if message.envelope_recipient:
        values.insert(0, message.envelope_recipient)
    return values


def _quote(body: str) -> str:
    return "\n".join(f"> {line}" for line in body.strip().split("\n")[:40])


HELP = """Reply to any email about this game with one command or move on the first line:

  <your move>      e.g. 13L YET (add #N to check the move number: 13L YET #5)
  board            send me the board
  history          send me the list of moves
  resign           leave the game
  undo             ask the others to let you take back your last move
  accept / reject  answer another player's undo request
  help             this text

Lines after the first are a comment shown to the other players. Quoted text and your signature are
ignored."""


def _help(game: Game, seat: Seat) -> str:
    """The commands, then how moves of this game are written (with what the player may do now), and where the
    whole guide and the game's rules are."""
    from django.urls import reverse

    from wordgames.engines import get_engine
    from wordgames.games.emails import absolute

    engine = get_engine(game.engine)
    examples = engine.move_examples(game.state, seat.position) if game.state else []
    moves = ("\n\nMoves of " + engine.title + ", for example:\n" + "\n".join(f"  {line}" for line in examples)
             if examples else "")  # fmt: skip
    return (f"{HELP}{moves}\n\nPlaying by email, in full: {absolute(reverse('help_page', args=['email']))}\n"
            f"The rules of {engine.title}: {absolute(reverse('help_page', args=[game.engine]))}")


def handle(message: AnymailInboundMessage, via: str, event_id: str = "") -> InboundMessage:
    """Process one inbound email; returns its record (``outcome`` says what became of it)."""
    sender_address = message.from_email
    sender = getattr(sender_address, "addr_spec", "") or ""
    record = InboundMessage(
        message_id=_message_id(message), event_id=event_id[:200], sender=sender[:500],
        recipient=", ".join(_recipients(message))[:500], subject=(message.subject or "")[:1000], via=via,
    )  # fmt: skip
    try:
        with transaction.atomic():
            record.save()
            _process(message, record, sender)
            record.save()
    except IntegrityError:
        # Delivered before (same Message-ID or event id): it was handled then; do nothing again.
        existing = InboundMessage.objects.filter(message_id=record.message_id).first()
        if existing is None and event_id:
            existing = InboundMessage.objects.filter(event_id=record.event_id).first()
        if existing is None:
            raise
        return existing
    return record


def _process(message: AnymailInboundMessage, record: InboundMessage, sender: str) -> None:
    if _is_automatic(message, sender):
        record.outcome, record.detail = InboundMessage.Outcome.IGNORED, "automatic mail"
        return
    body = body_text(message)
    token = addresses.token_in(_recipients(message))
    parsed = addresses.check_token(token or "")
    seat = None
    if parsed is not None:
        seat = Seat.objects.select_related("game", "user").filter(pk=parsed[0]).first()
    if seat is None or parsed is None or not addresses.verify(seat, parsed[1]):
        _refuse(record, message, body, None, "Sorry, this message was not used: the address it was sent to is not "
                "a valid reply address for a game (it may be mistyped, or the seat has changed hands). Reply to "
                "the latest email about your game.")  # fmt: skip
        return
    record.game = seat.game
    if seat.user is None:
        _invitation_reply(record, message, body, seat, sender)
        return
    user = _player_writing(seat, sender)
    if user is None:
        _refuse(record, message, body, None, "Sorry, this message was not used: this reply address belongs to "
                "another player's seat, and only they can move with it. Write from the address of your own "
                "account.")  # fmt: skip
        return
    command = parse_command(body)
    if command is None:
        _refuse(record, message, body, seat, "Your message had no move or command in it (the first line was "
                "empty). Write your move on the first line of your reply.")  # fmt: skip
        return
    game = seat.game
    try:
        if command.word == "help":
            _answer(record, seat, message, text=_help(game, seat))
        elif command.word == "board":
            _answer(record, seat, message, text="The board as it is now:")
        elif command.word == "history":
            _answer(record, seat, message, text=_history(game))
        elif command.word == "undo":
            services.request_undo(game.pk, user)
            _answer(record, seat, message, text="Your undo request was sent to the other players.")
        elif command.word in ("accept", "reject"):
            services.answer_undo(game.pk, user, command.word == "accept")
            _answer(record, seat, message, text=f"Your answer ({command.word}) was recorded.")
        else:
            result = services.submit_move(
                game.pk, user, command.text if command.word == "move" else command.word,
                expected_number=command.number, idempotency_key=_key(record), source=Move.Source.EMAIL,
                comment=command.comment,
            )  # fmt: skip
            if result.move is None:  # a request that waits (a green light): say so
                _answer(record, seat, message, text=result.sentence)
                return
            record.move = result.move
            record.outcome = InboundMessage.Outcome.APPLIED
            record.detail = result.move.summary or result.move.text
            _queue_reply(record, seat, message, text=f"Your move {result.move.text} was played. {record.detail}",
                         quote=False)  # fmt: skip
    except services.Refused as e:
        reason = str(e)
        if e.code in ("illegal", "empty") and command.word == "move":
            reason = f"Your move \"{command.text}\" was not played: {reason}"
        _refuse(record, message, body, seat, reason)


def seat_member(seat: Seat, address: str) -> Any:
    """The seat's player, or a team-mate sharing the seat, whose account has this email address; else None."""
    if not address or seat.user is None:
        return None
    if address.lower() == seat.user.email.lower():
        return seat.user
    return seat.partners.filter(email__iexact=address).first()


def _player_writing(seat: Seat, sender: str) -> Any:
    """Who moves with this reply: the seat's member writing from their own address (any sender is the seat's
    player when ``INBOUND_REQUIRE_FROM`` is off)."""
    return seat_member(seat, sender) if settings.INBOUND_REQUIRE_FROM else seat.user


def _invitation_reply(record: InboundMessage, message: AnymailInboundMessage, body: str, seat: Seat,
                      sender: str) -> None:  # fmt: skip
    """``accept`` or ``decline`` in reply to an invitation, from the invited address."""
    from django.contrib.auth import get_user_model

    invited = (seat.invited_user.email if seat.invited_user else seat.invited_email).lower()
    if not seat.is_invitation or (settings.INBOUND_REQUIRE_FROM and sender.lower() != invited):
        _refuse(record, message, body, None, "Sorry, this message was not used: this invitation was sent to "
                "someone else, or it is no longer open.")  # fmt: skip
        return
    command = parse_command(body)
    word = command.word if command else ""
    user = seat.invited_user or get_user_model().objects.filter(email__iexact=sender).first()
    if word not in ("accept", "decline") and not (command and command.text.lower() == "decline"):
        _refuse(record, message, body, None, 'To answer an invitation, reply with "accept" or "decline" on the '
                "first line.")  # fmt: skip
        return
    if user is None:
        _refuse(record, message, body, None, "To play you need an account with this email address: open the "
                "link in the invitation to sign up, then accept there.")  # fmt: skip
        return
    try:
        if word == "accept":
            services.join_game(seat.game_id, user, seat_id=seat.pk)
            text = "You have taken your seat. The game starts as soon as every seat is taken."
        else:
            services.decline_invitation(seat.pk, user)
            text = "You declined the invitation; nothing else happens."
    except services.Refused as e:
        _refuse(record, message, body, None, str(e))
        return
    record.outcome, record.detail = InboundMessage.Outcome.COMMAND, text
    _queue_reply(record, None, message, text=text, quote=False)


def _key(record: InboundMessage) -> str:
    return "mail:" + hashlib.sha256(record.message_id.encode()).hexdigest()[:40]


def _history(game: Game) -> str:
    lines = ["The moves so far:"]
    for n, move in enumerate(services.live_moves(game).select_related("user"), start=1):
        lines.append(f"{n:>3}. {move.user.username if move.user else '?'}: {move.summary or move.text}")
    if len(lines) == 1:
        lines.append("  (no move yet)")
    return "\n".join(lines)


def _answer(record: InboundMessage, seat: Seat, message: AnymailInboundMessage, *, text: str) -> None:
    record.outcome, record.detail = InboundMessage.Outcome.COMMAND, text.split("\n", 1)[0]
    _queue_reply(record, seat, message, text=text, quote=False)


def _refuse(record: InboundMessage, message: AnymailInboundMessage, body: str, seat: Seat | None,
            reason: str) -> None:  # fmt: skip
    record.outcome, record.detail = InboundMessage.Outcome.REFUSED, reason
    _queue_reply(record, seat, message, reason=reason, quoted=_quote(body or "(empty)"))


def _queue_reply(record: InboundMessage, seat: Seat | None, message: AnymailInboundMessage, *, text: str = "",
                 reason: str = "", quoted: str = "", quote: bool = True) -> None:  # fmt: skip
    from . import tasks

    record.save()
    args = {"inbound_id": record.pk, "seat_id": seat.pk if seat else None, "text": text, "reason": reason,
            "quoted": quoted if quote else ""}  # fmt: skip
    transaction.on_commit(lambda: tasks.send_reply.delay(**args))
