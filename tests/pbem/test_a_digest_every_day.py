"""A player who takes "your turn" as a daily digest gets one every day something waits for them: never two in a
day, never a day skipped, whatever the sweeps do (issue 33: the digest reads only the players who are due, and
this must lose nothing). Emails go out after the commit, as in production (this folder's tests commit)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core import mail
from django.utils import timezone

from tests.games.conftest import start_game
from wordgames.accounts.models import Profile, profile_for
from wordgames.games import emails, notices
from wordgames.games.models import Game, Notification


def take_digest(user: Any, hour: int, zone: str) -> Profile:
    profile = profile_for(user)
    profile.email_modes = {**profile.email_modes, "your_turn": "digest"}
    profile.time_zone, profile.digest_hour = zone, hour
    profile.save()
    return Profile.objects.get(pk=profile.pk)


def near_noon() -> str:
    """A time zone where it is about noon now (far from midnight, so the test's day does not end under it)."""
    offset = 12 - timezone.now().hour  # -11 to +12
    return f"Etc/GMT{'-' if offset > 0 else '+'}{abs(offset)}" if offset else "UTC"


def digests_to(user: Any) -> list[Any]:
    return [m for m in mail.outbox if m.to == [user.email] and "daily digest" in m.subject]


def test_a_game_that_comes_to_wait_after_the_digest_hour_is_in_that_days_digest(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any
) -> None:
    """Bob's hour (6 in the morning) has passed: at the sweep nothing waited for him (ann to move), so no digest
    then. At noon ann moves and it is bob's turn: today's digest goes out at the next sweep, once; tomorrow's at
    his hour."""
    take_digest(bob, hour=6, zone=near_noon())
    assert emails.send_digests(timezone.now()) == 0  # nothing waits for bob
    assert Profile.objects.get(user=bob).digest_due > timezone.now()  # moved on to tomorrow
    play_best(lingo_game, ann)
    assert digests_to(bob) == []  # no email at once: he takes a digest
    assert emails.send_digests(timezone.now()) == 1
    [digest] = digests_to(bob)
    assert f"Lingo game {lingo_game.pk}, move 2: bob to move" in digest.body
    for later in (timedelta(minutes=5), timedelta(hours=2)):
        assert emails.send_digests(timezone.now() + later) == 0  # never two in a day
    tomorrow = Profile.objects.get(user=bob).digest_due
    start_game(bob, ann, {"preset": "classic"}, seed=3)  # another game waits for him: today's digest went out
    assert Profile.objects.get(user=bob).digest_due == tomorrow  # so it stays tomorrow's
    assert emails.send_digests(tomorrow + timedelta(minutes=3)) == 1  # tomorrow's, with both games
    assert len(digests_to(bob)) == 2 and "Your turn in 2 games" in digests_to(bob)[-1].subject


def test_a_sweep_that_runs_past_the_players_midnight_still_sends_that_days_digest(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any
) -> None:
    """Bob's digest is due at 23:00; the sweeps fall behind and the first to read it runs at 00:01 the next day:
    that day's digest still goes out (late), and the next day's at 23:00 as usual: one a day, none skipped."""
    play_best(lingo_game, ann)  # bob to move
    due = take_digest(bob, hour=23, zone="UTC").digest_due
    assert due is not None and due.hour == 23
    assert emails.send_digests(due + timedelta(minutes=61)) == 1  # 00:01 the next day
    key = notices.digest_key(bob.pk, due.date().isoformat())
    assert Notification.objects.filter(key=key, sent__isnull=False).exists()  # the day it was due
    assert Profile.objects.get(user=bob).digest_due == due + timedelta(days=1)
    assert emails.send_digests(due + timedelta(minutes=75)) == 0
    assert emails.send_digests(due + timedelta(days=1, minutes=3)) == 1  # the next day's
    assert len(digests_to(bob)) == 2


def test_a_digest_another_sweep_is_sending_stays_due_until_it_is_sent(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any
) -> None:
    """Two sweeps at once (beat's and a retried one): the second finds bob's digest claimed by the first and must
    not move his due time on, for the first may fail or die before sending; once that claim has run out, the
    next sweep sends it."""
    play_best(lingo_game, ann)  # bob to move
    due = take_digest(bob, hour=8, zone="UTC").digest_due
    key = notices.digest_key(bob.pk, due.date().isoformat())
    Notification.objects.create(key=key, recipient=bob.email, subject="digest", claimed=timezone.now())
    assert emails.send_digests(due + timedelta(minutes=1)) == 0  # the other sweep holds it
    assert Profile.objects.get(user=bob).digest_due == due  # still due
    # The other sweep died before sending: its claim runs out.
    Notification.objects.filter(key=key).update(
        claimed=timezone.now() - timedelta(seconds=settings.EMAIL_CLAIM_LEASE + 1)
    )
    assert emails.send_digests(due + timedelta(minutes=6)) == 1
    assert len(digests_to(bob)) == 1
    assert Profile.objects.get(user=bob).digest_due == due + timedelta(days=1)
