"""The lobby and "next game" see every game that waits for the player, whatever their history (issue 28 item
7): they read the player's running seats through an index kept with the clocks, so a player with 1,000 finished
games costs the same queries as one with 10, and the oldest game waiting for them is never crowded out."""

from __future__ import annotations

import importlib
import io
import re
from typing import Any

import pytest
from django.apps import apps as global_apps
from django.core.management import call_command

from tests.conftest import logged_in
from tests.games.conftest import start_game
from wordgames.games import actions
from wordgames.games.actions import records
from wordgames.games.models import Game, Seat, TeamInvitation
from wordgames.games.queries import RECENTLY_FINISHED

migration = importlib.import_module("wordgames.games.migrations.0024_mark_seats")

# session, user, open games (none here: no seats to read), hidden players (blocks), followed players, my games
# and their seats, invitations, the open seeks, the puzzles of the day; "next game": session, user, the game.
LOBBY, NEXT = 10, 3


def finished_games(first: Any, second: Any, count: int) -> list[Game]:
    """``count`` finished games of ``first`` against ``second``: one played and resigned through the site's
    doors, its game and seat rows copied (``count`` games played one by one would take minutes)."""
    game = start_game(first, second, {"preset": "classic"}, seed=1)
    actions.submit_move(game.pk, second, "resign")
    game.refresh_from_db()
    seats = list(game.seats.all())
    fields = [f.attname for f in Game._meta.concrete_fields if f.name not in ("id", "rematch")]
    copies = Game.objects.bulk_create(
        [Game(**{name: getattr(game, name) for name in fields}) for _ in range(count - 1)]
    )
    seat_fields = [f.attname for f in Seat._meta.concrete_fields if f.name not in ("id", "game")]
    Seat.objects.bulk_create(
        [
            Seat(game_id=copy.pk, **{name: getattr(seat, name) for name in seat_fields})
            for copy in copies
            for seat in seats
        ]
    )
    # The copies counted in the players' records as their ends would have been.
    one, copied = records.share(game, records.results_of(seats)), records.Share()
    copied.kinds.update({key: [n * (count - 1) for n in values] for key, values in one.kinds.items()})
    copied.pairs.update({key: [n * (count - 1) for n in values] for key, values in one.pairs.items()})
    records.add(copied)
    return [game, *copies]


def my_turn_rows(page: str) -> list[str]:
    return re.findall(r'<tr class="my-turn">\s*<td><a href="(/games/\d+/)"', page)


def finished_rows(page: str) -> int:
    return page.count("<td>finished</td>")


def test_with_101_games_the_oldest_one_waiting_for_bob_is_in_his_lobby_and_next_game(ann: Any, bob: Any) -> None:
    waiting = start_game(bob, ann, {"preset": "classic"}, seed=7)  # bob to move, in his oldest game
    finished_games(ann, bob, 100)
    bob_web = logged_in(bob)
    page = bob_web.get("/").content.decode()
    assert my_turn_rows(page) == [waiting.get_absolute_url()]
    assert "Next game where it is my turn (1)" in page
    assert finished_rows(page) == RECENTLY_FINISHED  # the newest finished ones, not all hundred
    response = bob_web.get("/next/")
    assert response.status_code == 302 and response["Location"] == waiting.get_absolute_url()


@pytest.mark.parametrize("count", [10, 1000])
def test_the_lobby_and_next_game_cost_the_same_queries_with_10_or_1000_finished_games(
    count: int, ann: Any, bob: Any, django_assert_num_queries: Any
) -> None:
    waiting = start_game(bob, ann, {"preset": "classic"}, seed=7)
    finished_games(ann, bob, count)
    bob_web = logged_in(bob)
    with django_assert_num_queries(LOBBY):
        page = bob_web.get("/").content.decode()
    assert my_turn_rows(page) == [waiting.get_absolute_url()]
    assert finished_rows(page) == RECENTLY_FINISHED
    with django_assert_num_queries(NEXT):
        assert bob_web.get("/next/")["Location"] == waiting.get_absolute_url()


