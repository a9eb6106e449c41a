"""What a write owes the world after its commit (emails, commentary), and the tasks that pay it.

A write calls ``owe(task, *args)`` inside its transaction: that writes an ``OwedTask`` row, so the debt is
recorded exactly when the write commits, and hands the task to Celery after the commit. If the broker is down
the hand-over fails quietly (the player's move still succeeded) and the row stays; ``relay_owed``, run every
minute by beat, hands it over once the broker is back. A task may therefore run twice (handed over, then the
process died before deleting the row): each one is safe to run twice, since emails are claimed by key.

The tasks sit below the actions, which queue them, and call only the emails and the commentary, so nothing
here imports an action. Each is named by this module (``wordgames.games.relay.send_chat``) and still answers
to the name it had before (``wordgames.games.tasks.send_chat``), so messages and owed rows from before an
upgrade still run.
"""

from __future__ import annotations

import logging
import uuid
from datetime import timedelta
from functools import partial
from typing import Any

from celery import Task, current_app
from django.conf import settings
from django.db import DatabaseError, InterfaceError, OperationalError, connection, transaction
from django.db.models import Count, F, Q
from django.utils import timezone

from wordgames.lib.tasks import task

from . import commentary, emails, news, notices, pushes
from .models import ChatMessage, Game, ModerationAction, Move, Notice, NoticeSender, OwedTask, Seat

log = logging.getLogger(__name__)
TRANSIENT = (OperationalError, InterfaceError)  # the database: worth a retry of the whole batch


class Sending(Task):
    """A task that sends emails: delivered again because its worker died (acks late), it takes over the emails
    that worker claimed and never marked sent, instead of skipping them as another live sender's."""

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        redelivered = bool((self.request.delivery_info or {}).get("redelivered"))
        token = emails.TAKING_OVER.set(redelivered)
        try:
            return super().__call__(*args, **kwargs)
        finally:
            emails.TAKING_OVER.reset(token)


# Retries wait at most four minutes: less than the broker's visibility timeout (five), or they would be
# delivered twice.
RETRY = {
    "autoretry_for": (Exception,),
    "retry_backoff": True,
    "retry_backoff_max": 240,
    "retry_kwargs": {"max_retries": 6},
    "acks_late": True,
    "base": Sending,
}


def owe(task: Task | str, *args: Any, after: int = 0, **kwargs: Any) -> None:
    """Record that the write under way owes ``task(*args, **kwargs)`` (a task, or a task's name when it sits
    above the caller), and hand it to Celery after the commit, to run ``after`` seconds later. Arguments must
    be JSON (ids, not objects). Outside a transaction the row is written at once."""
    name = task if isinstance(task, str) else task.name
    row = OwedTask.objects.create(task=name, args=list(args), kwargs=kwargs, countdown=after)
    transaction.on_commit(partial(_hand_over, row.pk, name, list(args), kwargs, after))


def _hand_over(pk: int, name: str, args: list[Any], kwargs: dict[str, Any], countdown: float = 0) -> bool:
    """Publish one owed task, then forget it. False (and the row kept for the sweep) if the broker refused."""
    try:
        current_app.tasks[name].apply_async(args, kwargs, retry=False, countdown=max(0, countdown) or None)
    except Exception:  # the broker is down or unreachable: never the player's problem
        log.warning("Could not hand %s%s to the broker; the sweep will retry", name, tuple(args), exc_info=True)
        _forget(pk, handed=False)
        return False
    _forget(pk, handed=True)
    return True


def _forget(pk: int, *, handed: bool) -> None:
    """After the commit the write is done: a database that fails now must not turn it into an error. A row
    left behind is handed over again by the sweep (a task runs twice at worst, which each one allows)."""
    try:
        if handed:
            _delete(OwedTask, [pk])
        else:
            OwedTask.objects.filter(pk=pk).update(attempts=F("attempts") + 1)
    except DatabaseError:
        log.warning("Could not update owed task %s; the sweep will see it again", pk, exc_info=True)


