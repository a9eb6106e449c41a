"""The tasks Celery beat wakes: ids in (or none), one action or one send function called, retried with
backoff. The tasks an action queues after its commit (the emails) are in ``outbox``."""

from __future__ import annotations

from celery import shared_task

from . import emails, outbox
from .actions import clocks
from .outbox import RETRY


@shared_task(**RETRY)
def sweep_deadlines() -> None:
    """Every minute (Celery beat): reminders due, then timeouts due. Late or doubled runs do no harm."""
    clocks.sweep()


@shared_task(**RETRY)
def send_digests() -> None:
    """Every few minutes (Celery beat): the daily digest to players whose chosen hour has come."""
    emails.send_digests()


@shared_task(**RETRY)
def relay_owed() -> None:
    """Every minute (Celery beat): hand the broker what writes owe and could not hand over (it was down)."""
    outbox.relay_owed()
