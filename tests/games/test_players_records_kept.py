"""Players' records kept as games end (issue 33 item 2): a profile's wins, draws and losses per game kind and
against each opponent are counted once, in the transaction that ends (or reopens) a game, so the profile reads
a few rows whatever the player's history. After every way a game ends or is undone, the kept records are what
counting the games again gives; the upgrade fills them from the games already there, and ``check_records``
finds and puts right a record that differs."""

from __future__ import annotations

import importlib
import threading
from datetime import timedelta
from io import StringIO
from typing import Any

import pytest
from django.apps import apps
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection, connections
from django.test import Client
from django.utils import timezone

from tests.conftest import logged_in, make_user
from tests.games.conftest import start_game
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.actions import records
from wordgames.games.admin import GameAdmin
from wordgames.games.models import Game, OpponentRecord, PlayerRecord, Seat

pytestmark = pytest.mark.django_db

CLASSIC = {"preset": "classic"}


def kinds_of(user: Any) -> dict[str, list[int]]:
    """``user``'s kept record per kind: {engine: [won, drawn, lost]}, empty ones left out."""
    return {engine: values for (pk, engine), values in records.kept([user.pk])[0].items() if pk == user.pk}


def against(user: Any, opponent: Any) -> list[int] | None:
    """``user``'s kept record against ``opponent``: [won, drawn, lost, met]."""
    return records.kept([user.pk])[1].get((user.pk, opponent.pk))


def assert_kept_as_counted() -> None:
    assert records.kept() == records.recount()


def three_player_game(ann: Any, bob: Any, cat: Any, seed: int = 5) -> Game:
    game = actions.create_game(ann, "lingo", CLASSIC, ["bob", "cat"], seed=seed, internal=True)
    actions.join_game(game.pk, bob)
    actions.join_game(game.pk, cat)
    game.refresh_from_db()
    return game


def play_to_the_end(game: Game) -> Game:
    """Each player in turn plays the engine's best move (or passes) until the game ends by its own rules."""
    engine = get_engine("lingo")
    for _ in range(400):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return game
        (seat,) = engine.actors(game.state)
        user = game.seats.get(position=seat).user
        best = engine.best_move(game.state, seat)  # type: ignore[attr-defined]
        actions.submit_move(game.pk, user, best.move if best else "pass", expected_version=game.version)
    raise AssertionError("the game did not end")


def test_a_game_played_to_its_end_counts_for_both_players(ann: Any, bob: Any) -> None:
    game = play_to_the_end(start_game(ann, bob, {"preset": "classic", "tiles": 30}, seed=3))
    assert game.status == Game.Status.FINISHED and game.result["end"] != "resigned"
    ends = {seat.user_id: seat.outcome for seat in game.seats.all()}
    column = {"won": 0, "drawn": 1, "lost": 2}
    for user, opponent in ((ann, bob), (bob, ann)):
        expected = [0, 0, 0]
        expected[column[ends[user.pk]]] = 1
        assert kinds_of(user) == {"lingo": expected}
        assert against(user, opponent) == [*expected, 1]
    assert_kept_as_counted()


def test_resignations_count_a_win_and_a_loss_and_add_up_game_after_game(ann: Any, bob: Any) -> None:
    for seed, loser in ((1, bob), (2, bob), (3, ann)):
        actions.submit_move(start_game(ann, bob, CLASSIC, seed=seed).pk, loser, "resign")
    assert kinds_of(ann) == {"lingo": [2, 0, 1]} and kinds_of(bob) == {"lingo": [1, 0, 2]}
    assert against(ann, bob) == [2, 0, 1, 3] and against(bob, ann) == [1, 0, 2, 3]
    assert_kept_as_counted()


def test_a_timeout_that_resigns_a_silent_player_counts(ann: Any, bob: Any, settings: Any) -> None:
    settings.TIMEOUTS_IN_A_ROW = 1
    game = start_game(ann, bob, CLASSIC, seed=4)
    seat = Seat.objects.get(game=game, user=ann)
    assert actions.time_out(seat.pk, now=timezone.now() + timedelta(days=30))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert kinds_of(bob) == {"lingo": [1, 0, 0]} and kinds_of(ann) == {"lingo": [0, 0, 1]}
    assert_kept_as_counted()


