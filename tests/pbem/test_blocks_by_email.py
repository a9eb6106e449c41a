"""A block is honoured by email as on the web, whichever of the two players made it: no challenge (by name or
address), no invitation accepted by reply, and no words in the chat of a game where one's blocker plays. The
answer says only that the player or seat is not available, and nothing changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from wordgames.accounts import relations
from wordgames.games import actions
from wordgames.games.models import ChatMessage, Game

from . import mime
from .deliver import by_pipe
from .test_commands_by_email import to_site

BOTH_WAYS = pytest.mark.parametrize("ann_blocks", [True, False], ids=["ann blocks bob", "bob blocks ann"])


def latest_to(address: str) -> Any:
    return [m for m in mail.outbox if m.to == [address]][-1]


def blocked(ann: Any, bob: Any, ann_blocks: bool) -> None:
    relations.block(ann, bob) if ann_blocks else relations.block(bob, ann)


@BOTH_WAYS
@pytest.mark.parametrize("opponent", ["bob", "bob@example.com"])
def test_no_challenge_by_email(ann: Any, bob: Any, tmp_path: Path, ann_blocks: bool, opponent: str) -> None:
    blocked(ann, bob, ann_blocks)
    by_pipe(to_site("ann@example.com", f"challenge lingo {opponent} preset=pbem days=3"), tmp_path)
    answer = latest_to("ann@example.com").body
    assert f"The game was not set up: {opponent} is not available for a game." in answer
    assert "block" not in answer.lower() and not Game.objects.exists()
    assert not [m for m in mail.outbox if m.to == ["bob@example.com"]]


@BOTH_WAYS
def test_an_invitation_accepted_by_reply_after_a_block_seats_nobody(
    ann: Any, bob: Any, tmp_path: Path, ann_blocks: bool
) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "pbem"}, ["bob@example.com"], seed=11)
    invitation = latest_to("bob@example.com")
    blocked(ann, bob, ann_blocks)
    by_pipe(mime.reply(invitation, "accept"), tmp_path)
    answer = latest_to("bob@example.com").body
    assert "That seat is not available." in answer and "block" not in answer.lower()
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and game.seats.get(position=1).user is None


@BOTH_WAYS
def test_no_words_by_email_in_the_chat_of_a_game_ones_blocker_plays(
    lingo_game: Game, ann: Any, bob: Any, tmp_path: Path, ann_blocks: bool
) -> None:
    blocker, blocked_one = (ann, bob) if ann_blocks else (bob, ann)
    relations.block(blocker, blocked_one)
    to_blocked = latest_to(blocked_one.email)
    by_pipe(mime.reply(to_blocked, "say hello there"), tmp_path)
    answer = latest_to(blocked_one.email).body
    assert "This game's chat is not available to you." in answer and "block" not in answer.lower()
    assert not ChatMessage.objects.exists()
    by_pipe(mime.reply(latest_to(blocker.email), "say good game"), tmp_path)  # the blocker still may
    assert ChatMessage.objects.get().user == blocker
