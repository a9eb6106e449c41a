"""Beat's sweeps on the embedded default.

In production Celery beat wakes the sweeps (``CELERY_BEAT_SCHEDULE``: deadlines and reminders, Lexicon
Crossing's green lights whose leeway has passed, owed tasks, computers whose turn was lost, digests). Without a
broker (tasks run in the server's own process, as ``bin/serve`` starts it) no beat can run, and without the
sweeps a green light waiting for its leeway never fires and no deadline ever comes. So there the server runs
them itself: a daemon thread that runs every entry's task in turn every ``EMBEDDED_SWEEPS`` seconds.

It is started by the WSGI module, so only in a process that serves: runserver's serving process (the
autoreloader's parent only watches files and never loads the application), never a management command, a
Celery worker or the tests (which load no WSGI module; a test starts a timer itself). With a broker it never
starts: beat runs the sweeps there.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Iterable
from importlib import import_module

from celery import Task
from django.conf import settings
from django.db import close_old_connections

from .celery import app

log = logging.getLogger(__name__)


def beat_tasks() -> list[str]:
    """The names of the tasks beat would wake, in the schedule's order."""
    return [entry["task"] for entry in settings.CELERY_BEAT_SCHEDULE.values()]


def task_named(name: str) -> Task:
    """The task beat would send by this name (its module imported if nothing has imported it yet)."""
    if name not in app.tasks:
        import_module(name.rpartition(".")[0])
    return app.tasks[name]


class Sweeps:
    """Runs the named tasks in turn every ``period`` seconds on a thread of its own: at once when started,
    then a period after each round ends, so rounds never overlap however long one takes."""

    def __init__(self, names: Iterable[str], period: float) -> None:
        self.names = list(names)
        self.period = period
        self._round = threading.Lock()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    def run(self) -> dict[str, bool] | None:
        """One round: each sweep in turn, called in this thread; one that raises is logged and the next runs
        (it is tried again next round). Returns whether each succeeded, or None if a round was already under
        way (a sweep never runs twice at once)."""
        if not self._round.acquire(blocking=False):
            return None
        try:
            return {name: self._sweep(name) for name in self.names}
        finally:
            self._round.release()

    def _sweep(self, name: str) -> bool:
        # As a Celery worker does around each task: a connection the database dropped is not reused, and
        # none is held open between rounds (SQLite's file stays free for the requests).
        close_old_connections()
        try:
            # Called, not applied: an eager apply would retry a failing sweep six times on the spot. The next
            # round is its retry.
            task_named(name)()
        except Exception:
            log.exception("Sweep %s failed; it runs again in %s seconds", name, self.period)
            return False
        finally:
            close_old_connections()
        return True

    def start(self) -> None:
        self._thread = threading.Thread(target=self._loop, name="embedded-sweeps", daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stopping.is_set():
            self.run()
            self._stopping.wait(self.period)

    def stop(self, timeout: float = 30.0) -> None:
        """Stop after the round under way, if any."""
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(timeout)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()


_timer: Sweeps | None = None
_starting = threading.Lock()


def on_embedded_default() -> bool:
    """No broker and tasks run in-process: nothing but this process can run the sweeps."""
    return not settings.CELERY_BROKER_URL and bool(settings.CELERY_TASK_ALWAYS_EAGER)


def start() -> Sweeps | None:
    """Start this process's timer, once, where it is wanted: on the embedded default with ``EMBEDDED_SWEEPS``
    above 0. Returns the timer, or None where it does not run."""
    global _timer
    if settings.EMBEDDED_SWEEPS <= 0 or not on_embedded_default():
        return None
    with _starting:
        if _timer is None:
            _timer = Sweeps(beat_tasks(), settings.EMBEDDED_SWEEPS)
            _timer.start()
            log.info(
                "No broker: this process runs the sweeps (%s) every %s seconds", ", ".join(_timer.names), _timer.period
            )
    return _timer


def stop() -> None:
    """Stop this process's timer (a test that started one)."""
    global _timer
    with _starting:
        if _timer is not None:
            _timer.stop()
            _timer = None
