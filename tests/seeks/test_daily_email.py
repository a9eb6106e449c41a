"""The daily "new seeks" email: only for players who asked for it (on the seeks page or the email settings), at
their digest hour in their time zone, listing the seeks posted since the last one that they may take (not their
own, nobody blocked either way, their rating inside the band), each with its link; none on a day without any, and
never two for the same seeks."""

from __future__ import annotations

import re
import zoneinfo
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.utils import timezone

from tests.conftest import logged_in, make_user
from wordgames import sweeps
from wordgames.accounts import relations
from wordgames.accounts.models import profile_for
from wordgames.seeks.models import Seek, SeekMail

from .conftest import post_seek, rate, take

pytestmark = pytest.mark.django_db


def the_hour_comes() -> None:
    """Every reader's hour has come; beat wakes the sweep (the task named in its schedule)."""
    SeekMail.objects.update(next_due=timezone.now() - timedelta(seconds=1))
    sweeps.task_named(settings.CELERY_BEAT_SCHEDULE["send-new-seeks"]["task"])()


def emails_to(user: Any) -> list[Any]:
    return [m for m in mail.outbox if m.to == [user.email]]


def opt_in(user: Any) -> None:
    assert logged_in(user).post("/seeks/email/", {"daily": "yes"}).status_code == 302


def test_a_reader_gets_the_days_new_seeks_they_may_take_and_nothing_else(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    eve = make_user("eve")
    opt_in(bob)
    rate(bob, "lingo", 1500)
    rate(ann, "lingo", 1900)
    lingo = post_seek(ann, "lingo", preset="pbem")
    keebble = post_seek(cat, "keebble", players=3, rated=False, clock="1d")
    post_seek(ann, "lingo", band=100)  # bob is outside its band
    post_seek(bob, "lingo")  # his own
    post_seek(eve, "lingua-fences")  # bob blocks eve
    relations.block(bob, eve)
    post_seek(dan, "lingua-fences").delete()  # gone
    taken = post_seek(dan, "keebble")
    take(cat, taken)  # started before the email: no longer open
    sat = post_seek(dan, "lingo", players=3)
    take(bob, sat)  # bob has a seat in it already
    the_hour_comes()
    (email,) = emails_to(bob)
    assert email.subject == "2 new seeks you may take (Wordgames)"
    body = str(email.body)
    for seek in (lingo, keebble):
        assert f"{settings.SITE_ROOT}/seeks/{seek.pk}/" in body
    assert len(re.findall(r"/seeks/\d+/", body)) == 2
    assert "Lingo, 2 players, rated, 3 days a move" in body and "preset pbem" in body
    assert "Keebble, 3 players, not rated, 1 day a move" in body and "2 seats left" in body
    assert email.extra_headers["List-Unsubscribe"].startswith(f"<{settings.SITE_ROOT}/seeks/email/stop/")
    assert [m for m in mail.outbox if m.to != [bob.email] and "new seek" in m.subject] == [], "nobody else asked"


def test_none_is_sent_twice_nor_on_a_day_without_new_seeks(ann: Any, bob: Any) -> None:
    opt_in(bob)
    first = post_seek(ann, "lingo")
    the_hour_comes()
    assert len(emails_to(bob)) == 1
    the_hour_comes()  # the sweep again (beat runs it every few minutes): nothing new since
    the_hour_comes()
    assert len(emails_to(bob)) == 1
    later = post_seek(ann, "keebble")
    the_hour_comes()
    assert len(emails_to(bob)) == 2
    body = str(emails_to(bob)[-1].body)
    assert f"/seeks/{later.pk}/" in body and f"/seeks/{first.pk}/" not in body


def test_the_email_waits_for_the_readers_hour_in_their_time_zone(ann: Any, bob: Any) -> None:
    profile = profile_for(bob)
    profile.time_zone, profile.digest_hour = "Asia/Tokyo", 7
    profile.save()
    opt_in(bob)
    due = SeekMail.objects.get(user=bob).next_due.astimezone(zoneinfo.ZoneInfo("Asia/Tokyo"))
    assert (due.hour, due.minute) == (7, 0) and timedelta(0) < due - timezone.now() <= timedelta(days=1)
    post_seek(ann, "lingo")
    sweeps.task_named(settings.CELERY_BEAT_SCHEDULE["send-new-seeks"]["task"])()
    assert emails_to(bob) == [], "not before the hour"


def test_players_who_did_not_ask_or_stopped_get_none(ann: Any, bob: Any, cat: Any) -> None:
    opt_in(bob)
    opt_in(cat)
    assert logged_in(cat).post("/seeks/email/", {"daily": "no"}).status_code == 302
    post_seek(ann, "lingo")
    the_hour_comes()
    assert len(emails_to(bob)) == 1 and emails_to(cat) == [] and emails_to(ann) == []


def test_the_choice_is_on_the_seeks_page_and_the_email_settings(bob: Any) -> None:
    client = logged_in(bob)
    for url in ("/seeks/", "/accounts/email/"):
        page = client.get(url).content.decode()
        assert 'action="/seeks/email/"' in page and "Email me new seeks daily" in page
    opt_in(bob)
    assert "Stop these emails" in client.get("/accounts/email/").content.decode()


def test_the_emails_stop_link_works_in_one_click_without_logging_in(ann: Any, bob: Any) -> None:
    opt_in(bob)
    post_seek(ann, "lingo")
    the_hour_comes()
    link = emails_to(bob)[0].extra_headers["List-Unsubscribe"].strip("<>").removeprefix(settings.SITE_ROOT)
    assert Client().get(link).status_code == 200 and SeekMail.objects.exists(), "a GET only asks"
    assert Client(enforce_csrf_checks=True).post(link, {"List-Unsubscribe": "One-Click"}).status_code == 200
    assert not SeekMail.objects.exists()
    assert Client().post(link[:-5] + "xxxx/").status_code == 400
    assert Seek.objects.count() == 1


def test_one_sweep_serves_every_reader_whose_hour_has_come_however_many(ann: Any, monkeypatch: Any) -> None:
    """At a popular hour more readers are due than a batch holds (200; 2 here): the one sweep serves them all,
    a batch at a time, instead of a batch every five minutes with the rest hours late."""
    from wordgames.seeks import emails as seek_emails

    monkeypatch.setattr(seek_emails, "BATCH", 2)
    readers = [make_user(f"reader{n}") for n in range(5)]
    for reader in readers:
        opt_in(reader)
    post_seek(ann, "lingo")
    the_hour_comes()
    assert all(len(emails_to(reader)) == 1 for reader in readers)
    assert not SeekMail.objects.filter(next_due__lte=timezone.now()).exists()
