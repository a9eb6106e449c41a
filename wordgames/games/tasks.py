"""The tasks Celery beat wakes: ids in (or none), one action or one send function called, retried with
backoff. The tasks an action queues after its commit (the emails) are in ``relay``."""

from __future__ import annotations

from celery import shared_task
from django.utils import timezone

from . import emails, pushes, relay
from .actions import clocks, computers, hints
from .relay import RETRY


@shared_task(**RETRY)
def sweep_deadlines() -> None:
    """Every minute (Celery beat): reminders due, then timeouts due. Late or doubled runs do no harm."""
    clocks.sweep()


@shared_task(**RETRY)
def send_digests() -> None:
    """Every few minutes (Celery beat): the daily digest to players whose chosen hour has come (by email, and
    on their devices for those who chose that)."""
    emails.send_digests()
    pushes.digest_pushes(timezone.now(), owe=relay.owe_pushes)  # owed in the step that moves each one on


@shared_task(**RETRY)
def relay_owed() -> None:
    """Every minute (Celery beat): hand the broker what writes owe and could not hand over (it was down), and
    queue a sender for notices nobody is sending."""
    relay.relay_owed()
    relay.relay_notices()


# A computer's move is made once whatever happens (a key per version and seat): a task delivered again after
# its worker died, or retried after a database fault, finds it made.
@shared_task(**RETRY)
def play_computers(game_id: int, version: int) -> None:
    """Owed by each public change to a game with computer players: their moves in that version."""
    computers.play_computers(game_id, version)


@shared_task(**RETRY)
def wake_computers() -> None:
    """Every minute (Celery beat): computer players whose turn has waited too long are woken again."""
    computers.wake_idle()


@shared_task(**RETRY)
def find_hint(hint_id: int) -> None:
    """Owed by a hint asked on the page: the best-move search, in a worker, within its time budget."""
    hints.find_hint(hint_id)
