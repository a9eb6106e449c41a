"""Under the Content-Security-Policy (no inline script), the pages' scripts still run and nothing is blocked."""

from __future__ import annotations

from typing import Any

import pytest

from wordgames.games import actions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "correct horse battery"

# Runs before any page script (injected by the browser's debugger, which the policy does not govern).
RECORD_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.__violations.push(e.violatedDirective + " " + e.blockedURI);
});
"""


@pytest.fixture
def context(browser: Any) -> Any:
    context = browser.new_context()
    yield context
    context.close()  # the game page polls the live server: stop before the server does


def logged_in_page(context: Any, live_server: Any, username: str) -> tuple[Any, list[str]]:
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    console: list[str] = []
    page.on("console", lambda message: console.append(message.text))
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url(f"{live_server.url}/")
    return page, console


def violations(page: Any, console: list[str]) -> list[str]:
    return page.evaluate("window.__violations") + [m for m in console if "Content Security Policy" in m]


def test_game_new_game_and_print_pages_run_their_scripts_with_no_policy_violation(context, live_server, ann, bob):
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=3)
    actions.join_game(game.pk, bob)
    fences = actions.create_game(ann, "lingua-fences", {}, ["bob"], seed=4)
    actions.join_game(fences.pk, bob)
    page, console = logged_in_page(context, live_server, "ann")

    response = page.goto(f"{live_server.url}/games/new/")
    assert "script-src 'self'" in response.headers["content-security-policy"]
    page.select_option("#id_players", "2")
    assert page.locator("#id_seat_3").is_hidden()  # new_game.js hid the third seat
    page.select_option("#id_players", "3")
    assert page.locator("#id_seat_3").is_visible()

    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    letter = page.locator(".pool-tile").first.get_attribute("data-letter")
    page.locator(".pool-tile").first.click()
    page.click(".board [data-cell='m13']")
    assert page.input_value("#id_move").upper() == f"M13 {letter}"  # game.js wrote the move

    page.goto(f"{live_server.url}{fences.get_absolute_url()}print/")
    page.evaluate("window.print = function () { window.__printed = true; }")
    page.click("button:has-text('Print')")
    assert page.evaluate("window.__printed") is True  # print.js wired the button
    assert violations(page, console) == []
