"""Clocks: a seat whose time ran out, days away (vacations), and the sweep beat runs every minute.

Deadlines live in the database (``Seat.due_at``, ``Seat.remind_at``); nothing waits in the broker. Each
step re-checks what it acts on, so a sweep that runs twice, or late, does each thing once.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from wordgames.engines import get_engine

from .. import relay
from ..models import Game, Move, Seat, Vacation
from ..news import News, moment, news
from ..notices import TIMEOUT
from . import greenlight
from .errors import RefusalCode, Refused
from .moves import allowed_time_away, apply_move, lock_game, set_clocks

log = logging.getLogger(__name__)


def sweep(now: datetime | None = None) -> dict[str, int]:
    """Fire the green lights whose time has come, send the reminders that are due, then apply the timeouts
    that are due. Returns counts."""
    now = now or timezone.now()
    fired = greenlight.fire_due(now)
    reminded = 0
    due = Seat.objects.filter(remind_at__lte=now, reminded=False, due_at__gt=now, game__status=Game.Status.ACTIVE)
    for seat_id in list(due.values_list("pk", flat=True)):
        with transaction.atomic():
            # Claim the reminder first: a second sweep finds it claimed and skips it.
            claimed = Seat.objects.filter(pk=seat_id, reminded=False, remind_at__lte=now).update(reminded=True)
            if claimed:  # sent by a task, retried if the mail service fails; keyed so it goes out once
                relay.owe(relay.send_reminder, seat_id)
                reminded += 1
    timed_out = 0
    late = Seat.objects.filter(due_at__lte=now, game__status=Game.Status.ACTIVE)
    for seat_id in list(late.values_list("pk", flat=True)):
        try:
            if time_out(seat_id, now):
                timed_out += 1
        except Exception:  # one broken game must not stop every other game's clock
            log.exception("Timing out seat %s failed", seat_id)
    result = {"reminded": reminded, "timed_out": timed_out}
    if fired:
        result["green_lights"] = fired
    return result


def time_out(seat_id: int, now: datetime | None = None) -> bool:
    """Apply the timeout rule to a seat whose time ran out: the engine's move for a silent seat (e.g.
    ``pass``), nothing (its clock starts again) where the engine owes nothing, or resigning it when the
    engine has no move or the seat has now timed out ``TIMEOUTS_IN_A_ROW`` times in a row, so every game comes
    to an end. Checked again under the game's lock, so a sweep that runs twice, or late, or after the player
    moved after all, does nothing (False)."""
    now = now or timezone.now()
    with transaction.atomic():
        seat = Seat.objects.filter(pk=seat_id).first()
        if seat is None:
            return False
        game = lock_game(seat.game_id)
        seat.refresh_from_db()
        engine = get_engine(game.engine)
        if game.status != Game.Status.ACTIVE or seat.due_at is None or seat.due_at > now:
            return False
        if seat.position not in engine.actors(game.state):
            return False
        count = seat.timeouts + 1
        text = engine.timeout_move(game.state, seat.position)
        if text is None or count >= settings.TIMEOUTS_IN_A_ROW:
            text = "resign"
        move = None
        if text:
            key = f"timeout:{seat.pk}:{game.version}"  # one timeout per seat per position
            try:
                with transaction.atomic():
                    move = apply_move(
                        game,
                        seat.position,
                        seat.user,
                        text,
                        source=Move.Source.CLOCK,
                        idempotency_key=key,
                        notify=False,
                        event=TIMEOUT,
                    )
            except Refused:  # the rules' move does not fit this position (e.g. an asking rule): the seat forfeits
                game.refresh_from_db()
                move = apply_move(
                    game,
                    seat.position,
                    seat.user,
                    "resign",
                    source=Move.Source.CLOCK,
                    idempotency_key=key,
                    notify=False,
                    event=TIMEOUT,
                )
        else:  # nothing is owed (nobody waits for this seat): only its clock starts again
            clocked = engine.clocked(game.state)
            set_clocks(game, actors_before=clocked, mover=seat.position, now=now, event=TIMEOUT)
        Seat.objects.filter(pk=seat.pk).update(timeouts=count)
        # One email per player for this event: the timeout notice tells the next player it is their turn too; a
        # player who does not take it has their "your turn" as after a move (``set_clocks``, ``notices.TIMEOUT``).
        relay.owe(relay.notify_timeout, game.pk, seat.pk, move.pk if move is not None else None)
    return True


def set_vacation(user: User, days: int, now: datetime | None = None) -> Vacation:
    """Days away from now: the user's running clocks stop (their deadlines move on by that long) and the
    other players of each running game are told. At most ``VACATION_DAYS_PER_YEAR`` days a calendar year."""
    now = now or timezone.now()
    if days < 1:
        raise Refused(_("Choose at least one day away."), RefusalCode.VACATION)
    allowance = settings.VACATION_DAYS_PER_YEAR
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one change to a user's time away at a time
        if Vacation.objects.filter(user=user, starts__lte=now, ends__gt=now).exists():
            raise Refused(_("You are already away; come back first to change it."), RefusalCode.VACATION)
        used = sum(
            (v.ends - v.starts).total_seconds() / 86400
            for v in Vacation.objects.filter(user=user, starts__year=now.year)
        )
        if used + days > allowance + 1e-9:
            left = max(0, int(allowance - used))
            raise Refused(
                ngettext(
                    "You have %(left)d day away left this year.", "You have %(left)d days away left this year.", left
                )
                % {"left": left},
                RefusalCode.VACATION,
            )
        vacation = Vacation.objects.create(user=user, starts=now, ends=now + timedelta(days=days))
        _shift_clocks(user, timedelta(days=days), now)
        _tell_opponents(
            user,
            news(
                gettext_noop("%(name)s is away until %(until)s: their clock is stopped until then."),
                name=user.get_username(),
                until=moment(vacation.ends),
            ),
            f"away:{vacation.pk}",
        )
    return vacation


def end_vacation(user: User, now: datetime | None = None) -> None:
    """Back early: the time not taken is returned to the allowance and the clocks run again."""
    now = now or timezone.now()
    with transaction.atomic():
        vacation = Vacation.objects.select_for_update().filter(user=user, starts__lte=now, ends__gt=now).first()
        if vacation is None:
            raise Refused(_("You are not away."), RefusalCode.VACATION)
        left = vacation.ends - now
        vacation.ends = now
        vacation.save(update_fields=["ends"])
        _shift_clocks(user, -left, now)
        _tell_opponents(
            user,
            news(gettext_noop("%(name)s is back: their clock runs again."), name=user.get_username()),
            f"back:{vacation.pk}",
        )


def _shift_clocks(user: User, delta: timedelta, now: datetime) -> None:
    seats = list(Seat.objects.select_for_update().filter(user=user, due_at__isnull=False))
    shifts = allowed_time_away({seat.pk: delta for seat in seats}, now)
    for seat in seats:
        assert seat.due_at is not None  # filtered above
        seat.due_at += shifts[seat.pk]
        if seat.remind_at is not None:
            seat.remind_at += shifts[seat.pk]
        seat.save(update_fields=["due_at", "remind_at"])


def _tell_opponents(user: User, sentence: News, key: str) -> None:
    games = Game.objects.filter(status=Game.Status.ACTIVE, seats__user=user).values_list("pk", flat=True)
    for game_id in list(games):
        relay.owe(relay.send_news, game_id, f"{key}:{game_id}", sentence, user.pk)
