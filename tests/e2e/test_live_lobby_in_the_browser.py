"""The lobby in a real browser served by uvicorn updates by itself as things happen elsewhere, without a reload
and before its slow poll (15 s) could have: the open seeks come and go, a team-mate sees their shared seat's turn
come, and an invitation declined in one tab leaves the player's other tabs."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import wait_until
from tests.support.asgi import AsgiServer
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game, TeamInvitation
from wordgames.seeks import actions as seeks

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SOON_MS = 10_000  # the lobby's stream spreads its pages' requests over 3 s; its poll would come after 15 s


def _lobby(window: Any, asgi_server: AsgiServer, user: Any) -> Any:
    page = window(user)
    page.goto(f"{asgi_server.url}/")
    # Its stream is open (the page asked for its part once, told by the stream's first event): nothing is missed.
    wait_until(page, "performance.getEntriesByType('resource').some(r => r.name.includes('part=live'))")
    return page


def test_a_seek_posted_taken_or_withdrawn_comes_and_goes_on_an_open_lobby(asgi_server, window, ann, bob, cat) -> None:
    page = _lobby(window, asgi_server, ann)
    seeks_shown = page.locator("#lobby-seeks")
    assert "No open seek right now." in seeks_shown.inner_text()

    taken = seeks.post_seek(bob, "lingo", {"preset": "classic"})
    page.locator(f'#lobby-seeks [data-seek="{taken.pk}"]').wait_for(timeout=SOON_MS)
    # Its button leads back to the lobby, not to the address the lobby's part was asked from.
    assert page.locator(f'[data-seek="{taken.pk}"] input[name=next]').get_attribute("value") == "/"

    three = seeks.post_seek(bob, "lingo", {"preset": "classic"}, players=3)
    row = page.locator(f'#lobby-seeks [data-seek="{three.pk}"]')
    row.wait_for(timeout=SOON_MS)
    assert "2 seats left" in row.inner_text()
    seeks.take_seat(three.pk, cat)  # one seat of two taken: the game waits for one more
    wait_until(
        page, f"/1 seat left/.test(document.querySelector('[data-seek=\"{three.pk}\"]').textContent)", timeout=SOON_MS
    )

    seeks.take_seat(taken.pk, cat)  # the last seat: the game starts and the seek leaves the list
    page.locator(f'[data-seek="{taken.pk}"]').wait_for(state="detached", timeout=SOON_MS)
    seeks.withdraw_seek(three.pk, bob)
    page.locator(f'[data-seek="{three.pk}"]').wait_for(state="detached", timeout=SOON_MS)
    assert "No open seek right now." in seeks_shown.inner_text()


def test_a_team_mate_s_lobby_shows_their_shared_seat_s_turn_as_it_comes(asgi_server, window, ann, bob, cat) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7)
    actions.join_game(game.pk, bob)
    actions.invite_team_mate(game.pk, bob, "cat")
    actions.answer_team_invitation(TeamInvitation.objects.get(user=cat).pk, cat, True)  # cat shares bob's seat
    game.refresh_from_db()
    page = _lobby(window, asgi_server, cat)
    assert page.locator("[data-my-turn='1']").count() == 0  # ann's turn first
    best = str(get_engine("lingo").best_move(game.state, 0).move)  # type: ignore[attr-defined]
    actions.submit_move(game.pk, ann, best, expected_version=game.version)
    page.locator("#lobby-live [data-my-turn='1']").wait_for(timeout=SOON_MS)
    assert "Next game where it is my turn (1)" in page.locator("#lobby-live").inner_text()


def test_an_invitation_declined_in_one_tab_leaves_the_players_other_tabs(asgi_server, window, ann, bob) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7, private=True)
    first = _lobby(window, asgi_server, bob)
    second = first.context.new_page()  # the same browser, another tab
    second.goto(f"{asgi_server.url}/")
    invitation = f"#lobby-live a[href='{game.get_absolute_url()}']"
    assert second.locator(invitation).count() == 1
    wait_until(second, "performance.getEntriesByType('resource').some(r => r.name.includes('part=live'))")
    first.locator("button[value=decline]").click()
    first.wait_for_load_state()
    assert Game.objects.get(pk=game.pk).seats.get(position=1).declined
    second.locator(invitation).wait_for(state="detached", timeout=SOON_MS)
