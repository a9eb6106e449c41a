"""A reply is a move: one code path for every email that comes in (anymail's webhook, ``receive_email``
on a mail server's pipe, the IMAP poller, the local mail's reply form).

``handle(message, via)`` takes an ``AnymailInboundMessage`` and, in one transaction:
records it once (a re-delivered message, same Message-ID or provider event id, does nothing), finds the
private reply address's token, checks it and the sender, reads the command on the first line, and calls the
game services. Every refusal gets a polite reply (with the board and the message quoted, for the player);
nothing is changed by a message that is refused.

No input makes it raise: a message that cannot be read or handled is recorded as refused, with the reason,
for moderators (only a transient fault such as the database being down propagates, so the mail server or the
provider delivers again). Refusals are answered only to players and account holders, a few an hour at most;
automatic mail and strangers are recorded and never answered (no backscatter, no loops).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from email.utils import parseaddr
from typing import Any

from anymail.inbound import AnymailInboundMessage
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, InterfaceError, OperationalError, transaction
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from wordgames.accounts import throttle
from wordgames.accounts.languages import language_of, speaking, supported
from wordgames.accounts.models import Profile
from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.text import quote
from wordgames.events import actions as events
from wordgames.events import ladders
from wordgames.games import actions, queries
from wordgames.games.boardtext import text_board
from wordgames.games.commandwords import ENGLISH_ONLY, NOTATION, Words
from wordgames.games.emails import absolute
from wordgames.games.models import Game, Move, Seat
from wordgames.games.refusals import examples as worded_examples
from wordgames.games.refusals import told
from wordgames.games.relay import owe
from wordgames.mail import addresses
from wordgames.puzzles import mail as puzzle_mail
from wordgames.seeks import actions as seeks
from wordgames.seeks.queries import clock_text, describe

from . import answers, reading
from .answers import seat_member
from .automatic import automatic_reason, dmarc_failed
from .commands import CROWDED, QUESTION, TYPO, Command, parse_command
from .models import InboundMessage
from .reply import looks_quoted, own_text

log = logging.getLogger(__name__)

# Errors that say "try again later", not "this message is bad": the pipe exits 75, the webhook answers 5xx.
TRANSIENT = (OperationalError, InterfaceError)


def body_text(message: AnymailInboundMessage, game_lines: list[str] | None = None) -> str:
    """What the player wrote, without the quoted original, attributions or their signature (any mail
    program, any language; ``reply.own_text``), and without lines of the game's own email."""
    stripped = getattr(message, "stripped_text", None)  # a provider's own reply parsing (Mailgun) first
    return own_text(stripped or reading.body(message), game_lines or ())


def _message_id(message: AnymailInboundMessage) -> str:
    value = reading.header(message, "Message-ID")
    if value:
        return value[:500]
    # No Message-ID: the content identifies a re-delivery just as well.
    return f"<sha256-{hashlib.sha256(_raw(message)).hexdigest()}@inbound>"


def _raw(message: AnymailInboundMessage) -> bytes:
    try:
        return message.as_bytes()
    except Exception:  # a message too broken to serialise again: its headers identify it
        return repr(list(message.raw_items())).encode("utf-8", "replace")


def _automatic(message: AnymailInboundMessage, sender: str) -> str:
    """Why no one should answer this message ("" if a person wrote it): bounces, auto-replies, lists, and
    our own address (that is how mail loops start)."""
    ours = {parseaddr(settings.REPLY_ADDRESS)[1].lower(), parseaddr(settings.DEFAULT_FROM_EMAIL)[1].lower()}
    if sender in ours:
        return "our own address"
    try:
        content_type = message.get_content_type()
    except Exception:
        content_type = ""
    return automatic_reason(lambda name: reading.header(message, name), sender, content_type)


def _recipients(message: AnymailInboundMessage) -> list[str]:
    values = [reading.header(message, h) for h in ("To", "Cc", "Delivered-To", "X-Original-To")]
    values = [v for v in values if v]
    envelope = getattr(message, "envelope_recipient", None)
    if envelope:
        values.insert(0, str(envelope))
    return values


def _clean(text: str, size: int) -> str:
    """Storable anywhere: no NUL (PostgreSQL refuses it), no lone surrogate, at most ``size`` characters."""
    return text.replace("\x00", "").encode("utf-8", "replace").decode("utf-8")[:size]


def _quote(body: str) -> str:
    """The player's message quoted back under a refusal; a NUL shown as ``[U+0000]`` (no email or row holds one)."""
    body = body.replace("\x00", "[U+0000]")
    return "\n".join(f"> {line}" for line in body.strip().split("\n")[:40])


