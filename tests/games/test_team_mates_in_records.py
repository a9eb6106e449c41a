"""A team-mate sharing a seat plays it: their profile counts the seat's result as its player's does (their results
per game kind, their record against everyone holding another seat, and the others' record against them) and
lists its game among theirs. The records stay what counting the games again gives after every change a finished
game's seats or team-mates can see: its end, a take-back that reopens it (team-mates may come and go again), a
moderator putting another player in a seat (its team-mates leave with the old player); the upgrade counts the
games played before."""

from __future__ import annotations

import importlib
import re
from io import StringIO
from typing import Any

import pytest
from django.apps import apps
from django.core.management import call_command
from django.test import Client

from tests.conftest import logged_in, make_user
from tests.games.conftest import start_game
from tests.games.test_lobby_sees_every_game import finished_games
from tests.games.test_players_records_kept import against, assert_kept_as_counted, kinds_of
from wordgames.games import actions
from wordgames.games.actions import records
from wordgames.games.models import Game, OpponentRecord, PlayerRecord, Seat
from wordgames.players.records import FINISHED_PER_PAGE
from wordgames.ratings.models import Rating

pytestmark = pytest.mark.django_db

CLASSIC = {"preset": "classic"}


def share_seat(game: Game, player: Any, mate: Any) -> None:
    invitation = actions.invite_team_mate(game.pk, player, mate.username)
    actions.answer_team_invitation(invitation.pk, mate, accept=True)


def team_game(ann: Any, bob: Any, cat: Any, dan: Any, seed: int) -> Game:
    """ann, with cat sharing her seat, against bob, with dan sharing his."""
    game = start_game(ann, bob, CLASSIC, seed=seed)
    share_seat(game, ann, cat)
    share_seat(game, bob, dan)
    return game


def records_match() -> bool:
    out = StringIO()
    call_command("check_records", stdout=out)  # raises when a record differs
    return "match their games" in out.getvalue()


def section(page: str, anchor: str) -> str:
    return page.split(f'id="{anchor}"')[1].split("</section>")[0]


