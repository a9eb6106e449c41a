"""Whether an email goes is decided in one place (``notices.emailed``) and every family of email obeys it: for
each kind a player may choose, an email of that kind reaches them exactly when ``notices`` says it goes, by
whatever door it is sent; kinds nobody chooses (a moderator's notice) always go; a stranger who unsubscribed
gets nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from wordgames.accounts.models import DIGEST, EVERY, NONE, profile_for
from wordgames.engines import get_engine
from wordgames.games import actions, emails, notices
from wordgames.games.models import ChatMessage, Game
from wordgames.mail.models import EmailOptOut

pytestmark = pytest.mark.django_db


def choose(user: Any, kind: str, mode: str) -> None:
    profile = profile_for(user)
    profile.email_modes = {**(profile.email_modes or {}), kind: mode}
    profile.save()


def bobs_emails() -> list[Any]:
    return [m for m in mail.outbox if m.to == ["bob@example.com"]]


def by_a_move(game: Game, ann: Any, bob: Any) -> None:
    actions.submit_move(game.pk, ann, get_engine("lingo").best_move(game.state, 0).move)


def by_chat(game: Game, ann: Any, bob: Any) -> None:
    emails.send_chat(ChatMessage.objects.create(game=game, user=ann, seat=0, text="hello"))


def by_news_of_an_undo(game: Game, ann: Any, bob: Any) -> None:
    emails.send_news(game, "policy", "ann asks to take back her move", kind="undo")


def by_news_of_a_move(game: Game, ann: Any, bob: Any) -> None:
    emails.send_news(game, "policy", "ann is away", kind="other_move")


def by_an_answer(game: Game, ann: Any, bob: Any) -> None:
    seat = game.seats.get(position=1)
    emails.send_reply("policy", bob.email, "8D WORD", reason="Not your turn.", seat=seat, user=bob)


FAMILIES = [
    (by_a_move, "your_turn"),
    (by_chat, "chat"),
    (by_news_of_an_undo, "undo"),
    (by_news_of_a_move, "other_move"),
    (by_an_answer, "error"),
]


@pytest.mark.parametrize("mode", [EVERY, DIGEST, NONE])
@pytest.mark.parametrize(("send", "kind"), FAMILIES, ids=[kind for _, kind in FAMILIES])
def test_every_family_sends_exactly_what_notices_decides(
    lingo_game: Game, ann: Any, bob: Any, send: Any, kind: str, mode: str, django_capture_on_commit_callbacks: Any
) -> None:
    choose(bob, kind, mode)
    decided = notices.emailed(bob, kind, bob.email)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        send(lingo_game, ann, bob)
    assert bool(bobs_emails()) == decided
    # The digest is a choice of "your turn" only; any other kind chosen for it still comes at once.
    assert decided == (mode == EVERY or (mode == DIGEST and kind != "your_turn"))


def test_a_moderators_notice_is_no_kind_one_turns_off(
    lingo_game: Game, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from django.contrib.auth import get_user_model

    for kind in ("your_turn", "other_move", "game_over", "chat", "undo", "error"):
        choose(bob, kind, NONE)
    moderator = get_user_model().objects.create_superuser("mod", "mod@example.com", "x")
    assert notices.emailed(bob, "moderation", bob.email)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        actions.end_game(lingo_game.pk, moderator, "cheating")
    assert any("moderator" in m.body.lower() for m in bobs_emails())


def test_a_stranger_who_unsubscribed_is_not_invited(ann: Any) -> None:
    EmailOptOut.objects.create(address="friend@example.org")
    assert not notices.emailed(None, "invitation", "Friend <friend+games@example.org>")
    assert notices.emailed(None, "invitation", "other@example.org")
    game = actions.create_game(ann, "lingo", {}, ["other@example.org"], internal=True)
    seat = game.seats.get(position=1)
    seat.invited_email = "Friend+games@example.org"
    seat.save()
    mail.outbox.clear()
    emails.send_invitation(seat)
    assert mail.outbox == []
