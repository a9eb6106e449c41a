"""Browser tests: Playwright for Python driving Debian's Chromium (never a downloaded browser)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path(os.getenv("CHROMIUM", "/usr/bin/chromium"))
# Playwright's sync API runs an event loop in this thread; the ORM calls the tests make are still synchronous.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        if os.getenv("WORDGAMES_REQUIRE_BROWSER"):
            pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium")
        pytest.skip(f"{CHROMIUM} is missing: apt-get install chromium")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM),
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                  "--no-first-run", "--disable-sync"],
        )
        yield browser
        browser.close()


@pytest.fixture(autouse=True)
def _pages_closed_before_the_database_is_emptied(request: pytest.FixtureRequest) -> Iterator[None]:
    """Pages poll the live server by themselves (game, lobby): every page a test opened is closed before the
    test's database is flushed, or a late poll finds the tables locked."""
    if "browser" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")  # set up first, so torn down after the pages close
    browser = request.getfixturevalue("browser")
    yield
    for context in list(browser.contexts):  # type: ignore[attr-defined]
        context.close()
