"""Today's digest is owed as soon as a game comes to wait for a digest player whose hour has passed, whatever made
it wait: another player's move, a clock that ran out (the deadline sweep plays the timeout), a moderator's action
(a take-back, a replaced player), an undo by agreement, a computer's move, an event's game starting. Each of these
decides whom the game waits for where the clocks are set (``moves.set_clocks``); none may leave the digest to
the next day. Emails go out after the commit, as in production (this folder's tests commit)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.utils import timezone

from tests.conftest import make_user
from tests.events.conftest import create_event, sign_up, start
from tests.events.conftest import mod as mod  # noqa: F401 (a fixture)
from tests.pbem.test_a_digest_every_day import digests_to, near_noon, take_digest
from tests.push.test_digest_due import choose, device
from wordgames.accounts.models import Profile
from wordgames.events.models import EventGame
from wordgames.games import actions, emails, pushes, relay, tasks
from wordgames.games.actions.moves import PLAY_COMPUTERS
from wordgames.games.models import Game, Seat
from wordgames.push.models import PushChoices


def passed_with_nothing_waiting(user: Any) -> None:
    """``user`` takes the digest at 6 in the morning (it is about noon where they live): the sweep at their hour
    found nothing waiting, so their digest is due tomorrow."""
    take_digest(user, hour=6, zone=near_noon())
    assert emails.send_digests(timezone.now()) == 0
    assert Profile.objects.get(user=user).digest_due > timezone.now() + timedelta(hours=6)


def owed_today(user: Any, game: Game) -> None:
    """Today's digest is due now, and the next sweep sends it, with the game that waits."""
    assert Profile.objects.get(user=user).digest_due <= timezone.now()
    assert emails.send_digests(timezone.now()) == 1
    [digest] = digests_to(user)
    assert f"game {game.pk}" in digest.body
    assert emails.send_digests(timezone.now() + timedelta(minutes=5)) == 0  # once


def three_players(ann: Any, bob: Any, cat: Any) -> Game:
    """A running Lingo game of three, ann to move, then bob, then cat: a seat that forfeits leaves a game."""
    game = actions.create_game(
        ann, "lingo", {"preset": "classic"}, [bob.username, cat.username], seed=7, seated=True, internal=True
    )
    game.refresh_from_db()
    return game


def time_runs_out(game: Game, user: Any) -> None:
    """``user``'s time to move has run out; the deadline sweep plays the rules' move for them (Lingo's: they
    forfeit, and the turn passes on)."""
    Seat.objects.filter(game=game, user=user).update(due_at=timezone.now() - timedelta(minutes=1))
    assert actions.sweep(timezone.now())["timed_out"] == 1
    assert game.moves.get().source == "clock"
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE


def test_a_timeout_played_by_the_sweep_owes_the_next_player_todays_digest(ann: Any, bob: Any, cat: Any) -> None:
    """ann's time runs out at noon; the sweep resigns her seat and it is bob's turn: his digest of today goes out
    at the next digest sweep, not tomorrow at his hour."""
    game = three_players(ann, bob, cat)
    passed_with_nothing_waiting(bob)
    time_runs_out(game, ann)
    owed_today(bob, game)
    assert Profile.objects.get(user=cat).digest_due is None  # (cat takes every email)


def test_a_moderators_take_back_owes_the_player_whose_turn_it_is_again_todays_digest(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any, cat: Any
) -> None:
    play_best(lingo_game, ann)
    play_best(lingo_game, bob)  # ann to move
    passed_with_nothing_waiting(bob)
    actions.take_back_last_move(lingo_game.pk, cat, "a misclick, reported by bob")  # bob to move again
    owed_today(bob, lingo_game)


def test_a_player_a_moderator_puts_in_a_seat_whose_turn_it_is_is_owed_todays_digest(
    lingo_game: Game, ann: Any, cat: Any
) -> None:
    dan = make_user("dan", "Dan")
    passed_with_nothing_waiting(dan)
    actions.replace_player(lingo_game.pk, 0, dan, cat, "ann left the site")  # dan holds ann's seat: his turn
    owed_today(dan, lingo_game)


def test_an_undo_by_agreement_owes_the_player_whose_turn_it_is_again_todays_digest(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any
) -> None:
    play_best(lingo_game, ann)  # bob to move
    passed_with_nothing_waiting(ann)
    actions.request_undo(lingo_game.pk, ann)
    actions.answer_undo(lingo_game.pk, bob, accept=True)  # ann to move again
    owed_today(ann, lingo_game)


def test_a_timeout_owes_the_daily_push_too(ann: Any, bob: Any, cat: Any) -> None:
    game = three_players(ann, bob, cat)
    device(bob)
    choose(bob, hour=6, zone=near_noon())
    assert pushes.digest_pushes(timezone.now()) == []  # nothing waited for bob at his hour
    assert PushChoices.objects.get(user=bob).digest_due > timezone.now()
    time_runs_out(game, ann)
    assert PushChoices.objects.get(user=bob).digest_due <= timezone.now()
    [push] = pushes.digest_pushes(timezone.now())
    assert push.user_id == bob.pk and str(game.pk) in push.payload["body"]


def test_a_computers_move_played_in_a_task_owes_todays_digest(ann: Any, play_best: Any, monkeypatch: Any) -> None:
    """ann moves; the computer's answer is played later, in a task: it is ann's turn again, and her digest of
    today is owed (this path tells the players as a person's move does)."""
    hand_over = relay._hand_over
    monkeypatch.setattr(
        relay, "_hand_over", lambda pk, name, *args: name != PLAY_COMPUTERS and hand_over(pk, name, *args)
    )
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["computer:quick"], seed=7, internal=True)
    play_best(game, ann)  # the computer's turn, owed (not yet handed over)
    passed_with_nothing_waiting(ann)
    game.refresh_from_db()
    tasks.play_computers(game.pk, game.version)
    assert game.moves.filter(source="computer").count() == 1
    owed_today(ann, game)


def test_an_events_game_starting_on_a_players_turn_owes_todays_digest(ann: Any, bob: Any, mod: Any) -> None:
    """A round-robin's games are made when the event starts: whoever moves first in one is owed today's digest."""
    for user in (ann, bob):
        passed_with_nothing_waiting(user)
    event = create_event(mod, "Winter Lingo", "lingo")
    for user in (ann, bob):
        sign_up(user, event)
    start(mod, event)
    game = EventGame.objects.get(event=event).game
    assert game is not None and game.status == Game.Status.ACTIVE
    first = game.seats.get(position=0).user
    second = bob if first == ann else ann
    owed_today(first, game)
    assert Profile.objects.get(user=second).digest_due > timezone.now()  # not their turn: tomorrow
