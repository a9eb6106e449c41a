"""Shared fixtures: three people. ann and bob play; cat looks on (or joins when a test needs a third)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from wordgames.accounts.models import profile_for

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def _tasks_in_process(request: pytest.FixtureRequest) -> Any:
    """Tasks run in-process (as on a laptop), except in tests that start a real worker: a test never leaves
    work on a broker that no worker will run."""
    from wordgames import celery_app

    eager = request.node.get_closest_marker("worker") is None
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = eager
    yield
    celery_app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def _nobody_watching() -> None:
    """Each test starts with nobody watching a game (presence lives in the cache, which outlives a test's
    database: a page polled in one test must not silence the emails of the next test's game of the same id)."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _fast_passwords(settings: Any) -> None:
    # The real hasher takes a good fraction of a second per user on purpose; tests make many users.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _site_language_after_each_test() -> Any:
    """A page read in French leaves French active in the thread (Django activates a language per request and
    never puts it back), so a test after it would meet French refusals: each test starts in the site's language."""
    yield
    from django.utils import translation

    translation.deactivate()


def make_user(username: str, display_name: str = "") -> Any:
    user = get_user_model().objects.create_user(username, f"{username}@example.com", PASSWORD)
    profile = profile_for(user)
    profile.display_name = display_name
    profile.save()
    return user


@pytest.fixture
def ann(db: Any) -> Any:
    return make_user("ann", "Ann")


@pytest.fixture
def bob(db: Any) -> Any:
    return make_user("bob", "Bob")


@pytest.fixture
def cat(db: Any) -> Any:
    return make_user("cat", "Cat")


def logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def client_ann(ann: Any) -> Client:
    return logged_in(ann)


@pytest.fixture
def client_bob(bob: Any) -> Client:
    return logged_in(bob)


# Several transactions at once: what CI runs a second time through PgBouncer in transaction pooling (.ci/run).
CONCURRENCY = ("tests/chaos/", "/test_concurren", "/test_simultaneous_seats.py")


# Tests that reach neither the run's database nor its broker: the pure engines (tests/engines: no Django at all),
# and the few a module marks `nodb` (a server of their own on their own SQLite file, a catalogue run). They would
# run the same on PostgreSQL, so CI runs them once, in the SQLite run (.ci/run: -m "not nodb" for PostgreSQL).
NO_DATABASE = ("tests/engines/",)
# Browser tests whose promise is how pages look and behave in the browser (axe on every page in both themes, the
# dark theme, the CSP, scripts in the reader's language, email boards on a phone): they reach the database only
# through the views' ordinary reads and writes, which the rest of the suite runs on PostgreSQL, so CI runs them
# once, in the SQLite run (.ci/run: -m "not pages" for PostgreSQL). Browser tests of play, live pages and the app
# (moves under the game's lock, LISTEN/NOTIFY, push) run on both.
PAGES = (
    "tests/e2e/test_accessibility_in_the_browser.py",
    "tests/e2e/test_dark_theme_in_the_browser.py",
    "tests/e2e/test_csp_in_the_browser.py",
    "tests/e2e/test_scripts_translated_in_the_browser.py",
    "tests/e2e/test_email_boards_on_a_phone.py",
)
# What a test asks for when it uses the run's database (pytest-django's fixtures, and ours built on them).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
    "client",
    "admin_client",
    "django_user_model",
    "admin_user",
    "django_db_setup",
}


def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    root = Path(str(config.rootpath))
    if missing := [path for path in PAGES if not (root / path).exists()]:
        raise pytest.UsageError(f"tests/conftest.py PAGES names files that are gone: {missing}")
    for item in items:
        if any(part in str(item.path) for part in CONCURRENCY):
            item.add_marker(pytest.mark.concurrency)
        if any(part in item.path.as_posix() for part in NO_DATABASE):
            item.add_marker(pytest.mark.nodb)
        if any(item.path.as_posix().endswith(path) for path in PAGES):
            item.add_marker(pytest.mark.pages)
        if item.get_closest_marker("nodb") and (
            any(item.get_closest_marker(name) for name in ("django_db", "worker", "postgres", "concurrency"))
            or DATABASE_FIXTURES & set(getattr(item, "fixturenames", ()))
        ):
            raise pytest.UsageError(f"{item.nodeid} is marked nodb (run once, on SQLite) but uses the database")
    if not os.getenv("CELERY_BROKER_URL"):
        skip = pytest.mark.skip(reason="needs CELERY_BROKER_URL and PostgreSQL for a real worker")
        for item in items:
            if "worker" in item.keywords:
                item.add_marker(skip)


@pytest.fixture
def dan(db: Any) -> Any:
    return make_user("dan", "Dan")
