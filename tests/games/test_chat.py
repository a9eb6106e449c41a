"""Chat at the table: a player writes, the others read it between the moves and by email; spectators read it
only when the game's chat is public; bounded in size and rate; a moderator hides a message, logged."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail

from tests.conftest import logged_in
from wordgames.games import actions
from wordgames.games.models import ChatMessage, Game, ModerationAction

pytestmark = pytest.mark.django_db


def say(user: Any, game: Game, text: str) -> Any:
    return logged_in(user).post(f"/games/{game.pk}/chat/", {"text": text}, follow=True)


def test_a_message_is_read_by_the_others_between_the_moves_and_by_email(
    lingo_game: Game, ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert say(ann, lingo_game, "Good luck, <b>Bob</b>!").status_code == 200
    page = logged_in(bob).get(lingo_game.get_absolute_url()).content.decode()
    assert "Good luck, &lt;b&gt;Bob&lt;/b&gt;!" in page and "<b>Bob</b>" not in page  # escaped
    to_bob = [m for m in mail.outbox if m.to == ["bob@example.com"]]
    assert to_bob and "Good luck, <b>Bob</b>!" in to_bob[-1].body and "Ann writes" in to_bob[-1].subject
    assert not [m for m in mail.outbox if m.to == ["ann@example.com"]]  # not emailed back to the writer


def test_the_others_pages_update_when_someone_writes(lingo_game: Game, ann: Any, bob: Any) -> None:
    seen = lingo_game.version
    say(ann, lingo_game, "hello")
    live = logged_in(bob).get(f"/games/{lingo_game.pk}/live/?since={seen}")
    assert live.status_code == 200 and "hello" in live.content.decode()


def test_spectators_read_the_chat_only_when_it_is_public(lingo_game: Game, ann: Any, cat: Any) -> None:
    say(ann, lingo_game, "between us")
    assert "between us" not in logged_in(cat).get(lingo_game.get_absolute_url()).content.decode()
    assert "between us" not in logged_in(cat).get(f"/games/{lingo_game.pk}/live/?since=0").content.decode()
    Game.objects.filter(pk=lingo_game.pk).update(chat_public=True)
    assert "between us" in logged_in(cat).get(lingo_game.get_absolute_url()).content.decode()


def test_only_players_write_and_messages_are_bounded(lingo_game: Game, ann: Any, cat: Any, settings: Any) -> None:
    assert "Only the game" in say(cat, lingo_game, "hi").content.decode() and not ChatMessage.objects.exists()
    assert "at most 1,000 characters" in say(ann, lingo_game, "x" * 1001).content.decode()
    settings.THROTTLE = {**settings.THROTTLE, "chat": (2, 3600)}
    say(ann, lingo_game, "one")
    say(ann, lingo_game, "two")
    assert "written many messages lately" in say(ann, lingo_game, "three").content.decode()
    assert list(ChatMessage.objects.values_list("text", flat=True)) == ["one", "two"]


def test_a_moderator_hides_a_message_with_a_reason(lingo_game: Game, ann: Any, bob: Any) -> None:
    say(ann, lingo_game, "something rude")
    moderator = get_user_model().objects.create_superuser("mod", "mod@example.com", "x")
    actions.hide_message(ChatMessage.objects.get().pk, moderator, "rude")
    page = logged_in(bob).get(lingo_game.get_absolute_url()).content.decode()
    assert "something rude" not in page and "hid a chat message" in page and "rude" in page
    assert ModerationAction.objects.get().kind == ModerationAction.Kind.HIDE_CHAT
    with pytest.raises(actions.Refused, match="Say why"):
        actions.hide_message(ChatMessage.objects.get().pk, moderator, " ")
