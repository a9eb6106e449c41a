"""The dark theme in Chromium: the site follows the system's light or dark setting until the reader chooses in
the footer's switch; the choice is remembered from page to page and can be handed back to the system."""

from __future__ import annotations

from typing import Any

import pytest

from .test_lingo_in_the_browser import log_in
from .test_table_in_the_browser import started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

LIGHTNESS = """sel => { const c = getComputedStyle(document.querySelector(sel)).backgroundColor.match(/\\d+/g).map(Number);
    return (c[0] + c[1] + c[2]) / 3; }"""


def dark(page: Any, selector: str = "body") -> bool:
    return bool(page.evaluate(LIGHTNESS, selector) < 100)


def test_the_site_follows_the_system_until_the_reader_chooses(
    browser: Any, live_server: Any, ann: Any, bob: Any
) -> None:
    game = started(ann, bob, "lingo", {"preset": "classic"})
    page = browser.new_context(color_scheme="dark").new_page()
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    assert dark(page) and dark(page, ".board-wrap")
    page.select_option("#theme-choice", "light")
    assert not dark(page) and not dark(page, ".board-wrap")  # at once, without a reload
    page.goto(f"{live_server.url}/")
    assert page.locator("html").get_attribute("data-theme") == "light"  # drawn light by the server from the start
    assert not dark(page) and page.input_value("#theme-choice") == "light"
    page.select_option("#theme-choice", "")
    page.reload()
    assert dark(page) and page.locator("html").get_attribute("data-theme") is None


def test_a_reader_on_a_light_system_may_choose_dark(browser: Any, live_server: Any) -> None:
    page = browser.new_context(color_scheme="light").new_page()
    page.goto(f"{live_server.url}/accounts/login/")
    assert not dark(page)
    page.select_option("#theme-choice", "dark")
    page.goto(f"{live_server.url}/help/")
    assert dark(page)
