"""Commands as people type them (issue 31): case and punctuation, politeness, a greeting above the move, typos
answered "did you mean ...?", ``yes`` / ``no`` to an undo request, the site's own address; every one through a
real inbound path (the pipe, the signed webhook, LMTP, IMAP) with real MIME, and the answers' threading headers."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core import mail

from wordgames.games.models import ChatMessage, Game, Move, UndoRequest
from wordgames.pbem.models import InboundMessage

from . import mime
from .deliver import by_pipe, by_webhook
from .test_imap import (
    delivered_and_polled,
    imap_server,  # noqa: F401
)
from .test_inbound import best, latest_to, replies_to
from .test_lmtp import deliver as deliver_lmtp
from .test_lmtp import receiver  # noqa: F401

WAYS = ["pipe", "webhook", "lmtp", "imap"]


def send(raw: bytes, way: str, tmp_path: Path, settings: Any, request: Any) -> InboundMessage:
    """Deliver ``raw`` the way a mail system would; the message's record."""
    if way == "pipe":
        by_pipe(raw, tmp_path)
    elif way == "webhook":
        assert by_webhook(raw, settings).status_code == 200
    elif way == "lmtp":
        port = request.getfixturevalue("receiver")
        assert deliver_lmtp(port, raw, [str(mime.parse(raw)["To"])]) == {}
    else:
        port = request.getfixturevalue("imap_server")
        delivered_and_polled(port, raw, settings)
    record = InboundMessage.objects.order_by("-id").first()
    assert record is not None
    return record


def unchanged(game: Game) -> None:
    version = game.version
    game.refresh_from_db()
    assert game.version == version and game.status == Game.Status.ACTIVE
    assert not Move.objects.filter(game=game).exists() and not ChatMessage.objects.filter(game=game).exists()


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize("typed", ["Resign.", "RESIGN!", "resign please", "Resign, thanks."])
def test_resign_as_people_type_it_ends_the_game(
    lingo_game: Game, typed: str, way: str, tmp_path: Path, settings: Any, request: Any
) -> None:
    record = send(mime.reply(latest_to("ann@example.com"), typed), way, tmp_path, settings, request)
    lingo_game.refresh_from_db()
    assert lingo_game.status == Game.Status.FINISHED and record.outcome == "applied"
    assert "bob wins" in latest_to("bob@example.com").body


@pytest.mark.parametrize("typed", ["Help!", "?", "help please", "HELP."])
def test_help_with_punctuation_or_please_sends_the_commands(lingo_game: Game, typed: str, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), typed), tmp_path)
    assert "this text" in replies_to("ann@example.com")[-1].body
    unchanged(lingo_game)


@pytest.mark.parametrize("typed", ["board please", "Board, please!", "board thank you"])
def test_board_please_sends_the_board(lingo_game: Game, typed: str, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), typed), tmp_path)
    answer = replies_to("ann@example.com")[-1].body
    assert "The board as it is now:" in answer and "Pool:" in answer
    unchanged(lingo_game)


@pytest.mark.parametrize("way", WAYS)
def test_a_greeting_above_the_move_is_skipped_and_the_move_played(
    lingo_game: Game, way: str, tmp_path: Path, settings: Any, request: Any
) -> None:
    move = best(lingo_game, 0)
    send(mime.reply(latest_to("ann@example.com"), f"Hi Bob,\n\n{move}\nGood luck!"), way, tmp_path, settings, request)
    played = Move.objects.get(game=lingo_game)
    assert (played.text, played.comment) == (move, "Good luck!")


@pytest.mark.parametrize("typed", ["Hi Bob, board", "Hello! board please", "Hi Bob, board\nI am thinking"])
def test_a_greeting_before_a_command_on_its_line_is_skipped(lingo_game: Game, typed: str, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), typed), tmp_path)
    assert "The board as it is now:" in replies_to("ann@example.com")[-1].body
    unchanged(lingo_game)


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(
    ("typed", "meant"),
    [("histroy", "history"), ("chek:", "check"), ("bord please", "board"), ("Resing.", "resign"), ("hepl", "help")],
)
def test_a_mistyped_command_is_answered_did_you_mean(
    lingo_game: Game, typed: str, meant: str, way: str, tmp_path: Path, settings: Any, request: Any
) -> None:
    record = send(mime.reply(latest_to("ann@example.com"), typed), way, tmp_path, settings, request)
    answer = replies_to("ann@example.com")[-1].body
    assert f"Did you mean {meant}?" in answer and record.outcome == "refused"
    assert f"The line read from your message:\n> {typed}\n" in answer
    unchanged(lingo_game)


def test_a_mistyped_check_with_its_move_is_answered_did_you_mean(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), f"chek: {best(lingo_game, 0)}"), tmp_path)
    assert "Did you mean check?" in replies_to("ann@example.com")[-1].body
    unchanged(lingo_game)


@pytest.mark.parametrize("typed", ["YET", "13L", "13L YTE", "pas", "13L YET,", "L YET", "YET OVEN"])
def test_a_mistyped_short_move_is_refused_never_played_nor_posted(lingo_game: Game, typed: str, tmp_path: Path) -> None:
    record = by_pipe(mime.reply(latest_to("ann@example.com"), typed), tmp_path)
    assert record is not None and record.outcome == "refused"
    answer = replies_to("ann@example.com")[-1].body
    assert "was not played" in answer or "Did you mean" in answer
    assert f"The line read from your message:\n> {typed}\n" in answer  # the refusal quotes the line it read
    unchanged(lingo_game)


