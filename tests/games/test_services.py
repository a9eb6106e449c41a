"""The one door for writes: starting games, moves, refusals, idempotency, replay, moderation."""

from __future__ import annotations

import pytest
from django.core import mail

from wordgames.engines import get_engine
from wordgames.games import actions, queries
from wordgames.games.actions import RefusalCode
from wordgames.games.models import Game, ModerationAction, Move

pytestmark = pytest.mark.django_db


def test_game_with_open_seat_waits_then_starts_when_someone_joins(ann, bob):
    game = actions.create_game(ann, "lingo", {}, [""])
    assert game.status == Game.Status.OPEN and game.state is None
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    assert queries.player_names(game) == ["ann", "bob"]
    assert get_engine("lingo").actors(game.state) == {0}


def test_invitation_by_email_is_sent_and_accepting_starts_the_game(ann, bob, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        game = actions.create_game(ann, "lingo", {}, ["BOB@example.com"])
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]
    assert "ann invites you to play Lingo" in mail.outbox[0].subject
    seat = game.seats.get(position=1)
    assert seat.invited_user == bob
    actions.join_game(game.pk, bob, seat_id=seat.pk)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_unknown_username_is_refused_with_advice(ann):
    with pytest.raises(actions.Refused, match="no player called \u201cnobody\u201d"):
        actions.create_game(ann, "lingo", {}, ["nobody"])
    assert not Game.objects.exists()


def test_bad_option_is_refused_naming_the_option(ann, bob):
    with pytest.raises(actions.Refused, match="pool"):
        actions.create_game(ann, "lingo", {"pool": 99}, ["bob"])


def test_declined_invitation_reopens_the_seat(ann, bob, cat):
    game = actions.create_game(ann, "lingo", {}, ["bob"])
    seat = game.seats.get(position=1)
    actions.decline_invitation(seat.pk, bob)
    seat.refresh_from_db()
    assert seat.is_open
    actions.join_game(game.pk, cat)
    game.refresh_from_db()
    assert queries.player_names(game) == ["ann", "cat"]


def test_a_move_out_of_turn_is_refused_and_changes_nothing(lingo_game, bob):
    before = (lingo_game.version, lingo_game.state)
    with pytest.raises(actions.Refused, match="not your turn: ann to move") as e:
        actions.submit_move(lingo_game.pk, bob, "m13 A")
    assert e.value.code is RefusalCode.NOT_YOUR_TURN
    lingo_game.refresh_from_db()
    assert (lingo_game.version, lingo_game.state) == before
    assert not Move.objects.exists()


def test_an_outsider_cannot_move(lingo_game, cat):
    with pytest.raises(actions.Refused, match="not playing in this game"):
        actions.submit_move(lingo_game.pk, cat, "m13 A")


def test_illegal_move_gets_the_engine_sentence_and_changes_nothing(lingo_game, ann):
    with pytest.raises(actions.Refused) as e:
        actions.submit_move(lingo_game.pk, ann, "a1 Q")
    assert e.value.code is RefusalCode.ILLEGAL
    assert str(e.value)  # a sentence for the player
    lingo_game.refresh_from_db()
    assert lingo_game.version == 1 and not Move.objects.exists()


def test_stale_move_is_refused_with_the_board_has_changed(lingo_game, ann, bob, play_best):
    seen = lingo_game.version
    play_best(lingo_game, ann)
    lingo_game.refresh_from_db()
    best = get_engine("lingo").best_move(lingo_game.state, 1)
    with pytest.raises(actions.Refused, match="board has changed") as e:
        actions.submit_move(lingo_game.pk, bob, best.move, expected_version=seen)
    assert e.value.code is RefusalCode.STALE
    assert Move.objects.count() == 1


def test_double_submit_with_the_same_key_applies_once(lingo_game, ann):
    best = get_engine("lingo").best_move(lingo_game.state, 0)
    first = actions.submit_move(lingo_game.pk, ann, best.move, expected_version=1, idempotency_key="k1")
    again = actions.submit_move(lingo_game.pk, ann, best.move, expected_version=1, idempotency_key="k1")
    assert not first.duplicate and again.duplicate
    assert again.move.pk == first.move.pk
    assert Move.objects.count() == 1
    lingo_game.refresh_from_db()
    assert lingo_game.version == 2