def test_a_team_mate_gets_the_seats_result_and_a_record_against_the_other_seats_people(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    game = team_game(ann, bob, cat, dan, seed=31)
    actions.submit_move(game.pk, dan, "resign")  # dan resigns the seat he shares with bob
    assert kinds_of(ann) == kinds_of(cat) == {"lingo": [1, 0, 0]}
    assert kinds_of(bob) == kinds_of(dan) == {"lingo": [0, 0, 1]}
    for winner in (ann, cat):
        for loser in (bob, dan):
            assert against(winner, loser) == [1, 0, 0, 1] and against(loser, winner) == [0, 0, 1, 1]
    assert against(ann, cat) is None and against(bob, dan) is None  # one seat: partners, not opponents
    assert_kept_as_counted()
    assert records_match()


def test_a_team_mates_profile_shows_the_teams_win_head_to_head_and_the_games(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    won = team_game(ann, bob, cat, dan, seed=32)
    actions.submit_move(won.pk, bob, "resign")
    running = team_game(ann, bob, cat, dan, seed=33)
    for viewer in (logged_in(bob), Client()):
        page = viewer.get("/players/cat/").content.decode()
        results = page.split("<h2>Results</h2>")[1].split("</section>")[0]
        assert '<td>Lingo</td><td class="num">1</td><td class="num">0</td><td class="num">0</td>' in results
        finished = section(page, "finished")
        assert won.get_absolute_url() in finished and finished.count("<td>won</td>") == 1
        assert 'href="/players/ann/"><bdi>Ann</bdi></a> <small class="muted">shared with <bdi>Cat</bdi>' in finished
        assert running.get_absolute_url() in section(page, "in-progress")
        most_met = section(page, "head-to-head")
        assert 'href="/players/bob/"' in most_met and 'href="/players/dan/"' in most_met
        assert 'href="/players/ann/"' not in most_met  # her team-mate, never her opponent
    page = logged_in(bob).get("/players/cat/").content.decode()
    assert "<bdi>Cat</bdi> against you: 1 won, 0 drawn, 0 lost, in 1 finished game." in page
    page = logged_in(cat).get("/players/dan/").content.decode()
    assert "<bdi>Dan</bdi> against you: 0 won, 0 drawn, 1 lost, in 1 finished game." in page


def test_team_mates_of_one_seat_read_how_many_games_they_finished_together_not_that_they_never_did(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    eve = make_user("eve")
    for seed in (43, 44):
        actions.submit_move(team_game(ann, bob, cat, dan, seed=seed).pk, bob, "resign")  # ann's seat, shared by cat
    team_game(ann, bob, cat, dan, seed=45)  # running: not finished together yet
    game = start_game(eve, bob, CLASSIC, seed=46)
    share_seat(game, bob, cat)
    share_seat(game, bob, dan)  # cat and dan both share bob's seat
    actions.submit_move(game.pk, eve, "resign")
    secret = actions.create_game(ann, "lingo", CLASSIC, ["bob"], private=True, internal=True)
    actions.join_game(secret.pk, bob)
    share_seat(secret, ann, cat)
    actions.submit_move(secret.pk, bob, "resign")  # a private game: counted nowhere on a profile

    def against_you(viewer: Any, name: str) -> str:
        page = logged_in(viewer).get(f"/players/{name}/").content.decode()
        return section(page, "head-to-head").split("</p>")[0]

    for viewer, name in ((cat, "ann"), (ann, "cat")):  # team-mates only, never opponents
        said = against_you(viewer, name)
        assert "You have not finished a game together yet." not in said and "against you" not in said
        assert f"<bdi>{name.capitalize()}</bdi> shared a seat with you in 2 finished games." in said
    said = against_you(cat, "dan")  # opponents twice, team-mates once
    assert "<bdi>Dan</bdi> against you: 0 won, 0 drawn, 2 lost, in 2 finished games." in said
    assert "<bdi>Dan</bdi> shared a seat with you in 1 finished game." in said
    assert "<bdi>Cat</bdi> shared a seat with you in 1 finished game." in against_you(dan, "cat")
    assert "<bdi>Cat</bdi> shared a seat with you in 1 finished game." in against_you(bob, "cat")  # bob's seat
    assert "You have not finished a game together yet." in against_you(eve, "ann")


def test_a_take_back_uncounts_the_team_and_team_mates_who_come_and_go_meanwhile_count_at_the_new_end(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    moderator = make_user("mod")
    moderator.is_staff = True
    moderator.save()
    game = team_game(ann, bob, cat, dan, seed=34)
    actions.submit_move(game.pk, dan, "resign")
    assert kinds_of(cat) == {"lingo": [1, 0, 0]}
    actions.take_back_last_move(game.pk, moderator, "dan resigned by mistake")  # the game runs again
    assert Game.objects.get(pk=game.pk).status == Game.Status.ACTIVE
    assert kinds_of(cat) == kinds_of(dan) == {} and against(cat, bob) is None
    assert records_match()
    actions.remove_team_mate(game.pk, cat, cat.pk)  # cat leaves ann's seat
    eve = make_user("eve")
    share_seat(game, ann, eve)
    actions.submit_move(game.pk, eve, "resign")  # now ann's seat loses, eve resigning it
    assert kinds_of(cat) == {} and against(bob, cat) is None
    assert kinds_of(eve) == kinds_of(ann) == {"lingo": [0, 0, 1]} and against(dan, eve) == [1, 0, 0, 1]
    assert_kept_as_counted()
    assert records_match()


def test_a_finished_games_seat_given_to_another_player_leaves_its_team_mates_records(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    moderator = make_user("mod")
    game = team_game(ann, bob, cat, dan, seed=35)
    actions.submit_move(game.pk, bob, "resign")
    eve = make_user("eve")
    actions.replace_player(game.pk, 0, eve, moderator, "ann played from eve's account")
    assert kinds_of(ann) == kinds_of(cat) == {} and against(bob, cat) is None and against(cat, dan) is None
    assert kinds_of(eve) == {"lingo": [1, 0, 0]} and against(dan, eve) == [0, 0, 1, 1]
    assert records_match()
    actions.replace_player(game.pk, 1, dan, moderator, "the seat is dan's")  # its team-mate becomes its player
    assert kinds_of(bob) == {} and kinds_of(dan) == {"lingo": [0, 0, 1]}  # counted once
    assert against(eve, dan) == [1, 0, 0, 1] and against(eve, bob) is None
    assert_kept_as_counted()
    assert records_match()


def test_one_person_is_counted_in_one_seat_of_a_game_except_in_practice_games() -> None:
    seats = [((1, 2), "won", 1), ((2,), "lost", 2)]  # 2 holds both seats
    with pytest.raises(AssertionError, match="two seats"):
        records.share(Game(engine="lingo", options={}), seats)
    practice = records.share(Game(engine="lingo", options={"hints": True}), seats)
    assert practice.kinds[(2, "lingo")] == [1, 0, 1]  # each seat they held, as their profile lists it
    assert (2, 2) not in practice.pairs


def test_the_upgrade_counts_the_team_mates_of_games_finished_before(ann: Any, bob: Any, cat: Any, dan: Any) -> None:
    for seed, loser in ((36, bob), (37, dan)):
        actions.submit_move(team_game(ann, bob, cat, dan, seed=seed).pk, loser, "resign")
    eve = make_user("eve")
    actions.submit_move(start_game(eve, bob, CLASSIC, seed=38).pk, eve, "resign")  # no team-mate
    counted = records.recount()
    previous = importlib.import_module("wordgames.games.migrations.0029_fill_players_records")
    PlayerRecord.objects.all().delete()
    OpponentRecord.objects.all().delete()
    previous.fill(apps, None)  # the records as the previous release counted them: seats' players only
    assert kinds_of(cat) == {} and kinds_of(ann) == {"lingo": [2, 0, 0]}
    upgrade = importlib.import_module("wordgames.games.migrations.0030_team_mates_in_players_records")
    upgrade.BATCH = 1  # one player a batch: the batches' seams are crossed
    try:
        upgrade.fill(apps, None)
    finally:
        upgrade.BATCH = 2000
    assert records.kept() == counted and kinds_of(cat) == {"lingo": [2, 0, 0]}
    assert against(bob, cat) == [0, 0, 2, 2] and against(eve, bob) == [0, 0, 1, 1]
    assert records_match()


def test_a_team_mates_profile_costs_the_same_queries(
    ann: Any, bob: Any, cat: Any, dan: Any, django_assert_num_queries: Any
) -> None:
    for seed in (40, 41):
        actions.submit_move(team_game(ann, bob, cat, dan, seed=seed).pk, bob, "resign")
    team_game(ann, bob, cat, dan, seed=42)
    Rating.objects.create(user=cat, kind="lingo", value=1600, games=2)
    viewer = logged_in(bob)
    with django_assert_num_queries(14):  # as any player's (tests/players/test_profiles.py)
        page = viewer.get("/players/cat/").content.decode()
    assert "<bdi>Cat</bdi> against you: 2 won" in page


def test_a_team_mates_finished_games_are_paginated_newest_first_with_their_own(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    def shared_by_cat(count: int) -> list[Game]:
        games = finished_games(ann, bob, count)
        seats = Seat.objects.filter(game__in=games, user=ann)
        Seat.partners.through.objects.bulk_create(Seat.partners.through(seat=seat, user=cat) for seat in seats)
        return games

    older, own, newer = shared_by_cat(5), finished_games(cat, dan, 10), shared_by_cat(10)
    call_command("check_records", "--fix", stdout=StringIO())  # the copies' team-mate counted
    assert kinds_of(cat) == {"lingo": [25, 0, 0]}
    first = section(Client().get("/players/cat/").content.decode(), "finished")
    second = section(Client().get("/players/cat/?page=2").content.decode(), "finished")
    newest = [*reversed(newer), *reversed(own), *reversed(older)]
    assert re.findall(r'href="(/games/\d+/)"', first) == [g.get_absolute_url() for g in newest[:FINISHED_PER_PAGE]]
    assert re.findall(r'href="(/games/\d+/)"', second) == [g.get_absolute_url() for g in newest[FINISHED_PER_PAGE:]]
    assert "Page 1 of 2" in first and first.count("shared with") == 10 and second.count("shared with") == 5


def test_once_a_game_is_over_its_team_mates_stay_as_they_were_and_so_do_the_records(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    game = start_game(ann, bob, CLASSIC, seed=43)
    share_seat(game, ann, cat)
    asked = actions.invite_team_mate(game.pk, bob, "dan")  # not answered before the end
    actions.submit_move(game.pk, bob, "resign")
    before = records.kept()
    eve = make_user("eve")
    for attempt in (
        lambda: actions.remove_team_mate(game.pk, cat, cat.pk),  # cat leaves
        lambda: actions.remove_team_mate(game.pk, ann, cat.pk),  # ann removes cat
        lambda: actions.invite_team_mate(game.pk, ann, "eve"),
        lambda: actions.answer_team_invitation(asked.pk, dan, accept=True),
    ):
        with pytest.raises(actions.Refused, match="This game is over"):
            attempt()
    assert list(game.seats.get(position=0).partners.all()) == [cat] and not game.seats.get(position=1).partners.exists()
    assert records.kept() == before and kinds_of(cat) == {"lingo": [1, 0, 0]} and kinds_of(eve) == {}
    assert records_match()
