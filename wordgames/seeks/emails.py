"""The daily "new seeks" email, for the players who asked for it: once a day at their digest hour (in their
time zone), the seeks posted since the last one that they may take (not their own, nobody blocked either way,
their rating inside the band), each with its link. No new seek, no email. Made and sent as every email of the
site is (``games.emails``): in the reader's time zone, once per key."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core import signing
from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import ngettext

from wordgames.accounts.languages import speaking
from wordgames.accounts.models import display_name
from wordgames.games.emails import absolute, automatic_headers, compose, send_letters

from . import queries
from .models import Seek, SeekMail

STOP_SALT = "wordgames.seeks.mail"
BATCH = 200  # readers read at a time (the sweep takes batches until none is due)


def stop_token(user: User) -> str:
    return signing.dumps({"u": user.pk}, salt=STOP_SALT, compress=True)


def read_stop_token(token: str) -> int:
    """The account a stop link was made for (``signing.BadSignature`` if it was not made here)."""
    return int(signing.loads(token, salt=STOP_SALT)["u"])


def send_new_seeks(now: datetime | None = None) -> int:
    """Every reader whose email is due (read by the index on the due time, a batch at a time until none is
    left, so a popular hour's readers are all served by one sweep, not 200 every five minutes): their new seeks,
    if any; then their next time. Returns the number of emails sent."""
    now = now or timezone.now()
    sent = 0
    while True:
        batch = list(due_readers(now)[:BATCH])
        moved = 0
        for mail in batch:
            user = mail.user
            seeks = queries.new_for(user, mail.since, now) if user.is_active and user.email else []
            if seeks:
                sent += send_digest(user, seeks, mail.next_due.isoformat())
            # Only the sweep that read this row moves it on: another one running at the same time skips it.
            moved += SeekMail.objects.filter(pk=mail.pk, next_due=mail.next_due).update(
                since=now, next_due=queries.next_send(user, now)
            )
        if len(batch) < BATCH or not moved:
            return sent


def due_readers(now: datetime) -> QuerySet[SeekMail]:
    """The readers whose email is due, first due first (read by the index on the due time)."""
    return SeekMail.objects.filter(next_due__lte=now).select_related("user__profile").order_by("next_due")


def send_digest(user: User, seeks: list[Seek], slot: str) -> int:
    """One email listing ``seeks``: one per reader and ``slot`` (the due time it serves), so two sweeps that read
    the same due row at once send it once. In the reader's language."""
    with speaking(user):
        return _send_digest(user, seeks, slot)


def _send_digest(user: User, seeks: list[Seek], slot: str) -> int:
    stop = absolute(reverse("seek_mail_stop", args=[stop_token(user)]))
    entries = [_entry(seek) for seek in seeks]
    count = len(entries)
    subject = ngettext(
        "%(count)s new seek you may take (%(site)s)", "%(count)s new seeks you may take (%(site)s)", count
    ) % {"count": count, "site": settings.SITE_NAME}
    headers = {
        **automatic_headers(replying=False),
        "List-Unsubscribe": f"<{stop}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    context = {
        "name": display_name(user),
        "entries": entries,
        "site_name": settings.SITE_NAME,
        "unsubscribe": stop,
        "list_url": absolute(reverse("seeks")),
    }
    letter = compose(
        f"new-seeks:{user.pk}:{slot}",
        user.email,
        subject,
        "seeks/email/new_seeks.txt",
        context,
        html_context={"unsubscribe": stop},
        boards=[],
        headers=headers,
        user=user,
    )
    return len(send_letters([letter]))


def _entry(seek: Seek) -> dict[str, Any]:
    row = queries.rows([seek], None)[0]
    return {
        "seek": seek,
        "creator": display_name(seek.creator),
        "options": row.options,
        "clock": row.clock,
        "free": row.free,
        "url": absolute(seek.get_absolute_url()),
    }
