"""What a new player runs into first on a game page, in Chromium: Keebble's preview, a quick Play, Lingua
Fences on a phone."""

from __future__ import annotations

from typing import Any

import pytest

from wordgames.games import actions
from wordgames.games.models import Game

from .test_lingo_in_the_browser import log_in
from .test_sheets_in_the_browser import phone

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def keebble_game(ann: Any, bob: Any) -> Game:
    game = actions.create_game(ann, "keebble", {"start": "empty"}, ["bob"], seed=1)
    actions.join_game(game.pk, bob)
    state = Game.objects.get(pk=game.pk).state
    state["hands"][0] = list("CAT")
    Game.objects.filter(pk=game.pk).update(state=state)
    return Game.objects.get(pk=game.pk)


def test_keebble_previews_a_typed_move_at_the_games_preview_address(
    browser: Any, live_server: Any, ann: Any, bob: Any
) -> None:
    game = keebble_game(ann, bob)
    page = browser.new_context().new_page()
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url) if request.method == "POST" else None)
    with page.expect_response(lambda r: r.request.method == "POST"):
        page.locator("#id_move").type("4C CAT ask E X")
    page.locator(".preview-box").filter(has_text="CAT").wait_for(timeout=10_000)
    assert asked and all(url.endswith(f"/games/{game.pk}/preview/") for url in asked), asked


def test_a_quick_play_never_flashes_it_is_not_your_turn(browser: Any, live_server: Any, ann: Any, bob: Any) -> None:
    game = keebble_game(ann, bob)
    page = browser.new_context().new_page()
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    previews_after_the_move: list[str] = []
    played = []
    page.on(
        "request",
        lambda r: (
            played.append(r.url)
            if r.url.endswith("/move/")
            else (previews_after_the_move.append(r.url) if played and r.url.endswith("/preview/") else None)
        ),
    )
    page.locator("#id_move").fill("4C CAT ask E X")  # typed and played at once: the preview was still to come
    page.locator("#id_move").press("Enter")
    page.wait_for_selector("text=ann played CAT")
    page.wait_for_timeout(600)  # longer than the preview's pause after typing
    assert played
    assert previews_after_the_move == []
    assert "not your turn" not in page.inner_text("main")


def test_lingua_fences_on_a_phone_keeps_the_page_narrow_and_the_write_button_on_screen(
    browser: Any, live_server: Any, ann: Any, bob: Any, cat: Any
) -> None:
    game = actions.create_game(ann, "lingua-fences", {}, ["bob", "cat"], seed=1)
    actions.join_game(game.pk, bob)
    actions.join_game(game.pk, cat)
    page = phone(browser)
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.wait_for_timeout(400)  # the boards are fitted to fingers once drawn, and again on resize
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    write = page.locator("button:has-text('Write')").bounding_box()
    assert write is not None and write["x"] >= 0 and write["x"] + write["width"] <= 390
    small = page.locator(".lf-small svg").first.bounding_box()
    assert small is not None and small["x"] + small["width"] <= 390
