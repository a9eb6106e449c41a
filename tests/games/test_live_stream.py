"""Live pages without polling: a game's open pages hold a stream (Server-Sent Events) that tells them "game N
changed, version V" as it happens, after the commit; only what changes the page is told; private games' streams
refuse outsiders; under WSGI no stream is offered and the pages poll as before."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from asgiref.sync import async_to_sync
from django.core.cache import cache
from django.test import AsyncClient

from tests.chaos.parts import PrivateRedis
from tests.conftest import logged_in
from tests.engines.lexicon_crossing.conftest import lay_out
from tests.support.asgi import AsgiServer, Stream
from tests.support.web import move
from wordgames.engines import get_engine
from wordgames.games import actions, presence
from wordgames.games.models import Game, TeamInvitation
from wordgames.lib import live


def _started(ann: Any, bob: Any, **kwargs: Any) -> Game:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7, **kwargs)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


def _best(game: Game, seat: int) -> str:
    game.refresh_from_db()
    return str(get_engine("lingo").best_move(game.state, seat).move)  # type: ignore[attr-defined]


@pytest.fixture
def asgi_server(transactional_db: None, tmp_path: Any) -> Iterator[AsgiServer]:
    server = AsgiServer(tmp_path / "uvicorn.log").start()
    yield server
    server.stop()


def _session(user: Any) -> str:
    return str(logged_in(user).cookies["sessionid"].value)


# --- through a real server ---------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_move_by_the_other_players_request_reaches_an_open_stream_within_a_second(asgi_server, ann, bob) -> None:
    game = _started(ann, bob)
    stream = Stream(asgi_server, f"/games/{game.pk}/stream/", _session(bob))
    try:
        assert stream.status == 200
        assert stream.response.getheader("Content-Type") == "text/event-stream"
        assert stream.next_event() == {"game": game.pk, "version": game.version}  # the version as it opens
        response = move(logged_in(ann), game, _best(game, 0))  # ann's request, made while bob's page is open
        assert response.status_code == 302
        moved = time.monotonic()
        news = stream.next_event(seconds=1.0)
        assert time.monotonic() - moved < 1.0
        game.refresh_from_db()
        assert news == {"game": game.pk, "version": game.version}  # that much, and nothing of the position
    finally:
        stream.close()


@pytest.mark.django_db(transaction=True)
def test_with_a_redis_url_the_news_travels_by_redis_pub_sub(settings, tmp_path, ann, bob) -> None:
    redis = PrivateRedis(tmp_path)
    redis.start()
    settings.LIVE_BROKER_URL = redis.url  # this process publishes there (and, on SQLite, its server listens there)
    server = AsgiServer(tmp_path / "uvicorn.log", LIVE_BROKER_URL=redis.url).start()
    try:
        game = _started(ann, bob)
        stream = Stream(server, f"/games/{game.pk}/stream/", _session(bob))
        assert stream.next_event() == {"game": game.pk, "version": game.version}
        actions.post_message(game.pk, ann, "Over Redis")
        game.refresh_from_db()
        assert stream.next_event(seconds=2.0) == {"game": game.pk, "version": game.version}
        stream.close()
        redis.stop()  # no hub, no news: the write is committed all the same
        actions.post_message(game.pk, ann, "Nobody hears")
        assert Game.objects.get(pk=game.pk).version == game.version + 1
    finally:
        server.stop()
        redis.stop()


@pytest.mark.django_db(transaction=True)
def test_a_private_games_stream_refuses_outsiders(asgi_server, ann, bob, cat) -> None:
    game = _started(ann, bob, private=True)
    for session in ("", _session(cat)):  # a visitor, and a player who is not in the game
        outsider = Stream(asgi_server, f"/games/{game.pk}/stream/", session)
        assert outsider.status == 404
        outsider.close()
    player = Stream(asgi_server, f"/games/{game.pk}/stream/", _session(bob))
    try:
        assert player.status == 200 and player.next_event() == {"game": game.pk, "version": game.version}
    finally:
        player.close()


@pytest.mark.django_db(transaction=True)
def test_the_lobby_hears_of_a_seat_taken_in_a_waiting_game(asgi_server, ann, bob) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, [""], seed=7)  # one open seat
    lobby = Stream(asgi_server, "/stream/lobby/")
    try:
        assert lobby.next_event() == {"lobby": 1}
        actions.join_game(game.pk, bob)
        game.refresh_from_db()
        assert lobby.next_event(seconds=2.0) == {"game": game.pk, "version": game.version}
    finally:
        lobby.close()


@pytest.mark.django_db(transaction=True)
def test_game_pages_served_over_asgi_offer_the_stream(asgi_server, ann, bob) -> None:
    game = _started(ann, bob)
    import urllib.request

    with urllib.request.urlopen(f"{asgi_server.url}/games/{game.pk}/") as r:
        page = r.read().decode()
    assert f'data-stream-url="/games/{game.pk}/stream/"' in page


# --- in the process ----------------------------------------------------------------------------------------


def test_under_wsgi_no_stream_is_offered_and_the_stream_answers_204(client, ann, bob) -> None:
    game = _started(ann, bob)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "data-stream-url" not in page and 'data-live-url="/games/' in page  # the page polls, as before
    assert client.get(f"/games/{game.pk}/stream/").status_code == 204  # an EventSource gives up on a 204
    assert "data-stream-url" not in client.get("/").content.decode()


def test_live_stream_off_offers_no_stream_even_over_asgi(settings, ann, bob) -> None:
    settings.LIVE_STREAM = "off"
    game = _started(ann, bob)
    response = async_to_sync(AsyncClient().get)(f"/games/{game.pk}/")
    assert "data-stream-url" not in response.content.decode()


def test_the_heartbeat_marks_the_reader_watching(settings, ann, bob) -> None:
    settings.LIVE_HEARTBEAT = 0.05
    game = _started(ann, bob)
    client = AsyncClient()
    client.force_login(bob)

    async def open_and_wait() -> list[bytes]:
        response = await client.get(f"/games/{game.pk}/stream/")
        chunks = response.streaming_content
        got = [await anext(chunks), await anext(chunks)]  # the opening event, then a heartbeat
        await chunks.aclose()
        return got

    cache.clear()  # no mark left by another test's poll
    assert not presence.is_watching(bob.pk, game.pk)
    opening, beat = async_to_sync(open_and_wait)()
    assert b"event: changed" in opening and beat == b": beat\n\n"
    assert presence.is_watching(bob.pk, game.pk)
    assert not presence.is_watching(ann.pk, game.pk)


# --- what is announced, after the commit -------------------------------------------------------------------


@pytest.fixture
def published(monkeypatch) -> list[tuple[list[str], dict[str, Any]]]:
    sent: list[tuple[list[str], dict[str, Any]]] = []
    monkeypatch.setattr(live, "publish", lambda topics, data: sent.append((topics, data)))
    return sent


def test_a_move_and_a_chat_line_are_announced_after_the_commit_only(
    published, ann, bob, cat, django_capture_on_commit_callbacks
) -> None:
    game = _started(ann, bob)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        actions.submit_move(game.pk, ann, _best(game, 0), expected_version=game.version)
    assert published == []  # nothing before the commit
    for callback in callbacks:
        callback()
    game.refresh_from_db()
    topics, data = published[-1]
    assert data == {"game": game.pk, "version": game.version}
    assert {f"game:{game.pk}", f"player:{ann.pk}", f"player:{bob.pk}", f"follow:{ann.pk}"} <= set(topics)
    assert "lobby" not in topics  # a running game is not in the list of games waiting for players
    with django_capture_on_commit_callbacks(execute=True):
        actions.post_message(game.pk, bob, "Nice one")
    game.refresh_from_db()
    assert published[-1][1] == {"game": game.pk, "version": game.version}


def test_a_refused_move_announces_nothing(published, ann, bob, django_capture_on_commit_callbacks) -> None:
    game = _started(ann, bob)
    with django_capture_on_commit_callbacks(execute=True), pytest.raises(actions.Refused):
        actions.submit_move(game.pk, bob, _best(game, 1), expected_version=game.version)  # not bob's turn
    assert published == []


def test_a_private_games_news_goes_to_its_pages_and_players_only(
    published, ann, bob, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = _started(ann, bob, private=True)
        actions.submit_move(game.pk, ann, _best(game, 0), expected_version=game.version)
    for topics, _data in published:
        assert not any(t.startswith("follow:") or t == "lobby" for t in topics), topics


def test_a_private_rearranging_of_ones_crossword_is_not_announced(
    published, ann, bob, django_capture_on_commit_callbacks
) -> None:
    game = actions.create_game(ann, "lexicon-crossing", {"dictionary": "every-word"}, ["bob"], seed=8)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        actions.submit_move(game.pk, ann, lay_out(list(game.state["tiles"][0])))
    game.refresh_from_db()
    assert published == []  # nobody sees when someone works


def test_a_seat_taken_in_a_waiting_game_is_announced_to_the_lobbies(
    published, ann, bob, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["", ""], seed=7)
    assert "lobby" in published[-1][0]
    with django_capture_on_commit_callbacks(execute=True):
        actions.join_game(game.pk, bob)
    assert "lobby" in published[-1][0] and f"player:{bob.pk}" in published[-1][0]


def test_a_team_mate_sharing_a_seat_hears_of_its_game_on_their_lobby_and_a_removed_one_once_more(
    published, ann, bob, cat, django_capture_on_commit_callbacks
) -> None:
    game = _started(ann, bob)
    actions.invite_team_mate(game.pk, bob, "cat")
    with django_capture_on_commit_callbacks(execute=True):
        actions.answer_team_invitation(TeamInvitation.objects.get(user=cat).pk, cat, True)
    assert f"player:{cat.pk}" in published[-1][0]  # cat's lobbies list the game now
    with django_capture_on_commit_callbacks(execute=True):
        actions.submit_move(game.pk, ann, _best(game, 0), expected_version=game.version)  # bob's seat's turn
    assert f"player:{cat.pk}" in published[-1][0]
    with django_capture_on_commit_callbacks(execute=True):
        actions.remove_team_mate(game.pk, bob, cat.pk)
    assert f"player:{cat.pk}" in published[-1][0]  # their lobbies drop it
    with django_capture_on_commit_callbacks(execute=True):
        actions.post_message(game.pk, ann, "Just us again")
    assert f"player:{cat.pk}" not in published[-1][0]


def test_whoever_declines_an_invitation_hears_of_it_on_their_own_lobby(
    published, ann, bob, django_capture_on_commit_callbacks
) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7, private=True)
    seat = game.seats.get(invited_user=bob)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        actions.decline_invitation(seat.pk, bob)
    assert published == []  # after the commit only
    for callback in callbacks:
        callback()
    topics, data = published[-1]
    assert f"player:{bob.pk}" in topics and "lobby" not in topics  # a private game's news stays with its people
    assert data == {"game": game.pk, "version": game.version}
