"""The LMTP receiver a mail server delivers to: real MIME messages over a real socket, with Python's LMTP
client (and by hand where the client stops short: one answer per recipient)."""

from __future__ import annotations

import smtplib
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from django.core import mail
from django.db import OperationalError

from wordgames.games.models import Game, Move
from wordgames.pbem import lmtp
from wordgames.pbem.models import InboundMessage

from . import mime
from .test_inbound import best, latest_to


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def receiver() -> Iterator[int]:
    port = free_port()
    server = lmtp.controller(host="127.0.0.1", port=port, threads=2)
    server.start()
    yield port
    server.stop()


def deliver(port: int, raw: bytes, to: list[str]) -> dict[str, Any]:
    with smtplib.LMTP("127.0.0.1", port) as client:
        return client.sendmail("ann@example.com", to, raw)


def _reply(game: Game) -> tuple[bytes, str]:
    sent = latest_to("ann@example.com")
    move = best(game, 0)
    return mime.reply(sent, f"{move} #1\nOver to you."), move


def test_a_reply_delivered_over_lmtp_is_played_once_however_often_it_comes(lingo_game: Game, receiver: int) -> None:
    raw, move = _reply(lingo_game)
    to = mime.parse(raw)["To"]
    assert deliver(receiver, raw, [to]) == {}  # 250 for the recipient
    played = Move.objects.get(game=lingo_game)
    assert played.text == move and played.source == "email" and played.comment == "Over to you."
    record = InboundMessage.objects.get()
    assert record.via == "lmtp" and record.outcome == InboundMessage.Outcome.APPLIED
    assert any("bob to move" in m.subject for m in mail.outbox if m.to == ["bob@example.com"])
    assert deliver(receiver, raw, [to]) == {}  # the mail server delivered it again: recorded, not replayed
    assert Move.objects.filter(game=lingo_game).count() == 1 and InboundMessage.objects.count() == 1


def test_every_recipient_gets_its_own_answer(lingo_game: Game, receiver: int) -> None:
    """LMTP answers after the data once per recipient (RFC 2033): a client waiting for two answers gets two."""
    raw, _ = _reply(lingo_game)
    with socket.create_connection(("127.0.0.1", receiver), timeout=20) as conn:
        reader = conn.makefile("rb")

        def say(line: bytes) -> None:
            conn.sendall(line + b"\r\n")

        def answer() -> bytes:
            lines = [reader.readline()]
            while lines[-1][3:4] == b"-":
                lines.append(reader.readline())
            return lines[-1]

        assert answer().startswith(b"220")
        say(b"LHLO mail.example.org")
        assert answer().startswith(b"250")
        say(b"MAIL FROM:<ann@example.com>")
        assert answer().startswith(b"250")
        for to in (mime.parse(raw)["To"], "someone-else@example.org"):
            say(f"RCPT TO:<{to}>".encode())
            assert answer().startswith(b"250")
        say(b"DATA")
        assert answer().startswith(b"354")
        body = raw.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
        conn.sendall(b"\r\n".join(b"." + line if line.startswith(b".") else line for line in body.split(b"\r\n")))
        say(b"\r\n.")
        first, second = reader.readline(), reader.readline()
        assert first.startswith(b"250") and second.startswith(b"250")
        say(b"QUIT")
    assert Move.objects.filter(game=lingo_game).count() == 1


def test_a_database_that_is_down_gets_a_try_again_later_and_nothing_is_lost(
    lingo_game: Game, receiver: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    raw, move = _reply(lingo_game)
    to = mime.parse(raw)["To"]
    real = lmtp.handle_raw
    calls = []

    def database_down_once(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        if len(calls) == 1:
            raise OperationalError("the database server closed the connection")
        return real(*args, **kwargs)

    monkeypatch.setattr(lmtp, "handle_raw", database_down_once)
    with pytest.raises(smtplib.SMTPDataError) as refused:
        deliver(receiver, raw, [to])
    assert refused.value.smtp_code == 451
    assert not Move.objects.exists() and not InboundMessage.objects.exists()
    assert deliver(receiver, raw, [to]) == {}  # the mail server's retry
    assert Move.objects.get(game=lingo_game).text == move


def test_a_message_over_the_size_limit_is_refused_for_good(lingo_game: Game, receiver: int, settings: Any) -> None:
    settings.INBOUND_MAX_BYTES = 2000
    raw, _ = _reply(lingo_game)
    raw += b"\n" + b"x" * 3000 + b"\n"
    with pytest.raises(smtplib.SMTPDataError) as refused:
        deliver(receiver, raw, [mime.parse(raw)["To"]])
    assert refused.value.smtp_code == 552
    assert not Move.objects.exists() and not InboundMessage.objects.exists()
