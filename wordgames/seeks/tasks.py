"""What beat wakes for seeks: the expiry sweep and the daily "new seeks" email. Late or doubled runs do no harm
(a closed seek stays closed; each email is sent once per reader and day)."""

from __future__ import annotations

from celery import shared_task

from wordgames.games.relay import RETRY

from . import actions, emails


@shared_task(**RETRY)
def expire_seeks() -> None:
    """Every few minutes (Celery beat): close the open seeks whose time is up."""
    actions.expire_due()


@shared_task(**RETRY)
def send_new_seeks() -> None:
    """Every few minutes (Celery beat): the daily email of new seeks to the readers whose hour has come."""
    emails.send_new_seeks()