def test_next_game_is_the_one_that_has_waited_longest_and_the_turn_moves_with_the_moves(
    ann: Any, bob: Any, cat: Any, play_best: Any
) -> None:
    older = start_game(bob, ann, {"preset": "classic"}, seed=7)
    newer = start_game(bob, cat, {"preset": "classic"}, seed=8)
    bob_web = logged_in(bob)
    assert bob_web.get("/next/")["Location"] == older.get_absolute_url()
    play_best(older, bob)  # now ann's turn there
    assert bob_web.get("/next/")["Location"] == newer.get_absolute_url()
    assert my_turn_rows(logged_in(ann).get("/").content.decode()) == [older.get_absolute_url()]
    actions.submit_move(newer.pk, cat, "resign")  # over: nothing waits for bob any more
    assert bob_web.get("/next/")["Location"] == "/"
    page = bob_web.get("/").content.decode()
    assert my_turn_rows(page) == [] and newer.get_absolute_url() in page  # listed among the finished


def test_a_team_mate_sees_the_shared_seats_turn(ann: Any, bob: Any, cat: Any, play_best: Any) -> None:
    game = start_game(ann, bob, {"preset": "classic"}, seed=7)  # ann to move
    actions.invite_team_mate(game.pk, ann, "cat")
    actions.answer_team_invitation(TeamInvitation.objects.get(user=cat).pk, cat, accept=True)
    cat_web = logged_in(cat)
    assert my_turn_rows(cat_web.get("/").content.decode()) == [game.get_absolute_url()]
    assert cat_web.get("/next/")["Location"] == game.get_absolute_url()
    play_best(game, ann)
    assert my_turn_rows(cat_web.get("/").content.decode()) == []


def test_a_team_mates_lobby_lists_the_games_they_finished_sharing_a_seat_among_their_newest(
    ann: Any, bob: Any, cat: Any, dan: Any, django_assert_num_queries: Any
) -> None:
    def shared_by_cat(count: int) -> list[Game]:
        games = finished_games(ann, bob, count)
        seats = Seat.objects.filter(game__in=games, user=ann)
        Seat.partners.through.objects.bulk_create(Seat.partners.through(seat=seat, user=cat) for seat in seats)
        return games

    older, own, newer = shared_by_cat(3), finished_games(cat, dan, 4), shared_by_cat(4)
    cat_web = logged_in(cat)
    with django_assert_num_queries(LOBBY):
        page = cat_web.get("/").content.decode()
    listed = re.findall(r'href="(/games/\d+/)"', page)
    assert finished_rows(page) == RECENTLY_FINISHED
    for game in [*newer, *own, *older[1:]]:  # the ten newest, shared or not
        assert game.get_absolute_url() in listed
    assert older[0].get_absolute_url() not in listed


def test_the_upgrade_marks_the_seats_of_games_already_running_and_over(ann: Any, bob: Any, cat: Any) -> None:
    running = start_game(bob, ann, {"preset": "classic"}, seed=7)
    over = finished_games(ann, cat, 1)[0]
    Seat.objects.update(live=True, awaited=False, outcome="", place=None)  # as the new columns' defaults left them
    migration.mark_seats(global_apps, None)
    assert {(s.user, s.live, s.awaited) for s in running.seats.all()} == {(bob, True, True), (ann, True, False)}
    assert {(s.user, s.live, s.awaited, s.outcome, s.place) for s in over.seats.all()} == {
        (ann, False, False, "won", 1),
        (cat, False, False, "lost", 2),
    }
    assert my_turn_rows(logged_in(bob).get("/").content.decode()) == [running.get_absolute_url()]


def test_mark_seats_puts_right_what_the_previous_release_wrote_during_the_upgrade(
    ann: Any, bob: Any, play_best: Any
) -> None:
    running = start_game(bob, ann, {"preset": "classic"}, seed=7)
    play_best(running, bob)  # ann's turn now...
    ended = start_game(ann, bob, {"preset": "classic"}, seed=8)
    actions.submit_move(ended.pk, bob, "resign")
    # ...but the previous release, still serving while this one was installed, wrote none of the new columns.
    Seat.objects.filter(game=running).update(awaited=False)
    Seat.objects.filter(game=running, user=bob).update(awaited=True)
    Seat.objects.filter(game=ended).update(live=True, outcome="", place=None)
    call_command("mark_seats", stdout=io.StringIO())
    assert my_turn_rows(logged_in(ann).get("/").content.decode()) == [running.get_absolute_url()]
    assert my_turn_rows(logged_in(bob).get("/").content.decode()) == []
    assert {(s.user, s.live, s.outcome) for s in ended.seats.all()} == {(ann, False, "won"), (bob, False, "lost")}
