"""The daily push for "your turn" costs its sweep what is due (issue 33 item 1): each player who chose it has a
due time of their own, read by an index, moved on by the sweep that read it and moved with their time zone and
digest hour; players who chose it but are not due cost the sweep nothing. The same tests run on SQLite and
PostgreSQL."""

from __future__ import annotations

from datetime import timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth.models import User
from django.utils import timezone

from tests.games.conftest import start_game
from wordgames.accounts.models import profile_for
from wordgames.games import pushes
from wordgames.push.models import PushChoices, Subscription

pytestmark = pytest.mark.django_db


def device(user: Any) -> Subscription:
    return Subscription.objects.create(
        user=user, endpoint=f"https://push.example.org/{user.username}", p256dh="key", auth="secret", label="phone"
    )


def choose(user: Any, mode: str = "digest", hour: int = 8, zone: str = "UTC") -> PushChoices:
    """``user`` takes "your turn" on their devices as ``mode`` (the daily push by default), at ``hour`` in
    ``zone``."""
    profile = profile_for(user)
    profile.time_zone, profile.digest_hour = zone, hour
    profile.save()
    choices, _ = PushChoices.objects.get_or_create(user=user)
    choices.modes = {**choices.modes, "your_turn": mode}
    choices.save()
    return PushChoices.objects.get(pk=choices.pk)


def pushed_to(user: Any, now: Any) -> list[pushes.Push]:
    return [push for push in pushes.digest_pushes(now) if push.user_id == user.pk]


def test_an_idle_push_sweep_is_one_query_however_many_chose_the_daily_push(
    ann: Any, django_assert_max_num_queries: Any
) -> None:
    """Fifty players chose the daily push at midnight and have a device, five a game waiting: today's pushes go
    out at the first sweep; until tomorrow's, every sweep reads only the players who are due (none): one query."""
    User.objects.bulk_create(User(username=f"player{i}", email=f"p{i}@example.org") for i in range(50))
    players = list(User.objects.filter(username__startswith="player").order_by("pk"))
    for number, player in enumerate(players):
        if number < 5:
            start_game(player, ann, {"preset": "classic"}, seed=7)  # their turn
        device(player)
        choose(player, hour=0)
    now = timezone.now()
    assert sorted(push.user_id for push in pushes.digest_pushes(now)) == [player.pk for player in players[:5]]
    tomorrow = PushChoices.objects.get(user=players[0]).digest_due
    assert tomorrow is not None and tomorrow > now
    for later in (now + timedelta(seconds=30), tomorrow - timedelta(seconds=30)):
        with django_assert_max_num_queries(1):
            assert pushes.digest_pushes(later) == []


def test_a_due_push_goes_out_once_and_is_due_again_tomorrow(ann: Any, bob: Any) -> None:
    game = start_game(bob, ann, {"preset": "classic"}, seed=7)  # bob to move
    device(bob)
    due = choose(bob).digest_due
    assert due is not None and due.astimezone(ZoneInfo("UTC")).hour == 8
    [push] = pushed_to(bob, due + timedelta(minutes=3))
    assert push.payload["body"] == f"Your turn in Lingo game {game.pk} against Ann"
    assert push.key == f"push-digest:{bob.pk}:{due.date().isoformat()}"  # one a day per device, as before
    assert PushChoices.objects.get(user=bob).digest_due == due + timedelta(days=1)
    assert pushed_to(bob, due + timedelta(minutes=8)) == []
    assert pushed_to(bob, due + timedelta(hours=23, minutes=58)) == []
    assert len(pushed_to(bob, due + timedelta(days=1, minutes=3))) == 1  # tomorrow's


def test_a_player_with_nothing_waiting_or_no_device_is_moved_on_without_a_push(ann: Any, bob: Any) -> None:
    start_game(ann, bob, {"preset": "classic"}, seed=7)  # ann to move, not bob
    device(bob)
    bobs = choose(bob).digest_due
    annes = choose(ann).digest_due  # ann has a game waiting but no device
    assert bobs is not None and annes is not None
    assert pushes.digest_pushes(max(bobs, annes) + timedelta(minutes=1)) == []
    assert PushChoices.objects.get(user=bob).digest_due == bobs + timedelta(days=1)
    assert PushChoices.objects.get(user=ann).digest_due == annes + timedelta(days=1)


def test_changing_time_zone_or_digest_hour_moves_the_daily_push(bob: Any) -> None:
    choose(bob)
    profile = profile_for(bob)
    profile.time_zone, profile.digest_hour = "Asia/Tokyo", 18
    profile.save()
    due = PushChoices.objects.get(user=bob).digest_due
    tokyo = ZoneInfo("Asia/Tokyo")
    assert due is not None
    assert due.astimezone(tokyo).hour == 18 and due.astimezone(tokyo).date() == timezone.now().astimezone(tokyo).date()
    profile.digest_hour = 6
    profile.save()
    assert PushChoices.objects.get(user=bob).digest_due == due - timedelta(hours=12)


def test_turning_the_daily_push_off_clears_its_due_time_and_nothing_is_pushed(ann: Any, bob: Any) -> None:
    start_game(bob, ann, {"preset": "classic"}, seed=7)
    device(bob)
    due = choose(bob).digest_due
    assert due is not None
    assert choose(bob, mode="every").digest_due is None
    assert pushed_to(bob, due + timedelta(minutes=1)) == []
    profile = profile_for(bob)
    profile.digest_hour = 9  # a player without the daily push gets no due time when the hour moves
    profile.save()
    assert PushChoices.objects.get(user=bob).digest_due is None
    assert choose(bob, hour=9).digest_due == due + timedelta(hours=1)  # chosen again: due at the hour again


def test_a_crash_before_the_daily_push_is_recorded_leaves_it_due_and_the_next_sweep_owes_it(ann: Any, bob: Any) -> None:
    """The sweep records bob's push as owed (a row the relay hands to the broker) and moves his due time on in one
    step: the database failing as the push is recorded (the process dying there is the same) leaves him due, and
    the next sweep owes it. Before, the due time was moved on first and the push was lost."""
    from django.db import OperationalError, connection

    from wordgames.games import tasks
    from wordgames.games.models import OwedTask

    start_game(bob, ann, {"preset": "classic"}, seed=7)  # bob to move
    device(bob)
    offset = 12 - timezone.now().hour  # a zone where it is about noon: his hour (6) has passed today
    due = choose(bob, hour=6, zone=f"Etc/GMT{'-' if offset > 0 else '+'}{abs(offset)}" if offset else "UTC").digest_due
    assert due is not None and due <= timezone.now()

    def fail_on_owing(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        if sql.lstrip().upper().startswith("INSERT") and OwedTask._meta.db_table in sql:
            raise OperationalError("the database went away")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(fail_on_owing), pytest.raises(OperationalError):
        tasks.send_digests()
    assert PushChoices.objects.get(user=bob).digest_due == due  # still due
    assert not OwedTask.objects.filter(task="wordgames.games.relay.send_push").exists()
    tasks.send_digests()
    [owed] = OwedTask.objects.filter(task="wordgames.games.relay.send_push")
    assert owed.args[0] == bob.pk and owed.args[1].startswith(f"push-digest:{bob.pk}:")
    assert PushChoices.objects.get(user=bob).digest_due > timezone.now()  # moved on with it
