"""The sweeps Celery beat wakes: reminders and timeouts (every minute) and daily digests.

Deadlines live in the database (``Seat.due_at``, ``Seat.remind_at``); nothing waits in the broker. Each
step re-checks what it acts on, so a sweep that runs twice, or late, does each thing once.
"""

from __future__ import annotations

import logging
import zoneinfo
from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from wordgames.accounts.models import DIGEST, Profile

from . import emails, services, tasks
from .models import Game, Seat

log = logging.getLogger(__name__)


def sweep(now: datetime | None = None) -> dict[str, int]:
    """Fire the green lights whose time has come, send the reminders that are due, then apply the timeouts
    that are due. Returns counts."""
    from . import greenlight

    now = now or timezone.now()
    fired = greenlight.fire_due(now)
    reminded = 0
    due = Seat.objects.filter(remind_at__lte=now, reminded=False, due_at__gt=now, game__status=Game.Status.ACTIVE)
    for seat_id in list(due.values_list("pk", flat=True)):
        with transaction.atomic():
            # Claim the reminder first: a second sweep finds it claimed and skips it.
            claimed = Seat.objects.filter(pk=seat_id, reminded=False, remind_at__lte=now).update(reminded=True)
            if claimed:  # sent by a task, retried if the mail service fails; keyed so it goes out once
                transaction.on_commit(lambda seat_id=seat_id: tasks.send_reminder.delay(seat_id))
                reminded += 1
    timed_out = 0
    late = Seat.objects.filter(due_at__lte=now, game__status=Game.Status.ACTIVE)
    for seat_id in list(late.values_list("pk", flat=True)):
        try:
            if services.time_out(seat_id, now) is not None:
                timed_out += 1
        except Exception:  # one broken game must not stop every other game's clock
            log.exception("Timing out seat %s failed", seat_id)
    result = {"reminded": reminded, "timed_out": timed_out}
    if fired:
        result["green_lights"] = fired
    return result


def send_digests(now: datetime | None = None) -> int:
    """The daily digest to every player who chose it for "your turn", once their chosen hour has come in
    their time zone, listing the games where they may act. At most one a day (keyed by their local date)."""
    now = now or timezone.now()
    sent = 0
    for profile in Profile.objects.select_related("user").filter(email_modes__your_turn=DIGEST):
        try:
            local = now.astimezone(zoneinfo.ZoneInfo(profile.time_zone))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            local = now
        if local.hour < profile.digest_hour:
            continue
        user = profile.user
        games = []
        mine = Game.objects.filter(Q(seats__user=user) | Q(seats__partners=user), status=Game.Status.ACTIVE)
        for game in mine.distinct().prefetch_related("seats__partners"):
            seat = emails.seat_read_by(game, user)
            if seat is not None and seat.position in services.get_engine(game.engine).waiting_for(game.state):
                games.append(game)
        if games and emails.send_digest(user, games, local.date().isoformat()):
            sent += 1
    return sent
