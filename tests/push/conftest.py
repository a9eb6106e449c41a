from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.games.conftest import lingo_game, play_best  # noqa: F401 - fixtures for these tests
from tests.support.push_service import PushService, b64
from wordgames.push import keys
from wordgames.push.models import Subscription


@pytest.fixture(autouse=True)
def _vapid_key(settings: Any) -> Iterator[None]:
    """A VAPID key of the test's own, as an operator's VAPID_PRIVATE_KEY."""
    settings.VAPID_PRIVATE_KEY = keys.private_text(keys.generate())
    keys.forget()
    yield
    keys.forget()


@pytest.fixture
def push_service() -> Iterator[PushService]:
    service = PushService()
    yield service
    service.close()


def subscribe(service: PushService, user: Any, name: str) -> Subscription:
    """``user``'s browser ``name`` subscribed at the local push service."""
    device = service.device(name)
    return Subscription.objects.create(
        user=user, endpoint=service.endpoint(name), p256dh=device.p256dh, auth=b64(device.auth), label=name
    )
