"""Live pages in a real browser served by uvicorn: bob's page shows ann's move as it happens, without asking the
server every few seconds; where the stream cannot be held, the page polls as before."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import logged_in
from tests.support.web import move
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game

from .test_table_in_the_browser import wait_for_version

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

IDLE_MS = 9_000  # more than two of the polling pages' periods (4 s)


def _started(ann: Any, bob: Any) -> Game:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


def _best(game: Game) -> str:
    game.refresh_from_db()
    return str(get_engine("lingo").best_move(game.state, 0).move)  # type: ignore[attr-defined]


def _asked(page: Any, part: str) -> list[str]:
    urls: list[str] = []
    page.on("request", lambda request: urls.append(request.url) if part in request.url else None)
    return urls


def test_bobs_page_shows_anns_move_as_it_happens_without_polling(asgi_server, window, ann, bob) -> None:
    game = _started(ann, bob)
    page = window(bob)
    polls, streams = _asked(page, "/live/"), _asked(page, "/stream/")
    page.goto(f"{asgi_server.url}{game.get_absolute_url()}")
    page.wait_for_timeout(IDLE_MS)
    assert len(streams) == 1  # one stream, held open
    assert polls == []  # idle: not a single request in two polling periods
    assert page.locator("text=No move yet.").count() == 1
    assert move(logged_in(ann), game, _best(game)).status_code == 302  # ann moves, from her own window
    wait_for_version(page, game)
    assert page.locator("text=No move yet.").count() == 0  # bob sees the move
    assert len(polls) == 1  # the page asked for its new view once, when told
    assert len(streams) == 1


def test_where_the_stream_fails_the_page_polls(asgi_server, window, ann, bob) -> None:
    game = _started(ann, bob)
    page = window(bob)
    page.route("**/stream/", lambda route: route.fulfill(status=503, body="unavailable"))
    polls = _asked(page, "/live/")
    page.goto(f"{asgi_server.url}{game.get_absolute_url()}")
    assert move(logged_in(ann), game, _best(game)).status_code == 302
    wait_for_version(page, game)  # by polling
    assert polls


def test_bobs_page_shows_a_team_mate_joining_and_leaving_anns_seat_as_it_happens(
    asgi_server, window, ann, bob, cat
) -> None:
    game = _started(ann, bob)
    page = window(bob)
    page.goto(f"{asgi_server.url}{game.get_absolute_url()}")
    shared = page.locator("#live .team", has_text="shared with Cat")
    assert shared.count() == 0
    invitation = actions.invite_team_mate(game.pk, ann, "cat")
    actions.answer_team_invitation(invitation.pk, cat, accept=True)  # from cat's own window
    wait_for_version(page, game)
    assert shared.count() == 1  # without a reload, before any move
    actions.remove_team_mate(game.pk, cat, cat.pk)  # cat leaves
    wait_for_version(page, game)
    assert shared.count() == 0
    assert page.locator("text=No move yet.").count() == 1
