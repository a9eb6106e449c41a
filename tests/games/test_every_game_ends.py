"""A game nobody plays still ends: every seat silent, the clock sweep run again and again, each kind of game
finishes within a bounded number of deadlines (a seat that times out three times in a row is resigned), and
then nobody is emailed any more."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from tests.engines.lexicon_crossing.conftest import lay_out
from tests.support.web import new_game
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db

KINDS = ["lingo", "lingua-fences", "keebble", "lexicon-crossing"]


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_nobody_plays_ends_and_then_stays_quiet(
    kind: str, ann: Any, bob: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.TIMEOUTS_IN_A_ROW = 3
    game = new_game(kind, [ann, bob])
    now = timezone.now()
    deadlines = 0
    while game.status == Game.Status.ACTIVE and deadlines < 40:
        now += timedelta(days=8)  # past every deadline (a week per move) and every reminder
        with django_capture_on_commit_callbacks(execute=True):  # the emails each sweep owes, sent
            actions.sweep(now)
        deadlines += 1
        game.refresh_from_db()
    assert game.status == Game.Status.FINISHED, f"{kind}: still running after {deadlines} deadlines"
    # Each seat is resigned at its third timeout in a row at the latest: two seats, three timeouts each.
    assert deadlines <= 6, f"{kind}: took {deadlines} deadlines"
    sent = len(mail.outbox)
    assert sent > 0 and any("time to move ran out" in m.body for m in mail.outbox), "no timeout was told"
    for _ in range(5):
        now += timedelta(days=8)
        with django_capture_on_commit_callbacks(execute=True):
            actions.sweep(now)
    assert len(mail.outbox) == sent, "a finished game kept emailing its players"


def test_a_move_of_your_own_starts_the_count_again(ann: Any, bob: Any, settings: Any) -> None:
    """Lexicon Crossing before red light: nobody is obliged to move, but each seat's idle clock runs. Two
    silences each, then ann rearranges her crossword: at the next deadline bob (three in a row) is resigned and
    ann, whose count started again, wins."""
    settings.TIMEOUTS_IN_A_ROW = 3
    game = new_game("lexicon-crossing", [ann, bob])
    now = timezone.now()
    for _ in range(2):
        now += timedelta(days=8)
        actions.sweep(now)
    assert [s.timeouts for s in game.seats.order_by("position")] == [2, 2]
    game.refresh_from_db()
    actions.submit_move(game.pk, ann, lay_out(game.state["tiles"][0]))
    assert game.seats.get(user=ann).timeouts == 0
    actions.sweep(now + timedelta(days=8))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["winners"] == [0], game.result


def test_the_idle_reminder_does_not_call_it_a_turn(ann: Any, bob: Any, django_capture_on_commit_callbacks: Any) -> None:
    game = new_game("lexicon-crossing", [ann, bob])
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):  # the emails a sweep owes, sent
        actions.sweep(timezone.now() + timedelta(days=6))  # 80 % of a week: the reminders, not yet the deadline
    reminders = [m for m in mail.outbox if m.subject.startswith("Reminder:")]
    assert sorted(m.to[0] for m in reminders) == ["ann@example.com", "bob@example.com"]
    assert all("you have not moved" in m.body and "your turn" not in m.body for m in reminders)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
