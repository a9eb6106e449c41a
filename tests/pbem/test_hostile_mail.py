"""Mail that used to block play, leak the game into comments, or draw answers to strangers and robots."""

from __future__ import annotations

import imaplib
import re
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest
from django.core import checks, mail
from django.core.management import call_command
from django.db import OperationalError
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st

from tests.support.database import read_only
from wordgames.games import actions
from wordgames.games.models import Game, Move, Seat
from wordgames.pbem import reading
from wordgames.pbem.inbound import body_text, handle_raw
from wordgames.pbem.models import InboundMessage
from wordgames.pbem.tasks import CleartextRefused, poll_imap

from . import mime
from .deliver import by_pipe, by_webhook
from .test_imap import deliver, imap_server  # noqa: F401
from .test_inbound import best, latest_to, replies_to

UNKNOWN_CHARSETS = ["unknown-8bit", "windows-874", "iso-8859-8-i", "windows-31j", "x-mac-roman"]


def raw_mail(
    sender: str,
    to: str,
    body: bytes,
    *,
    charset: str = "utf-8",
    subject: str = "Re: your game",
    extra: str = "",
    msgid: str = "",
) -> bytes:
    head = (
        f"From: {sender}\nTo: {to}\nSubject: {subject}\nMessage-ID: <{msgid or id(body)}-{charset}@example.com>\n"
        f"{extra}MIME-Version: 1.0\nContent-Type: text/plain; charset={charset}\n"
        "Content-Transfer-Encoding: 8bit\n\n"
    )
    return head.encode() + body


def played(game: Game) -> Move | None:
    return Move.objects.filter(game=game).first()


# 1. Each message on its own


@pytest.mark.parametrize("charset", UNKNOWN_CHARSETS)
def test_a_reply_in_a_charset_python_does_not_know_is_still_played(
    lingo_game: Game, tmp_path: Path, charset: str
) -> None:
    sent = latest_to("ann@example.com")
    move = best(lingo_game, 0)
    by_pipe(
        raw_mail(
            "ann@example.com", mime.reply_address(sent), f"{move}\n".encode() + b"caf\xe9 \xa1\n", charset=charset
        ),
        tmp_path,
    )
    move_played = played(lingo_game)
    assert move_played is not None and move_played.text == move and move_played.comment  # best effort


def test_one_strangers_broken_message_does_not_stop_imap_play(
    lingo_game: Game,
    imap_server: int,  # noqa: F811
    settings: Any,
) -> None:
    settings.INBOUND_IMAP = {
        "host": "127.0.0.1",
        "port": imap_server,
        "user": "play",
        "password": "secret",
        "folder": "INBOX",
        "allow_cleartext": True,
    }
    sent = latest_to("ann@example.com")
    deliver(imap_server, raw_mail("stranger@example.net", "play@localhost", b"\xe9\xe9\xe9", charset="windows-874"))
    deliver(
        imap_server,
        b"From: =?utf-8?q?Eve=0A_Evil?= <eve@example.net>\nTo: play@localhost\n"
        b'Subject: =?utf-8?q?a=0Ab?=\nContent-Type: multipart/mixed; boundary="nope"\n\n--x\n\xff',
    )
    deliver(imap_server, mime.reply(sent, best(lingo_game, 0)))
    assert poll_imap() == 3
    assert played(lingo_game) is not None  # the player behind the broken messages is not held up
    assert poll_imap() == 0  # each was marked handled
    strangers = InboundMessage.objects.exclude(sender="ann@example.com")
    assert sorted(r.outcome for r in strangers) == ["refused", "refused"]
    assert not any(r.answered for r in strangers)
    assert replies_to("stranger@example.net") == replies_to("eve@example.net") == []


def test_the_webhook_answers_200_for_a_broken_message_it_recorded(lingo_game: Game, settings: Any) -> None:
    raw = raw_mail("ann@example.com", "play+1-zzzz@localhost", b"\xff\xfe\x00 board", charset="x-mac-roman")
    assert by_webhook(raw, settings).status_code == 200
    assert InboundMessage.objects.get().outcome == "refused"


def test_the_pipe_exits_75_when_the_database_is_down(tmp_path: Path, monkeypatch: Any) -> None:
    def database_down(raw: bytes, via: str) -> None:
        raise OperationalError("could not connect to server: Connection refused")

    monkeypatch.setattr("wordgames.pbem.management.commands.receive_email.handle_raw", database_down)
    path = tmp_path / "m.eml"
    path.write_bytes(raw_mail("ann@example.com", "play@localhost", b"board"))
    with pytest.raises(SystemExit) as exit_:
        call_command("receive_email", file=str(path))
    assert exit_.value.code == 75