def _help(game: Game, seat: Seat, words: Words = ENGLISH_ONLY) -> str:
    """The commands (in the reader's language, the English word beside), then how moves of this game are written
    (with what the player may do now), and where the whole guide and the game's rules are."""
    engine = get_engine(game.engine)
    check, say = words.written("check"), words.written("say")
    move, words_, code = _("<move>"), _("<words>"), _("<code>")  # outside the f-strings, where gettext finds them
    rows = [
        (_("<your move>"), _("e.g. %(move)s (add #N to check the move number: %(move)s #5)") % {"move": "13L YET"}),
        (
            f"{words.shown('check')} {move}",
            _("what the move would score, without playing it: %(example)s") % {"example": f"{check} 13L YET"},
        ),
        (
            f"{words.shown('say')} {words_}",
            _("to the game's chat: %(example)s") % {"example": f"{say} " + _("Good luck!")},
        ),
        (words.shown("board"), _("send me the board")),
        (words.shown("history"), _("send me the list of moves")),
        (words.shown("resign"), _("leave the game")),
        (words.shown("undo"), _("ask the others to let you take back your last move")),
        (f"{words.shown('accept')} / {words.shown('reject')}", _("answer another player's undo request")),
        (
            f"{words.shown('language')} {code}",
            _("write my emails in this language: %(example)s") % {"example": f"{words.written('language')} fr"},
        ),
        (words.shown("help"), _("this text")),
    ]
    width = max(16, *(len(left) for left, _right in rows))
    lines = [_("Reply to any email about this game with one command or move on the first line:"), ""]
    lines += [f"  {left:<{width}} {right}" for left, right in rows]
    lines += [
        "",
        *_site_commands(words),
        "",
        _(
            "Lines after the first are a comment shown to the other players. Quoted text and your signature are "
            "ignored."
        ),
    ]
    examples = worded_examples(engine, game.state, seat.position) if game.state else []
    if examples:
        lines += ["", _("Moves of %(game)s, for example:") % {"game": engine.title}]
        lines += [f"  {line}" for line in examples]
    lines += [
        "",
        _("Playing by email, in full: %(url)s") % {"url": absolute(reverse("help_page", args=["email"]))},
        _("The rules of %(game)s: %(url)s")
        % {"game": engine.title, "url": absolute(reverse("help_page", args=[game.engine]))},
    ]
    return "\n".join(lines)


def _site_commands(words: Words) -> list[str]:
    """How to write the commands of the site's own address, with the writer's words for them."""
    challenge, seek, join, withdraw = (words.written(w) for w in ("challenge", "seek", "join", "withdraw"))
    return [
        _("To start a game, write a new message to this site's address from your account's address:"),
        f"  {challenge} lingo bob preset=pbem days=3",
        _("or post an open seek that anyone may take:"),
        f"  {seek} lingo preset=pbem days=3",
        _("To sign up for an event (its number is on its page), or withdraw from it:"),
        f"  {join} 12",
        f"  {withdraw} 12",
        _("On a ladder, challenge a player above you (their username after the ladder's number):"),
        f"  {challenge} 12 bob",
        _("For today's puzzles, then one's position, then your answer to it:"),
        f"  {words.written('puzzle')}",
        f"  {words.written('puzzle')} 12",
        f"  {words.written('puzzle')} 12 m13 GO",
    ]


def handle_raw(raw: bytes, via: str, event_id: str = "") -> InboundMessage:
    """Read and handle one raw email (the pipe and the IMAP poller): never raises for what the message
    contains, only for a transient fault."""
    return handle(reading.parse(raw), via, event_id)


def handle(message: AnymailInboundMessage, via: str, event_id: str = "") -> InboundMessage:
    """Process one inbound email; returns its record (``outcome`` says what became of it)."""
    sender = reading.sender(message)
    record = InboundMessage(
        message_id=_clean(_message_id(message), 500),
        event_id=_clean(event_id, 200),
        sender=_clean(sender, 500),
        recipient=_clean(", ".join(_recipients(message)), 500),
        subject=_clean(reading.header(message, "Subject"), 1000),
        via=via[:16],
    )
    try:
        with transaction.atomic():
            record.save()  # the Message-ID claimed first: a second delivery stops here (IntegrityError)
            try:
                with transaction.atomic():
                    _process(message, record, sender)
            except TRANSIENT:
                raise
            except Exception as e:  # noqa: BLE001 - one bad message must never stop the others
                log.exception("inbound message %s could not be handled", record.message_id)
                record.outcome = InboundMessage.Outcome.REFUSED
                record.answered = False
                record.detail = _clean(f"Not used: the message could not be handled ({type(e).__name__}: {e}).", 2000)
                record.game = record.move = None
            record.save()  # what became of it, in one write
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
    automatic = _automatic(message, sender)
    if automatic:
        record.outcome, record.detail = InboundMessage.Outcome.IGNORED, f"Not answered: {automatic}."
        return
    seat = _addressed_seat(_recipients(message))
    # Whatever is answered is written in the language of the address it goes to (the sender's), fixed now:
    # the reply's text is composed here and sent later.
    with speaking(_reader_language(sender, seat)):
        _process_addressed(message, record, sender, seat)


