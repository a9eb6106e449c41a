"""A reply is a move: real MIME messages through ``receive_email`` and through anymail's webhook."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from wordgames.engines import get_engine
from wordgames.games.models import Game, Move

from . import mime
from .deliver import by_pipe, by_webhook

KINDS = ["plain", "html", "qp", "base64", "gmail", "attachment"]


def latest_to(address: str) -> Any:
    return [m for m in mail.outbox if m.to == [address]][-1]


def best(game: Game, seat: int) -> str:
    game.refresh_from_db()
    found = get_engine("lingo").best_move(game.state, seat)  # type: ignore[attr-defined]
    assert found is not None
    return found.move


def replies_to(address: str) -> list[Any]:
    return [m for m in mail.outbox if m.to == [address] and m.subject.startswith("Re:")]


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("way", ["pipe", "webhook"])
def test_a_reply_makes_the_move(lingo_game: Game, kind: str, way: str, tmp_path: Path, settings: Any) -> None:
    move = best(lingo_game, 0)
    sent = latest_to("ann@example.com")
    assert "ann to move" in sent.subject and "Your time to move runs out" in sent.body
    comment = "" if kind == "attachment" else "Your turn, Bob!"
    raw = mime.reply(sent, f"{move} #1\n{comment}", kind=kind)
    if way == "pipe":
        by_pipe(raw, tmp_path)
    else:
        assert by_webhook(raw, settings).status_code == 200
    played = Move.objects.get(game=lingo_game)
    assert played.text == move and played.source == "email" and played.user.username == "ann"
    assert played.comment == comment
    # bob hears about it, with ann's comment; ann gets a confirmation that quotes nothing back.
    to_bob = latest_to("bob@example.com")
    assert "bob to move" in to_bob.subject and played.summary in to_bob.body
    if comment:
        assert "Ann writes: Your turn, Bob!" in to_bob.body
    confirmation = replies_to("ann@example.com")[-1]
    assert f"Your move {move} was played" in confirmation.body
    assert confirmation.message()["In-Reply-To"] == mime.parse(raw)["Message-ID"]


def test_the_command_can_be_read_from_standard_input(lingo_game: Game, tmp_path: Path) -> None:
    import subprocess
    import sys

    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.skip("the command runs in another process: it needs a database server both can reach")
    db = connection.settings_dict
    url = f"postgres://{db['USER']}@{db['HOST'] or '127.0.0.1'}:{db['PORT'] or 5432}/{db['NAME']}"
    move = best(lingo_game, 0)
    raw = mime.reply(latest_to("ann@example.com"), move)
    env = {**os.environ, "DATABASE_URL": url, "CELERY_BROKER_URL": "", "CELERY_TASK_ALWAYS_EAGER": "true"}
    done = subprocess.run(
        [sys.executable, "manage.py", "receive_email"],
        input=raw,
        env=env,
        capture_output=True,
        cwd=Path(__file__).resolve().parents[2],
        timeout=60,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().startswith("applied:")
    assert Move.objects.get(game=lingo_game).text == move


def test_same_message_twice_is_applied_once(lingo_game: Game, tmp_path: Path, settings: Any) -> None:
    raw = mime.reply(latest_to("ann@example.com"), best(lingo_game, 0))
    by_pipe(raw, tmp_path)
    before = len(mail.outbox)
    by_webhook(raw, settings)  # the provider delivers it again, another way
    by_pipe(raw, tmp_path)
    assert Move.objects.filter(game=lingo_game).count() == 1
    assert len(mail.outbox) == before  # nothing new: no second confirmation, no second notice to bob


def test_webhook_event_id_dedupes_a_message_without_message_id(lingo_game: Game, settings: Any) -> None:
    raw = mime.reply(latest_to("ann@example.com"), best(lingo_game, 0))
    raw = b"\n".join(line for line in raw.split(b"\n") if not line.startswith(b"Message-ID"))
    assert by_webhook(raw, settings, token="a" * 50).status_code == 200
    assert by_webhook(raw, settings, token="a" * 50).status_code == 200
    assert Move.objects.filter(game=lingo_game).count() == 1


def test_a_forged_webhook_call_is_rejected(lingo_game: Game, settings: Any) -> None:
    raw = mime.reply(latest_to("ann@example.com"), best(lingo_game, 0))
    response = by_webhook(raw, settings, sign_with="not-the-key")
    assert response.status_code == 400
    assert not Move.objects.filter(game=lingo_game).exists()


def unchanged(game: Game) -> None:
    version = game.version
    game.refresh_from_db()
    assert game.version == version
    assert not Move.objects.filter(game=game).exists()


def test_forged_from_is_refused_and_the_stranger_gets_no_answer(lingo_game: Game, tmp_path: Path) -> None:
    sent = latest_to("ann@example.com")
    record = by_pipe(mime.reply(sent, best(lingo_game, 0), sender="mallory@example.net"), tmp_path)
    unchanged(lingo_game)
    assert record is not None and record.outcome == "refused" and not record.answered
    assert "belongs to another player's seat" in record.detail and "Not answered" in record.detail
    assert replies_to("mallory@example.net") == []  # no backscatter to a forged or unknown address


def test_the_token_of_another_player_is_refused(lingo_game: Game, tmp_path: Path) -> None:
    to_bob = latest_to("bob@example.com")
    # ann writes to bob's private address, from her own address: she cannot act for bob's seat.
    by_pipe(mime.reply(to_bob, best(lingo_game, 0), sender="ann@example.com"), tmp_path)
    unchanged(lingo_game)
    assert "belongs to another player's seat" in replies_to("ann@example.com")[-1].body


@pytest.mark.parametrize("address", ["play+999-abcdefghijklmnop@localhost", "play@localhost", "play+2-x@localhost"])
def test_a_wrong_token_is_refused(lingo_game: Game, tmp_path: Path, address: str) -> None:
    sent = latest_to("ann@example.com")
    by_pipe(mime.reply(sent, best(lingo_game, 0), to=address), tmp_path)
    unchanged(lingo_game)
    assert "not a valid reply address" in replies_to("ann@example.com")[-1].body


def test_an_altered_token_is_refused(lingo_game: Game, tmp_path: Path) -> None:
    sent = latest_to("ann@example.com")
    address = mime.reply_address(sent)
    forged = address.replace(address.split("-")[1][:2], "zz", 1)
    by_pipe(mime.reply(sent, best(lingo_game, 0), to=forged), tmp_path)
    unchanged(lingo_game)
    assert "not a valid reply address" in replies_to("ann@example.com")[-1].body


def test_a_stale_move_number_is_refused_with_the_new_board(
    lingo_game: Game, tmp_path: Path, play_best: Any, ann: Any, bob: Any
) -> None:
    sent = latest_to("ann@example.com")
    play_best(lingo_game, ann)
    play_best(lingo_game, bob)  # ann's email said move 1; the game is at move 3 now
    lingo_game.refresh_from_db()
    version = lingo_game.version
    by_pipe(mime.reply(sent, f"{best(lingo_game, 0)} #1"), tmp_path)
    lingo_game.refresh_from_db()
    assert lingo_game.version == version
    answer = replies_to("ann@example.com")[-1]
    assert "The board has changed since you looked at it" in answer.body
    assert "Pool:" in answer.body and "> " in answer.body  # the board as it is now, and her message quoted


def test_an_unknown_command_gets_the_reason_the_board_and_the_quote(lingo_game: Game, tmp_path: Path) -> None:
    # (A move-like line: plain words with no move in them go to the game's chat instead.)
    by_pipe(mime.reply(latest_to("ann@example.com"), "frobnicate 8H please"), tmp_path)
    unchanged(lingo_game)
    answer = replies_to("ann@example.com")[-1]
    assert "Your move \u201cfrobnicate 8H please\u201d was not played" in answer.body
    assert "Pool:" in answer.body
    assert "Your message was:\n> frobnicate 8H please" in answer.body


def test_an_empty_body_is_refused(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), ""), tmp_path)
    unchanged(lingo_game)
    assert "had no move or command in it" in replies_to("ann@example.com")[-1].body


def test_not_your_turn(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("bob@example.com"), best(lingo_game, 0)), tmp_path)
    unchanged(lingo_game)
    assert "It is not your turn" in replies_to("bob@example.com")[-1].body


def test_bounces_and_auto_replies_get_no_answer(lingo_game: Game, tmp_path: Path) -> None:
    raw = mime.reply(latest_to("ann@example.com"), "I am out of the office until Monday.")
    raw = raw.replace(b"Subject:", b"Auto-Submitted: auto-replied\nSubject:", 1)
    before = len(mail.outbox)
    record = by_pipe(raw, tmp_path)
    assert record is not None and record.outcome == "ignored"
    assert len(mail.outbox) == before
    unchanged(lingo_game)


@pytest.mark.parametrize(
    "command, expected",
    [
        ("help", "board            send me the board"),
        ("board", "The board as it is now:"),
        ("history", "The moves so far:"),
    ],
)
def test_commands(lingo_game: Game, tmp_path: Path, command: str, expected: str) -> None:
    by_pipe(mime.reply(latest_to("bob@example.com"), command), tmp_path)
    answer = replies_to("bob@example.com")[-1]
    assert expected in answer.body
    assert "Pool:" in answer.body
    unchanged(lingo_game)


def test_resign_by_email_ends_a_two_player_game(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("bob@example.com"), "resign"), tmp_path)
    lingo_game.refresh_from_db()
    assert lingo_game.status == Game.Status.FINISHED
    over = latest_to("ann@example.com")
    assert "game over" in over.subject and "ann wins" in over.body


def test_undo_asked_by_email_and_accepted(lingo_game: Game, tmp_path: Path, play_best: Any, ann: Any) -> None:
    played = play_best(lingo_game, ann)
    by_pipe(mime.reply(latest_to("ann@example.com"), "undo"), tmp_path)
    ask = latest_to("bob@example.com")
    assert f"ann asks to take back their last move ({played.summary.rstrip('.')})" in ask.body
    by_pipe(mime.reply(ask, "accept"), tmp_path)
    lingo_game.refresh_from_db()
    played.refresh_from_db()
    assert played.taken_back and lingo_game.state["turn"] == 0
    assert "was taken back" in latest_to("ann@example.com").body


def test_undo_rejected(lingo_game: Game, tmp_path: Path, play_best: Any, ann: Any) -> None:
    played = play_best(lingo_game, ann)
    by_pipe(mime.reply(latest_to("ann@example.com"), "undo"), tmp_path)
    by_pipe(mime.reply(latest_to("bob@example.com"), "reject"), tmp_path)
    played.refresh_from_db()
    assert not played.taken_back
    assert "rejected taking back" in latest_to("ann@example.com").body


def test_the_providers_stripped_text_is_preferred(lingo_game: Game, settings: Any) -> None:
    """Mailgun sends the reply without its quote as ``stripped-text``; the body's own text is the fallback."""
    move = best(lingo_game, 0)
    raw = mime.reply(latest_to("ann@example.com"), "this line is not a move")
    assert by_webhook(raw, settings, stripped=f"{move}\nsee you").status_code == 200
    played = Move.objects.get(game=lingo_game)
    assert played.text == move and played.comment == "see you"


def test_an_emailed_move_writes_its_record_once_in_at_most_twelve_statements(lingo_game: Game) -> None:
    """The record (its Message-ID claimed first, what became of it written once at the end), the seat with its
    player, the game locked, then its last move number and the double-submit check, the seats, the move number
    check, the move, the game, the clocks, the notice and the owed confirmation: twelve statements before the
    commit, savepoints aside."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from wordgames.pbem.inbound import handle_raw

    raw = mime.reply(latest_to("ann@example.com"), f"{best(lingo_game, 0)} #1")
    with CaptureQueriesContext(connection) as queries:
        assert handle_raw(raw, via="pipe").outcome == "applied"
    statements = [q["sql"] for q in queries.captured_queries]
    own = [
        sql for sql in statements[: statements.index("COMMIT")] if not sql.startswith(("SAVEPOINT", "RELEASE", "BEGIN"))
    ]
    assert len(own) <= 12, "\n".join(own)
    writes = [
        sql.split(" SET ")[0].split(" (")[0]
        for sql in own
        if "pbem_inboundmessage" in sql and not sql.startswith("SELECT")
    ]
    assert writes == ['INSERT INTO "pbem_inboundmessage"', 'UPDATE "pbem_inboundmessage"']
