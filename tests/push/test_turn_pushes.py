"""A player's devices hear it is their turn whatever brought it, as after a move: a moderator's take-back, a timeout
played by the deadline sweep (in the timeout's own push, or a "your turn" for a player who takes no timeout
pushes), once."""

from __future__ import annotations

from typing import Any

import pytest

from tests.pbem.test_digest_brought_forward import three_players, time_runs_out
from tests.push.conftest import subscribe
from wordgames.accounts.models import NONE
from wordgames.games import actions
from wordgames.push.models import PushChoices

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_take_back_pushes_your_turn_to_the_player_on_turn_again(
    push_service: Any, lingo_game: Any, play_best: Any, ann: Any, bob: Any, admin_user: Any
) -> None:
    play_best(lingo_game, ann)
    play_best(lingo_game, bob)
    subscribe(push_service, bob, "phone")
    actions.take_back_last_move(lingo_game.pk, admin_user, "a misclick")
    assert [(p["kind"], p["body"]) for p in push_service.payloads("phone")] == [
        ("your_turn", f"Your turn in Lingo game {lingo_game.pk} against Ann")
    ]


def test_a_timeouts_push_tells_the_next_player_it_is_their_turn(
    push_service: Any, ann: Any, bob: Any, cat: Any
) -> None:
    game = three_players(ann, bob, cat)
    subscribe(push_service, bob, "bobs-phone")
    subscribe(push_service, cat, "cats-phone")
    time_runs_out(game, ann)
    assert [p["body"] for p in push_service.payloads("bobs-phone")] == [
        f"Time ran out for Ann in Lingo game {game.pk}: your turn"
    ]
    assert [p["body"] for p in push_service.payloads("cats-phone")] == [f"Time ran out for Ann in Lingo game {game.pk}"]


def test_a_player_who_takes_no_timeout_pushes_is_pushed_their_turn(
    push_service: Any, ann: Any, bob: Any, cat: Any
) -> None:
    game = three_players(ann, bob, cat)
    subscribe(push_service, bob, "phone")
    PushChoices.objects.create(user=bob, modes={"timeout": NONE})
    time_runs_out(game, ann)
    assert [p["kind"] for p in push_service.payloads("phone")] == ["your_turn"]
