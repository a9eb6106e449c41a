"""Who is told what, decided apart from how emails are written: one rule per case of ``notices``."""

from __future__ import annotations

from typing import Any

import pytest

from wordgames.accounts.models import profile_for
from wordgames.engines import get_engine
from wordgames.games import actions, notices
from wordgames.games.models import Game, Move

pytestmark = pytest.mark.django_db


def _after_anns_move(game: Game, ann: Any) -> tuple[notices.Change, list[Any]]:
    before = get_engine("lingo").actors(game.state)
    actions.submit_move(game.pk, ann, get_engine("lingo").best_move(game.state, 0).move)
    game.refresh_from_db()
    last = Move.objects.get(game=game)
    change = notices.Change.of(game, actors_before=before, mover=0, last=last, event="move")
    return change, notices.seats_with_readers(game)


def test_after_a_move_the_next_player_hears_it_is_their_turn_and_the_mover_hears_nothing(
    lingo_game: Game, ann: Any
) -> None:
    change, seats = _after_anns_move(lingo_game, ann)
    kinds = {reader.username: notices.move_email_kind(seat, reader, change) for seat, reader in notices.readers(seats)}
    assert kinds == {"ann": None, "bob": "your_turn"}


def test_a_player_who_chose_no_turn_emails_is_not_told(lingo_game: Game, ann: Any, bob: Any) -> None:
    profile = profile_for(bob)
    profile.email_modes = {"your_turn": "none"}
    profile.save()
    change, seats = _after_anns_move(lingo_game, ann)
    assert [notices.move_email_kind(s, r, change) for s, r in notices.readers(seats) if r == bob] == [None]


def test_at_the_end_everyone_hears_the_result(lingo_game: Game, bob: Any) -> None:
    actions.submit_move(lingo_game.pk, bob, "resign")
    lingo_game.refresh_from_db()
    change = notices.Change.of(lingo_game, actors_before=(), mover=1, last=None, event="move")
    seats = notices.seats_with_readers(lingo_game)
    assert {notices.move_email_kind(s, r, change) for s, r in notices.readers(seats)} == {"game_over"}


def test_news_skips_the_player_it_is_about(lingo_game: Game, ann: Any) -> None:
    assert [r.username for _, r in notices.news_readers(lingo_game, exclude_user_id=ann.pk)] == ["bob"]
    assert [r.username for _, r in notices.news_readers(lingo_game, only_user_id=ann.pk)] == ["ann"]
