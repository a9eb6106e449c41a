"""A real Celery worker on Redis pushes a move's "your turn" to the player's devices; killed in the middle (acks
late), the push is delivered again to a new worker and every device still gets it."""

from __future__ import annotations

import signal
from typing import Any

import pytest

from tests.games.conftest import start_game
from tests.games.test_worker import start_worker, stop, wait_for
from tests.push.conftest import subscribe
from wordgames.engines import get_engine
from wordgames.games import actions

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture(autouse=True)
def _purge_queue() -> Any:
    from wordgames import celery_app

    celery_app.control.purge()
    yield


def your_turns(service: Any, device: str, game_id: int) -> list[dict[str, Any]]:
    return [p for p in service.payloads(device) if p["kind"] == "your_turn" and p["url"] == f"/games/{game_id}/"]


def test_a_real_worker_pushes_bob_s_turn_once_to_each_device(push_service, ann, bob, settings):
    subscribe(push_service, bob, "phone")
    subscribe(push_service, bob, "laptop")
    worker = start_worker(VAPID_PRIVATE_KEY=settings.VAPID_PRIVATE_KEY)
    try:
        game = start_game(ann, bob, {}, seed=5)
        actions.submit_move(game.pk, ann, get_engine("lingo").best_move(game.state, 0).move)
        assert wait_for(lambda: your_turns(push_service, "laptop", game.pk), 60)
        wait_for(lambda: False, 2)  # a duplicate would arrive now
    finally:
        stop(worker)
    assert len(your_turns(push_service, "phone", game.pk)) == 1
    assert len(your_turns(push_service, "laptop", game.pk)) == 1


def test_a_worker_killed_mid_push_loses_no_device(push_service, ann, bob, settings):
    subscribe(push_service, bob, "phone")
    subscribe(push_service, bob, "laptop")
    fast = {
        "VAPID_PRIVATE_KEY": settings.VAPID_PRIVATE_KEY,
        "CELERY_VISIBILITY_TIMEOUT": "3",
        "EMAIL_CLAIM_LEASE_SECONDS": "2",
    }
    game = start_game(ann, bob, {}, seed=5)
    push_service.delay = 1.5
    first = start_worker(**fast)
    try:
        actions.submit_move(game.pk, ann, get_engine("lingo").best_move(game.state, 0).move)
        assert wait_for(lambda: "laptop" in push_service.arrived, 60)  # the phone's was answered and marked
        first.send_signal(signal.SIGKILL)
        first.wait(timeout=10)
    finally:
        if first.poll() is None:
            first.kill()
    push_service.delay = 0
    second = start_worker(**fast)
    try:
        assert wait_for(lambda: push_service.arrived.count("laptop") >= 2, 90)  # sent again by the new worker
        wait_for(lambda: False, 3)
    finally:
        stop(second)
    assert len(your_turns(push_service, "phone", game.pk)) == 1  # sent and marked before the kill: not again
    assert 1 <= len(your_turns(push_service, "laptop", game.pk)) <= 2  # in flight at the kill: once more at most
