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


@pytest.mark.parametrize(
    ("language", "since", "joined"),
    [
        ("fr", "{d.day} {month} {d.year}", "{month} {d.year}"),
        ("ja", "{d.year}年{d.month}月{d.day}日", "{d.year}年{d.month}月"),
    ],
)
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


def test_a_french_reader_sees_large_numbers_grouped_and_dates_with_french_month_names(ann: Any, bob: Any) -> None:
    from wordgames.games import actions
    from wordgames.ratings.models import Rating

    Rating.objects.create(user=bob, kind="lingo", value=1234, games=31)
    profile = reading(ann, "fr").get("/players/bob/").content.decode()
    assert "1\xa0234" in profile and "1234" not in profile.replace("1\xa0234", "")  # "1 234", as French writes it
    assert "1,234" in reading(ann, "en-gb").get("/players/bob/").content.decode()
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=7, internal=True)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    due = timezone.localtime(game.seats.get(position=0).due_at)
    with translation.override("fr"):
        month = str(MONTHS[due.month])
    page = reading(ann, "fr").get(game.get_absolute_url()).content.decode()
    assert f"{due.day} {month} {due.year}" in page  # "26 novembre 2026"
