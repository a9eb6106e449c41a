"""Commands as a Japanese player types them, with the site's Japanese catalogue: a greeting ended by the ideographic
comma or stop (``こんにちは、``, ``こんにちは、ボブさん。``), or by their full-width forms, above the move or before a
command on its line, is skipped as an English one is (``Hi Bob,``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from tests.games.conftest import start_game
from tests.i18n.catalogue import speaks
from tests.pbem import mime
from tests.pbem.deliver import by_pipe
from tests.pbem.test_inbound import best
from wordgames.games.commandwords import Words
from wordgames.games.models import ChatMessage, Game, Move
from wordgames.pbem.commands import parse_command


@pytest.fixture(autouse=True)
def _real_commits(transactional_db: Any) -> None:
    """Emails go out after the commit, as in production."""


def latest_to(address: str) -> Any:
    return [m for m in mail.outbox if m.to == [address]][-1]


@pytest.fixture
def game(ann: Any, bob: Any) -> Game:
    speaks(ann, "ja")
    speaks(bob, "ja")
    return start_game(ann, bob, {"preset": "classic"}, seed=7)


GREETINGS = [
    "こんにちは、",
    "こんにちは、ボブさん",
    "こんにちは、ボブさん。",
    "こんばんは，ボブさん！",  # full-width comma and exclamation mark
    "やあ！ボブ",
    "おはようございます。",
    "こんにちは～",
    "こんにちは､ボブさん｡",  # half-width ideographic comma and stop
]


@pytest.mark.parametrize("line", GREETINGS)
def test_a_greeting_with_ideographic_punctuation_is_a_greeting(line: str) -> None:
    assert Words("ja").greeting(line)


@pytest.mark.parametrize("line", ["こんにちは、13L YET", "盤面、ボブさん", "こんにちは、ボブさん、アンさん、みなさん"])
def test_a_line_that_only_starts_like_a_greeting_is_none(line: str) -> None:
    assert not Words("ja").greeting(line)


@pytest.mark.parametrize(
    ("body", "word", "greeting"),
    [
        ("こんにちは、ヘルプ", "help", "こんにちは、"),
        ("こんにちは、ボブさん、盤面", "board", "こんにちは、ボブさん、"),
        ("こんにちは，履歴", "history", "こんにちは，"),
        ("こんにちは。\n盤面", "board", "こんにちは。"),
        ("こんにちは、ボブさん\n\n投了", "resign", "こんにちは、ボブさん"),
    ],
)
def test_a_greeting_before_a_command_is_skipped(body: str, word: str, greeting: str) -> None:
    command = parse_command(body, Words("ja"))
    assert command is not None and (command.word, command.greeting) == (word, greeting)


@pytest.mark.parametrize("greeting", GREETINGS)
def test_a_japanese_greeting_above_the_move_is_skipped_and_the_move_played(
    game: Game, greeting: str, tmp_path: Path
) -> None:
    move = best(game, 0)
    by_pipe(mime.reply(latest_to("ann@example.com"), f"{greeting}\n\n{move}\nよろしく"), tmp_path)
    played = Move.objects.get(game=game)
    assert (played.text, played.comment) == (move, "よろしく")
    assert not ChatMessage.objects.filter(game=game).exists()


@pytest.mark.parametrize("typed", ["こんにちは、盤面", "こんにちは、ボブさん。盤面", "こんにちは！\n盤面"])
def test_a_japanese_greeting_before_board_sends_the_board(game: Game, typed: str, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), typed), tmp_path)
    assert "現在の盤面：" in latest_to("ann@example.com").body
    game.refresh_from_db()
    assert not Move.objects.filter(game=game).exists() and not ChatMessage.objects.filter(game=game).exists()
