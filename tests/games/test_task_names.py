"""Every task answers to its module's name (what an operator reads in a worker's log, routes and beat), and the
tasks that moved still answer to their old names: a message queued, or a debt recorded, under an old name
before an upgrade still runs after it."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.utils import timezone

from tests.games.test_worker import start_worker, stop, wait_for
from wordgames.games.models import ChatMessage, Game, OwedTask
from wordgames.games.relay import relay_owed
from wordgames.mail.models import LocalEmail

OLD_NAMES = {
    **{
        f"wordgames.games.tasks.{name}": f"wordgames.games.relay.{name}"
        for name in (
            "send_notices",
            "send_push",
            "send_invitation",
            "send_reminder",
            "notify_turn",
            "annotate_move",
            "notify_moderation",
            "notify_timeout",
            "send_news",
            "send_chat",
        )
    },
    "wordgames.pbem.tasks.send_reply": "wordgames.pbem.answers.send_reply",
}


def registered() -> dict[str, Any]:
    from wordgames import celery_app

    celery_app.loader.import_default_modules()
    return {name: task for name, task in celery_app.tasks.items() if name.startswith("wordgames.")}


def function_of(task: Any) -> Any:
    run = getattr(task, "_orig_run", task.run)  # autoretry wraps run
    return getattr(run, "__func__", run)  # a bound task's run is a method


def test_each_task_is_named_by_its_module_and_its_old_name_runs_the_same_function():
    tasks = registered()
    for name, task in tasks.items():
        function = function_of(task)
        own = f"{function.__module__}.{function.__name__}"
        if name in OLD_NAMES:
            assert own == OLD_NAMES[name] and function_of(tasks[own]) is function, name
        else:
            assert name == own, f"{name} is the task {own}"
    assert set(OLD_NAMES) <= set(tasks)


def test_beat_and_the_routes_use_the_tasks_own_names():
    tasks = registered()
    for entry in settings.CELERY_BEAT_SCHEDULE.values():
        assert entry["task"] in tasks and entry["task"] not in OLD_NAMES, entry
    for name in settings.CELERY_TASK_ROUTES:
        assert name in tasks and name not in OLD_NAMES, name


def chat_without_its_email(game: Game, writer: Any, text: str) -> ChatMessage:
    """A chat message written before the upgrade, whose email was still owed under the task's old name."""
    return ChatMessage.objects.create(game=game, user=writer, seat=0, text=text)


@pytest.mark.django_db
def test_a_debt_recorded_under_an_old_name_is_paid_after_the_upgrade(lingo_game: Game, ann: Any):
    message = chat_without_its_email(lingo_game, ann, "owed before the upgrade")
    row = OwedTask.objects.create(task="wordgames.games.tasks.send_chat", args=[message.pk], kwargs={}, countdown=0)
    relay_owed(now=timezone.now() + timedelta(minutes=5))
    assert [m.to for m in mail.outbox if "owed before the upgrade" in m.body] == [["bob@example.com"]]
    assert not OwedTask.objects.filter(pk=row.pk).exists()


@pytest.mark.worker
@pytest.mark.django_db(transaction=True)
def test_a_real_worker_runs_a_message_queued_under_an_old_name(lingo_game: Game, ann: Any):
    from wordgames import celery_app

    message = chat_without_its_email(lingo_game, ann, "queued before the upgrade")
    process = start_worker()
    try:
        celery_app.send_task("wordgames.games.tasks.send_chat", args=[message.pk])
        assert wait_for(
            lambda: LocalEmail.objects.filter(
                to__contains="bob@example.com", body__contains="queued before the upgrade"
            ).exists()
        ), "the worker never ran the task queued under its old name"
    finally:
        stop(process)
