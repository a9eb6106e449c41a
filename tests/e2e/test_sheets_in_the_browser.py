"""Lingua Fences and Keebble on a phone: a tap on a square starts the word there (a second tap turns it down),
the player types the word, and the move is played; in Keebble's answers two taps write a wall."""

from __future__ import annotations

from typing import Any

import pytest

from wordgames.games import actions
from wordgames.games.models import Game

from .test_lingo_in_the_browser import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def phone(browser: Any) -> Any:
    return browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()


def test_tapping_the_starting_square_then_typing_a_word_on_lingua_fences(
    browser: Any, live_server: Any, ann: Any, bob: Any
) -> None:
    game = actions.create_game(ann, "lingua-fences", {"size": 9}, ["bob"], seed=1)
    actions.join_game(game.pk, bob)
    page = phone(browser)
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    square = page.locator('[data-start-cells] [data-cell="c3"]')
    square.tap()
    assert page.input_value("#id_move") == "3C "
    square.tap()  # again: down
    assert page.input_value("#id_move") == "C3 "
    page.locator("#id_move").type("CAT")
    page.click("button:has-text('Write')")
    page.wait_for_selector("text=ann wrote CAT")
    game.refresh_from_db()
    assert game.moves.get().text == "C3 CAT"


def test_tapping_a_cell_then_typing_a_word_on_keebble(browser: Any, live_server: Any, ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "keebble", {"start": "empty"}, ["bob"], seed=1)
    actions.join_game(game.pk, bob)
    game = Game.objects.get(pk=game.pk)
    state = game.state
    state["hands"][0] = list("CAT")  # (a hand the test knows; the board is empty)
    Game.objects.filter(pk=game.pk).update(state=state)
    page = phone(browser)
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.locator('[data-start-cells] [data-cell="c4"]').tap()
    page.locator("#id_move").type("CAT ask E X")
    assert page.input_value("#id_move") == "4C CAT ask E X"
    page.locator("#id_move").press("Enter")
    page.wait_for_selector("text=ann played CAT")
    assert Game.objects.get(pk=game.pk).moves.get().text == "4C CAT ask E X"
    # bob answers with a wall: two taps on side-by-side cells write it.
    page2 = phone(browser)
    log_in(page2, live_server, "bob")
    page2.goto(f"{live_server.url}{game.get_absolute_url()}")
    page2.locator('[data-wall-cells] [data-cell="a3"]').tap()
    page2.locator('[data-wall-cells] [data-cell="b3"]').tap()
    assert page2.input_value("#id_move") == "wall a3 b3"
    page2.locator("#id_move").press("Enter")
    page2.wait_for_selector("text=bob placed a wall")
    assert "a3|b3" in Game.objects.get(pk=game.pk).state["walls"]
