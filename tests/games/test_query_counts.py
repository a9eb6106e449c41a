"""The hot paths' database queries, locked at their measured numbers: a change that adds a query to a move,
a game page, a poll or the lobby fails here (lower the number when you save one). Counted inside the test's
transaction, so the work queued for after the commit (emails, tasks) is not part of these requests' cost."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.conftest import logged_in
from tests.engines.keebble.conftest import short_move
from tests.engines.lexicon_crossing.conftest import lay_out
from tests.engines.lingua_fences.conftest import legal_word
from tests.support.web import move, new_game
from wordgames.engines import get_engine
from wordgames.games.models import Game


def first_move(game: Game) -> tuple[int, str]:
    """A legal move for the first player to act, whatever the seed dealt."""
    game.refresh_from_db()
    engine = get_engine(game.engine)
    state = game.state
    seat = sorted(engine.actors(state))[0]
    if game.engine == "lingo":
        return seat, engine.best_move(state, seat).move  # type: ignore[attr-defined]
    if game.engine == "lingua-fences":
        return seat, legal_word(state, seat)
    if game.engine == "keebble":
        word = short_move(state, seat)
        return seat, f"{word} ask E A" if word else "ask E A"
    return seat, lay_out(state["tiles"][seat])


OPTIONS: dict[str, dict[str, str]] = {
    "lingo": {},
    "lingua-fences": {"dictionary": "every-word"},
    "keebble": {"dictionary": "every-word"},
    "lexicon-crossing": {"dictionary": "every-word"},
}

# Measured on 23 November 2026 (the same on SQLite and PostgreSQL). Lexicon Crossing's page and news also read
# the green-light state and mark the newest tile as seen.
# 24 November: the whole page (not the polls) also reads who shares which seat and the team-mate invitations.
# And a player's page, and its polls, look for an undo waiting for answers and read the chat (two queries).
# 26 November: who shares which seat is read only where a seat is shared or its sharing asked (the seats say so as
# they are read), and then by the page's changing part too (two fewer here, two more for a shared game's polls).
PAGE = {"lingo": 8, "lingua-fences": 8, "keebble": 8, "lexicon-crossing": 15}
# A move that tells the others writes its owed notification in its own transaction (24 November: one INSERT
# more; the row is deleted after the commit, once the broker has the task, which this count does not see).
# Lexicon Crossing's first move, a private rearrangement, restarts the mover's idle clock (one UPDATE more).
# 24 November (later): a Lexicon Crossing autosave first looks for the seat's previous one to overwrite (one
# SELECT more on the first; each later save is that SELECT and an UPDATE instead of an INSERT).
# Later that day: the game row is locked with its last move number and the double-submit check in one statement,
# and the clocks of all seats are written in one UPDATE (two fewer).
# 25 November: that statement is two again: the last move number and the double-submit check are read after the
# lock, since a subquery of the locking statement sees the moves as they were before it waited (one more).
MOVE = {"lingo": 12, "lingua-fences": 12, "keebble": 12, "lexicon-crossing": 12}
POLL_WITH_NEWS = {"lingo": 9, "lingua-fences": 9, "keebble": 9, "lexicon-crossing": 16}
POLL_WITHOUT_NEWS = 3  # session, user, the game's version: no state loaded
# Later on 25 November: the lobby lists the open seeks, in one query however many (one more for both).
# 26 November (issue 28): a player's lobby also reads whom they block or are blocked by (an open game with such
# a player offers them no seat) and whom they follow (two more); its players' names come with their profiles.
# Issue 35: one more for the puzzles of the day (picked by a periodic task; the lobby only reads them).
LOBBY_PLAYER, LOBBY_ANONYMOUS = 11, 4
# 26 November: the lobby's changing part (what its stream or its poll asks for) holds the open seeks too, so that
# they come and go by themselves: the whole page less the puzzles of the day.
LOBBY_PART_PLAYER, LOBBY_PART_ANONYMOUS = LOBBY_PLAYER - 1, LOBBY_ANONYMOUS - 1


@pytest.mark.parametrize("kind", list(OPTIONS))
def test_a_move_a_game_page_and_a_poll_cost_no_more_queries_than_today(
    kind: str, ann: Any, bob: Any, django_assert_max_num_queries: Any
) -> None:
    game = new_game(kind, [ann, bob], **OPTIONS[kind])
    seat, text = first_move(game)
    player, other = logged_in([ann, bob][seat]), logged_in([ann, bob][1 - seat])
    with django_assert_max_num_queries(PAGE[kind]):
        assert player.get(game.get_absolute_url()).status_code == 200
    seen = game.version
    with django_assert_max_num_queries(POLL_WITHOUT_NEWS):
        assert other.get(f"/games/{game.pk}/live/?since={seen}").status_code == 204
    game.refresh_from_db()
    with django_assert_max_num_queries(MOVE[kind]):
        assert move(player, game, text).status_code == 302
    with django_assert_max_num_queries(POLL_WITH_NEWS[kind]):
        response = other.get(f"/games/{game.pk}/live/?since={seen}")
    if kind == "lexicon-crossing":  # its first move is a private edit: nothing new for the others to see
        assert response.status_code == 204
    else:
        assert response.status_code == 200 and response.content


def test_a_long_game_page_costs_what_a_new_one_does(ann: Any, bob: Any, django_assert_max_num_queries: Any) -> None:
    game = new_game("lingo", [ann, bob])
    clients = {0: logged_in(ann), 1: logged_in(bob)}
    for _ in range(6):
        seat, text = first_move(game)
        assert move(clients[seat], game, text).status_code == 302
    with django_assert_max_num_queries(PAGE["lingo"]):
        assert clients[0].get(game.get_absolute_url()).status_code == 200


def test_the_lobby_costs_the_same_however_many_games_are_listed(
    ann: Any, bob: Any, cat: Any, django_assert_max_num_queries: Any
) -> None:
    player, anonymous = logged_in(bob), Client()
    for kind in OPTIONS:  # bob plays one game of each kind; ann and cat each wait for someone to join theirs
        new_game(kind, [ann, bob], **OPTIONS[kind])
        for host in (ann, cat):
            form = {"game": "lingo", "players": 2, "preset": "classic", "clock": "7d", "seat_2": ""}
            assert logged_in(host).post("/games/new/", form).status_code == 302
            seek = {"game": kind, "players": 2, "clock": "3d", "rated": "on", "preset": "classic"}
            assert logged_in(host).post("/seeks/new/", seek).status_code == 302
        with django_assert_max_num_queries(LOBBY_PLAYER):
            assert player.get("/").status_code == 200
        with django_assert_max_num_queries(LOBBY_PART_PLAYER):
            assert player.get("/?part=live").status_code == 200
        with django_assert_max_num_queries(LOBBY_PART_ANONYMOUS):
            assert anonymous.get("/?part=live").status_code == 200
        with django_assert_max_num_queries(LOBBY_ANONYMOUS):
            page = anonymous.get("/").content.decode()
        assert (
            'created by <a class="player" href="/players/cat/"><bdi>Cat</bdi></a>' in page
            and 'created by <a class="player" href="/players/ann/"><bdi>Ann</bdi></a>' in page
        )


@pytest.mark.parametrize("kind", list(OPTIONS))
def test_a_web_move_runs_at_most_eight_statements_of_its_own(kind: str, ann: Any, bob: Any) -> None:
    """Session, user, the game locked, then its seats with its last move number and the double-submit check, the
    move, the game, the clocks, the owed notification: eight (the transaction's own BEGIN and COMMIT aside, and
    after the commit the one that marks the notifications' sender queued)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = new_game(kind, [ann, bob], **OPTIONS[kind])
    seat, text = first_move(game)
    player = logged_in([ann, bob][seat])
    game.refresh_from_db()
    data = {"move": text, "version": game.version, "key": "eight"}
    with CaptureQueriesContext(connection) as queries:
        assert player.post(f"/games/{game.pk}/move/", data).status_code == 302
    own = [q["sql"] for q in queries.captured_queries if not q["sql"].startswith(("SAVEPOINT", "RELEASE SAVEPOINT"))]
    assert len(own) <= 8, "\n".join(own)
