"""Events' tasks: beat's start sweep, and the emails an event's doors owe (ids in, one send each). Late or
doubled runs do no harm: a started event is not started again, and each email is sent once per key."""

from __future__ import annotations

from celery import shared_task

from wordgames.games.relay import RETRY

from . import actions, emails


@shared_task(**RETRY)
def start_due_events() -> None:
    """Every minute (Celery beat): start the events whose start has come, and move on those whose games under
    way were all abandoned."""
    actions.start_due()
    actions.settle_running()


@shared_task(**RETRY)
def send_round(event_id: int, round_number: int) -> None:
    """Each player of a round their games (round 0: every game of a round-robin)."""
    emails.send_round(event_id, round_number)


@shared_task(**RETRY)
def send_finished(event_id: int) -> None:
    """Everyone in an event: it is over (with the final standings), or cancelled."""
    emails.send_finished(event_id)


@shared_task(**RETRY)
def resign_rest(entry_id: int) -> None:
    """An entry withdrawn for timing out of too many games: its games under way resigned."""
    actions.resign_rest(entry_id)


@shared_task(**RETRY)
def send_challenge(event_id: int, round_number: int) -> None:
    """Both players of a ladder's challenge: their game."""
    emails.send_challenge(event_id, round_number)
