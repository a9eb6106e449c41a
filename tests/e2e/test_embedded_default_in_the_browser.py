"""On the site as bin/serve starts it (SQLite, tasks in-process, no broker and so no beat), a player's game of
Lexicon Crossing against the computer does not stall: the green light she asks for waits for its leeway, and
the server's own sweeps give it, so her new tile appears without anybody doing anything."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import Any

import pytest

from tests.support.embedded import EmbeddedServer

# nodb: the server is a process of its own on its own SQLite file; nothing of the run's database reaches it.
pytestmark = [pytest.mark.browser, pytest.mark.nodb]

LEEWAY = 20  # seconds: far longer than opening the page and pressing the button takes, however busy the machine
SETUP = f"""
    from django.contrib.auth.models import User
    from django.db import transaction
    from wordgames.games import actions
    from wordgames.games.models import Game

    ann = User.objects.get(username="ann")
    with transaction.atomic():  # the computer takes its turn once this commits, under the leeway set here
        # ann's fifteen tiles spell CROSSING and CHESTNUT, which cross at their C; the computer's are the seed's.
        game = actions.create_game(ann, "lexicon-crossing", {{"start_tiles": 15, "leeway": 1}}, ["computer:quick"],
                                   seed=1, bag="CROSSINGHESTNUT")
        # The option counts whole minutes (one at least): the test's game has a leeway of {LEEWAY} seconds.
        Game.objects.filter(pk=game.pk).update(options={{**game.options, "leeway": {LEEWAY} / 60}})
    actions.submit_move(game.pk, ann, "grid CROSSING/H......./E......./S......./T......./N......./U......./T.......")
    print(game.pk)
"""


def test_a_green_light_against_the_computer_is_given_by_the_server_itself(chromium: Any, tmp_path: Path) -> None:
    server = EmbeddedServer(tmp_path, EMBEDDED_SWEEP_SECONDS="1", LOG_LEVEL="INFO")
    server.start()
    context = chromium.new_context()
    try:
        page = context.new_page()
        page.goto(f"{server.url}/accounts/login/")
        page.fill("#id_username", "ann")
        page.fill("#id_password", "wordgames")  # the demo's password, as bin/serve says
        page.click("button:has-text('Log in')")
        page.wait_for_url(f"{server.url}/")
        game = int(server.manage("shell", "-c", textwrap.dedent(SETUP)).split()[-1])

        def deals() -> int:
            return int(
                server.query("SELECT json_extract(state, '$.deal_number') FROM games_game WHERE id = ?", game)[0][0]
            )

        page.goto(f"{server.url}/games/{game}/")
        assert page.locator(".lc-hand-tiles .lc-tile").count() == 0  # all fifteen are on her crossword
        page.click("button:has-text('Green light')")
        page.wait_for_selector("text=Your green light is waiting")
        # the page's live update may be morphing the game's part of the page at this moment: wait for it
        page.wait_for_selector("button:has-text('Withdraw my green light')", timeout=15_000)
        assert deals() == 0  # queued, not given: its leeway has not passed

        # Nobody acts from here on: only the server's sweep can give the green light once its leeway has passed.
        page.wait_for_selector(".lc-hand-tiles .lc-tile", timeout=(LEEWAY + 30) * 1000)
        page.wait_for_selector("text=called green light: everyone draws a tile.")
        assert deals() == 1
        assert page.locator(".lc-hand-tiles .lc-tile").count() == 1  # her new tile, in her hand
    finally:
        context.close()
        server.stop()
    log = server.log()
    assert log.count("this process runs the sweeps") == 1, log  # in the serving process, not the autoreloader
    assert "database is locked" not in log and "Traceback" not in log, log
