"""Lexicon Crossing's autosaves: a player rearranging a private crossword saves it as they work. Each seat keeps
one saved row, overwritten, until a public move; the record still replays; the others' pages never read them."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import logged_in
from tests.engines.lexicon_crossing.conftest import lay_out
from wordgames.games import actions, queries
from wordgames.games.models import Game, Move


def _start(ann: Any, bob: Any) -> Game:
    game = actions.create_game(ann, "lexicon-crossing", {"dictionary": "every-word"}, ["bob"], seed=8)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


def _save(game: Game, user: Any, position: int, turn: int) -> str:
    """One autosave: the seat's tiles laid out from a different first tile each time. Returns the move."""
    game.refresh_from_db()
    tiles = list(game.state["tiles"][position])
    shift = turn % len(tiles)
    return actions.submit_move(game.pk, user, lay_out(tiles[shift:] + tiles[:shift])).move.text


def test_many_autosaves_of_a_seat_are_one_row_holding_the_latest_and_the_version_stays(ann: Any, bob: Any) -> None:
    game = _start(ann, bob)
    version = game.version
    texts = [_save(game, ann, 0, turn) for turn in range(12)]
    assert len(set(texts)) > 1
    game.refresh_from_db()
    saved = list(game.moves.filter(quiet=True))
    assert len(saved) == 1 and saved[0].seat == 0 and saved[0].text == texts[-1]
    assert game.version == version
    assert queries.rebuild_state(game) == game.state  # the record replays to the same crosswords


def test_seats_keep_one_row_each_and_a_public_move_starts_new_ones(ann: Any, bob: Any) -> None:
    game = _start(ann, bob)
    for turn in range(3):
        _save(game, ann, 0, turn)
        _save(game, bob, 1, turn)
    game.refresh_from_db()
    assert sorted(game.moves.filter(quiet=True).values_list("seat", flat=True)) == [0, 1]
    actions.submit_move(game.pk, ann, "green")  # public: a deal (it fires or waits; either way it is a move)
    game.refresh_from_db()
    public = game.moves.filter(quiet=False).count()
    for turn in range(3, 6):
        _save(game, ann, 0, turn)
    game.refresh_from_db()
    quiet = list(game.moves.filter(quiet=True).order_by("seq"))
    # Before a public move the saves are kept (they made the crossword the green light checked).
    assert [m.seat for m in quiet] == ([0, 1, 0] if public else [0, 1])
    assert queries.rebuild_state(game) == game.state


def test_the_other_players_page_costs_the_same_however_many_times_a_crossword_was_saved(ann: Any, bob: Any) -> None:
    game = _start(ann, bob)
    client = logged_in(bob)
    _save(game, ann, 0, 0)
    client.get(game.get_absolute_url())  # the first look marks bob's tiles seen
    with CaptureQueriesContext(connection) as once:
        first = client.get(game.get_absolute_url())
    for turn in range(1, 40):
        _save(game, ann, 0, turn)
    with CaptureQueriesContext(connection) as many:
        later = client.get(game.get_absolute_url())
    assert len(many) == len(once)
    assert first.status_code == later.status_code == 200
    grid = Move.objects.get(game=game, quiet=True).text.split()[1]
    assert grid not in later.content.decode()  # ann's crossword is hers
    assert Move.objects.filter(game=game).count() == 1