def test_a_webhook_delivery_while_the_database_is_read_only_is_refused_for_later_and_played_then(
    lingo_game: Game, settings: Any
) -> None:
    """A failover in progress: the provider is told to try again (a 5xx), nothing is recorded, and its retry,
    once the database takes writes, plays the move."""
    raw = mime.reply(latest_to("ann@example.com"), best(lingo_game, 0))
    with read_only():
        assert by_webhook(raw, settings).status_code == 503
    assert not InboundMessage.objects.exists() and played(lingo_game) is None
    assert by_webhook(raw, settings).status_code == 200
    assert played(lingo_game) is not None


@hsettings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=3000))
def test_no_bytes_make_the_reader_raise(raw: bytes) -> None:
    message = reading.parse(raw)
    assert isinstance(body_text(message), str)
    assert isinstance(reading.header(message, "Subject"), str) and isinstance(reading.sender(message), str)


@hsettings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.binary(max_size=2000), st.sampled_from(UNKNOWN_CHARSETS + ["utf-8", "bogus"]))
def test_no_message_makes_recording_raise(lingo_game: Game, raw: bytes, charset: str) -> None:
    record = handle_raw(
        raw_mail("x@example.net", "play+1-abc@localhost", raw, charset=charset, msgid=str(hash(raw))) + raw, via="pipe"
    )
    assert record.pk is not None and record.outcome in ("refused", "ignored")


def test_an_encoded_line_break_in_the_subject_and_name_still_plays_and_answers(
    lingo_game: Game, tmp_path: Path
) -> None:
    sent = latest_to("ann@example.com")
    move = best(lingo_game, 0)
    raw = (
        f"From: =?utf-8?q?Ann=0D=0A_Smith?= <ann@example.com>\nTo: {mime.reply_address(sent)}\n"
        "Subject: =?utf-8?q?Re:_game=0ABcc:_x@example.net?=\nMessage-ID: <nl@example.com>\n"
        f"Content-Type: text/plain; charset=utf-8\n\n{move}\n"
    ).encode()
    by_pipe(raw, tmp_path)
    assert played(lingo_game) is not None
    assert f"Your move {move} was played" in replies_to("ann@example.com")[-1].body


# 2. The move, only the move


def test_the_games_own_lines_never_reach_a_comment(lingo_game: Game, tmp_path: Path) -> None:
    """A mail program that pastes the original without any mark (no ">", no header block)."""
    sent = latest_to("ann@example.com")
    move = best(lingo_game, 0)
    by_pipe(raw_mail("ann@example.com", mime.reply_address(sent), f"{move}\nyour go\n\n{sent.body}".encode()), tmp_path)
    move_played = played(lingo_game)
    assert move_played is not None and "Pool:" not in move_played.comment and " . " not in move_played.comment
    assert move_played.comment.startswith("your go")


def test_a_bottom_posted_reply_is_found_not_refused(lingo_game: Game, tmp_path: Path) -> None:
    sent = latest_to("ann@example.com")
    move = best(lingo_game, 0)
    quoted = "\n".join(f"> {line}" for line in str(sent.body).splitlines())
    by_pipe(
        raw_mail("ann@example.com", mime.reply_address(sent), f"Wordgames wrote:\n{quoted}\n\n{move}\n".encode()),
        tmp_path,
    )
    assert played(lingo_game) is not None


# 3. No backscatter, no loops

AUTOMATIC = [
    "Return-Path: <>\n",
    "Auto-Submitted: auto-replied\n",
    "List-Id: <games.lists.example.com>\n",
    "X-Autorespond: yes\n",
    "Precedence: auto_reply\n",
    "X-Auto-Response-Suppress: All\n",
]


@pytest.mark.parametrize(
    "extra", AUTOMATIC + ["subject:Automatic reply: away", "subject:Out of Office: back Monday", "report"]
)
def test_automatic_mail_is_never_answered(lingo_game: Game, tmp_path: Path, extra: str) -> None:
    sent = latest_to("ann@example.com")
    subject = extra.split(":", 1)[1] if extra.startswith("subject:") else "Re: your game"
    if extra == "report":
        message = EmailMessage()
        message["From"], message["To"], message["Subject"] = "ann@example.com", mime.reply_address(sent), "Read"
        message.set_content("I am away until Monday.")
        message.make_mixed()
        message.replace_header("Content-Type", 'multipart/report; report-type=delivery-status; boundary="b"')
        raw = message.as_bytes()
    else:
        raw = raw_mail(
            "ann@example.com",
            mime.reply_address(sent),
            b"I am away until Monday.\n",
            subject=subject,
            extra="" if extra.startswith("subject:") else extra,
        )
    before = len(mail.outbox)
    record = by_pipe(raw, tmp_path)
    assert record is not None and record.outcome == "ignored" and not record.answered
    assert len(mail.outbox) == before