def _reader_language(sender: str, seat: Seat | None) -> str:
    """The language of whoever wrote: their account's; for an address without one, the language of the game's
    creator (an invited stranger reads the invitation's language), else the site's default."""
    if seat is not None and seat.user is not None and seat.user.email.lower() == sender:
        return language_of(seat.user)  # the usual case: the seat's player, loaded with their profile
    account = get_user_model().objects.filter(email__iexact=sender, is_active=True).first() if sender else None
    if account is not None:
        return language_of(account)
    return language_of(seat.game.created_by if seat is not None else None)


def _could_be_move(game: Game, user: Any) -> Callable[[str], bool]:
    """Whether the game would read a word as a move of ``user``'s now (a localised command word then stays a
    move)."""

    def is_move(word: str) -> bool:
        if game.state is None:
            return False
        try:
            actions.preview_move(game, user, word)
        except Exception:  # refused, or not a move at all
            return False
        return True

    return is_move


def _process_addressed(message: AnymailInboundMessage, record: InboundMessage, sender: str, seat: Seat | None) -> None:
    body = body_text(message, _game_lines(seat) if seat is not None else None)
    if seat is None:
        _to_the_site(record, message, body, sender)
        return
    record.game = seat.game
    if seat.user is None:
        _invitation_reply(record, message, body, seat, sender)
        return
    user = _player_writing(seat, sender)
    if user is None:
        _refuse(
            record,
            message,
            body,
            None,
            _(
                "Sorry, this message was not used: this reply address belongs to "
                "another player's seat, and only they can move with it. Write from the address of your own "
                "account."
            ),
        )
        return
    if settings.INBOUND_REFUSE_DMARC_FAIL and dmarc_failed(reading.headers(message, "Authentication-Results"), sender):
        _refuse(
            record,
            message,
            body,
            seat,
            _(
                "Sorry, this message was not used: your mail provider could not "
                "confirm that it really comes from %(sender)s (DMARC failed). Send it again from your mail "
                "program, or play on the web."
            )
            % {"sender": sender},
        )
        return
    vocabulary = Words(translation.get_language() or "", _could_be_move(seat.game, user))
    command = parse_command(body, vocabulary)
    if command is None:
        _refuse(
            record,
            message,
            body,
            seat,
            _(
                "Your message had no move or command in it. Write your move "
                "above or below the quoted email, on a line of its own."
            ),
        )
        return
    if command.word == "move" and looks_quoted(command.text):
        # Part of the quoted email's heading that no recogniser knew: neither a move nor words for the table.
        _refuse(
            record,
            message,
            body,
            seat,
            _(
                "Sorry, this message was not used: its first line, %(line)s, looks "
                "like the heading of the quoted email rather than a move, so nothing was played or shown to the "
                "other players. Write your move alone on the first line, above the quoted email."
            )
            % {"line": quote(command.text)},
        )
        return
    _run(record, message, body, seat, user, command, vocabulary)


def _to_the_site(record: InboundMessage, message: AnymailInboundMessage, body: str, sender: str) -> None:
    """A message to no game's address: the site's own commands (challenge, seek, join, withdraw, puzzle, in English or
    the writer's language); when it went to the site's own address, help for anything else that reads as a
    command or a mistyped one. Else the address was wrong (a reply address mistyped, or a seat changed hands)."""
    words = Words(translation.get_language() or "")
    command = parse_command(body, words, site=True)
    word, text = (command.word, command.text) if command is not None else ("", "")
    args = text.split()
    if word == "challenge" and len(args) == 2 and args[0].lstrip("#").isdigit():  # "challenge 12 bob": ladder 12
        _event(record, message, body, sender, "challenge", args[0], args[1])
    elif word == "challenge" and args:
        _challenge(record, message, body, sender, text)
    elif word == "seek" and args:
        _seek(record, message, body, sender, text)
    elif word in ("join", "withdraw") and args:
        _event(record, message, body, sender, word, args[0] if len(args) == 1 else text)
    elif word == "puzzle":
        _puzzle(record, message, body, sender, text, words)
    elif command is not None and word != "move" and not addresses.tokens_in(_recipients(message)):
        _refuse(record, message, body, None, _site_help(command, words), line=command.line)
        if word == "help":
            record.outcome = InboundMessage.Outcome.COMMAND
    else:
        _refuse(
            record,
            message,
            body,
            None,
            _(
                "Sorry, this message was not used: the address it was sent to is "
                "not a valid reply address for a game (it may be mistyped, or the seat has changed hands). Reply to "
                "the latest email about your game."
            ),
        )


