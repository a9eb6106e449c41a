"""A rated game's end moves its players' ratings exactly as openskill's Plackett-Luce model computes for the
game's finishing order: two players, five with ties and a resignation, a seat shared by team-mates, a
resignation, a timeout, a moderator's end. What is not rated changes nothing; a reopened game is unrated; the
ratings commit with the end or not at all; the computers' anchors never move."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone

from tests.conftest import logged_in
from tests.ratings.conftest import NEW, best_move, expected, play_out, rated_game
from tests.support.clocks import sweep
from wordgames.games import actions, signals
from wordgames.games.models import Game
from wordgames.ratings import queries
from wordgames.ratings.models import Rating, RatingChange, shown
from wordgames.ratings.update import standings

pytestmark = pytest.mark.django_db


def rating(user: Any, kind: str = "lingo") -> Rating:
    return Rating.objects.get(user=user, kind=kind)


def assert_rated(user: Any, new: Any, games: int = 1) -> None:
    row = rating(user)
    assert row.mu == pytest.approx(new.mu, rel=1e-12) and row.sigma == pytest.approx(new.sigma, rel=1e-12)
    assert row.value == shown(new.mu) and row.games == games


@pytest.fixture
def moderator(db: Any) -> Any:
    return get_user_model().objects.create_superuser("root", "root@example.com", "x")


def test_two_players_played_to_the_end(ann: Any, bob: Any) -> None:
    game = play_out(rated_game(ann, [bob]), [ann, bob])
    assert game.result["winners"] == [1] and game.result["scores"][1] > game.result["scores"][0], game.result
    (ann_after,), (bob_after,) = expected([[NEW], [NEW]], [2, 1])
    assert_rated(ann, ann_after)
    assert_rated(bob, bob_after)
    assert rating(bob).value > 1500 > rating(ann).value
    assert rating(bob).last_played == game.finished
    changes = {c.user_id: c for c in RatingChange.objects.filter(game=game)}
    assert set(changes) == {ann.pk, bob.pk}
    assert (changes[bob.pk].value_before, changes[bob.pk].value_after) == (1500, rating(bob).value)
    assert (changes[ann.pk].mu_before, changes[ann.pk].mu_after) == (25.0, rating(ann).mu)
    assert changes[bob.pk].games == 1


def test_five_players_ties_share_a_place_and_the_resigned_come_last(
    ann: Any, bob: Any, cat: Any, dan: Any, eve: Any, moderator: Any
) -> None:
    """ann and bob score; ann resigns (second on points), then eve (nothing yet); a moderator ends the game as it
    stands. bob first, cat and dan (nothing) share second, then the resigned: eve, who stayed longer, ahead of
    ann, whatever ann's points."""
    players = [ann, bob, cat, dan, eve]
    game = rated_game(ann, players[1:])
    best_move(game, ann)
    best_move(game, bob)
    actions.submit_move(game.pk, ann, "resign")
    actions.submit_move(game.pk, eve, "resign")
    actions.end_game(game.pk, moderator, "Time to stop.")
    game.refresh_from_db()
    scores = game.result["scores"]
    assert scores[1] > scores[0] > 0 and scores[2:] == [0, 0, 0], scores
    after = expected([[NEW]] * 5, [4, 1, 2, 2, 3])
    for user, (new,) in zip(players, after, strict=True):
        assert_rated(user, new)
    assert rating(cat).mu == rating(dan).mu  # a tie: the same place, the same change
    assert rating(eve).mu > rating(ann).mu


def test_a_seat_shared_by_team_mates_wins_and_loses_together(ann: Any, bob: Any, dan: Any) -> None:
    game = rated_game(ann, [bob], partners={0: ["dan"]})
    invitation = game.seats.get(position=0).team_invitations.get()
    actions.answer_team_invitation(invitation.pk, dan, accept=True)
    logged_in(bob).post(f"/games/{game.pk}/resign/", {"confirm": "yes"})
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    (ann_after, dan_after), (bob_after,) = expected([[NEW, NEW], [NEW]], [1, 2])
    assert_rated(ann, ann_after)
    assert_rated(dan, dan_after)
    assert_rated(bob, bob_after)
    assert RatingChange.objects.filter(game=game).count() == 3


