"""The table around the board, in a real browser: typing survives another player's move, every board's cells are
big enough for a finger, a refused move keeps its tiles, a big crossword is saved, the lobby updates itself."""

from __future__ import annotations

import time
from typing import Any

import pytest

import tests.engines.lexicon_crossing.conftest  # noqa: F401  (registers the "every-word" dictionary)
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game

from .test_lingo_in_the_browser import log_in

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def phone(browser: Any) -> Any:
    return browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True).new_page()


def desktop(browser: Any) -> Any:
    return browser.new_context(viewport={"width": 1200, "height": 900}).new_page()


def started(ann: Any, bob: Any, engine: str, options: dict[str, Any], seed: int = 1) -> Game:
    game = actions.create_game(ann, engine, options, [bob.username], seed=seed)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


def wait_for_version(page: Any, game: Game) -> None:
    """Until the page has updated itself to the game's version (polled here: the site's CSP forbids eval)."""
    game.refresh_from_db()
    deadline = time.monotonic() + 20
    while page.evaluate("() => document.getElementById('live').dataset.version") != str(game.version):
        assert time.monotonic() < deadline, "the page did not update by itself"
        page.wait_for_timeout(200)


@pytest.mark.parametrize("make_page", [desktop, phone], ids=["desktop", "phone"])
def test_focus_caret_and_typed_text_stay_while_another_player_moves(browser, live_server, ann, bob, make_page):
    game = started(ann, bob, "lingua-fences", {"size": 9})  # both write at once: a simultaneous round
    page = make_page(browser)
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    box = page.locator("#id_move")
    box.click()
    box.type("C3 CAT")
    page.evaluate("document.getElementById('id_move').setSelectionRange(3, 5)")  # "CA" selected

    actions.submit_move(game.pk, bob, "C3 TO")  # bob writes on his own sheet meanwhile
    wait_for_version(page, game)
    page.wait_for_selector("text=bob", timeout=5_000)

    kept = page.evaluate("""() => { const e = document.activeElement;
        return [e.id, e.value, e.selectionStart, e.selectionEnd]; }""")
    assert kept == ["id_move", "C3 CAT", 3, 5]
    page.keyboard.type("DO")  # the next keys still land in the box, replacing the selection
    assert box.input_value() == "C3 DOT"


def _smallest_target(page: Any) -> float:
    """The smallest cell a finger plays on (the other players' small Lingua Fences sheets are pictures)."""
    return page.evaluate("""() => {
        const shapes = document.querySelectorAll(
            '#live [role=gridcell] > rect, #live [role=gridcell] > polygon, #live .lc-cell');
        let least = Infinity;
        shapes.forEach(s => { const r = s.getBoundingClientRect(); least = Math.min(least, r.width, r.height); });
        return shapes.length ? least : 0; }""")


@pytest.mark.parametrize(
    ("engine", "options"),
    [
        ("lingo", {"preset": "classic"}),
        ("lingo", {"preset": "classic", "hex": True}),
        ("lingua-fences", {}),
        ("keebble", {"start": "empty"}),
        ("lexicon-crossing", {"dictionary": "every-word"}),
    ],
    ids=["lingo-square", "lingo-hex", "lingua-fences", "keebble", "lexicon-crossing"],
)
def test_every_board_cell_is_at_least_24_pixels_on_a_phone(browser, live_server, ann, bob, engine, options):
    game = started(ann, bob, engine, options)
    if engine == "lingo":  # a game well under way: the board has grown
        for turn in range(8):
            game.refresh_from_db()
            best = get_engine("lingo").best_move(game.state, turn % 2)
            actions.submit_move(game.pk, (ann, bob)[turn % 2], best.move)
    page = phone(browser)
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)  # the resize-to-fit runs after load
    assert _smallest_target(page) >= 24


def test_a_refused_move_keeps_the_placed_tiles_and_the_game_address(browser, live_server, ann, bob):
    game = started(ann, bob, "lingo", {"preset": "classic"}, seed=7)
    page = phone(browser)
    log_in(page, live_server, "ann")
    url = f"{live_server.url}{game.get_absolute_url()}"
    page.goto(url)
    letter = page.locator(".pool-tile").first.get_attribute("data-letter")
    page.locator(".pool-tile").first.click()
    corner = page.locator(".board [data-cell]:not(.tile)").first  # one tile in a corner: no word, refused
    cell = corner.get_attribute("data-cell")
    corner.click()
    page.click("button:has-text('Play')")
    page.wait_for_selector(".move-form .error", timeout=10_000)
    assert page.url == url
    assert page.input_value("#id_move") == f"{cell} {letter}"
    assert page.locator(f'.board [data-cell="{cell}"] .pending').text_content() == letter
    assert Game.objects.get(pk=game.pk).moves.count() == 0
    page.reload()  # a plain GET: nothing is sent again
    page.wait_for_selector("#id_move")
    assert Game.objects.get(pk=game.pk).moves.count() == 0


