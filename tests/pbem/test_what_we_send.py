"""The headers and shape of what we send: answers marked as automatic replies, notifications as automatic,
auto-responders told not to answer either; a signature delimiter mail programs recognise; a subject built
safely from any inbound one; one email per player when a player's time runs out."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from wordgames.games.actions import sweep
from wordgames.games.models import Game, Seat

from . import mime
from .deliver import by_pipe


def latest_to(address: str) -> Any:
    return [m for m in mail.outbox if m.to == [address]][-1]


def test_notifications_are_auto_generated_and_answers_auto_replied(lingo_game: Game, tmp_path: Path) -> None:
    notice = latest_to("ann@example.com")
    assert notice.extra_headers["Auto-Submitted"] == "auto-generated"
    assert notice.extra_headers["X-Auto-Response-Suppress"] == "All"
    by_pipe(mime.reply(notice, "frobnicate 8H please"), tmp_path)  # a refusal answers ann's own mail
    answer = latest_to("ann@example.com")
    assert answer.subject.startswith("Re:") and answer.extra_headers["Auto-Submitted"] == "auto-replied"
    assert answer.extra_headers["X-Auto-Response-Suppress"] == "All"


def test_the_footer_starts_with_a_signature_delimiter(lingo_game: Game) -> None:
    body = latest_to("ann@example.com").body
    assert "\n-- \n" in body, "mail programs cut the footer from a reply only at '-- ' on its own line"


def test_a_reply_to_a_subject_with_an_encoded_line_break_is_answered(lingo_game: Game, tmp_path: Path) -> None:
    notice = latest_to("ann@example.com")
    raw = mime.reply(notice, "frobnicate")
    # An encoded word that decodes to a line break in the middle of the subject.
    raw = raw.replace(b"Subject: ", b"Subject: =?utf-8?q?Move_=0D=0A_Bcc:_victim@example.org?= ", 1)
    by_pipe(raw, tmp_path)
    answer = latest_to("ann@example.com")
    assert answer.subject.startswith("Re:") and "\n" not in answer.subject and "\r" not in answer.subject
    message = answer.message()
    assert "victim@example.org" not in (message["Bcc"] or "") and message["Bcc"] is None


@pytest.mark.django_db
def test_a_timeout_sends_each_player_one_email(lingo_game: Game) -> None:
    mail.outbox.clear()
    seat = Seat.objects.get(game=lingo_game, position=0)
    sweep(seat.due_at + timedelta(minutes=1))  # ann (to move) is out of time: Lingo resigns her seat
    for address in ("ann@example.com", "bob@example.com"):
        assert len([m for m in mail.outbox if m.to == [address]]) == 1, [m.subject for m in mail.outbox]


@pytest.mark.django_db
def test_a_moderation_notice_offers_no_unsubscribe_that_would_stop_everything(
    lingo_game: Game, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from django.contrib.auth import get_user_model

    from wordgames.games import actions

    moderator = get_user_model().objects.create_superuser("mod", "mod@example.com", "x")
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        actions.end_game(lingo_game.pk, moderator, "both asked")
    notice = [m for m in mail.outbox if m.to == ["ann@example.com"] and "moderator" in m.subject][-1]
    assert "List-Unsubscribe" not in notice.extra_headers and "/email/unsubscribe/" not in notice.body
