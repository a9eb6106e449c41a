"""Rated games that share players, ending at the same instant on PostgreSQL (real threads, each its own
connection): every game's change is applied on top of the one before, none is lost, and the locks taken in one
order never deadlock."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import connection, connections

from tests.ratings.conftest import rated_game
from wordgames.games import actions
from wordgames.ratings.models import Rating, RatingChange


@pytest.mark.django_db(transaction=True)
def test_games_sharing_players_end_at_once_and_lose_no_update(ann: Any, bob: Any, cat: Any) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL test; SQLite serialises whole transactions")
    warm_up = rated_game(ann, [bob], seed=1)  # ann's and bob's rows exist; cat's is created by the rush
    actions.submit_move(warm_up.pk, bob, "resign")
    # Every pair twice, each player first in one and second in the other: six games, each player in four.
    pairs = [(ann, bob), (bob, ann), (ann, cat), (cat, ann), (bob, cat), (cat, bob)]
    games = [(rated_game(first, [second], seed=10 + n), second) for n, (first, second) in enumerate(pairs)]
    barrier = threading.Barrier(len(games))
    errors: list[BaseException] = []

    def resign(game_id: int, user: Any) -> None:
        try:
            barrier.wait()
            actions.submit_move(game_id, user, "resign")
        except BaseException as e:  # a deadlock or a duplicate row would land here
            errors.append(e)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=resign, args=(game.pk, loser)) for game, loser in games]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert errors == []
    played = {ann.pk: 5, bob.pk: 5, cat.pk: 4}
    for user_id, count in played.items():
        row = Rating.objects.get(user_id=user_id, kind="lingo")
        chain = list(RatingChange.objects.filter(user_id=user_id).order_by("pk"))
        assert row.games == count and len(chain) == count
        # Each game started from what the one before it left: no change was computed from a stale rating.
        assert (chain[0].mu_before, chain[0].sigma_before) == (25.0, 25.0 / 3)
        for before, after in zip(chain, chain[1:]):
            assert (after.mu_before, after.sigma_before) == (before.mu_after, before.sigma_after)
        assert (row.mu, row.sigma) == (chain[-1].mu_after, chain[-1].sigma_after)
        assert [c.games for c in chain] == list(range(1, count + 1))