def _delete(model: Any, pks: list[int]) -> None:
    """Delete rows by id in one statement (a queryset's delete() wraps itself in a transaction of its own)."""
    if pks:
        table = connection.ops.quote_name(model._meta.db_table)
        with connection.cursor() as cursor:
            cursor.execute(f"DELETE FROM {table} WHERE id IN ({', '.join(['%s'] * len(pks))})", pks)


def relay_owed(now: Any = None) -> int:
    """Hand over every owed task its own write did not (the broker was down, or the process died). Returns
    how many were handed over; stops at the first failure (the broker is still down)."""
    now = now or timezone.now()
    handed = 0
    # A younger row is still being handed over by its own write.
    settled = now - timedelta(seconds=settings.OWED_RELAY_AFTER)
    for row in OwedTask.objects.filter(created__lte=settled).order_by("pk")[:1000]:
        left = row.countdown - (now - row.created).total_seconds()
        if not _hand_over(row.pk, row.task, row.args, row.kwargs, left):
            break
        handed += 1
    return handed


# --- telling the players of a change: notices, sent a batch at a time --------------------------------------


def tell(
    game: Game,
    version: int,
    *,
    actors_before: list[int] | tuple[int, ...] = (),
    mover: int | None = None,
    move_id: int | None = None,
    event: str = "move",
) -> None:
    """Record, in the change's own transaction, that the game's players are to be told of its change to
    ``version``; after the commit a sender is queued (unless one is queued already) that sends this with
    whatever else is waiting, a batch at a time."""
    Notice.objects.create(
        game=game, version=version, actors_before=list(actors_before), mover=mover, move_id=move_id, event=event
    )
    transaction.on_commit(queue_sender)


def queue_sender() -> None:
    """Queue ``send_notices``, unless one is queued and has not started: it will take these notices too. Never
    the player's problem: if the database or the broker fails here, the minute's sweep queues it."""
    try:
        if not _mark_queued():
            return
        send_notices.apply_async(retry=False)
    except Exception:
        log.warning("Could not queue the sender of notices; the sweep will", exc_info=True)
        try:
            NoticeSender.objects.filter(pk=1).update(queued=False)
        except DatabaseError:
            pass


def _mark_queued() -> bool:
    """Note that a sender is queued, in one statement: False if one was already (the row is made if missing)."""
    table, quote = NoticeSender._meta.db_table, connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {quote(table)} (id, queued) VALUES (1, %s) ON CONFLICT (id) DO UPDATE "
            f"SET queued = %s WHERE NOT {quote(table)}.queued RETURNING id",
            [True, True],
        )
        return cursor.fetchone() is not None


def drain_notices(sender: str = "", batch: int | None = None) -> int:
    """Send what the waiting notices owe, a batch at a time (``emails.event_letters``, then one claim and one
    connection for the batch), until a batch comes back short of full. Returns the number of emails sent."""
    NoticeSender.objects.filter(pk=1, queued=True).update(queued=False)  # a change from now on queues another
    sender = sender or uuid.uuid4().hex
    token = emails.TAKING_OVER.set(False)  # taken over: only the notices this very task took before it died
    try:
        sent = 0
        size = batch or settings.NOTICE_BATCH
        while taken := _take(sender, size):
            events = {
                n.pk: emails.Event(n.game_id, n.version, tuple(n.actors_before), n.mover, n.move_id, n.event)
                for n in taken
            }
            again = [events[n.pk] for n in taken if n.taken_by == sender]
            failed: set[int] = set()
            try:
                letters, own = emails.event_letters(events.values(), again)
            except TRANSIENT:
                raise  # the database: the task is retried, the batch taken again
            except Exception:  # one notice whose emails cannot be made must not hold up the others
                letters, own = _one_by_one(taken, events, again, failed)
            # A mail service that fails raises: the task is retried and the batch taken again.
            sent += len(emails.send_letters(letters, taking_over=own))
            owe_pushes(_pushes_of(events.values(), failed, taken))
            _delete(Notice, [pk for pk in events if pk not in failed])
            if len(taken) < size:
                break  # all there was: a notice made since this sender started has queued another
        return sent
    finally:
        emails.TAKING_OVER.reset(token)


