"""A reply whose first line is part of the quoted email's heading that no recogniser knows (an address, an
unknown attribution) is ambiguous: nothing is played, nothing goes to the table's chat (which would publish a
quote), and the player is told plainly what to do."""

from __future__ import annotations

from pathlib import Path

from wordgames.games.models import ChatMessage, Game, Move

from . import mime
from .deliver import by_pipe
from .test_inbound import best, latest_to


def test_an_unknown_heading_above_the_move_plays_nothing_publishes_nothing_and_says_why(
    lingo_game: Game, tmp_path: Path
) -> None:
    sent = latest_to("ann@example.com")
    heading = f"Wordgames ({mime.reply_address(sent)}) sent you this on Monday 23 November"
    body = f"{heading}\n\n{sent.body}\n\n{best(lingo_game, 0)}\nGood luck"
    raw = mime.reply(sent, body).replace(b"\n\nOn ", b"\n\nXX ")  # no attribution: the heading stands alone
    by_pipe(raw, tmp_path)
    assert not Move.objects.filter(game=lingo_game).exists()
    assert not ChatMessage.objects.exists()
    answer = latest_to("ann@example.com")
    assert "looks like the heading of the quoted email" in answer.body
    assert "Write your move alone on the first line" in answer.body


def test_a_move_with_a_recognised_heading_below_it_is_still_played(lingo_game: Game, tmp_path: Path) -> None:
    sent = latest_to("ann@example.com")
    move = best(lingo_game, 0)
    heading = f"Wordgames <{mime.reply_address(sent)}> 于2026年11月23日周一 10:00写道："
    by_pipe(mime.reply(sent, f"{move}\n加油\n\n{heading}\n{sent.body}"), tmp_path)
    played = Move.objects.get(game=lingo_game)
    assert (played.text, played.comment) == (move, "加油")