def test_an_auto_responder_draws_no_answers(lingo_game: Game, tmp_path: Path) -> None:
    sent = latest_to("ann@example.com")
    before = len(mail.outbox)
    for n in range(5):
        by_pipe(
            raw_mail(
                "ann@example.com",
                mime.reply_address(sent),
                b"I am on holiday.\n",
                subject="Automatic reply: Re: your game",
                msgid=f"auto{n}",
            ),
            tmp_path,
        )
    assert len(mail.outbox) == before


def test_refusals_are_answered_a_few_times_an_hour_at_most(lingo_game: Game, tmp_path: Path) -> None:
    sent = latest_to("ann@example.com")
    for n in range(6):
        by_pipe(raw_mail("ann@example.com", "play+1-wrongwrongwrongw@localhost", b"board\n", msgid=f"r{n}"), tmp_path)
    assert len(replies_to("ann@example.com")) == 3
    assert InboundMessage.objects.filter(outcome="refused").count() == 6
    assert sent  # the game email was there to reply to


def test_a_move_failing_dmarc_is_refused(lingo_game: Game, tmp_path: Path, settings: Any) -> None:
    sent = latest_to("ann@example.com")
    raw = raw_mail(
        "ann@example.com",
        mime.reply_address(sent),
        f"{best(lingo_game, 0)}\n".encode(),
        extra="Authentication-Results: mx.localhost; spf=fail; dmarc=fail (p=reject) header.from=example.com\n",
    )
    record = by_pipe(raw, tmp_path)
    assert played(lingo_game) is None
    assert record is not None and "DMARC" in record.detail
    settings.INBOUND_REFUSE_DMARC_FAIL = False
    by_pipe(raw.replace(b"Message-ID: <", b"Message-ID: <again"), tmp_path)
    assert played(lingo_game) is not None


def test_a_reply_all_with_another_plus_address_first_is_played(lingo_game: Game, tmp_path: Path) -> None:
    sent = latest_to("ann@example.com")
    by_pipe(mime.reply(sent, best(lingo_game, 0), to=f"bob+games@example.net, {mime.reply_address(sent)}"), tmp_path)
    assert played(lingo_game) is not None


def test_a_stranger_declines_an_invitation_by_email(ann: Any, tmp_path: Path) -> None:
    game = actions.create_game(ann, "lingo", {}, ["dan@example.org"], seed=3)
    invitation = latest_to("dan@example.org")
    by_pipe(mime.reply(invitation, "decline"), tmp_path)
    seat = Seat.objects.get(game=game, position=1)
    assert seat.declined and seat.invited_email == ""
    assert "You declined the invitation" in replies_to("dan@example.org")[-1].body


def test_an_invitation_accepted_from_another_accounts_address_seats_nobody(
    ann: Any, cat: Any, tmp_path: Path, settings: Any
) -> None:
    """Even where any sender may move for a seat (``INBOUND_REQUIRE_FROM`` off), an invitation seats only the
    account whose confirmed address it was sent to."""
    settings.INBOUND_REQUIRE_FROM = False
    game = actions.create_game(ann, "lingo", {}, ["dan@example.org"], seed=3)
    by_pipe(mime.reply(latest_to("dan@example.org"), "accept", sender="cat@example.com"), tmp_path)
    seat = Seat.objects.get(game=game, position=1)
    assert seat.user is None and seat.invited_email == "dan@example.org"
    assert "sent to someone else" in replies_to("cat@example.com")[-1].body


# 4. Any size


def test_a_big_html_only_reply_is_played(lingo_game: Game, tmp_path: Path) -> None:
    sent = latest_to("ann@example.com")
    move = best(lingo_game, 0)
    filler = "<div><span>quoted <b>text</b> &amp; more</span></div>" * 100_000  # about 5 MB
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "ann@example.com", mime.reply_address(sent), "Re: game"
    message.set_content(f"<div>{move}</div><blockquote>{filler}</blockquote>", subtype="html")
    by_pipe(message.as_bytes(), tmp_path)
    assert played(lingo_game) is not None