def test_a_moderator_ends_a_game_counted_abandons_one_not_and_a_take_back_uncounts(
    ann: Any, bob: Any, cat: Any, play_best: Any
) -> None:
    cat.is_staff = True
    cat.save()
    scored = start_game(ann, bob, CLASSIC, seed=5)
    play_best(scored, ann)
    actions.end_game(scored.pk, cat, "they stopped playing")  # scored as it stands
    ends = {seat.user_id: seat.outcome for seat in scored.seats.all()}
    assert ends[ann.pk] in ("won", "drawn")
    ann_before = kinds_of(ann)["lingo"]
    assert ann_before == ([1, 0, 0] if ends[ann.pk] == "won" else [0, 1, 0])
    dropped = start_game(ann, bob, CLASSIC, seed=6)
    play_best(dropped, ann)
    actions.end_game(dropped.pk, cat, "a broken game", abandon=True)
    assert kinds_of(ann) == {"lingo": ann_before} and against(ann, bob) == [*ann_before, 1]  # abandoned: no result
    resigned = start_game(ann, bob, CLASSIC, seed=7)
    actions.submit_move(resigned.pk, bob, "resign")
    assert kinds_of(ann) == {"lingo": [ann_before[0] + 1, *ann_before[1:]]}
    actions.take_back_last_move(resigned.pk, cat, "resigned by mistake")  # the game runs again
    assert Game.objects.get(pk=resigned.pk).status == Game.Status.ACTIVE
    assert kinds_of(ann) == {"lingo": ann_before} and against(ann, bob) == [*ann_before, 1]
    assert_kept_as_counted()


def test_a_finished_games_seat_given_to_another_player_takes_its_result_along(ann: Any, bob: Any, cat: Any) -> None:
    game = start_game(ann, bob, CLASSIC, seed=8)
    actions.submit_move(game.pk, bob, "resign")
    dan = make_user("dan")
    actions.replace_player(game.pk, 1, dan, cat, "bob played from dan's account by mistake")
    assert kinds_of(bob) == {} and against(ann, bob) is None
    assert kinds_of(dan) == {"lingo": [0, 0, 1]} and against(ann, dan) == [1, 0, 0, 1]
    assert_kept_as_counted()


def test_a_team_game_counts_for_the_seats_players_and_their_team_mates(ann: Any, bob: Any, cat: Any) -> None:
    game = start_game(ann, bob, CLASSIC, seed=9)
    invitation = actions.invite_team_mate(game.pk, ann, "cat")
    actions.answer_team_invitation(invitation.pk, cat, accept=True)
    actions.submit_move(game.pk, cat, "resign")  # the team-mate resigns the seat they share
    assert kinds_of(ann) == {"lingo": [0, 0, 1]} and kinds_of(bob) == {"lingo": [1, 0, 0]}
    assert kinds_of(cat) == {"lingo": [0, 0, 1]} and against(bob, cat) == [1, 0, 0, 1]  # the seat's result
    assert against(ann, cat) is None  # team-mates, not opponents
    assert_kept_as_counted()


