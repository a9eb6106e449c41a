"""The token buckets behind the limits on sign-ups, resets, email changes and invitations."""

from __future__ import annotations

import datetime

import pytest
from django.core import mail
from django.test import Client
from django.urls import reverse

from wordgames.accounts import throttle
from wordgames.accounts.models import TokenBucket

pytestmark = pytest.mark.django_db
NOON = datetime.datetime(2026, 3, 1, 12, 0, tzinfo=datetime.UTC)


def test_a_bucket_allows_a_burst_then_refuses_then_refills_with_time(settings):
    settings.THROTTLE = {**settings.THROTTLE, "invitation": (3, 3600)}
    assert [throttle.allow("invitation", 7, NOON) for _ in range(4)] == [True, True, True, False]
    assert not throttle.allow("invitation", 7, NOON + datetime.timedelta(minutes=19))
    assert throttle.allow("invitation", 7, NOON + datetime.timedelta(minutes=21))  # one token per 20 minutes
    assert throttle.allow("invitation", 8, NOON)  # another player's bucket is full


def test_buckets_store_no_address_in_the_clear():
    throttle.allow("password_reset", "ann@example.com", NOON)
    assert "ann" not in TokenBucket.objects.get().key


def test_reset_asks_are_limited_per_address_and_the_sixth_is_refused_politely(ann):
    for _ in range(5):
        assert Client().post(reverse("password_reset"), {"email": "ann@example.com"}).status_code == 302
    response = Client().post(reverse("password_reset"), {"email": "ann@example.com"})
    assert response.status_code == 429
    assert "Too many password resets asked for. Please try again in 12 minutes." in response.content.decode()
    assert len(mail.outbox) == 5


def test_the_reset_page_answers_the_same_for_an_unknown_address(client, ann):
    known = Client().post(reverse("password_reset"), {"email": "ann@example.com"})
    unknown = Client().post(reverse("password_reset"), {"email": "nobody@example.com"})
    assert (known.status_code, known.url) == (unknown.status_code, unknown.url)
    assert [m.to for m in mail.outbox] == [["ann@example.com"]]
