"""Every board played from the keyboard alone, in Chromium: Tab reaches the board, the arrows move from cell to
cell (each named for a screen reader), letters place tiles or write the word, Enter plays, Backspace and Escape
take back."""

from __future__ import annotations

from typing import Any

import pytest

import tests.engines.lexicon_crossing.conftest  # noqa: F401  (registers the "every-word" dictionary)
from wordgames.engines.core.grid import column_name, parse_cell
from wordgames.games import actions
from wordgames.games.models import Game

from .test_lingo_in_the_browser import log_in, placements_of_best_move
from .test_table_in_the_browser import desktop, started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOCUSED = "() => { const e = document.activeElement; return e && e.getAttribute('role') === 'gridcell' ? e.dataset.cell : null; }"


def tab_to_the_board(page: Any) -> str:
    """Tab from the top of the page until a cell of the board has the focus; its name."""
    page.locator("body").focus()
    for _ in range(80):
        page.keyboard.press("Tab")
        name = page.evaluate(FOCUSED)
        if name:
            return str(name)
    raise AssertionError("Tab never reached the board")


def go_to(page: Any, target: str) -> None:
    """Arrow keys from the focused cell to ``target`` (on hex boards left and right zigzag a doubled row)."""
    at = parse_cell(page.evaluate(FOCUSED))
    goal = parse_cell(target)
    while at[0] != goal[0]:
        page.keyboard.press("ArrowRight" if goal[0] > at[0] else "ArrowLeft")
        at = parse_cell(page.evaluate(FOCUSED))
    while at[1] != goal[1]:
        page.keyboard.press("ArrowDown" if goal[1] > at[1] else "ArrowUp")
        now = parse_cell(page.evaluate(FOCUSED))
        assert now != at, f"stuck at {at}"
        at = now
    assert page.evaluate(FOCUSED) == target


def at_the_board(browser: Any, live_server: Any, username: str, game: Game, cell: str) -> Any:
    """``username``'s page of ``game`` in a new window, the focus brought to ``cell`` by Tab and the arrows."""
    page = desktop(browser)
    log_in(page, live_server, username)
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    tab_to_the_board(page)
    go_to(page, cell)
    return page


def label(page: Any, cell: str) -> str:
    return str(page.locator(f'svg[role=grid] [data-cell="{cell}"]').get_attribute("aria-label"))


@pytest.mark.parametrize("hex_board", [False, True], ids=["square", "hex"])
def test_a_lingo_move_made_with_the_keyboard_alone(
    browser: Any, live_server: Any, ann: Any, bob: Any, hex_board: bool
) -> None:
    game = started(ann, bob, "lingo", {"preset": "classic", "hex": hex_board})
    best, placements = placements_of_best_move(game, 0)
    page = desktop(browser)
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    tab_to_the_board(page)
    first_cell, first_letter = placements[0]
    go_to(page, first_cell)
    col, row = parse_cell(first_cell)
    assert label(page, first_cell) == f"row {row}, column {column_name(col).upper()}, empty"
    page.keyboard.press(first_letter)
    assert page.locator(f'.pool-tile[data-letter="{first_letter}"].used').count() == 1
    assert f"placing {first_letter}" in label(page, first_cell)
    go_to(page, first_cell)
    page.keyboard.press("Backspace")  # taken back: the tile returns to the pool
    assert page.locator(".pool-tile.used").count() == 0
    assert page.input_value("#id_move") == ""
    for cell, letter in placements:
        go_to(page, cell)
        page.keyboard.press(letter)
    page.locator(".preview-box .preview").wait_for(timeout=10_000)
    page.keyboard.press("Escape")  # everything back
    assert page.locator(".pool-tile.used").count() == 0
    for cell, letter in placements:
        go_to(page, cell)
        page.keyboard.press(letter)
    page.keyboard.press("Enter")
    page.locator(".moves", has_text=best.summary).wait_for(timeout=10_000)
    game.refresh_from_db()
    assert game.moves.count() == 1
    tile_cell = placements[0][0]
    assert label(page, tile_cell).startswith(f"row {row}, column {column_name(col).upper()}, letter {first_letter}")