def _site_help(command: Command, words: Words) -> str:
    """The answer to a command sent to the site's own address that is not one of its own: what was wrong, then
    the commands that work there."""
    if command.word == TYPO:
        first = _typo(command, words)
    elif command.word in ("challenge", "seek", "join", "withdraw"):
        first = _("Nothing was done: write what to do after %(command)s, as below.") % {
            "command": words.written(command.word)
        }
    elif command.word == "help":
        first = ""
    else:
        first = _(
            "Nothing was done: %(command)s works in a reply to an email about your game (each game has its "
            "own reply address); this message went to the site's own address."
        ) % {"command": words.written(command.meant or command.word)}
    return "\n".join([*([first, ""] if first else []), *_site_commands(words)])


def _typo(command: Command, words: Words) -> str:
    """ "Did you mean history?", in the writer's words; both words when two commands are as near (``amelden``:
    "did you mean anmelden or abmelden?"), never one of them by chance."""
    suggested = command.suggested or (words.written(command.meant),)
    if len(suggested) == 2:
        return _("Nothing was done: %(line)s is not a command. Did you mean %(command)s or %(other)s?") % {
            "line": quote(command.line),
            "command": suggested[0],
            "other": suggested[1],
        }
    return _("Nothing was done: %(line)s is not a command. Did you mean %(command)s?") % {
        "line": quote(command.line),
        "command": suggested[0],
    }


def _run(
    record: InboundMessage,
    message: AnymailInboundMessage,
    body: str,
    seat: Seat,
    user: Any,
    command: Command,
    words: Words = ENGLISH_ONLY,
) -> None:
    """Do what a player's message asks: a command, words for the chat, or a move through the write door."""
    game = seat.game
    try:
        if command.word == "help":
            _answer(record, seat, message, text=_help(game, seat, words))
        elif command.word == "board":
            _answer(record, seat, message, text=_("The board as it is now:"))
        elif command.word == "history":
            _answer(record, seat, message, text=_history(game))
        elif command.word == "undo":
            actions.request_undo(game.pk, user)
            _answer(record, seat, message, text=_("Your undo request was sent to the other players."))
        elif command.word in ("accept", "reject", "yes", "no"):  # "yes" and "no" answer an undo request
            accept = command.word in ("accept", "yes")
            actions.answer_undo(game.pk, user, accept)
            _answer(
                record,
                seat,
                message,
                text=_("Your answer (%(answer)s) was recorded.")
                % {"answer": words.written("accept" if accept else "reject")},
            )
        elif command.word in (TYPO, CROWDED, QUESTION):
            _refuse(record, message, body, seat, _misread(command, words), line=command.line)
        elif command.word == "check":
            outcome = actions.preview_move(game, user, command.text)
            _answer(
                record,
                seat,
                message,
                text=_("Checked, not played: %(move)s would score %(score)s.")
                % {"move": command.text, "score": outcome.score}
                + f" {told(outcome)}",
            )
        elif command.word == "language":
            _choose_language(record, seat, message, body, user, command.text, words)
        elif command.word == "say":
            _say(record, seat, message, user, "\n".join(filter(None, [command.text, command.comment])))
        elif command.word in ("challenge", "seek"):
            raise actions.Refused(
                _(
                    "To post a seek by email, write a new message to this site's own address, not a "
                    "reply to a game's email."
                )
                if command.word == "seek"
                else _(
                    "To start a game by email, write a new message to this site's own address, not "
                    "a reply to a game's email."
                )
            )
        else:
            result = actions.submit_move(
                game.pk,
                user,
                command.text if command.word == "move" else command.word,
                expected_number=command.number,
                idempotency_key=_key(record),
                source=Move.Source.EMAIL,
                comment=command.comment,
            )
            if result.move is None:  # a request that waits (a green light): say so
                _answer(record, seat, message, text=result.sentence)
                return
            record.move = result.move
            record.outcome = InboundMessage.Outcome.APPLIED
            record.detail = result.move.told or result.move.text
            _queue_reply(
                record,
                seat,
                message,
                text=_("Your move %(move)s was played.") % {"move": result.move.text} + f" {record.detail}",
                quote=False,
            )
    except actions.Refused as e:
        if e.code == "illegal" and command.word == "move" and _just_words(command.text, game):
            # No move in it, only words: they go to the table's chat, and the player is told so.
            _say(
                record,
                seat,
                message,
                user,
                "\n".join(filter(None, [command.greeting, command.text, command.comment])),
                told=True,
            )
            return
        reason = str(e)
        if e.code in ("illegal", "empty") and command.word == "move":
            # quoted: NUL and bidi shown
            reason = _("Your move %(move)s was not played: %(reason)s") % {
                "move": quote(command.text),
                "reason": reason,
            }
        _refuse(record, message, body, seat, reason, line=command.line)