def test_resigning_loses_whatever_the_score(ann: Any, bob: Any) -> None:
    game = rated_game(ann, [bob])
    best_move(game, ann)
    response = logged_in(ann).post(f"/games/{game.pk}/resign/", {"confirm": "yes"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.result["scores"][0] > game.result["scores"][1] and game.result["winners"] == [1]
    (ann_after,), (bob_after,) = expected([[NEW], [NEW]], [2, 1])
    assert_rated(ann, ann_after)
    assert_rated(bob, bob_after)
    assert rating(bob).value > rating(ann).value


def test_a_timeout_counts_as_a_resignation(ann: Any, bob: Any, settings: Any) -> None:
    settings.TIMEOUTS_IN_A_ROW = 1
    game = rated_game(ann, [bob])
    best_move(game, ann)  # ann leads; then bob lets his time run out
    sweep(timezone.now() + timedelta(days=8))
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.result["winners"] == [0]
    (ann_after,), (bob_after,) = expected([[NEW], [NEW]], [1, 2])
    assert_rated(ann, ann_after)
    assert_rated(bob, bob_after)


def test_a_moderators_end_is_rated_and_an_abandoned_game_is_not(ann: Any, bob: Any, cat: Any, moderator: Any) -> None:
    ended = rated_game(ann, [bob])
    best_move(ended, ann)
    actions.end_game(ended.pk, moderator, "Stalled.")
    (ann_after,), (bob_after,) = expected([[NEW], [NEW]], [1, 2])
    assert_rated(ann, ann_after)
    assert_rated(bob, bob_after)

    abandoned = rated_game(ann, [cat], seed=8)
    best_move(abandoned, ann)
    actions.end_game(abandoned.pk, moderator, "Stalled.", abandon=True)
    assert not RatingChange.objects.filter(game=abandoned).exists()
    assert not Rating.objects.filter(user=cat).exists()
    assert_rated(ann, ann_after)  # as the first game left it


def test_an_unrated_game_changes_no_rating(ann: Any, bob: Any) -> None:
    game = play_out(rated_game(ann, [bob], rated=False), [ann, bob])
    assert game.result is not None
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    assert queries.value_of(ann, "lingo") == 1500


def test_a_game_is_rated_once(ann: Any, bob: Any) -> None:
    game = rated_game(ann, [bob])
    actions.submit_move(game.pk, bob, "resign")
    before = [(r.user_id, r.mu, r.sigma, r.games) for r in Rating.objects.order_by("user_id")]
    game.refresh_from_db()
    with transaction.atomic():
        signals.game_finished.send(sender=Game, game=game)  # told twice: nothing more happens
    assert [(r.user_id, r.mu, r.sigma, r.games) for r in Rating.objects.order_by("user_id")] == before
    assert RatingChange.objects.filter(game=game).count() == 2


def test_a_reopened_game_is_unrated_then_rated_as_it_ends_again(ann: Any, bob: Any, moderator: Any) -> None:
    game = rated_game(ann, [bob])
    best_move(game, ann)
    actions.submit_move(game.pk, ann, "resign")  # ann resigns with the lead: bob wins
    assert rating(bob).value > 1500
    actions.take_back_last_move(game.pk, moderator, "She resigned by mistake.")
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE
    for user in (ann, bob):
        row = rating(user)
        assert (row.mu, row.sigma, row.value, row.games, row.last_played) == (25.0, 25.0 / 3, 1500, 0, None)
    assert not RatingChange.objects.filter(game=game).exists()
    actions.submit_move(game.pk, bob, "resign")  # now bob resigns: ann wins
    (ann_after,), (bob_after,) = expected([[NEW], [NEW]], [1, 2])
    assert_rated(ann, ann_after)
    assert_rated(bob, bob_after)


def test_a_reopened_game_keeps_its_changes_once_a_later_game_built_on_them(ann: Any, bob: Any, moderator: Any) -> None:
    first = rated_game(ann, [bob])
    actions.submit_move(first.pk, bob, "resign")
    second = rated_game(bob, [ann], seed=9)
    actions.submit_move(second.pk, bob, "resign")
    after_both = [(r.user_id, r.mu, r.sigma, r.games) for r in Rating.objects.order_by("user_id")]
    actions.take_back_last_move(first.pk, moderator, "Resigned by mistake.")
    assert [(r.user_id, r.mu, r.sigma, r.games) for r in Rating.objects.order_by("user_id")] == after_both
    actions.submit_move(first.pk, ann, "resign")  # the first game ends again, the other way round
    assert [(r.user_id, r.mu, r.sigma, r.games) for r in Rating.objects.order_by("user_id")] == after_both
    assert RatingChange.objects.filter(game=first).count() == 2


def test_the_ratings_commit_with_the_end_or_not_at_all(ann: Any, bob: Any) -> None:
    """A receiver after ours fails: the resignation is refused, and the ratings it had written (they were there,
    inside the same transaction) are rolled back with it."""
    game = rated_game(ann, [bob])
    seen: list[int] = []

    def fail(sender: Any, game: Game, **kwargs: Any) -> None:
        seen.append(RatingChange.objects.filter(game=game).count())
        raise RuntimeError("the disk is full")

    signals.game_finished.connect(fail, dispatch_uid="test.fail")
    try:
        with pytest.raises(RuntimeError):
            actions.submit_move(game.pk, bob, "resign")
    finally:
        signals.game_finished.disconnect(dispatch_uid="test.fail")
    assert seen == [2]
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and not game.moves.exists()
    assert not Rating.objects.exists() and not RatingChange.objects.exists()


def test_computer_players_anchor_the_scale_and_never_move(ann: Any, bob: Any) -> None:
    game = rated_game(ann, ["computer:strong"])
    actions.submit_move(game.pk, ann, "resign")
    computer = game.seats.get(position=1).user
    (ann_after,), _ = expected([[NEW], [(30.0, 1.0)]], [2, 1])
    assert_rated(ann, ann_after)
    assert not Rating.objects.filter(user=computer).exists()
    change = RatingChange.objects.get(game=game, user=computer)
    assert (change.value_before, change.value_after, change.mu_after) == (1700, 1700, 30.0)
    assert queries.value_of(computer, "lingo") == 1700 and queries.value_of(computer, "keebble") == 1700

    # A person alone against two computers is rated too; the computers' numbers stay where they are.
    game = rated_game(bob, ["computer:quick", "computer:strong"], seed=8)
    actions.submit_move(game.pk, bob, "resign")
    game.refresh_from_db()
    if game.status == Game.Status.ACTIVE:  # the two computers play on; a moderator ends it
        actions.end_game(game.pk, get_user_model().objects.create_superuser("root", "r@example.com", "x"), "Done.")
    assert rating(bob).value < 1500 and rating(bob).games == 1
    assert RatingChange.objects.filter(game=game).exclude(user=bob).filter(value_after__in=[1300, 1700]).count() == 2
    assert [r.value for r in queries.ratings_of(computer)] == [1700] * 4
    assert not any(queries.is_provisional(r) for r in queries.ratings_of(computer))


def test_the_order_of_lexicon_crossing_teams() -> None:
    """Seats of one engine team finish together, placed by the team result; a team whose every seat resigned
    comes last."""
    result = {"scores": [4.0, 9.0, 2.0, 1.0, 0.0, 0.0], "winners": [0, 2], "teams": {"A": 3.0, "B": 2.5}}
    teams = {0: "A", 1: "B", 2: "A", 3: "B", 4: "C", 5: "C"}
    assert standings(result, range(6), {4: 3, 5: 5}, teams) == [([0, 2], 1), ([1, 3], 2), ([4, 5], 3)]
    # Seats alone: winners, then by score, the resigned last (the later to leave ahead).
    result = {"scores": [10, 30, 20, 20, 50], "winners": [1]}
    assert standings(result, range(5), {4: 7, 0: 9}) == [([0], 3), ([1], 1), ([2], 2), ([3], 2), ([4], 4)]
