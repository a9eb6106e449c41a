"""Team-mates sharing a seat ("multiple individuals per player") get the seat's emails and may move for it by
replying from their own address; nobody else may."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core import mail

from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game, Move, TeamInvitation

from . import mime
from .deliver import by_pipe


def to(address: str) -> list[Any]:
    return [m for m in mail.outbox if m.to == [address]]


def test_a_team_mate_hears_of_the_seats_turn_and_moves_for_it_by_email(
    ann: Any, bob: Any, cat: Any, dan: Any, tmp_path: Path
) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=7, partners={0: ["cat"]})
    actions.answer_team_invitation(TeamInvitation.objects.get(user=cat).pk, cat, True)  # cat agrees to share
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    for_ann, for_cat = to("ann@example.com")[-1], to("cat@example.com")[-1]
    assert "ann to move" in for_cat.subject and for_cat.subject == for_ann.subject
    assert "Cat" in for_cat.body and get_engine("lingo").render_text(game.state, 0).splitlines()[0] in for_cat.body
    assert mime.reply_address(for_cat) == mime.reply_address(for_ann)  # one seat, one reply address

    # dan, who is in no team, cannot use the seat's address; cat can, from her own address.
    move = get_engine("lingo").best_move(game.state, 0).move  # type: ignore[attr-defined]
    refused = by_pipe(mime.reply(for_cat, f"{move} #1", sender="dan@example.com"), tmp_path)
    assert refused is not None and refused.outcome == "refused" and not Move.objects.exists()
    by_pipe(mime.reply(for_cat, f"{move} #1"), tmp_path)
    played = Move.objects.get(game=game)
    assert played.user == cat and played.seat == 0 and played.text == move
    confirmation = [m for m in to("cat@example.com") if m.subject.startswith("Re:")][-1]
    assert f"Your move {move} was played" in confirmation.body
    to_dan = to(dan.email)[-1]  # the stranger is told why, and is shown no board
    assert "belongs to another player's seat" in to_dan.body and "Your move" not in to_dan.body

    # bob's move is news to both of them.
    game.refresh_from_db()
    actions.submit_move(game.pk, bob, get_engine("lingo").best_move(game.state, 1).move)  # type: ignore[attr-defined]
    assert "ann to move" in to("cat@example.com")[-1].subject and "ann to move" in to("ann@example.com")[-1].subject
    assert Game.objects.get().moves.count() == 2


def test_a_team_mate_who_chose_the_digest_finds_the_seats_turn_in_it(ann: Any, bob: Any, cat: Any) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from wordgames.accounts.models import profile_for
    from wordgames.games import emails

    profile = profile_for(cat)
    profile.email_modes = {**profile.email_modes, "your_turn": "digest", "start": "none"}
    profile.digest_hour = 0
    profile.save()
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=7, partners={0: ["cat"]})
    actions.answer_team_invitation(TeamInvitation.objects.get(user=cat).pk, cat, True)  # cat agrees to share
    actions.join_game(game.pk, bob)
    assert not to("cat@example.com")  # no "game started" and no "your turn" email: the digest has it
    assert emails.send_digests(timezone.now() + timedelta(minutes=1)) == 1
    digest = to("cat@example.com")[-1]
    assert digest.subject.startswith("Your turn in 1 game") and f"Lingo game {game.pk}" in digest.body
