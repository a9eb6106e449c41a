"""A whole two-player Lingo game played by email only, from the invitation to the result."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from django.core import mail

from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game, Move

from . import mime
from .deliver import by_pipe
from .test_inbound import best, latest_to


def test_a_whole_game_by_email(ann: Any, bob: Any, tmp_path: Path) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "pbem", "tiles": "30"}, ["bob@example.com"], seed=11)
    invitation = latest_to("bob@example.com")
    assert invitation.subject == f"ann invites you to play Lingo (game {game.pk})"
    assert 'reply to this email with "accept"' in invitation.body
    by_pipe(mime.reply(invitation, "accept"), tmp_path)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert "You have taken your seat" in [m for m in mail.outbox if m.subject.startswith("Re:")][-1].body

    emails = {0: "ann@example.com", 1: "bob@example.com"}
    names = {0: "ann", 1: "bob"}
    turns = 0
    while game.status == Game.Status.ACTIVE:
        (seat,) = get_engine("lingo").actors(game.state)
        sent = latest_to(emails[seat])
        number = int(re.search(r"move (\d+): (\w+) to move", sent.subject).group(1))  # type: ignore[union-attr]
        assert sent.subject == f"Lingo game {game.pk}, move {number}: {names[seat]} to move"
        assert f'End the move line with "#{number}"' in sent.body and "Pool:" in sent.body
        move = best(game, seat)
        by_pipe(mime.reply(sent, f"{move} #{number}\nyour move, {names[1 - seat]}"), tmp_path)
        game.refresh_from_db()
        assert game.moves.filter(taken_back=False).count() == number, [m.body for m in mail.outbox[-2:]]
        turns += 1
        assert turns < 100

    moves = list(Move.objects.filter(game=game))
    assert moves and all(m.source == "email" for m in moves)
    result = get_engine("lingo").result(game.state)
    assert result is not None
    for address in emails.values():
        over = [m for m in mail.outbox if m.to == [address] and not m.subject.startswith("Re:")][-1]
        assert over.subject == f"Lingo game {game.pk}: game over"
        assert f"ann {result['scores'][0]}, bob {result['scores'][1]}" in over.body
    # Every email of the game threads under one conversation and names the game.
    for message in mail.outbox:
        if message.subject.startswith("Re:"):
            continue
        assert f"game {game.pk}" in message.subject
        assert f"<game-{game.pk}@localhost>" in message.message()["References"]
