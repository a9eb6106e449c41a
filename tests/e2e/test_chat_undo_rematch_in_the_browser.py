"""Chat both ways, undo and rematch, in a real browser: two players in two windows (desktop and phone), each
page updating by itself, the chat box keeping what is typed while the other player writes."""

from __future__ import annotations

import pytest

from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game, Move

from .test_lingo_in_the_browser import log_in
from .test_table_in_the_browser import desktop, phone, started, wait_for_version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_chat_both_ways_and_typing_survives_the_others_message(browser, live_server, ann, bob) -> None:
    game = started(ann, bob, "lingo", {"preset": "classic"})
    ann_page, bob_page = desktop(browser), phone(browser)
    for page, name in ((ann_page, "ann"), (bob_page, "bob")):
        log_in(page, live_server, name)
        page.goto(f"{live_server.url}{game.get_absolute_url()}")
    ann_page.fill("#chat-text", "Good luck, Bob!")
    ann_page.click("#chat button")
    bob_page.wait_for_selector("text=Good luck, Bob!", timeout=20_000)  # bob's page updates by itself
    box = ann_page.locator("#chat-text")
    box.click()
    box.type("Half a tho")
    bob_page.fill("#chat-text", "Thanks, you too")
    bob_page.click("#chat button")
    ann_page.wait_for_selector("text=Thanks, you too", timeout=20_000)
    kept = ann_page.evaluate("() => [document.activeElement.id, document.activeElement.value]")
    assert kept == ["chat-text", "Half a tho"]  # the morph kept ann's focus and her typing


def test_undo_asked_and_agreed_in_the_browser(browser, live_server, ann, bob) -> None:
    game = started(ann, bob, "lingo", {"preset": "classic"})
    actions.submit_move(game.pk, ann, get_engine("lingo").best_move(game.state, 0).move)
    ann_page, bob_page = desktop(browser), desktop(browser)
    for page, name in ((ann_page, "ann"), (bob_page, "bob")):
        log_in(page, live_server, name)
        page.goto(f"{live_server.url}{game.get_absolute_url()}")
    ann_page.click("text=Ask to take back my last move")
    bob_page.wait_for_selector("text=Agree: take it back", timeout=20_000)
    bob_page.click("text=Agree: take it back")
    game.refresh_from_db()
    assert Move.objects.get(game=game).taken_back
    wait_for_version(ann_page, game)
    assert ann_page.locator("text=No move yet.").count() == 1


def test_rematch_in_one_click(browser, live_server, ann, bob) -> None:
    game = started(ann, bob, "lingo", {"preset": "classic"})
    actions.submit_move(game.pk, bob, "resign")
    page = phone(browser)
    log_in(page, live_server, "bob")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    page.click("text=Rematch")
    page.wait_for_url(f"{live_server.url}/games/*/", timeout=20_000)
    game.refresh_from_db()
    assert game.rematch is not None and page.url.endswith(game.rematch.get_absolute_url())
    assert Game.objects.get(pk=game.rematch.pk).seats.get(position=0).user == bob  # bob was seat 2: now first