def test_stored_state_equals_replay_of_stored_moves(lingo_game, ann, bob, play_best):
    for user in (ann, bob, ann, bob):
        play_best(lingo_game, user)
    lingo_game.refresh_from_db()
    assert queries.rebuild_state(lingo_game) == lingo_game.state
    assert [m.seat for m in queries.live_moves(lingo_game)] == [0, 1, 0, 1]
    assert all(m.summary for m in queries.live_moves(lingo_game))


def test_resigning_ends_a_two_player_game_with_the_other_winning(
    lingo_game, ann, bob, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        actions.submit_move(lingo_game.pk, bob, "resign")  # out of turn is fine for resigning
    lingo_game.refresh_from_db()
    assert lingo_game.status == Game.Status.FINISHED
    assert lingo_game.result["winners"] == [0]
    assert {tuple(m.to) for m in mail.outbox} >= {("ann@example.com",), ("bob@example.com",)}
    assert all("game over" in m.subject for m in mail.outbox)


def test_moderator_takes_back_the_last_move_and_players_are_told(
    lingo_game, ann, bob, admin_user, play_best, django_capture_on_commit_callbacks
):
    play_best(lingo_game, ann)
    lingo_game.refresh_from_db()
    after_one = lingo_game.state
    play_best(lingo_game, bob)
    with django_capture_on_commit_callbacks(execute=True):
        actions.take_back_last_move(lingo_game.pk, admin_user, "bob asked: misclick")
    lingo_game.refresh_from_db()
    assert lingo_game.state == after_one
    assert get_engine("lingo").actors(lingo_game.state) == {1}
    assert Move.objects.filter(taken_back=True).count() == 1
    action = ModerationAction.objects.get()
    assert action.kind == "take_back" and action.reason == "bob asked: misclick"
    told = [m for m in mail.outbox if "took back the last move" in m.subject]
    assert sorted(m.to[0] for m in told) == ["ann@example.com", "bob@example.com"]
    assert "bob asked: misclick" in told[0].body


def test_moderator_must_give_a_reason(lingo_game, admin_user):
    with pytest.raises(actions.Refused, match="Say why"):
        actions.end_game(lingo_game.pk, admin_user, "  ")
    lingo_game.refresh_from_db()
    assert lingo_game.status == Game.Status.ACTIVE


def test_moderator_puts_another_player_in_a_seat(lingo_game, ann, bob, cat, admin_user, play_best):
    play_best(lingo_game, ann)
    actions.replace_player(lingo_game.pk, 1, cat, admin_user, "bob left the site")
    lingo_game.refresh_from_db()
    assert queries.player_names(lingo_game) == ["ann", "cat"]
    assert queries.rebuild_state(lingo_game) == lingo_game.state
    play_best(lingo_game, cat)  # cat now moves for seat 2
    with pytest.raises(actions.Refused, match="not playing"):
        actions.submit_move(lingo_game.pk, bob, "resign")


def test_end_and_abandon(lingo_game, ann, admin_user, play_best):
    play_best(lingo_game, ann)
    game = actions.end_game(lingo_game.pk, admin_user, "time to stop")
    assert game.status == Game.Status.FINISHED and game.result["winners"] == [0]
    assert game.result["reason"] == "ended by a moderator" and game.result["end"] == "moderator"
    other = actions.create_game(ann, "lingo", {}, [""])
    abandoned = actions.end_game(other.pk, admin_user, "nobody joined", abandon=True)
    assert abandoned.status == Game.Status.ABANDONED


def test_suspended_player_cannot_move(lingo_game, ann, admin_user):
    actions.set_suspended(ann, admin_user, "abuse in chat")
    with pytest.raises(actions.Refused, match="suspended"):
        actions.submit_move(lingo_game.pk, ann, "m13 A")
