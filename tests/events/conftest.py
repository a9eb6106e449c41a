"""Events run the way moderators and players run them: the event's pages (a form, buttons), games played and
resigned through games' own doors."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from celery import current_app
from django.apps import apps
from django.contrib.auth.models import Group
from django.utils import timezone

from tests.conftest import logged_in, make_user
from wordgames.accounts.moderators import GROUP, ensure_moderators_group
from wordgames.events.models import Event
from wordgames.games import actions
from wordgames.games.models import Game, OwedTask


@pytest.fixture
def mod(db: Any) -> Any:
    """A moderator: in the Moderators group the migrations make."""
    user = make_user("mod", "Mod")
    user.is_staff = True
    user.save()
    # A test run in transactions empties the tables the migrations filled: the group is made again as they made it.
    user.groups.add(Group.objects.filter(name=GROUP).first() or ensure_moderators_group(apps))
    return user


def create_event(
    mod: Any,
    name: str,
    kind: str,
    *,
    format: str = "round_robin",
    table_size: int = 2,
    rounds: int | None = None,
    max_players: int = 16,
    **more: Any,
) -> Event:
    """The moderator fills in the new-event form; sign-up closes in a day, the event starts in two. ``more``:
    the form's other fields (a league's divisions, a ladder's reach, the days away limit, the game's options)."""
    local = timezone.localtime()
    form = {
        "name": name,
        "kind": kind,
        "format": format,
        "table_size": table_size,
        "rounds": rounds or "",
        "rated": "on",
        "clock": "3d",
        "max_players": max_players,
        "signup_deadline": (local + timedelta(days=1)).strftime("%Y-%m-%dT%H:%M"),
        "starts_at": (local + timedelta(days=2)).strftime("%Y-%m-%dT%H:%M"),
        **more,
    }
    response = logged_in(mod).post("/events/new/", form)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Event.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def sign_up(user: Any, event: Event) -> Any:
    """``user`` presses "Sign up" on the event's page; the page it lands on."""
    return logged_in(user).post(f"/events/{event.pk}/join/", follow=True)


def start(mod: Any, event: Event) -> None:
    response = logged_in(mod).post(f"/events/{event.pk}/start/")
    assert response.status_code == 302
    event.refresh_from_db()


def resign(game: Game, user: Any) -> None:
    actions.submit_move(game.pk, user, "resign")


def run_owed_event_tasks() -> None:
    """What the event's doors owed (its emails), run as a worker would after the commit."""
    for row in OwedTask.objects.filter(task__startswith="wordgames.events.").order_by("pk"):
        current_app.tasks[row.task](*row.args, **row.kwargs)
        row.delete()