@pytest.mark.parametrize("typed", ["resign now", "resign the game", "board and history", "undo my last move"])
def test_a_command_with_other_words_does_nothing_and_says_why(lingo_game: Game, typed: str, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), typed), tmp_path)
    answer = replies_to("ann@example.com")[-1].body
    assert "a command stands alone on the first line" in answer
    assert not UndoRequest.objects.exists()
    unchanged(lingo_game)


@pytest.mark.parametrize("typed", ["Resign?", "resign ?", "accept?"])
def test_a_decision_with_a_question_mark_is_a_question(lingo_game: Game, typed: str, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), typed), tmp_path)
    assert "reads as a question" in replies_to("ann@example.com")[-1].body
    unchanged(lingo_game)


@pytest.mark.parametrize(
    ("answer", "taken_back"), [("yes", True), ("Yes!", True), ("ok", True), ("no", False), ("No, thanks.", False)]
)
@pytest.mark.parametrize("way", ["pipe", "lmtp"])
def test_undo_please_and_the_opponents_yes_or_no(
    lingo_game: Game, answer: str, taken_back: bool, way: str, tmp_path: Path, settings: Any, request: Any
) -> None:
    move = best(lingo_game, 0)
    send(mime.reply(latest_to("ann@example.com"), move), way, tmp_path, settings, request)
    send(mime.reply(latest_to("ann@example.com"), "undo please"), way, tmp_path, settings, request)
    undo = UndoRequest.objects.get()
    news = latest_to("bob@example.com")
    assert "asks to take back" in news.body
    send(mime.reply(news, answer), way, tmp_path, settings, request)
    undo.refresh_from_db()
    assert undo.status == ("accepted" if taken_back else "rejected")
    assert Move.objects.get(game=lingo_game).taken_back is taken_back


def test_yes_with_no_undo_waiting_changes_nothing(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), "yes"), tmp_path)
    assert "No undo is waiting for an answer" in replies_to("ann@example.com")[-1].body
    unchanged(lingo_game)


def to_site(body: str, *, references: str = "") -> bytes:
    """A new message (not a reply to a game) from ann to the site's own address."""
    message = EmailMessage()
    message["From"] = "ann@example.com"
    message["To"] = django_settings.REPLY_ADDRESS
    message["Subject"] = "Hello"
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = make_msgid("new", domain="example.com")
    if references:
        message["References"] = references
        message["In-Reply-To"] = references.split()[-1]
    message.set_content(body + "\n")
    return bytes(message)


@pytest.mark.parametrize("way", WAYS)
@pytest.mark.parametrize(
    ("typed", "meant"), [("chalenge lingo bob", "challenge"), ("hepl", "help"), ("joni 12", "join"), ("Seek:", None)]
)
def test_a_mistyped_command_to_the_site_gets_help_not_a_wrong_address(
    ann: Any, bob: Any, typed: str, meant: str | None, way: str, tmp_path: Path, settings: Any, request: Any
) -> None:
    raw = to_site(typed, references="<earlier@example.com>")
    send(raw, way, tmp_path, settings, request)
    assert not Game.objects.exists()
    answer = latest_to("ann@example.com")
    if meant:
        assert f"Did you mean {meant}?" in answer.body
    assert "not a valid reply address" not in answer.body
    assert "challenge lingo bob preset=pbem days=3" in answer.body and "join 12" in answer.body
    # Threaded under the message it answers, and a reply to the answer comes back to the site.
    headers = answer.message()
    parent = mime.parse(raw)["Message-ID"]
    assert headers["In-Reply-To"] == parent
    assert headers["References"] == f"<earlier@example.com> {parent}"
    assert answer.reply_to == [django_settings.REPLY_ADDRESS]


def test_help_to_the_site_lists_the_sites_commands(ann: Any, tmp_path: Path) -> None:
    record = by_pipe(to_site("Help!"), tmp_path)
    assert record is not None and record.outcome == "command"
    body = latest_to("ann@example.com").body
    assert "seek lingo preset=pbem days=3" in body and "Did you mean" not in body


def test_a_games_command_to_the_site_says_where_it_works(ann: Any, tmp_path: Path) -> None:
    by_pipe(to_site("board"), tmp_path)
    assert "works in a reply to an email about your game" in latest_to("ann@example.com").body


def test_a_move_to_the_site_is_still_a_wrong_address(ann: Any, tmp_path: Path) -> None:
    by_pipe(to_site("13L YET"), tmp_path)
    assert "not a valid reply address" in latest_to("ann@example.com").body


def test_a_stranger_mistyping_to_the_site_is_not_answered(db: Any, tmp_path: Path) -> None:
    raw = to_site("hepl").replace(b"ann@example.com", b"someone@example.net")
    by_pipe(raw, tmp_path)
    assert not mail.outbox


def test_an_answer_in_a_game_threads_under_the_players_message(lingo_game: Game, tmp_path: Path) -> None:
    sent = latest_to("ann@example.com")
    raw = mime.reply(sent, "histroy")
    by_pipe(raw, tmp_path)
    headers = replies_to("ann@example.com")[-1].message()
    parent = mime.parse(raw)["Message-ID"]
    assert headers["In-Reply-To"] == parent
    references = headers["References"].split()
    assert references[0] == f"<game-{lingo_game.pk}@localhost>" and references[-1] == parent
    assert mime.message_id(sent) in references  # the message it answered refers to our email