def _misread(command: Command, words: Words) -> str:
    """Why nothing was done with a line that looked like a command but was not quite one."""
    if command.word == TYPO:
        return (
            _typo(command, words)
            + " "
            + _("Write %(help)s on the first line for the list of commands.") % {"help": words.written("help")}
        )
    if command.word == QUESTION:
        return _(
            "Nothing was done: %(line)s reads as a question. To do it, write %(command)s alone on the first line."
        ) % {"line": quote(command.line), "command": words.written(command.meant)}
    return _(
        'Nothing was done: a command stands alone on the first line (only a word such as "please" may follow '
        "it), and %(line)s says more than %(command)s. Write the command alone, and anything for the other "
        "players on the lines below it."
    ) % {"line": quote(command.line), "command": words.written(command.meant)}


def _challenge(record: InboundMessage, message: AnymailInboundMessage, body: str, sender: str, text: str) -> None:
    """``challenge GAME opponent ... option=value ...`` sent to the site's own address by an account holder:
    a new game, set up exactly as the new-game page does (the same checks and limits), the others invited."""
    user = get_user_model().objects.filter(email__iexact=sender, is_active=True).first()
    if user is None:
        _refuse(record, message, body, None, _("To start a game by email, write from the address of your account."))
        return
    words = text.split()
    engine, rest = words[0].lower(), words[1:]
    options = dict(w.split("=", 1) for w in rest if "=" in w)
    invitees = [w for w in rest if "=" not in w]
    days = options.pop("days", "7")
    try:
        if engine not in engine_names():
            raise actions.Refused(
                _("There is no game called %(name)s: choose one of %(games)s.")
                % {"name": quote(engine), "games": ", ".join(engine_names())}
            )
        if not days.isdigit() or not 1 <= int(days) <= 30:
            raise actions.Refused(_("days= is the time per move in days, from 1 to 30."))
        if not invitees:
            raise actions.Refused(_("Name at least one opponent: a username or an email address."))
        if not throttle.allow("invitation", user.pk, cost=len(invitees)):  # the door spends the games' bucket
            raise actions.Refused(
                _("You have sent many invitations lately.") + " " + throttle.wait_sentence("invitation")
            )
        game = actions.create_game(user, engine, options, invitees, move_time=timedelta(days=int(days)))
    except actions.Refused as e:
        _refuse(record, message, body, None, _("The game was not set up: %(reason)s") % {"reason": e})
        return
    record.game = game
    record.outcome, record.detail = InboundMessage.Outcome.COMMAND, f"challenge: game {game.pk}"
    _queue_reply(
        record,
        None,
        message,
        text=_(
            "Game %(number)s (%(title)s) is set up: %(invited)s invited. It "
            "starts when every seat is taken; you will get an email when it is your turn."
        )
        % {"number": game.pk, "title": game.title, "invited": ", ".join(invitees)},
        quote=False,
    )


