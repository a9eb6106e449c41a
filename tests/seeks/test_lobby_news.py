"""Every open lobby lists a few seeks: each door that changes which seeks are open, or their seats, tells the
lobbies after its commit (and only then) that their list changed; each lobby then asks for its own list."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone

from wordgames.lib import live
from wordgames.seeks import actions
from wordgames.seeks.models import Seek

pytestmark = pytest.mark.django_db


@pytest.fixture
def published(monkeypatch: Any) -> list[tuple[list[str], dict[str, Any]]]:
    sent: list[tuple[list[str], dict[str, Any]]] = []
    monkeypatch.setattr(live, "publish", lambda topics, data: sent.append((topics, data)))
    return sent


def test_posting_taking_leaving_and_withdrawing_a_seek_tell_the_lobbies_after_the_commit(
    published, ann, bob, cat, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        seek = actions.post_seek(ann, "lingo", {"preset": "classic"}, players=3)
    assert published == []  # nothing before the commit
    for callback in callbacks:
        callback()
    assert published == [(["lobby"], {"seek": seek.pk})]  # nothing of who posted it or for whom
    for door in (
        lambda: actions.take_seat(seek.pk, bob),
        lambda: actions.leave_seat(seek.pk, bob),
        lambda: actions.withdraw_seek(seek.pk, ann),
    ):
        published.clear()
        with django_capture_on_commit_callbacks(execute=True):
            door()
        assert (["lobby"], {"seek": seek.pk}) in published


def test_the_last_seat_taken_tells_the_lobbies_the_seek_is_gone(
    published, ann, bob, django_capture_on_commit_callbacks
) -> None:
    seek = actions.post_seek(ann, "lingo", {"preset": "classic"})
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        actions.take_seat(seek.pk, bob)
    assert Seek.objects.get(pk=seek.pk).state == Seek.State.STARTED
    assert (["lobby"], {"seek": seek.pk}) in published


def test_a_refused_seat_tells_nobody(published, ann, django_capture_on_commit_callbacks) -> None:
    seek = actions.post_seek(ann, "lingo", {"preset": "classic"})
    published.clear()
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(actions.Refused):
        actions.take_seat(seek.pk, ann)  # one's own seek
    assert published == []


def test_the_expiry_sweep_tells_the_lobbies_once_and_only_when_a_seek_expired(
    published, ann, bob, django_capture_on_commit_callbacks
) -> None:
    actions.post_seek(ann, "lingo", {"preset": "classic"})
    actions.post_seek(bob, "lingo", {"preset": "classic"})
    published.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert actions.expire_due() == 0
    assert published == []
    with django_capture_on_commit_callbacks(execute=True):
        assert actions.expire_due(timezone.now() + timedelta(days=30)) == 2
    assert published == [(["lobby"], {"seeks": 2})]
