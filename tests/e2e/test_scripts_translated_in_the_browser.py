"""The pages' scripts speak the reader's language through Django's JavaScript catalogue (/jsi18n/), loaded as a
script file under the Content-Security-Policy; without the catalogue they still work, in English.

The pseudo language's catalogue for the scripts is made here from the scripts themselves: every message they pass
to ``gettext`` comes back wrapped in ⟪…⟫, so a wrapped message on the page went through the catalogue."""

from __future__ import annotations

import json
import re
import struct
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings

from tests.e2e.conftest import wait_until
from tests.support.pseudo import CLOSE, OPEN, PSEUDO, pseudo_available, wrap
from wordgames.games import actions

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
PASSWORD = "correct horse battery"
SCRIPTS = Path(settings.BASE_DIR) / "static" / "js"
MESSAGE = re.compile(r'gettext\("((?:[^"\\]|\\.)*)"\)')


def script_messages() -> list[str]:
    return sorted({m for path in SCRIPTS.glob("*.js") for m in MESSAGE.findall(path.read_text())})


def write_mo(path: Path, catalogue: dict[str, str]) -> None:
    """A compiled gettext catalogue (the .mo format: a header, two tables of lengths and offsets, the strings)."""
    entries = sorted(catalogue.items())
    ids = [key.encode() for key, _value in entries]
    strs = [value.encode() for _key, value in entries]
    start = 7 * 4 + 2 * 8 * len(entries)
    data, id_table, str_table = b"", [], []
    for table, strings in ((id_table, ids), (str_table, strs)):
        for text in strings:
            table.append((len(text), start + len(data)))
            data += text + b"\0"
    header = struct.pack("<7I", 0x950412DE, 0, len(entries), 7 * 4, 7 * 4 + 8 * len(entries), 0, start)
    tables = b"".join(struct.pack("<2I", *row) for row in id_table + str_table)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(header + tables + data)


@pytest.fixture
def pseudo_scripts() -> Iterator[None]:
    """The site speaks the pseudo language, with a catalogue for the scripts (domain djangojs)."""
    with pseudo_available():
        locale_dir = Path(settings.LOCALE_PATHS[0])
        catalogue = {message: wrap(message) for message in script_messages()}
        catalogue[""] = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=2; plural=(n != 1);\n"
        write_mo(locale_dir / PSEUDO / "LC_MESSAGES" / "djangojs.mo", catalogue)
        yield


def game_page(browser: Any, live_server: Any, game: Any, *, without_catalogue: bool = False) -> Any:
    """ann's page of ``game``, in the pseudo language (her choice in the switcher's cookie)."""
    context = browser.new_context()
    context.add_cookies([{"name": settings.LANGUAGE_COOKIE_NAME, "value": PSEUDO, "url": live_server.url}])
    page = context.new_page()
    if without_catalogue:
        page.route("**/jsi18n/**", lambda route: route.abort())
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", "ann")
    page.fill("#id_password", PASSWORD)
    page.click("button:has-text('Log in')")
    page.wait_for_url(f"{live_server.url}/")
    page.goto(f"{live_server.url}{game.get_absolute_url()}")
    return page


def preview_unreachable(page: Any) -> str:
    """Place a tile, ask for the score with the server out of reach: game.js says so in the preview box."""
    page.route("**/preview/", lambda route: route.abort())
    page.locator(".pool-tile").first.click()
    page.click(".board [data-cell='m13']")
    page.click("[data-action=preview]")
    alert = page.locator(".preview-box .error")
    alert.wait_for()
    return alert.inner_text()


@pytest.fixture
def lingo_game(ann: Any, bob: Any) -> Any:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=3)
    actions.join_game(game.pk, bob)
    return game


def test_the_scripts_messages_come_from_the_catalogue(
    pseudo_scripts: None, browser: Any, live_server: Any, lingo_game: Any
) -> None:
    page = game_page(browser, live_server, lingo_game)
    assert OPEN in page.inner_text("h2")  # the page itself is in the pseudo language
    wait_until(page, f"document.title.indexOf({OPEN!r}) === 0")
    assert page.title().startswith(f"{OPEN}Your turn · ")  # live.js: interpolate(gettext(...)) in the tab's title
    assert preview_unreachable(page) == wrap("No preview: the server could not be reached. Check your connection.")


def test_without_the_catalogue_the_scripts_work_in_english(
    pseudo_scripts: None, browser: Any, live_server: Any, lingo_game: Any
) -> None:
    page = game_page(browser, live_server, lingo_game, without_catalogue=True)
    wait_until(page, "document.title.indexOf('Your turn · ') === 0")
    assert CLOSE not in page.title()
    assert preview_unreachable(page) == "No preview: the server could not be reached. Check your connection."


def test_the_catalogue_is_a_cached_script_in_the_readers_language(pseudo_scripts: None, client: Any) -> None:
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = PSEUDO
    response = client.get(f"/jsi18n/?lang={PSEUDO}")
    assert response.status_code == 200 and "javascript" in response["Content-Type"]
    assert "max-age" in response["Cache-Control"]
    assert json.dumps(wrap("Saving…")) in response.content.decode()  # the catalogue is JSON, escaped