def _one_by_one(
    taken: list[Notice], events: dict[int, emails.Event], again: list[emails.Event], failed: set[int]
) -> tuple[list[emails.Letter], set[str]]:
    """The emails of a batch that failed to be made, made notice by notice: a notice that fails again keeps
    its error (logged, and kept for whoever fixes the bug) and is not taken again."""
    letters: list[emails.Letter] = []
    own: set[str] = set()
    for notice in taken:
        try:
            mine, keys = emails.event_letters([events[notice.pk]], again)
        except TRANSIENT:
            raise
        except Exception as e:
            log.exception("Could not make the emails of %s", notice)
            # The kind of error only: its text could quote a hidden part of the position (the log has it all).
            Notice.objects.filter(pk=notice.pk).update(error=f"{type(e).__name__} (see the log)")
            failed.add(notice.pk)
            continue
        letters += mine
        own |= keys
    return letters, own


def _pushes_of(events: Any, failed: set[int], taken: list[Notice]) -> list[pushes.Push]:
    """The pushes of a batch's changes (but those whose emails could not be made): one change whose push cannot
    be made must not hold up the emails or the others' pushes."""
    wanted = [event for notice, event in zip(taken, events, strict=True) if notice.pk not in failed]
    try:
        return pushes.event_pushes(wanted)
    except TRANSIENT:
        raise
    except Exception:
        log.exception("Could not make the pushes of %s", wanted)
        return []


def owe_pushes(owed: list[pushes.Push]) -> None:
    """Each push owed as a task of its own (``send_push``): recorded, handed over, relayed if the broker is
    down, and sent to each device once."""
    for push in owed:
        owe(send_push, push.user_id, push.key, push.payload)


def _take(sender: str, batch: int) -> list[Notice]:
    """The oldest notices nobody holds (never taken, a dead sender's lease run out, or this sender's own from
    before it was delivered again), taken on for this sender. Two senders never take the same notice."""
    now = timezone.now()
    free = Q(taken__isnull=True) | Q(taken__lt=now - timedelta(seconds=settings.EMAIL_CLAIM_LEASE)) | Q(taken_by=sender)
    with transaction.atomic():
        waiting = Notice.objects.select_for_update(skip_locked=True).filter(free, error="")
        taken = list(waiting.order_by("pk")[:batch])
        if taken:
            Notice.objects.filter(pk__in=[n.pk for n in taken]).update(taken=now, taken_by=sender)
    return taken


def relay_notices(now: Any = None) -> bool:
    """The minute's sweep: queue a sender if notices wait that nobody holds (the broker was down when they were
    made, or their sender died). True if one was queued."""
    now = now or timezone.now()
    settled = now - timedelta(seconds=settings.OWED_RELAY_AFTER)
    lease = now - timedelta(seconds=settings.EMAIL_CLAIM_LEASE)
    waiting = Notice.objects.filter(Q(taken__isnull=True) | Q(taken__lt=lease), created__lte=settled, error="")
    if not waiting.exists():
        return False
    NoticeSender.objects.filter(pk=1).update(queued=False)  # whatever was queued never came
    queue_sender()
    return True


@task(aliases=("wordgames.games.tasks.send_notices",), bind=True, **RETRY)
def send_notices(self: Task) -> int:
    """Queued after a change that owes emails (``tell``): sends every waiting notice's emails."""
    return drain_notices(self.request.id or "")


@task(aliases=("wordgames.games.tasks.send_push",), **RETRY)
def send_push(user_id: int, key: str, payload: dict[str, Any]) -> int:
    """One notification to each of a player's devices (owed by ``owe_pushes``); retried while the push service
    cannot take it."""
    return pushes.send(user_id, key, payload)


@task(aliases=("wordgames.games.tasks.send_invitation",), **RETRY)
def send_invitation(seat_id: int) -> None:
    seat = Seat.objects.select_related("game", "invited_user", "game__created_by").filter(pk=seat_id).first()
    if seat is not None and seat.is_invitation:
        emails.send_invitation(seat)
        owe_pushes(pushes.invitation_pushes(seat))


