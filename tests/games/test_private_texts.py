"""A private move (a Lexicon Crossing crossword) stays private when it is asked back or taken back: the emails
and the public page name the move as the others saw it, never its letters."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client

from tests.engines.lexicon_crossing.conftest import lay_out
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def crossword(ann: Any, bob: Any) -> tuple[Game, str]:
    game = actions.create_game(ann, "lexicon-crossing", {}, [bob.username], seed=3)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    grid = lay_out(game.state["tiles"][0])
    actions.submit_move(game.pk, ann, grid)
    return game, grid.split(maxsplit=1)[1]


def test_asking_to_take_back_a_private_move_does_not_print_it(
    crossword: Any, ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game, rows = crossword
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        actions.request_undo(game.pk, ann)
    to_bob = [m for m in mail.outbox if m.to == ["bob@example.com"]]
    assert to_bob and "asks to take back their last move" in to_bob[-1].body
    assert all(rows not in m.body and rows not in m.subject for m in mail.outbox)
    with django_capture_on_commit_callbacks(execute=True):
        actions.answer_undo(game.pk, bob, False)
    assert all(rows not in m.body for m in mail.outbox)


def test_a_moderators_take_back_of_a_private_move_shows_nothing_of_it(crossword: Any, cat: Any) -> None:
    game, rows = crossword
    moderator = get_user_model().objects.create_superuser("mod", "mod@example.com", "x")
    actions.take_back_last_move(game.pk, moderator, "asked by the player")
    client = Client()
    client.force_login(cat)  # a spectator
    page = client.get(game.get_absolute_url()).content.decode()
    assert "A moderator" in page and rows not in page
