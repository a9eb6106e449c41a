"""axe-core (vendored from its npm package, static/vendor/axe-core/) checks every page in Chromium, in the light
and the dark theme: no serious or critical violation, colour contrast included, for a player, a spectator and a
visitor who is not logged in."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

import tests.engines.lexicon_crossing.conftest  # noqa: F401  (registers the "every-word" dictionary)
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game

from .test_lingo_in_the_browser import log_in
from .test_table_in_the_browser import started

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(settings.BASE_DIR) / "static" / "vendor" / "axe-core" / "axe.min.js"
THEMES = ["light", "dark"]


def violations(page: Any) -> list[str]:
    """axe's serious and critical findings on the page as it stands, one line each."""
    if not page.evaluate("() => !!window.axe"):
        page.evaluate(AXE.read_text())  # through DevTools: the site's CSP allows no inline script, rightly
    result = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{page.url}: {v['id']} ({v['impact']}): {[(n['target'], n['html'][:120]) for n in v['nodes'][:4]]}"
        for v in result["violations"]
        if v["impact"] in ("serious", "critical")
    ]


def check(page: Any, url: str) -> list[str]:
    page.goto(url)
    page.wait_for_load_state("load")
    page.wait_for_timeout(150)  # the scripts that draw on load (board fitting, the crossword editor)
    return violations(page)


def games(ann: Any, bob: Any) -> list[Game]:
    """A game of each kind under way, with a move or two so boards hold tiles, and one waiting for players."""
    lingo = started(ann, bob, "lingo", {"preset": "classic"})
    for turn in range(2):
        lingo.refresh_from_db()
        actions.submit_move(lingo.pk, (ann, bob)[turn], get_engine("lingo").best_move(lingo.state, turn).move)
    hexes = started(ann, bob, "lingo", {"preset": "classic", "hex": True})
    fences = started(ann, bob, "lingua-fences", {"size": 9})
    actions.submit_move(fences.pk, ann, "3C CAT")
    keebble = started(ann, bob, "keebble", {"start": "empty"})
    crossing = started(ann, bob, "lexicon-crossing", {"dictionary": "every-word"})
    waiting = actions.create_game(ann, "lingo", {}, ["bob"], seed=2)
    over = started(ann, bob, "lingo", {"preset": "classic"}, seed=3)
    actions.submit_move(over.pk, ann, get_engine("lingo").best_move(over.state, 0).move)
    actions.submit_move(over.pk, bob, "resign")
    return [lingo, hexes, fences, keebble, crossing, waiting, over]


@pytest.mark.parametrize("theme", THEMES)
def test_every_page_a_player_sees_passes_axe(browser: Any, live_server: Any, ann: Any, bob: Any, theme: str) -> None:
    shown = games(ann, bob)
    page = browser.new_context(viewport={"width": 1200, "height": 900}, color_scheme=theme).new_page()
    log_in(page, live_server, "ann")
    base = live_server.url
    urls = [
        "/",
        "/games/new/",
        "/accounts/profile/",
        "/accounts/email/",
        "/events/",
        "/events/new/",
        "/seeks/",
        "/seeks/new/",
        "/help/",
        "/help/lingo/",
        "/players/bob/",
        "/ratings/",
    ]
    found = [line for url in urls for line in check(page, base + url)]
    found += [line for game in shown for line in check(page, base + game.get_absolute_url())]
    assert found == [], "\n".join(found)


@pytest.mark.parametrize("theme", THEMES)
def test_every_page_a_spectator_and_a_visitor_see_passes_axe(
    browser: Any, live_server: Any, ann: Any, bob: Any, cat: Any, theme: str
) -> None:
    shown = games(ann, bob)
    visitor = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=theme).new_page()
    base = live_server.url
    urls = ["/", "/accounts/login/", "/accounts/signup/", "/admin/login/", "/help/", "/events/", "/seeks/"]
    found = [line for url in urls for line in check(visitor, base + url)]
    spectator = browser.new_context(viewport={"width": 390, "height": 844}, color_scheme=theme).new_page()
    log_in(spectator, live_server, "cat")
    found += [line for game in shown for line in check(spectator, base + game.get_absolute_url())]
    found += check(spectator, f"{base}/games/{shown[-1].pk}/replay/?n=1")  # a finished game, move by move
    assert found == [], "\n".join(found)
