"""A real worker on Redis sends a move's notifications; killed in the middle of a batch (acks late), the task
is delivered again to a new worker and each email still goes out exactly once."""

from __future__ import annotations

import signal
from typing import Any

import pytest

from tests.conftest import make_user
from tests.games.test_worker import start_worker, stop, wait_for
from wordgames.games import actions
from wordgames.mail.models import LocalEmail


@pytest.fixture(autouse=True)
def _purge_queue() -> Any:
    from wordgames import celery_app

    celery_app.control.purge()
    yield


@pytest.mark.worker
def test_killing_the_worker_mid_send_still_sends_each_email_once(ann: Any, bob: Any, cat: Any) -> None:
    dan = make_user("dan")
    slow = {
        "EMAIL_BACKEND": "tests.support.slow_local_mail.SlowLocalMailBackend",
        "WORDGAMES_TEST_SEND_SECONDS": "1.5",
        "CELERY_VISIBILITY_TIMEOUT": "3",
        "EMAIL_CLAIM_LEASE_SECONDS": "2",
    }
    first = start_worker(**slow)
    try:
        game = actions.create_game(ann, "lingo", {}, ["bob", "cat", "dan"], seed=9)
        for user in (bob, cat, dan):
            actions.join_game(game.pk, user)
        # The "game starts" task sends four emails, one after the other; kill the worker after the second.
        assert wait_for(lambda: LocalEmail.objects.filter(subject__contains=f"game {game.pk}").count() >= 2, 60)
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    finally:
        if first.poll() is None:
            first.kill()
    sent_before_restart = LocalEmail.objects.filter(subject__contains=f"game {game.pk}").count()
    assert sent_before_restart < 4, "the worker finished before it was killed: nothing was tested"
    second = start_worker(**slow)
    try:
        assert wait_for(lambda: LocalEmail.objects.filter(subject__contains=f"game {game.pk}").count() >= 4, 90)
        wait_for(lambda: False, 5)  # a duplicate would arrive now
    finally:
        stop(second)
    recipients = sorted(LocalEmail.objects.filter(subject__contains=f"game {game.pk}").values_list("to", flat=True))
    assert recipients == ["ann@example.com", "bob@example.com", "cat@example.com", "dan@example.com"]
