"""Every game can be played by email: a Lexicon Crossing grid sent as rows, a Lingua Fences word, a Keebble
answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core import mail

from tests.engines.lexicon_crossing.conftest import lay_out
from wordgames.games import services
from wordgames.games.models import Game, Move

from . import mime
from .deliver import by_pipe
from .test_inbound import latest_to, replies_to


def start(engine: str, ann: Any, bob: Any, options: dict[str, Any]) -> Game:
    game = services.create_game(ann, engine, options, ["bob"], seed=4)
    services.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


def test_a_lexicon_crossing_grid_by_email(ann: Any, bob: Any, tmp_path: Path) -> None:
    game = start("lexicon-crossing", ann, bob, {"dictionary": "every-word"})
    sent = latest_to("ann@example.com")
    assert "Your tiles not on it:" in sent.body and "grid" in sent.body
    rows = lay_out(game.state["tiles"][0])[len("grid "):].split("/")
    by_pipe(mime.reply(sent, "grid\n" + "\n".join(rows) + "\nthat should do"), tmp_path)
    game.refresh_from_db()
    assert game.state["grids"][0] == rows
    confirmation = replies_to("ann@example.com")[-1]
    assert "Your move grid" in confirmation.body and rows[0] in confirmation.body
    assert not [m for m in mail.outbox if m.to == ["bob@example.com"] and rows[0] in m.body]  # private
    by_pipe(mime.reply(sent, "green", msgid="<green@example.com>"), tmp_path)
    answer = replies_to("ann@example.com")[-1]
    assert "green light" in answer.body.lower()


def test_a_lingua_fences_word_by_email(ann: Any, bob: Any, tmp_path: Path) -> None:
    game = start("lingua-fences", ann, bob, {})
    sent = latest_to("bob@example.com")
    assert "bob's sheet" in sent.body and "3C CAT" in sent.body
    assert "Everyone moves at once, so you may move now." in sent.body and "You move first" not in sent.body
    by_pipe(mime.reply(sent, "3C CAT"), tmp_path)
    move = Move.objects.get(game=game)
    assert move.text == "3C CAT" and move.seat == 1 and move.source == "email"
    by_pipe(mime.reply(sent, "C3 COD", msgid="<second@example.com>"), tmp_path)
    assert "You have written on the sheet in front of you this round" in replies_to("bob@example.com")[-1].body


def test_a_keebble_answer_by_email(ann: Any, bob: Any, tmp_path: Path) -> None:
    game = start("keebble", ann, bob, {"start": "empty"})
    services.submit_move(game.pk, ann, "ask E X")
    sent = latest_to("bob@example.com")
    assert "ann asked E X: take one, or place a wall." in sent.body and "take E" in sent.body
    by_pipe(mime.reply(sent, "take X"), tmp_path)
    game.refresh_from_db()
    assert game.state["hands"][1] == ["X"] and game.state["phase"] == "turn"