def test_a_lingua_fences_word_written_down_from_the_keyboard(
    browser: Any, live_server: Any, ann: Any, bob: Any
) -> None:
    game = started(ann, bob, "lingua-fences", {"size": 9})
    page = at_the_board(browser, live_server, "ann", game, "c3")
    assert label(page, "c3") == "row 3, column C, empty, the starting square"
    page.keyboard.press(" ")
    page.keyboard.press(" ")  # again: down
    page.keyboard.type("CAX")
    assert page.evaluate(FOCUSED) == "c6"
    page.keyboard.press("Backspace")
    page.keyboard.type("T")
    assert page.input_value("#id_move").strip() == "C3 CAT"
    page.keyboard.press("Enter")
    page.wait_for_selector("text=ann wrote CAT")
    assert Game.objects.get(pk=game.pk).moves.get().text == "C3 CAT"


def test_keebble_words_and_walls_from_the_keyboard(browser: Any, live_server: Any, ann: Any, bob: Any) -> None:
    game = started(ann, bob, "keebble", {"start": "empty"})
    state = game.state
    state["hands"][0] = list("CAT")
    Game.objects.filter(pk=game.pk).update(state=state)
    page = at_the_board(browser, live_server, "ann", game, "c4")
    page.keyboard.type("CAT")
    assert page.input_value("#id_move").strip() == "4C CAT"
    assert page.evaluate(FOCUSED) == "f4"
    actions.submit_move(game.pk, ann, "4C CAT ask E X")
    other = at_the_board(browser, live_server, "bob", game, "a3")
    other.keyboard.press(" ")
    other.keyboard.press("ArrowRight")
    other.keyboard.press(" ")
    assert other.input_value("#id_move") == "wall a3 b3"
    other.locator('svg[role=grid] [data-cell="b3"]').focus()
    other.keyboard.press("Enter")
    other.wait_for_selector("text=bob placed a wall")
    assert "a3|b3" in Game.objects.get(pk=game.pk).state["walls"]
    assert "wall right" in label(other, "a3")


def test_a_spectator_reads_the_board_cell_by_cell_and_cannot_play(
    browser: Any, live_server: Any, ann: Any, bob: Any, cat: Any
) -> None:
    game = started(ann, bob, "lingo", {"preset": "classic"})
    best, placements = placements_of_best_move(game, 0)
    actions.submit_move(game.pk, ann, best.move)
    page = desktop(browser)
    log_in(page, live_server, "cat")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    start = tab_to_the_board(page)
    assert page.locator("svg[role=grid]").get_attribute("aria-readonly") == "true"
    assert "letter" in label(page, start) and "newest" in label(page, start)  # the Tab stop: the newest tile
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) not in (None, start)
    page.keyboard.press("A")
    page.keyboard.press("Enter")
    game.refresh_from_db()
    assert game.moves.count() == 1


def test_a_lexicon_crossing_crossword_typed_from_the_keyboard(
    browser: Any, live_server: Any, ann: Any, bob: Any
) -> None:
    game = started(ann, bob, "lexicon-crossing", {"dictionary": "every-word", "leeway": 0})
    hand = [t for t in game.state["tiles"][0] if t.isalpha()]
    page = desktop(browser)
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.locator("body").focus()
    for _ in range(80):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement.classList.contains('lc-cell')"):
            break
    else:
        raise AssertionError("Tab never reached the crossword")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("() => document.activeElement.dataset.cell")
    assert focused == "1,1"
    assert page.evaluate("() => document.activeElement.getAttribute('aria-label')") == "row 2, column B, empty"
    page.keyboard.type(hand[0] + hand[1])  # (the grid grows round the crossword: cells are renamed)
    row, col = map(int, page.evaluate("() => document.activeElement.dataset.cell").split(","))
    first = page.locator(f'.lc-cell[data-cell="{row},{col - 2}"]')
    assert (
        first.get_attribute("aria-label") == f"row {row + 1}, column {column_name(col - 2).upper()}, letter {hand[0]}"
    )
    assert page.locator(f'.lc-cell[data-cell="{row},{col - 1}"] .lc-tile').text_content() == hand[1]
    page.keyboard.press("Backspace")  # the last letter back to the hand
    page.wait_for_selector(".lc-save:has-text('Saved')")
    assert page.locator(f'.lc-cell[data-cell="{row},{col - 1}"] .lc-tile').count() == 0
    game.refresh_from_db()
    assert game.state["grids"][0] == [hand[0]]
    page.keyboard.press("Enter")  # to the green light, not pressing it
    assert page.evaluate("() => document.activeElement.textContent").strip() in (
        "Green light",
        "Red light (end the game)",
        "",
    )
