"""What is kept, and for how long: rows that only grow are deleted once they are old enough to be of no use.

Each kind is read by an index on its time, oldest first, at most ``RETENTION_BATCH`` rows a run, so a run costs
one short query per kind when nothing is old enough and a bounded delete when something is; a backlog (the first
run on an old site) goes in steps, run after run. Kept whatever their age: the games, their moves, chat and
results (the records), ratings, moderators' log, and anything a pending task still needs (an owed task is
deleted by its own hand-over, not here; a notice still to be sent is not old, and one that failed is kept for
``RETAIN_FAILED_NOTICES_DAYS``).

The periods are settings (``RETAIN_*``, docs/deployment.md "What is kept"). A sent email's record is kept at
least two days: today's digest record is what keeps a second digest from going out the same day.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from celery import shared_task
from django.conf import settings
from django.db.models import Model, Q
from django.utils import timezone

from wordgames.accounts.models import TokenBucket
from wordgames.games.models import Notice, Notification
from wordgames.games.relay import RETRY
from wordgames.mail.models import LocalEmail
from wordgames.pbem.models import InboundMessage


@dataclass(frozen=True)
class Kept:
    """Rows of ``model`` whose ``field`` (an indexed time) is older than ``days`` are deleted, if ``only``."""

    name: str
    model: type[Model]
    field: str
    days: float
    only: Q = Q()


def rules() -> list[Kept]:
    """What is deleted, and after how long (read from the settings at each run)."""
    # A throttle's bucket untouched for its whole period is full again: deleting it changes nothing.
    throttle_days = max(period for _capacity, period in settings.THROTTLE.values()) / 86400 + 1
    return [
        Kept("emails sent", Notification, "created", settings.RETAIN_EMAILS_SENT_DAYS),
        Kept("emails received", InboundMessage, "received", settings.RETAIN_EMAILS_RECEIVED_DAYS),
        Kept("notices that failed", Notice, "created", settings.RETAIN_FAILED_NOTICES_DAYS, ~Q(error="")),
        Kept("local mail", LocalEmail, "created", settings.RETAIN_LOCAL_MAIL_DAYS),
        Kept("throttle buckets", TokenBucket, "updated", throttle_days),
    ]


def prune(now: datetime | None = None, batch: int | None = None) -> dict[str, int]:
    """One run: for each kind, delete at most ``batch`` of the oldest rows past their time. Returns how many of
    each kind were deleted."""
    now = now or timezone.now()
    batch = batch or settings.RETENTION_BATCH
    deleted = {}
    for rule in rules():
        cutoff = now - timedelta(days=rule.days)
        old = rule.model._default_manager.filter(rule.only, **{f"{rule.field}__lt": cutoff}).order_by(rule.field)
        ids = list(old.values_list("pk", flat=True)[:batch])
        deleted[rule.name] = rule.model._default_manager.filter(pk__in=ids).delete()[0] if ids else 0
    return deleted


@shared_task(**RETRY)
def prune_history() -> dict[str, int]:
    """Every few minutes (Celery beat): rows past their time, a batch of each kind."""
    return prune()