def _seek(record: InboundMessage, message: AnymailInboundMessage, body: str, sender: str, text: str) -> None:
    """``seek GAME option=value ... [players=N] [rated=yes|no] [band=200] [days=3]`` sent to the site's own
    address by an account holder: an open seek, posted exactly as the seeks page posts one (the same checks and
    limits)."""
    user = get_user_model().objects.filter(email__iexact=sender, is_active=True).first()
    if user is None:
        _refuse(record, message, body, None, _("To post a seek by email, write from the address of your account."))
        return
    words = text.split()
    kind, rest = words[0].lower(), words[1:]
    options = dict(w.split("=", 1) for w in rest if "=" in w)
    days, players = options.pop("days", "3"), options.pop("players", "2")
    rated, band = options.pop("rated", "yes").lower(), options.pop("band", "none").lower()
    try:
        stray = [w for w in rest if "=" not in w]
        if stray:
            raise actions.Refused(
                _(
                    "%(word)s is not an option: write each as name=value (players=3, rated=no, "
                    "band=200, days=3, preset=pbem)."
                )
                % {"word": quote(stray[0])}
            )
        if not days.isdigit() or not 1 <= int(days) <= 30:
            raise actions.Refused(_("days= is the time per move in days, from 1 to 30."))
        if not players.isdigit():
            raise actions.Refused(_("players= is the number of players, yourself included: players=3."))
        if rated not in ("yes", "no", "true", "false"):
            raise actions.Refused(_("rated= is yes or no."))
        if not (band.isdigit() or band in ("none", "any")):
            raise actions.Refused(_("band= is how many rating points from yours a taker may be (band=200), or none."))
        seek = seeks.post_seek(
            user,
            kind,
            options,
            players=int(players),
            rated=rated in ("yes", "true"),
            move_time=timedelta(days=int(days)),
            band=int(band) if band.isdigit() else None,
        )
    except actions.Refused as e:
        _refuse(record, message, body, None, _("The seek was not posted: %(reason)s") % {"reason": e})
        return
    record.outcome, record.detail = InboundMessage.Outcome.COMMAND, f"seek: seek {seek.pk}"
    limits = (
        _("for ratings %(low)s to %(high)s") % {"low": seek.rating - seek.band, "high": seek.rating + seek.band}
        if seek.band
        else _("for anyone")
    )
    values = {
        "number": seek.pk,
        "title": seek.title,
        "players": seek.players,
        "clock": clock_text(seek.move_time),
        "options": describe(seek.kind, seek.options),
        "limits": limits,
        "open_for": clock_text(timedelta(hours=settings.SEEK_EXPIRY_HOURS)),
        "url": absolute(seek.get_absolute_url()),
    }
    text = (
        _(
            "Your seek %(number)s is posted: %(title)s, %(players)s players, rated, %(clock)s a move, %(options)s, "
            "%(limits)s. It stays open for %(open_for)s; the game starts when every seat is taken, and you will "
            "get an email then. See it, or withdraw it: %(url)s"
        )
        if seek.rated
        else _(
            "Your seek %(number)s is posted: %(title)s, %(players)s players, not rated, %(clock)s a move, "
            "%(options)s, %(limits)s. It stays open for %(open_for)s; the game starts when every seat is taken, "
            "and you will get an email then. See it, or withdraw it: %(url)s"
        )
    )
    _queue_reply(record, None, message, text=text % values, quote=False)


def _event(
    record: InboundMessage,
    message: AnymailInboundMessage,
    body: str,
    sender: str,
    word: str,
    number: str,
    opponent: str = "",
) -> None:
    """``join EVENT`` / ``withdraw EVENT`` / ``challenge EVENT PLAYER`` (a ladder) sent to the site's own address
    by an account holder: the same doors as the event page's buttons."""
    user = get_user_model().objects.filter(email__iexact=sender, is_active=True).first()
    if user is None:
        _refuse(
            record,
            message,
            body,
            None,
            {
                "join": _("To join an event by email, write from the address of your account."),
                "challenge": _("To challenge a player on a ladder by email, write from the address of your account."),
            }.get(word, _("To withdraw from an event by email, write from the address of your account.")),
        )
        return
    number = number.lstrip("#")
    if not number.isdigit():
        _refuse(
            record,
            message,
            body,
            None,
            _("Write the event's number after %(word)s: %(word)s 12 (it is on the event's page).") % {"word": word},
        )
        return
    try:
        event_id = int(number)
        if word == "join":
            entry = events.sign_up(event_id, user)
            text = _("You are signed up for %(event)s. You will get an email with your games when it starts.") % {
                "event": entry.event.name
            }
        elif word == "challenge":
            table = ladders.challenge(event_id, user, opponent)
            entry, text = table.event.entries.get(user=user), ladders.challenge_made(table, opponent)
        else:
            entry = events.withdraw(event_id, user)
            text = _("You have withdrawn from %(event)s.") % {"event": entry.event.name}
    except actions.Refused as e:
        _refuse(record, message, body, None, _("That was not done: %(reason)s") % {"reason": e})
        return
    record.outcome, record.detail = InboundMessage.Outcome.COMMAND, f"{word}: event {event_id}"
    page = _("The event's page: %(url)s") % {"url": absolute(entry.event.get_absolute_url())}
    _queue_reply(record, None, message, text=f"{text} {page}", quote=False)


def _puzzle(
    record: InboundMessage, message: AnymailInboundMessage, body: str, sender: str, text: str, words: Words
) -> None:
    """``puzzle``, ``puzzle 12``, ``puzzle 12 MOVE`` sent to the site's own address by an account holder."""
    if not get_user_model().objects.filter(email__iexact=sender, is_active=True).exists():
        _refuse(record, message, body, None, _("To get puzzles by email, write from the address of your account."))
        return
    record.outcome, record.detail = InboundMessage.Outcome.COMMAND, f"puzzle {text}"[:200]
    _queue_reply(record, None, message, text=puzzle_mail.answer(text, words.written("puzzle")), quote=False)


