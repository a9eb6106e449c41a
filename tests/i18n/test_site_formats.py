"""Dates and numbers on the players', accounts' and seeks' pages are written the way the reader's language writes
them (Django's formats for that language), not in a fixed English pattern."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import timezone, translation
from django.utils.dates import MONTHS

from tests.conftest import logged_in
from wordgames.accounts import relations
from wordgames.accounts.models import Block, profile_for

pytestmark = pytest.mark.django_db


def reading(user: Any, language: str) -> Any:
    profile = profile_for(user)
    profile.language = language
    profile.save(update_fields=["language"])
    return logged_in(user)


@pytest.mark.parametrize(("language", "since", "joined"), [
    ("fr", "{d.day} {month} {d.year}", "{month} {d.year}"),
    ("ja", "{d.year}年{d.month}月{d.day}日", "{d.year}年{d.month}月"),
])  # fmt: skip
def test_the_blocked_list_and_a_profile_write_dates_as_the_readers_language_does(
    ann: Any, bob: Any, language: str, since: str, joined: str
) -> None:
    relations.block(ann, bob)
    client = reading(ann, language)
    created = timezone.localtime(Block.objects.get().created)
    with translation.override(language):
        month = str(MONTHS[created.month])  # the month's name in that language
    blocked = client.get("/accounts/blocked/").content.decode()
    assert since.format(d=created, month=month) in blocked
    profile = client.get("/players/bob/").content.decode()
    assert joined.format(d=timezone.localtime(bob.date_joined), month=month) in profile


def test_the_digest_hour_is_written_as_the_language_writes_a_time(ann: Any) -> None:
    english = reading(ann, "en-gb").get("/accounts/email/").content.decode()
    assert '<option value="8" selected>8 a.m.</option>' in english
    german = reading(ann, "de").get("/accounts/email/").content.decode()
    assert '<option value="8" selected>08:00</option>' in german