@task(aliases=("wordgames.games.tasks.send_reminder",), **RETRY)
def send_reminder(seat_id: int) -> None:
    """The reminder the deadline sweep claimed for this seat, unless the player has moved since."""
    seat = Seat.objects.select_related("game", "user").filter(pk=seat_id).first()
    if seat is None or seat.user is None or not seat.reminded or seat.due_at is None:
        return  # the player moved (their clock was reset) or left
    if seat.due_at <= timezone.now() or seat.game.status != Game.Status.ACTIVE:
        return
    emails.send_reminder(seat)
    owe_pushes(pushes.reminder_pushes(seat))


# Changes are told by ``tell`` now; this stays for tasks queued before, and for ``annotate_move``.
@task(aliases=("wordgames.games.tasks.notify_turn",), **RETRY)
def notify_turn(
    game_id: int,
    version: int,
    actors_before: list[int] | None = None,
    mover: int | None = None,
    move_id: int | None = None,
    event: str = "move",
) -> None:
    """Tell each player what the change to ``version`` means to them (start, your turn, a move, the end)."""
    live = Count("moves", filter=Q(moves__taken_back=False))
    game = Game.objects.annotate(live_moves=live).filter(pk=game_id).first()
    if game is None or game.version != version:
        return  # the game has moved on: a later task tells the players about the newer position
    last = Move.objects.select_related("user__profile").filter(pk=move_id).first() if move_id else None
    emails.notify_players(game, actors_before=actors_before or (), mover=mover, last=last, event=event)
    owe_pushes(pushes.event_pushes([emails.Event(game_id, version, tuple(actors_before or ()), mover, move_id, event)]))


@task(aliases=("wordgames.games.tasks.annotate_move",), **RETRY)
def annotate_move(move_id: int, actors_before: list[int] | None = None) -> None:
    """Commentary first (it may name a missed move), then the emails that carry it."""
    move = commentary.annotate_move(move_id)
    if move is not None:
        notify_turn(move.game_id, move.game.version, actors_before, move.seat, move.pk)


@task(aliases=("wordgames.games.tasks.notify_moderation",), **RETRY)
def notify_moderation(action_id: int) -> None:
    action = ModerationAction.objects.select_related("game", "subject").filter(pk=action_id).first()
    if action is None:
        return
    for user in notices.moderation_readers(action):
        emails.send_moderation_notice(action, user)


@task(aliases=("wordgames.games.tasks.notify_timeout",), **RETRY)
def notify_timeout(game_id: int, seat_id: int, move_id: int | None) -> None:
    game = Game.objects.filter(pk=game_id).first()
    seat = Seat.objects.select_related("user").filter(pk=seat_id).first()
    if game is not None and seat is not None:
        move = Move.objects.select_related("user").filter(pk=move_id).first() if move_id else None
        emails.send_timeout(game, seat, move)
        owe_pushes(pushes.timeout_pushes(game, seat))


@task(aliases=("wordgames.games.tasks.send_news",), **RETRY)
def send_news(
    game_id: int,
    key: str,
    sentence: news.News | str,
    exclude_user_id: int | None = None,
    only_user_id: int | None = None,
    kind: str = "other_move",
) -> None:
    game = Game.objects.filter(pk=game_id).first()
    if game is not None:
        emails.send_news(game, key, sentence, exclude_user_id=exclude_user_id, only_user_id=only_user_id, kind=kind)
        owe_pushes(
            pushes.news_pushes(
                game, key, sentence, exclude_user_id=exclude_user_id, only_user_id=only_user_id, kind=kind
            )
        )


@task(aliases=("wordgames.games.tasks.send_chat",), **RETRY)
def send_chat(message_id: int) -> None:
    message = ChatMessage.objects.select_related("game", "user").filter(pk=message_id, hidden=False).first()
    if message is not None:
        emails.send_chat(message)
        owe_pushes(pushes.chat_pushes(message))