def test_a_16_by_16_crossword_typed_in_the_editor_is_saved_and_there_after_reload(browser, live_server, ann, bob):
    game = started(ann, bob, "lexicon-crossing", {"dictionary": "every-word", "start_tiles": 31}, seed=3)
    hand = list(game.state["tiles"][0])
    # Blanks are typed as a letter: each key takes that letter from the hand, else a blank.
    keys = [t if t != "?" else "E" for t in hand]
    page = phone(browser)
    log_in(page, live_server, "ann")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.locator('.lc-cell[data-cell="3,2"]').click()
    for key in keys[:16]:  # across, sixteen tiles
        page.keyboard.press(key.upper())
    for _ in range(16):
        page.keyboard.press("ArrowLeft")
    for key in keys[16:31]:  # down from the first tile, fifteen more
        page.keyboard.press("ArrowDown")
        page.keyboard.press(key.upper())
        page.keyboard.press("ArrowLeft")
    page.wait_for_selector("[data-save-state]:has-text('Saved.')", timeout=15_000)
    page.wait_for_timeout(500)
    page.wait_for_selector("[data-save-state]:has-text('Saved.')", timeout=15_000)
    game.refresh_from_db()
    rows = game.state["grids"][0]
    assert len(rows) == 16 and len(rows[0]) == 16
    first = page.locator(".lc-grid .lc-tile").first.evaluate("t => t.closest('[data-cell]').dataset.cell")

    page.reload()
    page.wait_for_selector(".lc-grid .lc-tile")
    box = page.locator(".lc-scroll").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390  # the grid's box fits the phone; the grid pans in it
    assert page.locator(".lc-grid .lc-tile").count() == 31
    assert page.locator(".lc-grid .lc-tile").first.evaluate("t => t.closest('[data-cell]').dataset.cell") == first


def test_the_lobby_shows_a_new_invitation_by_itself(browser, live_server, ann, bob):
    page = desktop(browser)
    log_in(page, live_server, "bob")
    assert page.locator("text=invites you").count() == 0
    actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7)
    page.wait_for_selector("text=invites you", timeout=25_000)


def test_a_tile_placed_on_a_stack_leaves_the_letter_underneath_readable(browser, live_server, ann, bob):
    game = started(ann, bob, "lingo", {"preset": "classic"}, seed=7)
    best = get_engine("lingo").best_move(game.state, 0)
    actions.submit_move(game.pk, ann, best.move)
    page = desktop(browser)
    log_in(page, live_server, "bob")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    stack = page.locator(".board [data-cell].tile").first
    underneath = stack.locator("text.letter").text_content()
    page.locator(".pool-tile").first.click()
    stack.click()
    placed = stack.locator("text.pending").bounding_box()
    under = stack.locator("text.letter").bounding_box()
    overlap_x = max(0, min(placed["x"] + placed["width"], under["x"] + under["width"]) - max(placed["x"], under["x"]))
    overlap_y = max(0, min(placed["y"] + placed["height"], under["y"] + under["height"]) - max(placed["y"], under["y"]))
    assert overlap_x * overlap_y < 0.25 * under["width"] * under["height"]  # side by side, not one over the other
    assert stack.locator("text.letter").text_content() == underneath and under["height"] >= 8


def test_the_tab_title_says_your_turn_and_a_screen_reader_hears_the_opponents_move(browser, live_server, ann, bob):
    game = started(ann, bob, "lingo", {"preset": "classic"}, seed=7)
    page = desktop(browser)
    log_in(page, live_server, "bob")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    assert not page.title().startswith("Your turn")
    assert page.locator("#live-news").text_content() == ""
    best = get_engine("lingo").best_move(game.state, 0)
    move = actions.submit_move(game.pk, ann, best.move).move
    wait_for_version(page, game)
    assert page.title().startswith("Your turn")
    assert page.locator("#live-news[role=status]").text_content() == move.summary
    assert page.locator("link[rel=icon]").get_attribute("href").endswith("favicon-turn.svg")