def _just_words(line: str, game: Game) -> bool:
    """A first line that is plainly talk, not a mistyped move: three words or more, no digit (moves name
    cells), and not starting with a word of the game's own notation."""
    words = line.split()
    return len(words) >= 3 and not any(ch.isdigit() for ch in line) and words[0].lower() not in NOTATION


def _say(
    record: InboundMessage, seat: Seat, message: AnymailInboundMessage, user: Any, text: str, *, told: bool = False
) -> None:
    """Post the words to the game's chat (refused like a web message: empty, too long, too many)."""
    try:
        actions.post_message(seat.game_id, user, text, source="email")
    except actions.Refused as e:
        _refuse(record, message, text, seat, str(e))
        return
    _answer(
        record,
        seat,
        message,
        text=_("Your words went to the game's chat. No move was played: to play, write the move on the first line.")
        if told
        else _("Your words went to the game's chat."),
    )


def _choose_language(
    record: InboundMessage, seat: Seat, message: AnymailInboundMessage, body: str, user: Any, wanted: str, words: Words
) -> None:
    """``language fr``: the player's emails are written in that language from now on (as the switcher on every page
    does for a logged-in player); the answer is the first of them."""
    code = supported(wanted) if wanted.strip() else None
    if code is None:
        offered = ", ".join(f"{code} ({name})" for code, name in settings.LANGUAGES)
        _refuse(
            record,
            message,
            body,
            seat,
            _("Write a language after %(word)s, one of: %(languages)s. For example: %(word)s fr")
            % {"word": words.written("language"), "languages": offered},
        )
        return
    Profile.objects.filter(user=user).update(language=code)
    with speaking(code):
        _answer(
            record,
            seat,
            message,
            text=_("From now on, your emails are written in %(language)s.")
            % {"language": dict(settings.LANGUAGES).get(code, code)},
        )


def _addressed_seat(recipients: list[str]) -> Seat | None:
    """The seat whose private reply address the message was sent to. Every plus address is tried, so a
    reply-all with someone else's plus address first in To still finds the game's."""
    for token in addresses.tokens_in(recipients):
        parsed = addresses.check_token(token)
        if parsed is None:
            continue
        seat = Seat.objects.select_related("game", "user__profile").filter(pk=parsed[0]).first()
        if seat is not None and addresses.verify(seat, parsed[1]):
            if seat.user is not None:  # its profile read in this message's own transaction: fresh enough
                seat.user._loaded_for_request = True  # type: ignore[attr-defined]
            return seat
    return None


def _game_lines(seat: Seat) -> list[str]:
    """The lines of the game's email as this player sees it now (the board, pool and scores): never a
    comment, even when a mail program quotes them without a mark."""
    ours = _instruction_lines()
    if not seat.game.state:
        return ours
    try:
        drawn = text_board(
            seat.game.engine, seat.game.state, seat.position, **queries.view_kwargs(seat.game, seat.position)
        )
        return [*drawn.split("\n"), *ours]
    except Exception:  # the backstop is a bonus: a game that cannot render still takes moves
        return ours


def _instruction_lines() -> list[str]:
    """The fixed lines of a game email in the reader's language (read in ``_process``'s language), so a reply that
    pastes them unquoted does not make them a comment (the English ones are known to ``reply.own_text``)."""
    return [
        _("To move, reply to this email with your move on the first line, for example:"),
        _("To move, reply to this email with your move on the first line."),
        _("Anything you write on the lines after the move is shown to the other players."),
        _("Everyone moves at once, so you may move now."),
        _("You move first."),
        _("It is your turn now."),
    ]


def _player_writing(seat: Seat, sender: str) -> Any:
    """Who moves with this reply: the seat's member writing from their own address (any sender is the seat's
    player when ``INBOUND_REQUIRE_FROM`` is off)."""
    return seat_member(seat, sender) if settings.INBOUND_REQUIRE_FROM else seat.user


