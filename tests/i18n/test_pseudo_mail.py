"""Every kind of email, written to players whose profile language is the pseudo language: no prose in a subject,
a text part or an HTML part escaped translation (``bare_prose``). What players wrote (names, chat, reasons) and
what the engines draw (the board and its legend, move summaries, notation examples) is passed as data."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from tests.conftest import make_user
from tests.pbem import mime
from tests.pbem.deliver import by_pipe
from tests.support.pseudo import PSEUDO, bare_prose, pseudo_available
from wordgames.accounts import confirm
from wordgames.accounts import tasks as account_tasks
from wordgames.accounts.models import profile_for
from wordgames.engines import get_engine
from wordgames.games import actions, emails
from wordgames.games.actions import clocks, moderation
from wordgames.games.commandwords import ENGLISH
from wordgames.games.models import Game, Notification
from wordgames.seeks import actions as seeks
from wordgames.seeks import emails as seek_emails
from wordgames.seeks import queries as seek_queries

# Names, the game's name, and what is never translated: the English command words (shown beside the reader's
# own, and always understood) and the "Re:" of a reply's subject.
PEOPLE = ["ann", "bob", "cat", "mod", "Ann", "Bob", "Cat", "Mod", "Lingo", "Re", *ENGLISH, "chat"]


@pytest.fixture(autouse=True)
def _real_commits(transactional_db: Any) -> None:
    """Emails go out after the commit, as in production."""


@pytest.fixture
def pseudo() -> Iterator[None]:
    with pseudo_available():
        yield


def pseudo_reader(name: str) -> Any:
    user = make_user(name, name.title())
    profile = profile_for(user)
    profile.language = PSEUDO
    profile.save()
    return user


def engine_text(game: Game) -> list[str]:
    """What the engine draws, in every seat's view: the board and its legend (the email board's part). Its
    sentences about moves and its examples' explanations are not data: they are worded in the reader's language."""
    game.refresh_from_db()
    engine = get_engine(game.engine)
    lines: list[Any] = []
    for seat in [None, *range(game.seats.count())]:
        if game.state:
            lines += [line for line in engine.position(game.state, seat) if isinstance(line, str)]
    return [line.strip() for line in lines if line.strip()]


def sent_to(address: str) -> list[Any]:
    return [m for m in mail.outbox if m.to == [address]]


# Links go first: a short name among the data may occur inside a link's token, and cut it into "words".
_LINK = re.compile(r"https?://[^\s<>\"⟪⟫]+")


def bare(letter: Any, data: list[str]) -> list[str]:
    """The untranslated prose of a letter's subject, text and HTML parts."""
    html = [body for body, kind in getattr(letter, "alternatives", []) if kind == "text/html"]
    return [
        f"{part}: {finding}"
        for part, text in (("subject", letter.subject), ("text", letter.body), *(("html", h) for h in html))
        for finding in bare_prose(_LINK.sub(" ", str(text)), data)
    ]


def assert_translated(letters: list[Any], data: list[str]) -> None:
    assert letters, "no email was sent"
    for letter in letters:
        found = bare(letter, [*PEOPLE, *data])
        assert found == [], (letter.subject, found)


def three_player_game(ann: Any, bob: Any, cat: Any) -> Game:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob", "cat"], seed=7, internal=True)
    actions.join_game(game.pk, bob)
    actions.join_game(game.pk, cat)
    game.refresh_from_db()
    return game


def best(game: Game, user: Any) -> None:
    game.refresh_from_db()
    seat = game.seats.get(user=user).position
    found = get_engine("lingo").best_move(game.state, seat)  # type: ignore[attr-defined]
    assert found is not None
    actions.submit_move(game.pk, user, found.move, expected_version=game.version)


def test_every_game_email_is_translated(pseudo: None, tmp_path: Path) -> None:
    ann, bob, cat = pseudo_reader("ann"), pseudo_reader("bob"), pseudo_reader("cat")
    mod = make_user("mod", "Mod")
    invitation = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=3, internal=True)
    assert_translated(sent_to("bob@example.com"), [])  # the invitation
    actions.decline_invitation(invitation.seats.get(invited_user=bob).pk, bob)

    mail.outbox.clear()
    game = three_player_game(ann, bob, cat)
    data = engine_text(game)  # the boards drawn before and after the move
    best(game, ann)  # start, then your turn (bob), another player moved (cat)
    actions.post_message(game.pk, ann, "Good luck everyone")
    clocks.set_vacation(ann, 2)  # news
    clocks.end_vacation(ann)
    data += [*engine_text(game), "Good luck everyone"]
    assert {"start", "your_turn", "other_move", "chat", "news"} <= {
        n.key.split(":")[0] for n in Notification.objects.all()
    }
    assert_translated(sent_to("bob@example.com") + sent_to("cat@example.com"), data)
    to_cat = sent_to("cat@example.com")[-1]

    mail.outbox.clear()
    seat = game.seats.get(user=bob)
    seat.due_at = timezone.now() + timedelta(days=1)
    seat.save()
    emails.send_reminder(seat)
    emails.send_timeout(game, seat, None)
    emails.send_digest(bob, [game], "2026-11-25")
    assert_translated(sent_to("bob@example.com"), engine_text(game))

    mail.outbox.clear()
    for command in ("help", "board", "history", ""):  # the last: a message with nothing in it is refused
        by_pipe(mime.reply(to_cat, command), tmp_path)
    replies = sent_to("cat@example.com")
    assert len(replies) == 4
    # The site's own commands are the reader's words (translated); what follows them is notation.
    commands = ["lingo bob preset=pbem days=3", "lingo preset=pbem days=3", "12 bob"]
    assert_translated(replies, [*engine_text(game), *commands])

    mail.outbox.clear()
    moderation.end_game(game.pk, mod, "Too slow for everyone")
    data = [*engine_text(game), "Too slow for everyone"]
    assert_translated(sent_to("ann@example.com") + sent_to("bob@example.com"), data)  # game over, moderation


def test_seek_and_account_emails_are_translated(pseudo: None) -> None:
    ann, bob = pseudo_reader("ann"), pseudo_reader("bob")
    seek = seeks.post_seek(ann, "lingo", {"preset": "classic"}, rated=False)
    row = seek_queries.rows([seek], None)[0]
    seek_emails.send_digest(bob, [seek], "slot-1")
    assert_translated(sent_to("bob@example.com"), [str(row.options), str(row.clock)])

    mail.outbox.clear()
    confirm.send_confirmation(ann.pk, "new-ann@example.com")  # a link to confirm the new address
    confirm.send_confirmation(ann.pk, "bob@example.com")  # bob's address: bob hears of it
    account_tasks.send_password_reset("bob@example.com")
    assert_translated(sent_to("new-ann@example.com") + sent_to("bob@example.com"), [])
