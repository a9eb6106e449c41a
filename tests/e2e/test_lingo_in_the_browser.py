"""Two players in two browsers start a Lingo game from the lobby and each moves by clicking tiles and cells."""

from __future__ import annotations

import os
from typing import Any

import pytest

from wordgames.engines import get_engine
from wordgames.games.models import Game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "correct horse battery"


def log_in(page: Any, live_server: Any, username: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url(f"{live_server.url}/")


def placements_of_best_move(game: Game, seat: int) -> tuple[Any, list[tuple[str, str]]]:
    """The engine's best move, as the (cell, letter) clicks a player would make for it."""
    engine = get_engine("lingo")
    best = engine.best_move(game.state, seat)
    after, _ = engine.apply(game.state, seat, best.move)
    before_tiles = {t["cell"]: (t["letter"], t["height"]) for t in engine.view(game.state, seat)["board"]["tiles"]}
    clicks = [
        (t["cell"], t["letter"])
        for t in engine.view(after, seat)["board"]["tiles"]
        if before_tiles.get(t["cell"]) != (t["letter"], t["height"])
    ]
    return best, clicks


def play_by_clicking(page: Any, game: Game, seat: int) -> str:
    game.refresh_from_db()
    best, clicks = placements_of_best_move(game, seat)
    for cell, letter in clicks:
        page.click(f".pool-tile[data-letter='{letter}']:not(.used)")
        page.click(f".board [data-cell='{cell}']")
    preview = page.locator(".preview-box")
    preview.locator(".preview").wait_for(timeout=10_000)
    assert f"{best.score} pts" in preview.inner_text()
    page.click("button:has-text('Play')")
    page.locator(".moves", has_text=best.summary).wait_for(timeout=10_000)  # the list, not the preview
    return best.summary


def test_two_players_start_a_game_from_the_lobby_and_move_by_clicking(browser, live_server, ann, bob, tmp_path):
    ann_page = browser.new_context(viewport={"width": 1200, "height": 900}).new_page()
    bob_page = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True).new_page()  # a phone
    log_in(ann_page, live_server, "ann")
    log_in(bob_page, live_server, "bob")

    ann_page.click("text=New game")
    ann_page.select_option("#id_players", "2")
    ann_page.fill("#id_seat_2", "bob")
    ann_page.click("button:has-text('Create the game')")
    ann_page.wait_for_selector("text=Waiting for players")
    game = Game.objects.get()

    bob_page.goto(f"{live_server.url}/")
    bob_page.click("button:has-text('Accept')")
    bob_page.wait_for_url(f"{live_server.url}{game.get_absolute_url()}")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE

    ann_page.goto(f"{live_server.url}{game.get_absolute_url()}")
    ann_summary = play_by_clicking(ann_page, game, 0)

    # bob's page notices ann's move by itself and offers him the move box
    bob_page.wait_for_selector(f"text={ann_summary}", timeout=20_000)
    bob_page.wait_for_selector("#id_move", timeout=5_000)
    bob_summary = play_by_clicking(bob_page, game, 1)

    assert [m.summary for m in game.moves.order_by("seq")] == [ann_summary, bob_summary]
    if os.getenv("SCREENSHOTS"):
        bob_page.screenshot(path=os.path.join(os.getenv("SCREENSHOTS"), "lingo-phone.png"), full_page=True)
        ann_page.screenshot(path=os.path.join(os.getenv("SCREENSHOTS"), "lingo-desktop.png"), full_page=True)
