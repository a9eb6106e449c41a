"""Commands pbmserv players used by email: start a game with ``challenge`` (sent to the site's own address),
and ``check`` a move's score without playing it."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formatdate, make_msgid
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core import mail

from tests.conftest import logged_in
from wordgames.engines import get_engine
from wordgames.games.models import Game, Move

from . import mime
from .deliver import by_pipe


def to_site(sender: str, body: str) -> bytes:
    """A new message (not a reply) to the site's own address."""
    message = EmailMessage()
    message["From"] = sender
    message["To"] = settings.REPLY_ADDRESS
    message["Subject"] = "A game?"
    message["Date"] = formatdate(localtime=True)
    message["Message-ID"] = make_msgid("new", domain="example.com")
    message.set_content(body + "\n")
    return bytes(message)


def latest_to(address: str) -> Any:
    return [m for m in mail.outbox if m.to == [address]][-1]


def test_a_challenge_by_email_sets_up_the_game_and_invites_the_opponent(ann: Any, bob: Any, tmp_path: Path) -> None:
    by_pipe(to_site("ann@example.com", "challenge lingo bob preset=pbem hex=true days=3"), tmp_path)
    game = Game.objects.get()
    assert game.engine == "lingo" and game.options["hex"] is True and game.move_time.days == 3
    assert game.seats.get(position=0).user == ann and game.seats.get(position=1).invited_user == bob
    assert "invites you to play" in latest_to("bob@example.com").subject
    assert f"Game {game.pk}" in latest_to("ann@example.com").body


def test_a_challenge_with_a_bad_option_says_why_and_sets_up_nothing(ann: Any, bob: Any, tmp_path: Path) -> None:
    by_pipe(to_site("ann@example.com", "challenge lingo bob colour=red"), tmp_path)
    assert not Game.objects.exists()
    assert (
        "The game was not set up" in latest_to("ann@example.com").body and "colour" in latest_to("ann@example.com").body
    )


def test_a_challenge_spends_the_same_games_per_hour_as_the_web(
    ann: Any, bob: Any, tmp_path: Path, settings: Any
) -> None:
    settings.THROTTLE = {**settings.THROTTLE, "game": (1, 3600)}
    assert (
        logged_in(ann)
        .post("/games/new/", {"game": "lingo", "players": 2, "preset": "classic", "clock": "7d", "seat_2": ""})
        .status_code
        == 302
    )
    by_pipe(to_site("ann@example.com", "challenge lingo bob"), tmp_path)
    assert Game.objects.count() == 1
    answer = latest_to("ann@example.com").body
    assert "The game was not set up: You have created many games lately." in answer


def test_a_stranger_cannot_challenge_and_is_not_answered(bob: Any, tmp_path: Path) -> None:
    by_pipe(to_site("stranger@example.net", "challenge lingo bob"), tmp_path)
    assert not Game.objects.exists() and not [m for m in mail.outbox if m.to == ["stranger@example.net"]]


def test_check_scores_a_move_without_playing_it(lingo_game: Game, tmp_path: Path) -> None:
    best = get_engine("lingo").best_move(lingo_game.state, 0)
    by_pipe(mime.reply(latest_to("ann@example.com"), f"check {best.move}"), tmp_path)
    answer = latest_to("ann@example.com")
    assert f"would score {best.score}" in answer.body and "not played" in answer.body
    assert not Move.objects.exists()


def test_help_by_email_lists_every_command_with_an_example(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), "help"), tmp_path)
    text = latest_to("ann@example.com").body
    for example in (
        "check 13L YET",
        "say Good luck!",
        "board",
        "history",
        "resign",
        "undo",
        "accept / reject",
        "challenge lingo bob",
    ):
        assert example in text, example
