"""Talk by email: "say" and words, or a reply that is plainly words with no move, goes to the game's chat (and
the player is told no move was played); a mistyped move is still refused as a move."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core import mail

from wordgames.games.models import ChatMessage, Game, Move

from . import mime
from .deliver import by_pipe


def latest_to(address: str) -> Any:
    return [m for m in mail.outbox if m.to == [address]][-1]


def test_say_posts_to_the_chat_and_bob_reads_it(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), "say Good luck, Bob!\nHave fun."), tmp_path)
    said = ChatMessage.objects.get()
    assert said.text == "Good luck, Bob!\nHave fun." and said.source == "email" and said.user.username == "ann"
    assert "Good luck, Bob!" in latest_to("bob@example.com").body
    assert "went to the game's chat" in latest_to("ann@example.com").body
    assert not Move.objects.exists()


def test_plain_words_without_a_move_go_to_the_chat_and_say_so(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), "Sorry for the wait, busy week here"), tmp_path)
    assert ChatMessage.objects.get().text == "Sorry for the wait, busy week here"
    answer = latest_to("ann@example.com")
    assert "No move was played" in answer.body


def test_a_mistyped_move_is_refused_not_chatted(lingo_game: Game, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), "8H CATZZ"), tmp_path)
    assert not ChatMessage.objects.exists()
    assert "was not played" in latest_to("ann@example.com").body
