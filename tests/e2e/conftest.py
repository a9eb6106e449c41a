"""Browser tests: Playwright for Python driving Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import logged_in
from tests.support.asgi import AsgiServer

CHROMIUM = Path(os.getenv("CHROMIUM", "/usr/bin/chromium"))
# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    if not CHROMIUM.exists():
        if os.getenv("WORDGAMES_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium")
        pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--no-first-run",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


class ClosingBrowser:
    """The browser as one test sees it: every context (a player's window) it opens is closed when the test ends."""

    def __init__(self, browser: Any) -> None:
        self._browser = browser
        self.contexts: list[Any] = []

    def new_context(self, **kwargs: Any) -> Any:
        context = self._browser.new_context(**kwargs)
        self.contexts.append(context)
        return context


@pytest.fixture
def browser(transactional_db: None, chromium: Any, live_server: Any) -> Iterator[ClosingBrowser]:
    """Set up after the live server and the test's database, so torn down before the database is flushed and
    before the server lets go of it: pages poll by themselves (game, lobby), and a late poll would find the
    tables locked. A page left open
    keeps polling the game on a kept-alive connection; the server thread answering it used to outlive the test
    and fail when it closed a database connection it no longer shared, printing a traceback in a later test."""
    windows = ClosingBrowser(chromium)
    yield windows
    for context in windows.contexts:
        context.close()
    _wait_for_the_server_threads()


def _wait_for_the_server_threads(seconds: float = 5.0) -> None:
    deadline = time.monotonic() + seconds
    for thread in threading.enumerate():
        if "process_request_thread" in thread.name:  # socketserver's name for a thread answering one connection
            thread.join(max(0.0, deadline - time.monotonic()))


@pytest.fixture
def asgi_server(transactional_db: None, chromium: Any, tmp_path: Any) -> Iterator[AsgiServer]:
    """The site served by uvicorn, for the live pages' streams (tests.support.asgi)."""
    server = AsgiServer(tmp_path / "uvicorn.log").start()
    yield server
    server.stop()


@pytest.fixture
def window(chromium: Any, asgi_server: AsgiServer) -> Iterator[Any]:
    """``window(user)``: a browser window of the ASGI-served site logged in as ``user``, its own cookies; its pages
    are closed before the server stops (their streams with them)."""
    contexts: list[Any] = []

    def open_as(user: Any) -> Any:
        context = chromium.new_context(viewport={"width": 1200, "height": 900})
        contexts.append(context)
        context.add_cookies(
            [{"name": "sessionid", "value": logged_in(user).cookies["sessionid"].value, "url": asgi_server.url}]
        )
        return context.new_page()

    yield open_as
    for context in contexts:
        context.close()


def wait_until(page: Any, expression: str, timeout: float = 30000) -> None:
    """Wait until ``expression`` (JavaScript) is true in ``page``, evaluating it every tenth of a second.
    Playwright's ``wait_for_function`` polls by compiling its predicate inside the page, which the site's
    Content-Security-Policy (no 'unsafe-eval') refuses as soon as the first look is not already true; an
    evaluation asked from outside is not the page's own script, so the policy lets it run."""
    deadline = time.monotonic() + timeout / 1000
    while not page.evaluate(expression):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {timeout / 1000:g} s: {expression}")
        page.wait_for_timeout(100)
