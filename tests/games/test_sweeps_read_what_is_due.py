"""Every beat sweep costs what is due (issue 33 item 1): each reads its rows by an indexed due time (a player's
next digest, a seat's deadline and reminder, a game's computer wake time, ...), so idle players and games cost it
nothing; each due time stays right when what it follows changes, and nothing due is missed, by beat's sweeps or
by the embedded default's timer. The same tests run on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from tests.games.conftest import start_game
from wordgames import retention, sweeps
from wordgames.accounts.models import Profile, profile_for
from wordgames.games import actions, emails
from wordgames.games.actions import clocks
from wordgames.games.models import Game, Notification, Seat


def take_digest(user: Any, hour: int = 8, zone: str = "UTC") -> Profile:
    profile = profile_for(user)
    profile.email_modes = {**profile.email_modes, "your_turn": "digest"}
    profile.time_zone, profile.digest_hour = zone, hour
    profile.save()
    return Profile.objects.get(pk=profile.pk)


def digests_to(user: Any) -> list[Any]:
    return [m for m in mail.outbox if m.to == [user.email] and "daily digest" in m.subject]


def test_idle_digest_players_cost_the_sweep_one_query(
    ann: Any, bob: Any, cat: Any, django_assert_max_num_queries: Any
) -> None:
    """Bob's digest goes out at his hour; until tomorrow's, every sweep reads only the players who are due (none),
    however many take a digest: one query."""
    start_game(bob, ann, {"preset": "classic"}, seed=7)  # bob to move
    for player in (ann, cat):
        take_digest(player)
    due = take_digest(bob).digest_due
    assert emails.send_digests(due + timedelta(minutes=3)) == 1
    for later in (timedelta(minutes=8), timedelta(hours=12), timedelta(hours=23, minutes=58)):
        with django_assert_max_num_queries(1):
            assert emails.send_digests(due + later) == 0
    assert emails.send_digests(due + timedelta(days=1, minutes=3)) == 1  # tomorrow's
    assert len(digests_to(bob)) == 2


def test_a_digest_due_while_no_sweep_ran_goes_out_at_the_next_sweep_and_only_once(ann: Any, bob: Any) -> None:
    start_game(bob, ann, {"preset": "classic"}, seed=7)
    due = take_digest(bob, hour=6, zone="Asia/Tokyo").digest_due
    late = due + timedelta(hours=3, minutes=17)  # the site was down from before the hour until now
    assert emails.send_digests(late) == 1
    assert emails.send_digests(late + timedelta(minutes=5)) == 0
    assert Profile.objects.get(user=bob).digest_due == due + timedelta(days=1)


def test_a_day_with_nothing_waiting_sends_nothing_and_waits_for_the_next_day(ann: Any, bob: Any) -> None:
    start_game(ann, bob, {"preset": "classic"}, seed=7)  # ann to move, not bob
    due = take_digest(bob).digest_due
    assert emails.send_digests(due + timedelta(minutes=1)) == 0
    assert Profile.objects.get(user=bob).digest_due == due + timedelta(days=1)
    assert digests_to(bob) == []


def test_a_team_mate_taking_a_digest_gets_the_shared_seats_games(ann: Any, bob: Any, cat: Any) -> None:
    game = start_game(bob, ann, {"preset": "classic"}, seed=7)  # bob's seat to move
    Seat.objects.get(game=game, position=0).partners.add(cat)
    due = take_digest(cat).digest_due
    assert emails.send_digests(due + timedelta(minutes=1)) == 1
    assert f"Lingo game {game.pk}" in digests_to(cat)[0].body


def test_a_reminded_seat_is_not_read_again_and_a_vacation_moves_its_deadline(
    ann: Any, bob: Any, django_assert_max_num_queries: Any
) -> None:
    game = start_game(ann, bob, {"preset": "classic"}, seed=7)
    seat = Seat.objects.get(game=game, position=0)
    assert seat.remind_at is not None and seat.due_at is not None
    at_reminder = seat.remind_at + timedelta(minutes=1)
    assert clocks.sweep(at_reminder)["reminded"] == 1
    with django_assert_max_num_queries(3):  # green lights, reminders, timeouts: none due
        assert clocks.sweep(at_reminder + timedelta(minutes=1)) == {"reminded": 0, "timed_out": 0}
    actions.set_vacation(ann, 3, now=at_reminder)
    moved = Seat.objects.get(pk=seat.pk)
    assert moved.due_at == seat.due_at + timedelta(days=3)
    assert clocks.sweep(seat.due_at + timedelta(minutes=1))["timed_out"] == 0  # the old deadline: nothing
    assert clocks.sweep(moved.due_at + timedelta(minutes=1))["timed_out"] == 1  # the new one: the timeout
    assert Game.objects.get(pk=game.pk).version > game.version


def test_retention_deletes_old_rows_in_bounded_batches_and_keeps_what_is_still_needed(
    ann: Any, bob: Any, settings: Any
) -> None:
    from wordgames.games.models import Notice, OwedTask
    from wordgames.pbem.models import InboundMessage

    now = timezone.now()
    game = start_game(ann, bob, {"preset": "classic"}, seed=7)
    old = now - timedelta(days=settings.RETAIN_EMAILS_SENT_DAYS + 1)
    Notification.objects.bulk_create(
        Notification(key=f"old:{i}", recipient="a@example.org", subject="s") for i in range(5)
    )
    Notification.objects.filter(key__startswith="old:").update(created=old, sent=old)
    today = Notification.objects.create(
        key=f"digest:{bob.pk}:{now.date()}", recipient="b@example.org", subject="digest", sent=now
    )
    Notification.objects.filter(pk=today.pk).update(created=now - timedelta(days=1))  # yesterday's, still kept
    received = InboundMessage.objects.create(message_id="<old@example.org>", via="webhook")
    InboundMessage.objects.filter(pk=received.pk).update(
        received=now - timedelta(days=settings.RETAIN_EMAILS_RECEIVED_DAYS + 1)
    )
    recent = InboundMessage.objects.create(message_id="<new@example.org>", via="webhook")
    failed = Notice.objects.create(game=game, version=1, error="a bug")
    waiting = Notice.objects.create(game=game, version=2)
    Notice.objects.filter(pk__in=[failed.pk, waiting.pk]).update(created=now - timedelta(days=400))
    owed = OwedTask.objects.create(task="wordgames.games.tasks.send_news")
    OwedTask.objects.filter(pk=owed.pk).update(created=now - timedelta(days=400))

    assert retention.prune(now, batch=3)["emails sent"] == 3  # a bounded batch, oldest first
    assert retention.prune(now, batch=3)["emails sent"] == 2
    assert retention.prune(now, batch=3)["emails sent"] == 0
    assert Notification.objects.filter(pk=today.pk).exists()  # it stops a second digest today
    assert list(InboundMessage.objects.values_list("pk", flat=True)) == [recent.pk]
    assert list(Notice.objects.filter(pk__in=[failed.pk, waiting.pk]).values_list("pk", flat=True)) == [
        waiting.pk
    ]  # still to be sent: kept
    assert OwedTask.objects.filter(pk=owed.pk).exists()  # a pending task: never removed here


def test_sent_emails_are_kept_two_days_at_least(settings: Any) -> None:
    from tests.test_safe_defaults import SECRET, settings_under

    done = settings_under({"SECRET_KEY": SECRET, "RETAIN_EMAILS_SENT_DAYS": "0"}, "RETAIN_EMAILS_SENT_DAYS")
    assert done.stdout.strip() == "2"


@pytest.mark.django_db(transaction=True)
def test_the_embedded_timer_sends_due_digests_and_prunes_like_beat(ann: Any, bob: Any) -> None:
    """On the embedded default the timer runs the same sweeps: a digest whose time has come goes out, an old
    email record is pruned."""
    start_game(bob, ann, {"preset": "classic"}, seed=7)
    take_digest(bob, hour=0)  # midnight: whenever this runs, today's hour has come
    Profile.objects.filter(user=bob).update(digest_due=timezone.now() - timedelta(minutes=1))
    old = Notification.objects.create(key="old", recipient="a@example.org", subject="s")
    Notification.objects.filter(pk=old.pk).update(created=timezone.now() - timedelta(days=400))
    names = sweeps.beat_tasks()
    assert "wordgames.retention.prune_history" in names
    timer = sweeps.Sweeps(names, period=60)
    assert timer.run() == {name: True for name in names}
    assert len(digests_to(bob)) == 1
    assert Profile.objects.get(user=bob).digest_due > timezone.now()  # and his next one is ahead
    assert not Notification.objects.filter(pk=old.pk).exists()


def test_the_new_seeks_email_moves_with_the_time_zone_and_digest_hour(ann: Any) -> None:
    from zoneinfo import ZoneInfo

    from wordgames.seeks import actions as seeks
    from wordgames.seeks.models import SeekMail

    seeks.set_seek_mail(ann, True)
    profile = profile_for(ann)
    profile.time_zone, profile.digest_hour = "Asia/Tokyo", 18
    profile.save()
    due = SeekMail.objects.get(user=ann).next_due
    assert due.astimezone(ZoneInfo("Asia/Tokyo")).hour == 18 and timezone.now() < due <= timezone.now() + timedelta(
        days=1
    )


@pytest.mark.django_db
def test_each_sweep_reads_its_due_rows_by_an_index() -> None:
    from django.db import connection

    from wordgames.games.models import GreenLightRequest
    from wordgames.pbem.models import InboundMessage
    from wordgames.push.models import PushChoices

    if connection.vendor != "postgresql":
        pytest.skip("the plan is PostgreSQL's")
    now = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")  # an empty table: the planner would scan it whatever the indexes
    try:
        assert "profile_digest_due" in Profile.objects.filter(digest_due__lte=now).order_by("digest_due").explain()
        assert "push_digest_due" in PushChoices.objects.filter(digest_due__lte=now).order_by("digest_due").explain()
        assert "game_wake_due" in Game.objects.filter(wake_at__lte=now).order_by("wake_at", "pk").explain()
        assert "seat_reminder_due" in Seat.objects.filter(remind_at__lte=now, reminded=False).explain()
        waiting = GreenLightRequest.objects.filter(status="waiting", fire_at__lte=now)
        assert "green_light_due" in waiting.explain()
        assert "game_abandoned_lately" in Game.objects.filter(status="abandoned", finished__gte=now).explain()
        assert "received" in InboundMessage.objects.filter(received__lt=now).order_by("received").explain()
        assert "created" in Notification.objects.filter(created__lt=now).order_by("created").explain()
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET enable_seqscan")