def test_the_webhook_takes_a_reply_with_a_5_mb_photo(lingo_game: Game, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = settings.INBOUND_MAX_BYTES  # as settings.py sets it with a provider
    sent = latest_to("ann@example.com")
    message = EmailMessage()
    message["From"], message["To"], message["Subject"] = "ann@example.com", mime.reply_address(sent), "Re: game"
    message.set_content(best(lingo_game, 0))
    message.add_attachment(bytes(range(256)) * 20_000, maintype="image", subtype="jpeg", filename="board.jpg")
    assert by_webhook(message.as_bytes(), settings).status_code == 200
    assert played(lingo_game) is not None


# Only the configured webhook; IMAP over TLS only


def test_only_the_configured_providers_webhook_takes_mail(lingo_game: Game, settings: Any) -> None:
    from django.test import Client

    settings.INBOUND_PROVIDER = "mailgun"
    assert Client().post("/anymail/postmark/inbound/", data="{}", content_type="application/json").status_code == 404
    raw = mime.reply(latest_to("ann@example.com"), best(lingo_game, 0))
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": "x"}
    settings.INBOUND_PROVIDER = ""
    assert Client().post("/anymail/mailgun/inbound_mime/", {"body-mime": raw.decode()}).status_code == 404
    assert played(lingo_game) is None


def test_check_deploy_fails_when_the_webhook_secret_is_missing(settings: Any) -> None:
    settings.INBOUND_PROVIDER, settings.ANYMAIL = "mailgun", {}
    assert "wordgames.E014" in [m.id for m in checks.run_checks(include_deployment_checks=True)]
    settings.ANYMAIL = {"MAILGUN_WEBHOOK_SIGNING_KEY": "secret"}
    assert "wordgames.E014" not in [m.id for m in checks.run_checks(include_deployment_checks=True)]


def test_imap_refuses_a_cleartext_login_unless_allowed(
    lingo_game: Game,
    imap_server: int,  # noqa: F811
    settings: Any,
) -> None:
    settings.INBOUND_IMAP = {
        "host": "127.0.0.1",
        "port": imap_server,
        "user": "play",
        "password": "secret",
        "folder": "INBOX",
    }
    deliver(imap_server, mime.reply(latest_to("ann@example.com"), best(lingo_game, 0)))
    with pytest.raises(CleartextRefused):
        poll_imap.run()
    assert played(lingo_game) is None
    with imaplib.IMAP4("127.0.0.1", imap_server) as imap:
        imap.login("play", "secret")
        imap.select("INBOX")
        assert imap.search(None, "UNSEEN")[1][0]  # still waiting for a safe poll


@pytest.mark.parametrize("way", ["pipe", "webhook"])
def test_an_emailed_move_holding_a_nul_byte_is_refused_and_answered_with_the_board(
    lingo_game: Game, way: str, tmp_path: Path, settings: Any
) -> None:
    """A NUL (a broken mail program's) inside the move: refused like any bad move, the reply showing where the
    NUL is, nothing played; PostgreSQL stores no NUL, so nothing of it may reach a row as it is."""
    sent = latest_to("ann@example.com")
    move = best(lingo_game, 0)
    broken = f"{move[:2]}\x00{move[2:]}"
    raw = raw_mail("ann@example.com", mime.reply_address(sent), f"{broken}\nmy move\n".encode(), msgid=f"nul-{way}")
    if way == "pipe":
        by_pipe(raw, tmp_path)
    else:
        assert by_webhook(raw, settings).status_code == 200
    assert played(lingo_game) is None
    record = InboundMessage.objects.get(message_id__contains=f"nul-{way}")
    assert record.outcome == InboundMessage.Outcome.REFUSED and "could not be handled" not in record.detail
    reply = replies_to("ann@example.com")[-1]
    assert "was not played" in reply.body and "[U+0000]" in reply.body and "\x00" not in reply.body
    board_row = re.compile(r"^ *\d+( +[.A-Z*]){5,} +\d+$", re.M)  # " 10   .   .   .   .   10"
    assert board_row.search(reply.body), reply.body  # the board comes with the refusal, as for any bad move


def test_a_nul_byte_in_an_emailed_comment_or_chat_is_dropped_and_the_rest_kept(
    lingo_game: Game, tmp_path: Path
) -> None:
    sent = latest_to("ann@example.com")
    move = best(lingo_game, 0)
    by_pipe(
        raw_mail("ann@example.com", mime.reply_address(sent), f"{move}\nGood\x00 luck\n".encode(), msgid="nul-comment"),
        tmp_path,
    )
    made = played(lingo_game)
    assert made is not None and made.text == move and made.comment == "Good luck"
    to_bob = latest_to("bob@example.com")
    by_pipe(raw_mail("bob@example.com", mime.reply_address(to_bob), b"say Nice\x00 one\n", msgid="nul-say"), tmp_path)
    from wordgames.games.models import ChatMessage

    assert ChatMessage.objects.get(game=lingo_game).text == "Nice one"
