"""Twenty simultaneous submissions for one turn: exactly one is applied (PostgreSQL row locks)."""

from __future__ import annotations

import threading

import pytest
from django.db import connection, connections

from tests.games.conftest import start_game
from wordgames.engines import get_engine
from wordgames.games import actions, queries
from wordgames.games.models import Game, Move


@pytest.mark.django_db(transaction=True)
def test_twenty_simultaneous_moves_for_one_turn_apply_exactly_once(ann, bob):
    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL test; SQLite serialises whole transactions")
    game = start_game(ann, bob, {"preset": "pbem"}, seed=11)
    best = get_engine("lingo").best_move(game.state, 0)
    barrier = threading.Barrier(20)
    outcomes: list[str] = []
    lock = threading.Lock()

    def submit(i: int) -> None:
        try:
            barrier.wait()
            actions.submit_move(game.pk, ann, best.move, expected_version=game.version, idempotency_key=f"tab-{i}")
            result = "applied"
        except actions.Refused as e:
            result = f"refused: {e.code}: {e}"
        finally:
            connections.close_all()
        with lock:
            outcomes.append(result)

    threads = [threading.Thread(target=submit, args=(i,)) for i in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()

    assert outcomes.count("applied") == 1, outcomes
    refusals = [o for o in outcomes if o != "applied"]
    assert len(refusals) == 19
    assert all("board has changed" in o or "not your turn" in o for o in refusals), refusals
    game = Game.objects.get(pk=game.pk)
    assert Move.objects.filter(game=game).count() == 1
    assert game.version == 2
    assert queries.rebuild_state(game) == game.state