def _invitation_reply(
    record: InboundMessage, message: AnymailInboundMessage, body: str, seat: Seat, sender: str
) -> None:
    """``accept`` or ``decline`` in reply to an invitation, from the invited address."""
    from django.contrib.auth import get_user_model

    invited = (seat.invited_user.email if seat.invited_user else seat.invited_email).lower()
    if not seat.is_invitation or (settings.INBOUND_REQUIRE_FROM and sender.lower() != invited):
        _refuse(
            record,
            message,
            body,
            None,
            _("Sorry, this message was not used: this invitation was sent to someone else, or it is no longer open."),
        )
        return
    words = Words(translation.get_language() or "")
    command = parse_command(body, words)
    word = command.word if command else ""
    user = seat.invited_user or get_user_model().objects.filter(email__iexact=sender).first()
    if word not in ("accept", "decline") and not (command and command.text.lower() == "decline"):
        _refuse(
            record,
            message,
            body,
            None,
            _('To answer an invitation, reply with "%(accept)s" or "%(decline)s" on the first line.')
            % {"accept": words.written("accept"), "decline": words.written("decline")},
        )
        return
    if user is None and word == "accept":
        _refuse(
            record,
            message,
            body,
            None,
            _(
                "To play you need an account with this email address: open the "
                "link in the invitation to sign up, then accept there."
            ),
        )
        return
    try:
        if user is not None and word == "accept":
            actions.join_game(seat.game_id, user, seat_id=seat.pk)
            text = _("You have taken your seat. The game starts as soon as every seat is taken.")
        else:  # a stranger declining needs no account: the invited address is the proof
            actions.decline_invitation(seat.pk, user if user is not None else _Invitee(sender))
            text = _("You declined the invitation; nothing else happens.")
    except actions.Refused as e:
        _refuse(record, message, body, None, str(e))
        return
    record.outcome, record.detail = InboundMessage.Outcome.COMMAND, text
    _queue_reply(record, None, message, text=text, quote=False)


@dataclass
class _Invitee:
    """Someone invited by email, without an account: enough to decline (pk 0 is never an account)."""

    email: str
    pk: int = 0


def _key(record: InboundMessage) -> str:
    return "mail:" + hashlib.sha256(record.message_id.encode()).hexdigest()[:40]


def _history(game: Game) -> str:
    lines = [_("The moves so far:")]
    for n, move in enumerate(queries.live_moves(game).select_related("user"), start=1):
        lines.append(f"{n:>3}. {move.user.username if move.user else '?'}: {move.told or move.text}")
    if len(lines) == 1:
        lines.append("  " + _("(no move yet)"))
    return "\n".join(lines)


def _answer(record: InboundMessage, seat: Seat, message: AnymailInboundMessage, *, text: str) -> None:
    record.outcome, record.detail = InboundMessage.Outcome.COMMAND, text.split("\n", 1)[0]
    _queue_reply(record, seat, message, text=text, quote=False)


def _refuse(
    record: InboundMessage, message: AnymailInboundMessage, body: str, seat: Seat | None, reason: str, *, line: str = ""
) -> None:
    """Nothing done, and (to someone the site knows) the reason, with the line read as the command or move and
    the message quoted."""
    record.outcome, record.detail = InboundMessage.Outcome.REFUSED, reason
    silent = _why_not_answer(record, seat)
    if silent:
        record.detail = f"{reason} (Not answered: {silent}.)"
        return
    _queue_reply(record, seat, message, reason=reason, quoted=_quote(body or _("(empty)")), line=line)


def _why_not_answer(record: InboundMessage, seat: Seat | None) -> str:
    """Why a refusal is not sent ("" to send it): only someone the site knows gets one (a player of the seat
    or a team-mate, an invited address, an account), and at most ``INBOUND_REFUSALS_PER_HOUR`` an hour."""
    from django.contrib.auth import get_user_model

    sender = record.sender
    known = bool(sender) and (
        (seat is not None and seat_member(seat, sender) is not None)
        or (seat is not None and (seat.invited_email or "").lower() == sender)
        or get_user_model().objects.filter(email__iexact=sender).exists()
    )
    if not known:
        return "the sender is not a player or an account holder"
    since = timezone.now() - timedelta(hours=1)
    recent = InboundMessage.objects.filter(
        sender=sender, received__gte=since, answered=True, outcome=InboundMessage.Outcome.REFUSED
    ).count()
    if recent >= settings.INBOUND_REFUSALS_PER_HOUR:
        return f"{recent} refusals were sent to this address in the last hour"
    return ""


def _queue_reply(
    record: InboundMessage,
    seat: Seat | None,
    message: AnymailInboundMessage,
    *,
    text: str = "",
    reason: str = "",
    quoted: str = "",
    quote: bool = True,
    line: str = "",
) -> None:
    record.answered = True
    # The reply is written in the language active now (the reader's, ``_process``), whenever it is sent; it
    # threads under the message it answers (its References, then its Message-ID).
    owe(
        answers.send_reply,
        inbound_id=record.pk,
        seat_id=seat.pk if seat else None,
        text=text,
        reason=reason,
        quoted=quoted if quote else "",
        language=translation.get_language() or "",
        line=_clean(line, 500),
        references=_clean(reading.header(message, "References"), 2000),
    )
