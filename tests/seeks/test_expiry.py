"""Seeks expire: once their time is up nobody can take a seat, the list stops showing them, and beat's sweep
closes them, reading only the due rows by their index."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.db import connection
from django.utils import timezone

from tests.conftest import logged_in
from wordgames import sweeps
from wordgames.seeks import emails, queries
from wordgames.seeks.models import Seek

from .conftest import post_seek, said, take

pytestmark = pytest.mark.django_db


def sweep() -> None:
    """What beat wakes (the task named in the schedule), as a worker would run it."""
    sweeps.task_named(settings.CELERY_BEAT_SCHEDULE["expire-seeks"]["task"])()


def test_a_seek_expires_after_the_setting_and_the_sweep_closes_it(ann: Any, bob: Any, cat: Any, settings: Any) -> None:
    settings.SEEK_EXPIRY_HOURS = 2
    old = post_seek(ann, "lingo")
    fresh = post_seek(ann, "keebble")
    started = post_seek(ann, "lingua-fences")
    take(cat, started)
    assert old.expires_at - old.created == timedelta(hours=2)
    Seek.objects.filter(pk=old.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    Seek.objects.filter(pk=started.pk).update(expires_at=timezone.now() - timedelta(minutes=1))
    # Before any sweep: past its time, a seek is neither listed nor taken.
    assert [r.seek.pk for r in logged_in(bob).get("/seeks/").context["rows"]] == [fresh.pk]
    assert said(take(bob, old)) == ["That seek is no longer open."]
    sweep()
    states = dict(Seek.objects.values_list("pk", "state"))
    assert states == {old.pk: "expired", fresh.pk: "open", started.pk: "started"}
    assert "no longer open" in logged_in(bob).get(f"/seeks/{old.pk}/").content.decode()
    sweep()  # a second run changes nothing
    assert dict(Seek.objects.values_list("pk", "state")) == states


def test_the_sweeps_read_only_due_rows_by_their_indexes() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the plan is PostgreSQL's")
    with connection.cursor() as cursor:
        cursor.execute("SET enable_seqscan = off")  # an empty table: the planner would scan it whatever the indexes
    try:
        assert "seek_due" in queries.due(timezone.now()).explain()
        assert "next_due" in emails.due_readers(timezone.now()).explain()
    finally:
        with connection.cursor() as cursor:
            cursor.execute("RESET enable_seqscan")
