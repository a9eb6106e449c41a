"""A Lexicon Crossing player builds their crossword by dragging tiles in the editor, on a phone-sized screen,
and calls green light."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import wait_until
from tests.engines.lexicon_crossing.conftest import lay_out
from wordgames.games import actions
from wordgames.games.models import Game

from .test_lingo_in_the_browser import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def drag(page: Any, source: Any, target: Any) -> None:
    """Press on ``source``, move in steps (pointer events fire as for a finger or a mouse), release on ``target``."""
    a, b = source.bounding_box(), target.bounding_box()
    page.mouse.move(a["x"] + a["width"] / 2, a["y"] + a["height"] / 2)
    page.mouse.down()
    page.mouse.move(b["x"] + b["width"] / 2, b["y"] + b["height"] / 2, steps=8)
    page.mouse.up()


# The editor says "Saved." once the server has answered its save (exactly that: "Saving…" while it waits).
SAVED = "[data-save-state]:text-is('Saved.')"


def drag_and_save(page: Any, source: Any, target: Any) -> None:
    """Drag, then wait for the server's answer to the editor's save of that change: each drag's own save, never a
    "Saved." left on the page by the one before (the editor saves a moment after the last change)."""
    with page.expect_response(lambda r: r.request.method == "POST" and "move=grid" in (r.request.post_data or "")):
        drag(page, source, target)


def test_building_a_crossword_by_dragging_and_calling_green_light(
    browser: Any, live_server: Any, ann: Any, bob: Any
) -> None:
    game = actions.create_game(
        ann, "lexicon-crossing", {"dictionary": "every-word", "start_tiles": 15, "leeway": 0}, ["bob"], seed=3
    )
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    tiles = game.state["tiles"][0]
    # Thirteen tiles already laid out as an L; the last two are still in the hand.
    actions.submit_move(game.pk, ann, lay_out(tiles[:13]))
    game.refresh_from_db()
    rows = game.state["grids"][0]
    height, width = max(11, len(rows) + 6), max(11, len(rows[0]) + 6)
    top, left = (height - len(rows)) // 2, (width - len(rows[0])) // 2
    end = left + len(rows[0])

    page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.wait_for_selector(".lc-editor")
    assert page.locator(".lc-hand-tiles .lc-tile").count() == 2
    assert "Not yet" not in page.content()
    for n in range(2):
        tile = page.locator(".lc-hand-tiles .lc-tile").first
        cell = page.locator(f'.lc-cell[data-cell="{top},{end + n}"]')
        cell.scroll_into_view_if_needed()
        drag_and_save(page, tile, cell)
        page.wait_for_selector(f'.lc-cell[data-cell="{top},{end + n}"] .lc-tile')
    page.wait_for_selector(SAVED)
    assert page.locator(".lc-hand-tiles .lc-tile").count() == 0
    # Take a tile back to the hand and put it back: nothing is lost or duplicated.
    drag_and_save(page, page.locator(f'.lc-cell[data-cell="{top},{end + 1}"] .lc-tile'), page.locator(".lc-hand"))
    page.wait_for_selector(".lc-hand-tiles .lc-tile")
    drag_and_save(
        page, page.locator(".lc-hand-tiles .lc-tile").first, page.locator(f'.lc-cell[data-cell="{top},{end + 1}"]')
    )
    page.wait_for_selector(SAVED)
    game.refresh_from_db()
    assert sorted(ch for row in game.state["grids"][0] for ch in row if ch != ".") == sorted(
        "e" if t == "?" else t for t in tiles
    )
    score = page.locator("[data-score]").inner_text()
    assert score.endswith(f"/2={int(score.split('/')[0]) / 2:.2f}")

    page.click("button:has-text('Green light')")
    page.wait_for_selector("text=ann called green light: everyone draws a tile.")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and game.state["deal_number"] == 1
    assert len(game.state["tiles"][1]) == 16


def test_a_finger_on_an_empty_cell_pans_a_crossword_wider_than_the_phone(
    browser: Any, live_server: Any, ann: Any, bob: Any
) -> None:
    game = actions.create_game(
        ann, "lexicon-crossing", {"dictionary": "every-word", "start_tiles": 30}, ["bob"], seed=3
    )
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    actions.submit_move(game.pk, ann, lay_out(game.state["tiles"][0][:20]))  # a long crossword: a wide grid
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.wait_for_selector(".lc-editor .lc-grid")
    scroller = page.locator(".lc-scroll")
    assert page.evaluate("(s) => s.scrollWidth > s.clientWidth + 100", scroller.element_handle())
    empty = scroller.bounding_box()
    x, y = empty["x"] + empty["width"] - 30, empty["y"] + 30  # the top right corner of the grid: an empty cell
    assert page.evaluate(f"!document.elementFromPoint({x}, {y}).closest('.lc-tile')")
    touch = context.new_cdp_session(page)  # a finger: touch events, as a phone sends them
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        touch.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x - 20 * step, "y": y}]})
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_until(page, "document.querySelector('.lc-scroll').scrollLeft > 50")
    game.refresh_from_db()
    assert game.moves.count() == 1  # panning moved no tile
