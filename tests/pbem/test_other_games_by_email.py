"""Every game can be played by email: a Lexicon Crossing grid sent as rows, a Lingua Fences word, a Keebble
answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core import mail

from tests.engines.lexicon_crossing.conftest import lay_out
from wordgames.games import actions
from wordgames.games.models import Game, Move

from . import mime
from .deliver import by_pipe
from .test_inbound import latest_to, replies_to


def start(engine: str, ann: Any, bob: Any, options: dict[str, Any]) -> Game:
    game = actions.create_game(ann, engine, options, ["bob"], seed=4)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


def test_a_lexicon_crossing_grid_by_email(ann: Any, bob: Any, tmp_path: Path) -> None:
    game = start("lexicon-crossing", ann, bob, {"dictionary": "every-word"})
    sent = latest_to("ann@example.com")
    assert "Your tiles not on it:" in sent.body and "grid" in sent.body
    rows = lay_out(game.state["tiles"][0])[len("grid ") :].split("/")
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
    actions.submit_move(game.pk, ann, "ask E X")
    sent = latest_to("bob@example.com")
    assert "ann asked E X: take one, or place a wall." in sent.body and "take E" in sent.body
    by_pipe(mime.reply(sent, "take X"), tmp_path)
    game.refresh_from_db()
    assert game.state["hands"][1] == ["X"] and game.state["phase"] == "turn"


def test_in_a_simultaneous_round_another_players_word_does_not_make_your_emailed_move_stale(
    ann: Any, bob: Any, tmp_path: Path
) -> None:
    game = start("lingua-fences", ann, bob, {})
    to_ann, to_bob = latest_to("ann@example.com"), latest_to("bob@example.com")
    assert "#1" in to_ann.body and "#1" in to_bob.body
    by_pipe(mime.reply(to_ann, "3C CAT #1"), tmp_path)
    by_pipe(mime.reply(to_bob, "3C COD #1"), tmp_path)  # bob's sheet is as his email showed it
    assert [m.text for m in Move.objects.filter(game=game)] == ["3C CAT", "3C COD"]
    # The next round: the sheets have moved, so a reply to the first round's email is stale now.
    by_pipe(mime.reply(to_bob, "E3 TOE #1", msgid="<late@example.com>"), tmp_path)
    assert "The board has changed since you looked at it" in replies_to("bob@example.com")[-1].body
    assert Move.objects.filter(game=game).count() == 2
    news = [m for m in mail.outbox if m.to == ["bob@example.com"] and not m.subject.startswith("Re:")][-1]
    assert f"Lingua Fences game {game.pk}, move 3:" in news.subject and "#3" in news.body
    by_pipe(mime.reply(news, "E3 TOE #3"), tmp_path)  # a reply to the newest email is played
    assert Move.objects.filter(game=game).count() == 3


def test_help_by_email_shows_this_games_moves_and_links_the_guide_and_rules(ann: Any, bob: Any, tmp_path: Path) -> None:
    start("keebble", ann, bob, {"start": "empty"})
    by_pipe(mime.reply(latest_to("ann@example.com"), "help"), tmp_path)
    answer = replies_to("ann@example.com")[-1].body
    assert "Moves of Keebble, for example:" in answer and "ask E X" in answer
    assert "Playing by email, in full: http://localhost:8000/help/email/" in answer
    assert "The rules of Keebble: http://localhost:8000/help/keebble/" in answer


def test_a_crossword_is_drawn_spaced_and_can_be_sent_back_as_drawn(ann: Any, bob: Any, tmp_path: Path) -> None:
    """The crossword in an email has one sign per cell with spaces between (readable in a proportional font), and
    its rows pasted back after ``grid`` as they are drawn, spaces and all, are the player's move: even rows that
    are exactly those of the game's own email are not taken for a quoted board."""
    game = start("lexicon-crossing", ann, bob, {"dictionary": "every-word"})
    sent = latest_to("ann@example.com")
    rows = lay_out(game.state["tiles"][0])[len("grid ") :].split("/")
    by_pipe(mime.reply(sent, "grid\n" + "\n".join(rows)), tmp_path)
    confirmation = replies_to("ann@example.com")[-1]
    drawn = [" ".join(row) for row in rows]
    assert all(f"  {row}\n" in confirmation.body for row in drawn)
    # The same crossword again, copied from the email as drawn: played again (a rearrangement), not refused.
    answers = len(replies_to("ann@example.com"))
    by_pipe(
        mime.reply(confirmation, "grid\n" + "\n".join(drawn) + "\nsame again", msgid="<again@example.com>"), tmp_path
    )
    game.refresh_from_db()
    assert game.state["grids"][0] == rows
    assert len(replies_to("ann@example.com")) == answers + 1
    assert "was played" in replies_to("ann@example.com")[-1].body
