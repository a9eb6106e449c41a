"""A private reply address belongs to a seat and the player holding it: when a moderator puts someone else in
the seat, the old address stops working, for the old player, for the team-mates who went with them, and for
anyone who learnt it (even where the site trusts any sender of a reply address), and the writer is told why.
The new player moves with the address of the emails sent to them: when the game waits for their seat, from the
first one, a "your turn" with the board sent at once (the others, for whom nothing changed, get only the
moderator's notice)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from wordgames.games import actions
from wordgames.games.models import Game, Move, TeamInvitation

from . import mime
from .deliver import by_pipe
from .test_inbound import best, latest_to, replies_to

CHANGED_HANDS = "the seat has changed hands"


def refused_with_reason(address: str) -> None:
    answer = replies_to(address)[-1].body
    assert "not a valid reply address" in answer and CHANGED_HANDS in answer, answer


@pytest.mark.parametrize("require_from", [True, False])
def test_a_replaced_players_reply_address_stops_working(
    lingo_game: Game, cat: Any, admin_user: Any, require_from: bool, tmp_path: Path, settings: Any
) -> None:
    settings.INBOUND_REQUIRE_FROM = require_from
    to_ann = latest_to("ann@example.com")
    move = best(lingo_game, 0)
    actions.replace_player(lingo_game.pk, 0, cat, admin_user, "ann is away for months")

    record = by_pipe(mime.reply(to_ann, move), tmp_path)
    assert record is not None and record.outcome == "refused" and not Move.objects.exists()
    refused_with_reason("ann@example.com")
    # Someone who learnt the address (a forwarded email) cannot use it either, even writing from cat's address.
    by_pipe(mime.reply(to_ann, move, sender="cat@example.com"), tmp_path)
    assert not Move.objects.exists()
    refused_with_reason("cat@example.com")


def test_the_new_player_moves_with_the_address_sent_to_them(
    lingo_game: Game, cat: Any, bob: Any, admin_user: Any, play_best: Any, tmp_path: Path
) -> None:
    to_ann = latest_to("ann@example.com")
    actions.replace_player(lingo_game.pk, 0, cat, admin_user, "ann is away for months")
    play_best(lingo_game, cat)
    play_best(lingo_game, bob)
    to_cat = latest_to("cat@example.com")
    assert "cat to move" in to_cat.subject and mime.reply_address(to_cat) != mime.reply_address(to_ann)
    move = best(lingo_game, 0)
    by_pipe(mime.reply(to_cat, move), tmp_path)
    assert Move.objects.filter(game=lingo_game, user=cat, text=move, source=Move.Source.EMAIL).exists()


def test_a_replacement_whose_turn_it_is_moves_by_replying_to_their_first_email(
    lingo_game: Game, cat: Any, admin_user: Any, tmp_path: Path
) -> None:
    sent_before = len(mail.outbox)
    actions.replace_player(lingo_game.pk, 0, cat, admin_user, "ann is away for months")  # ann's turn: now cat's
    new = mail.outbox[sent_before:]
    first = next(m for m in new if m.to == ["cat@example.com"])
    assert "cat to move" in first.subject and "It is your turn" in first.body and "reply to this email" in first.body
    assert mime.reply_address(first).startswith("play+")
    # bob's position did not change: he hears of the moderation only.
    assert [m.subject for m in new if m.to == ["bob@example.com"]] == [
        f"A moderator put another player in a seat (Lingo game {lingo_game.pk})"
    ]
    move = best(lingo_game, 0)
    by_pipe(mime.reply(first, move), tmp_path)
    assert Move.objects.filter(game=lingo_game, user=cat, text=move, source=Move.Source.EMAIL).exists()


def test_a_replacement_waiting_for_another_player_hears_of_their_turn_when_it_comes(
    lingo_game: Game, cat: Any, admin_user: Any, play_best: Any, tmp_path: Path
) -> None:
    sent_before = len(mail.outbox)
    actions.replace_player(lingo_game.pk, 1, cat, admin_user, "bob is away for months")  # ann's turn still
    new = mail.outbox[sent_before:]
    assert [m.subject for m in new if m.to == ["cat@example.com"]] == [
        f"A moderator put another player in a seat (Lingo game {lingo_game.pk})"
    ]
    assert [m.subject for m in new if m.to == ["ann@example.com"]] == [
        f"A moderator put another player in a seat (Lingo game {lingo_game.pk})"
    ]
    play_best(lingo_game, lingo_game.seats.get(position=0).user)
    to_cat = latest_to("cat@example.com")
    assert "cat to move" in to_cat.subject
    move = best(lingo_game, 1)
    by_pipe(mime.reply(to_cat, move), tmp_path)
    assert Move.objects.filter(game=lingo_game, user=cat, text=move, source=Move.Source.EMAIL).exists()


def test_a_team_mate_who_went_with_the_old_player_cannot_move_for_the_new_one(
    ann: Any, bob: Any, cat: Any, dan: Any, admin_user: Any, tmp_path: Path, settings: Any
) -> None:
    settings.INBOUND_REQUIRE_FROM = False  # the laxest reading: any sender of a valid address is the seat's player
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=7, partners={0: ["cat"]})
    actions.answer_team_invitation(TeamInvitation.objects.get(user=cat).pk, cat, True)
    actions.join_game(game.pk, bob)
    to_cat = latest_to("cat@example.com")
    move = best(game, 0)
    actions.replace_player(game.pk, 0, dan, admin_user, "ann and cat left")

    record = by_pipe(mime.reply(to_cat, move), tmp_path)
    assert record is not None and record.outcome == "refused" and not Move.objects.exists()
    refused_with_reason("cat@example.com")
