"""A player the game comes to wait for hears it is their turn as after a move, whatever the change: a moderator's
take-back, an undo by agreement, a timeout played by the deadline sweep. By their choices, a "your turn" with the
board and their seat's reply address (so they move by replying to it), or their digest brought forward; once, even
when the notice is sent again; the players whose turn it did not become hear of it as before (the moderator's
notice, the news of the undo, the timeout's email). Emails go out after the commit, as in production."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core import mail

from wordgames.accounts.models import NONE, profile_for
from wordgames.games import actions, relay
from wordgames.games.models import Game, Move, Notice

from . import mime
from .deliver import by_pipe
from .test_digest_brought_forward import three_players, time_runs_out
from .test_inbound import best


def sent_since(before: int, address: str) -> list[Any]:
    return [m for m in mail.outbox[before:] if m.to == [address]]


def your_turn(emails: list[Any]) -> list[Any]:
    return [m for m in emails if "It is your turn in" in m.body]


def moves_by_replying(email: Any, game: Game, user: Any, seat: int, tmp_path: Path) -> None:
    """``user`` replies to ``email`` with a move for ``seat``: it is played, from the email."""
    assert mime.reply_address(email).startswith("play+")
    move = best(game, seat)
    by_pipe(mime.reply(email, move), tmp_path)
    assert Move.objects.filter(game=game, user=user, text=move, source=Move.Source.EMAIL, taken_back=False).exists()


def test_after_a_moderators_take_back_the_player_on_turn_again_moves_by_replying_to_their_your_turn(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any, admin_user: Any, tmp_path: Path
) -> None:
    play_best(lingo_game, ann)
    play_best(lingo_game, bob)  # ann to move
    before = len(mail.outbox)
    actions.take_back_last_move(lingo_game.pk, admin_user, "a misclick, reported by bob")  # bob to move again
    [turn] = your_turn(sent_since(before, "bob@example.com"))
    assert "bob to move" in turn.subject and "reply to this email" in turn.body
    # ann waited before and does not now: the moderator's notice only.
    assert [m.subject for m in sent_since(before, "ann@example.com")] == [
        f"A moderator took back the last move (Lingo game {lingo_game.pk})"
    ]
    moves_by_replying(turn, lingo_game, bob, 1, tmp_path)


def test_a_take_back_told_again_sends_no_second_your_turn(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any, admin_user: Any
) -> None:
    play_best(lingo_game, ann)
    play_best(lingo_game, bob)
    before = len(mail.outbox)
    actions.take_back_last_move(lingo_game.pk, admin_user, "a misclick")
    assert len(your_turn(sent_since(before, "bob@example.com"))) == 1
    lingo_game.refresh_from_db()
    # Its sender died before it could forget the notice: a sender takes it again.
    Notice.objects.create(game=lingo_game, version=lingo_game.version, event="turn")
    assert relay.drain_notices() == 0
    assert len(your_turn(sent_since(before, "bob@example.com"))) == 1


def test_a_take_back_waits_for_a_digest_player_with_no_email_at_once(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any, admin_user: Any
) -> None:
    profile = profile_for(bob)
    profile.email_modes = {"your_turn": "digest"}
    profile.save()
    play_best(lingo_game, ann)
    play_best(lingo_game, bob)
    before = len(mail.outbox)
    actions.take_back_last_move(lingo_game.pk, admin_user, "a misclick")
    assert your_turn(sent_since(before, "bob@example.com")) == []  # his digest brings it


def test_after_an_undo_by_agreement_the_mover_moves_again_by_replying_to_their_your_turn(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any, tmp_path: Path
) -> None:
    play_best(lingo_game, ann)  # bob to move
    actions.request_undo(lingo_game.pk, ann)
    before = len(mail.outbox)
    actions.answer_undo(lingo_game.pk, bob, accept=True)  # ann to move again
    [turn] = your_turn(sent_since(before, "ann@example.com"))
    assert "ann to move" in turn.subject
    assert your_turn(sent_since(before, "bob@example.com")) == []
    moves_by_replying(turn, lingo_game, ann, 0, tmp_path)


def test_a_timeouts_email_is_the_next_players_your_turn_and_no_other_comes(
    ann: Any, bob: Any, cat: Any, tmp_path: Path
) -> None:
    game = three_players(ann, bob, cat)
    before = len(mail.outbox)
    time_runs_out(game, ann)  # her seat forfeits: bob to move
    [email] = sent_since(before, "bob@example.com")  # one email of the event
    assert "Ann's time to move ran out" in email.body and "It is your turn now." in email.body
    moves_by_replying(email, game, bob, 1, tmp_path)


def test_a_player_who_takes_no_timeout_emails_gets_a_your_turn_when_a_timeout_brings_it(
    ann: Any, bob: Any, cat: Any, tmp_path: Path
) -> None:
    profile = profile_for(bob)
    profile.email_modes = {"timeout": NONE}
    profile.save()
    game = three_players(ann, bob, cat)
    before = len(mail.outbox)
    time_runs_out(game, ann)
    [turn] = sent_since(before, "bob@example.com")
    assert "It is your turn in" in turn.body and "bob to move" in turn.subject
    assert your_turn(sent_since(before, "cat@example.com")) == []  # not cat's turn
    moves_by_replying(turn, game, bob, 1, tmp_path)


def test_a_replaced_player_tells_no_one_else_it_is_their_turn(
    lingo_game: Game, ann: Any, cat: Any, admin_user: Any, settings: Any
) -> None:
    """Putting cat in bob's seat sets every clock afresh, but changes nothing for ann, whose turn it was and is:
    the moderator's notice only, however the notices are batched (the replacement tells its own)."""
    settings.NOTICE_BATCH = 1
    before = len(mail.outbox)
    actions.replace_player(lingo_game.pk, 1, cat, admin_user, "bob is away for months")
    assert [m.subject for m in sent_since(before, "ann@example.com")] == [
        f"A moderator put another player in a seat (Lingo game {lingo_game.pk})"
    ]
