"""Each kind of email a player can turn off (Email settings: "none") is not sent once turned off. Every case runs
twice: with "every" the email goes out (so the scenario really sends it), with "none" it does not."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from tests.conftest import logged_in
from tests.pbem import mime
from tests.pbem.deliver import by_pipe
from tests.support.clocks import sweep
from tests.support.web import move, new_game
from wordgames.accounts.models import EMAIL_KINDS, profile_for
from wordgames.engines import get_engine
from wordgames.games.models import Game, Seat


def choose(users: list[Any], kind: str, mode: str) -> None:
    for user in users:
        profile = profile_for(user)
        profile.email_modes = {**profile.email_modes, kind: mode}
        profile.save()


def sent(kind: str) -> list[Any]:
    """The emails of that kind: each says in its footer which choice it comes from."""
    return [m for m in mail.outbox if f"you chose to be told about: {EMAIL_KINDS[kind]}." in m.body]


def best(game: Game) -> str:
    game.refresh_from_db()
    seat = sorted(get_engine("lingo").actors(game.state))[0]
    found = get_engine("lingo").best_move(game.state, seat)  # type: ignore[attr-defined]
    assert found is not None
    return found.move


def lingo(users: list[Any]) -> Game:
    """ann against bob; cat, when given, looks on."""
    return new_game("lingo", users[:2])


def invited(users: list[Any], tmp_path: Path) -> None:
    assert (
        logged_in(users[0])
        .post(
            "/games/new/",
            {"game": "lingo", "players": 2, "preset": "classic", "clock": "7d", "seat_2": users[1].username},
        )
        .status_code
        == 302
    )


def started(users: list[Any], tmp_path: Path) -> None:
    lingo(users)


def moved(users: list[Any], tmp_path: Path) -> None:
    game = lingo(users)
    assert move(logged_in(users[0]), game, best(game)).status_code == 302


def moved_before_a_third_player(users: list[Any], tmp_path: Path) -> None:
    game = new_game("lingo", users)  # after ann's move it is bob's turn: cat is told of the move only
    assert move(logged_in(users[0]), game, best(game)).status_code == 302


def resigned(users: list[Any], tmp_path: Path) -> None:
    game = lingo(users)
    assert logged_in(users[0]).post(f"/games/{game.pk}/resign/", {"confirm": "yes"}).status_code == 302
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def nearly_out_of_time(users: list[Any], tmp_path: Path) -> None:
    game = lingo(users)
    seat = Seat.objects.get(game=game, position=0)
    sweep(seat.remind_at + timedelta(minutes=1))


def out_of_time(users: list[Any], tmp_path: Path) -> None:
    game = lingo(users)
    seat = Seat.objects.get(game=game, position=0)
    sweep(seat.due_at + timedelta(minutes=1))


def asked_to_undo(users: list[Any], tmp_path: Path) -> None:
    game = lingo(users)
    assert move(logged_in(users[0]), game, best(game)).status_code == 302
    to_ann = [m for m in mail.outbox if m.to == [users[0].email] and "Pool:" in m.body][-1]
    by_pipe(mime.reply(to_ann, "undo"), tmp_path)


def chatted(users: list[Any], tmp_path: Path) -> None:
    game = lingo(users)
    assert logged_in(users[1]).post(f"/games/{game.pk}/chat/", {"text": "good luck"}).status_code == 302


def emailed_nonsense(users: list[Any], tmp_path: Path) -> None:
    lingo(users)
    to_ann = [m for m in mail.outbox if m.to == [users[0].email] and "Pool:" in m.body][-1]
    by_pipe(mime.reply(to_ann, "frobnicate 8H please"), tmp_path)


SCENARIOS: dict[str, Callable[[list[Any], Path], None]] = {
    "invitation": invited,
    "start": started,
    "your_turn": moved,
    "other_move": moved_before_a_third_player,
    "game_over": resigned,
    "reminder": nearly_out_of_time,
    "timeout": out_of_time,
    "undo": asked_to_undo,
    "chat": chatted,
    "error": emailed_nonsense,
}


def test_every_kind_of_email_a_player_can_turn_off_has_a_case_here() -> None:
    assert set(SCENARIOS) == set(EMAIL_KINDS)


@pytest.mark.parametrize("mode", ["every", "none"])
@pytest.mark.parametrize("kind", list(SCENARIOS))
def test_an_email_turned_off_is_not_sent(kind: str, mode: str, ann: Any, bob: Any, cat: Any, tmp_path: Path) -> None:
    users = [ann, bob, cat]
    choose(users, kind, mode)
    SCENARIOS[kind](users, tmp_path)
    assert bool(sent(kind)) == (mode == "every")


@pytest.mark.parametrize("mode", ["every", "none"])
def test_news_of_a_player_going_away_follows_the_other_move_choice(mode: str, ann: Any, bob: Any) -> None:
    lingo([ann, bob])
    choose([ann], "other_move", mode)
    mail.outbox.clear()
    response = logged_in(bob).post("/accounts/email/", {"go_away": "1", "days": 3})
    assert response.status_code == 302
    news = [m for m in mail.outbox if m.to == [ann.email] and "bob is away until" in m.body]
    assert bool(news) == (mode == "every")
