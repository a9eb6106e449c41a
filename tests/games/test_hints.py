"""Hints are searched in a worker: the request that asks returns at once, the page asks again until the answer
is there, and an answer cut short by the time budget says so."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.games.conftest import start_game
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.actions import hints
from wordgames.games.models import Game, Hint, OwedTask

# Two blanks on a crowded board: a full search takes many seconds (measured in docs/benchmarks.md).
TWO_BLANKS = {"preset": "classic", "blanks": True, "hints": True}


def test_asking_for_a_hint_returns_at_once_and_the_worker_finds_it(client_ann: Client, ann: Any, bob: Any) -> None:
    """(What a request owes runs after its commit; here nothing commits, as if the worker were busy.)"""
    game = start_game(ann, bob, {"hints": True}, seed=9)
    asked = client_ann.post(reverse("hint", args=[game.pk])).content.decode()
    assert "Looking for the best move" in asked and "data-hint-poll" in asked
    hint = Hint.objects.get(game=game)
    assert not hint.done and OwedTask.objects.filter(task=hints.FIND_HINT, args=[hint.pk]).exists()
    assert client_ann.get(reverse("hint", args=[game.pk])).status_code == 204  # not yet
    # Asking again (a double click) does not search twice.
    client_ann.post(reverse("hint", args=[game.pk]))
    assert Hint.objects.count() == 1 and OwedTask.objects.filter(task=hints.FIND_HINT).count() == 1
    hints.find_hint(hint.pk)  # what the worker does
    best = get_engine("lingo").best_move(game.state, 0)
    shown = client_ann.get(reverse("hint", args=[game.pk])).content.decode()
    assert f"Best move: <code>{best.move}</code>" in shown and "time limit" not in shown


def test_a_hint_cut_short_by_its_budget_says_so(
    client_ann: Client, ann: Any, bob: Any, settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.HINT_BUDGET = 0.0
    game = start_game(ann, bob, TWO_BLANKS, seed=3)
    with django_capture_on_commit_callbacks(execute=True):
        client_ann.post(reverse("hint", args=[game.pk]))
    hint = Hint.objects.get(game=game)
    assert hint.done and not hint.complete
    shown = client_ann.get(reverse("hint", args=[game.pk])).content.decode()
    assert "stopped at its time limit" in shown


def test_a_hint_for_a_position_that_has_passed_is_not_searched(ann: Any, bob: Any) -> None:
    game = start_game(ann, bob, {"hints": True}, seed=9)
    hint = actions.ask_hint(game.pk, ann)
    best = get_engine("lingo").best_move(game.state, 0)
    actions.submit_move(game.pk, ann, best.move, expected_version=game.version)
    hints.find_hint(hint.pk)
    hint.refresh_from_db()
    assert hint.done and not hint.move and "moved on" in hint.summary


def test_only_the_player_to_move_in_a_practice_game_gets_hints(ann: Any, bob: Any) -> None:
    game = start_game(ann, bob, {"hints": True}, seed=9)
    with pytest.raises(actions.Refused, match="not your turn"):
        actions.ask_hint(game.pk, bob)
    plain = start_game(ann, bob, {}, seed=9)
    with pytest.raises(actions.Refused, match="only available in practice games"):
        actions.ask_hint(plain.pk, ann)
    assert not Hint.objects.exists()
    assert Game.objects.count() == 2
