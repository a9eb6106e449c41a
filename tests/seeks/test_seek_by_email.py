"""``seek lingo preset=pbem days=3`` sent to the site's own address, as a real MIME message through the mail
server's pipe: a seek posted exactly as the page posts one, answered with a confirmation or a polite refusal."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from tests.conftest import logged_in
from tests.pbem import mime
from tests.pbem.deliver import by_pipe
from tests.pbem.test_commands_by_email import latest_to, to_site
from wordgames.games.models import Game, Move
from wordgames.pbem.models import InboundMessage
from wordgames.seeks.models import Seek

from .conftest import rate, take

pytestmark = pytest.mark.django_db(transaction=True)  # the answer goes out after the commit, as in production


def test_a_seek_by_email_is_posted_and_confirmed(ann: Any, bob: Any, tmp_path: Path) -> None:
    rate(ann, "lingo", 1620)
    by_pipe(to_site("ann@example.com", "seek lingo preset=pbem hex=true days=3 players=3 rated=no band=200"), tmp_path)
    seek = Seek.objects.get()
    assert (seek.creator, seek.kind, seek.players, seek.rated, seek.band) == (ann, "lingo", 3, False, 200)
    assert seek.move_time == timedelta(days=3) and seek.options["preset"] == "pbem" and seek.options["hex"] is True
    answer = latest_to("ann@example.com").body
    assert f"Your seek {seek.pk} is posted: Lingo, 3 players, not rated, 3 days a move" in answer
    assert "preset pbem" in answer and "for ratings 1420 to 1820" in answer and f"/seeks/{seek.pk}/" in answer
    assert InboundMessage.objects.get().outcome == InboundMessage.Outcome.COMMAND
    assert not Game.objects.exists()
    take(bob, seek)
    assert not Game.objects.exists(), "one seat of two taken"


def test_a_seek_by_email_with_only_a_game_takes_the_defaults(ann: Any, bob: Any, tmp_path: Path) -> None:
    by_pipe(to_site("ann@example.com", "Seek keebble"), tmp_path)
    seek = Seek.objects.get()
    assert (seek.players, seek.rated, seek.band, seek.move_time) == (2, True, None, timedelta(days=3))
    assert "for anyone" in latest_to("ann@example.com").body
    take(bob, seek)
    assert Game.objects.get().rated


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("seek lingo colour=red", "colour"),
        ("seek chess", "There is no game called"),
        ("seek lingo bob", "is not an option: write each as name=value"),
        ("seek lingo players=12", "Lingo is for 2 to 10 players."),
        ("seek lingo days=45", "days= is the time per move in days, from 1 to 30."),
        ("seek lingo rated=maybe", "rated= is yes or no."),
        ("seek lingo band=wide", "band= is how many rating points"),
        ("seek lingo hints=true", "A practice game (with hints) is not for strangers"),
    ],
)
def test_a_seek_the_rules_or_the_command_refuse_is_answered_politely_and_posts_nothing(
    ann: Any, tmp_path: Path, line: str, reason: str
) -> None:
    by_pipe(to_site("ann@example.com", line), tmp_path)
    assert not Seek.objects.exists()
    answer = latest_to("ann@example.com").body
    assert "The seek was not posted:" in answer and reason in answer, answer


def test_a_seek_by_email_spends_the_same_games_per_hour_and_cap_as_the_web(
    ann: Any, tmp_path: Path, settings: Any
) -> None:
    settings.THROTTLE = {**settings.THROTTLE, "game": (1, 3600)}
    assert (
        logged_in(ann)
        .post("/seeks/new/", {"game": "lingo", "players": 2, "preset": "classic", "clock": "3d"})
        .status_code
        == 302
    )
    by_pipe(to_site("ann@example.com", "seek lingo"), tmp_path)
    assert Seek.objects.count() == 1
    assert "The seek was not posted: You have created many games lately." in latest_to("ann@example.com").body


def test_a_stranger_cannot_post_a_seek_and_is_not_answered(tmp_path: Path) -> None:
    by_pipe(to_site("stranger@example.net", "seek lingo"), tmp_path)
    assert not Seek.objects.exists() and not [m for m in mail.outbox if m.to == ["stranger@example.net"]]


def test_a_seek_written_in_reply_to_a_games_email_says_where_to_send_it(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), "seek lingo preset=pbem"), tmp_path)
    answer = latest_to("ann@example.com").body
    assert "To post a seek by email, write a new message to this site's own address" in answer
    assert not Seek.objects.exists() and not Move.objects.exists()
