"""Analysis at any time in a practice game: a player asks how their moves so far compare with the best; only
their own moves are reviewed, seeing only what they saw, and nobody else can read it."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from django.test import TestCase

from tests.conftest import logged_in
from tests.games.conftest import start_game
from wordgames.analysis.models import PracticeReview
from wordgames.engines import get_engine
from wordgames.engines.core.players import choose_move
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db

# Lingo with hidden pools and hints: ann holds L U G G E, bob Y E H Q N (seed 7).
PRACTICE = {"preset": "pbem", "not_shared": True, "hints": True}


@pytest.fixture(autouse=True)
def _quick(settings: Any) -> None:
    settings.ANALYSIS_BUDGET = 0.2


def _two_moves(ann: Any, bob: Any, options: dict[str, Any]) -> tuple[Game, str]:
    """ann opens with a poor word (EL, 2 points), bob answers with the quick computer's move."""
    game = start_game(ann, bob, options, seed=7)
    actions.submit_move(game.pk, ann, "l13 E m13 L")
    game.refresh_from_db()
    engine = get_engine(game.engine)
    answer = choose_move(engine, engine.view(game.state, 1), 1, level="quick", rng=random.Random(1), budget=0.1)
    assert answer
    played = actions.submit_move(game.pk, bob, answer).move.text
    return game, played


def test_a_practice_player_sees_their_own_moves_beside_the_best_while_the_game_runs(ann: Any, bob: Any) -> None:
    game, bobs = _two_moves(ann, bob, PRACTICE)
    client = logged_in(ann)
    assert "Analysis of your moves so far" in client.get(f"/games/{game.pk}/").content.decode()
    with TestCase.captureOnCommitCallbacks(execute=True):
        client.post(f"/analysis/practice/{game.pk}/")
    review = PracticeReview.objects.get()
    assert review.done and review.seat == 0
    [row] = review.rows  # ann's move alone: bob's is not reviewed for her
    assert (row["n"], row["played"], row["points"]) == (1, "l13 E m13 L", 2)
    assert row["best_points"] > 2 and row["missed"] == row["best_points"] - 2
    letters = Counter(part for part in row["best"].split() if part.isalpha() and len(part) == 1)
    assert not letters - Counter("LUGGE"), "the best move uses only the tiles ann could see"
    page = client.get(f"/analysis/practice/{game.pk}/").content.decode()
    assert row["best"] in page and f"{row['missed']} points missed in all" in page
    assert bobs not in page
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE


def test_nobody_else_reads_a_players_review_and_games_that_are_not_practice_have_none(
    ann: Any, bob: Any, cat: Any
) -> None:
    game, _bobs = _two_moves(ann, bob, PRACTICE)
    with TestCase.captureOnCommitCallbacks(execute=True):
        logged_in(ann).post(f"/analysis/practice/{game.pk}/")
    assert logged_in(cat).get(f"/analysis/practice/{game.pk}/").status_code == 404
    bob_page = logged_in(bob).get(f"/analysis/practice/{game.pk}/").content.decode()
    assert "l13 E m13 L" not in bob_page and "Analyse my moves so far" in bob_page
    rated, _bobs = _two_moves(ann, bob, {"preset": "pbem", "not_shared": True})
    assert logged_in(ann).post(f"/analysis/practice/{rated.pk}/").status_code == 404
    assert "Analysis of your moves so far" not in logged_in(ann).get(f"/games/{rated.pk}/").content.decode()
    assert PracticeReview.objects.count() == 1