def test_three_players_each_one_against_each_other_and_a_private_game_nowhere(ann: Any, bob: Any, cat: Any) -> None:
    game = three_player_game(ann, bob, cat)
    actions.submit_move(game.pk, ann, "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE  # two still play
    assert kinds_of(ann) == {}  # not over yet: nothing counted
    actions.submit_move(game.pk, bob, "resign")
    assert kinds_of(cat) == {"lingo": [1, 0, 0]}
    assert against(cat, ann) == [1, 0, 0, 1] and against(cat, bob) == [1, 0, 0, 1]
    assert_kept_as_counted()
    secret = actions.create_game(ann, "lingo", CLASSIC, ["bob"], private=True, internal=True)
    actions.join_game(secret.pk, bob)
    before = records.kept()
    actions.submit_move(secret.pk, bob, "resign")
    assert records.kept() == before
    assert_kept_as_counted()


def test_a_finished_game_made_private_in_the_admin_leaves_the_records(ann: Any, bob: Any, rf: Any) -> None:
    game = start_game(ann, bob, CLASSIC, seed=10)
    actions.submit_move(game.pk, bob, "resign")
    admin = GameAdmin(Game, None)  # type: ignore[arg-type]

    class Form:
        changed_data = ["private"]

    for private, expected in ((True, {}), (False, {"lingo": [1, 0, 0]})):
        game = Game.objects.get(pk=game.pk)
        game.private = private
        admin.save_model(rf.post("/"), game, Form(), change=True)
        assert kinds_of(ann) == expected
        assert_kept_as_counted()


def test_the_profile_shows_the_kept_records(ann: Any, bob: Any, cat: Any) -> None:
    actions.submit_move(start_game(ann, bob, CLASSIC, seed=11).pk, bob, "resign")
    actions.submit_move(start_game(bob, ann, CLASSIC, seed=12).pk, ann, "resign")
    actions.submit_move(start_game(ann, cat, CLASSIC, seed=13).pk, cat, "resign")
    game = three_player_game(ann, bob, cat, seed=14)
    actions.submit_move(game.pk, ann, "resign")
    actions.submit_move(game.pk, cat, "resign")  # bob wins; ann and cat share second place (no score)
    assert_kept_as_counted()
    counted = records.recount([ann.pk])  # the games counted as the profile counted them before records were kept
    won, drawn, lost = counted[0][(ann.pk, "lingo")]
    assert (won, drawn, lost) == (2, 0, 2)
    w, d, lo, _met = counted[1][(ann.pk, bob.pk)]
    assert (w, d, lo) == (1, 0, 2)
    for viewer in (logged_in(bob), Client()):
        page = viewer.get("/players/ann/").content.decode()
        results = page.split("<h2>Results</h2>")[1].split("</section>")[0]
        assert (
            f'<td>Lingo</td><td class="num">{won}</td><td class="num">{drawn}</td><td class="num">{lost}</td>'
            in results
        )
        finished = page.split('id="finished"')[1].split("</section>")[0]
        assert finished.count("/games/") >= 4 and "Page 1 of" not in finished  # the kept count: one page
        most_met = page.split('id="most-met"')[1].split("</section>")[0] if 'id="most-met"' in page else page
        assert most_met.index('href="/players/bob/"') < most_met.index('href="/players/cat/"')  # met 3 and 2 times
    page = logged_in(bob).get("/players/ann/").content.decode()
    assert f"<bdi>Ann</bdi> against you: {w} won, {d} drawn, {lo} lost, in {w + d + lo} finished games." in page


def test_the_upgrade_fills_the_records_from_the_games_already_there(ann: Any, bob: Any, cat: Any) -> None:
    for seed, loser in ((15, bob), (16, ann)):
        actions.submit_move(start_game(ann, bob, CLASSIC, seed=seed).pk, loser, "resign")
    game = three_player_game(ann, bob, cat, seed=17)
    actions.submit_move(game.pk, bob, "resign")
    actions.submit_move(game.pk, cat, "resign")
    counted = records.recount()
    PlayerRecord.objects.all().delete()
    OpponentRecord.objects.all().delete()
    upgrade = importlib.import_module("wordgames.games.migrations.0029_fill_players_records")
    upgrade.BATCH = 1  # one player a batch: the batches' seams are crossed
    try:
        upgrade.fill(apps, None)
    finally:
        upgrade.BATCH = 2000
    assert records.kept() == counted and counted[0][(ann.pk, "lingo")] == [2, 0, 1]


def test_check_records_finds_a_wrong_record_and_fix_puts_it_right(ann: Any, bob: Any) -> None:
    actions.submit_move(start_game(ann, bob, CLASSIC, seed=18).pk, bob, "resign")
    out = StringIO()
    call_command("check_records", stdout=out)
    assert "match their games" in out.getvalue()
    PlayerRecord.objects.filter(user=ann).update(won=7)
    OpponentRecord.objects.filter(user=bob).delete()
    with pytest.raises(CommandError, match="records of 2 players differ"):
        call_command("check_records", stdout=StringIO())
    out = StringIO()
    call_command("check_records", "--fix", stdout=out)
    assert "player ann, per kind lingo: kept [7, 0, 0], counted [1, 0, 0]" in out.getvalue()
    assert kinds_of(ann) == {"lingo": [1, 0, 0]} and against(bob, ann) == [0, 0, 1, 1]
    assert_kept_as_counted()


@pytest.mark.django_db(transaction=True)
def test_two_games_of_one_player_ending_at_the_same_instant_both_count(ann: Any, bob: Any, cat: Any) -> None:
    if connection.vendor != "postgresql":
        pytest.skip("concurrent transactions are a PostgreSQL test; SQLite serialises whole transactions")
    rounds = 5
    pairs = [
        (start_game(ann, bob, CLASSIC, seed=20 + n), start_game(ann, cat, CLASSIC, seed=40 + n)) for n in range(rounds)
    ]
    errors: list[BaseException] = []

    def resign(game: Game, user: Any, barrier: threading.Barrier) -> None:
        try:
            barrier.wait()
            actions.submit_move(game.pk, user, "resign")
        except BaseException as e:  # noqa: BLE001 - reported by the main thread
            errors.append(e)
        finally:
            connections.close_all()

    for first, second in pairs:  # ann's first records are made by two games at once, then added to
        barrier = threading.Barrier(2)
        threads = [
            threading.Thread(target=resign, args=(first, bob, barrier)),
            threading.Thread(target=resign, args=(second, cat, barrier)),
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert not errors, errors
    assert kinds_of(ann) == {"lingo": [2 * rounds, 0, 0]}
    assert against(ann, bob) == [rounds, 0, 0, rounds] and against(ann, cat) == [rounds, 0, 0, rounds]
    assert_kept_as_counted()
