"""What the other rooms read (a player's number, whether it is provisional, their ratings and history), and the
moderators' read-only view of ratings in the admin."""

from __future__ import annotations

from typing import Any

import pytest

from tests.ratings.conftest import rated_game
from wordgames.games import actions
from wordgames.ratings import queries
from wordgames.ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db


def test_a_players_number_ratings_and_history(ann: Any, bob: Any, cat: Any, settings: Any) -> None:
    games = []
    for n in range(3):
        game = rated_game(ann, [bob], seed=n)
        actions.submit_move(game.pk, bob, "resign")
        games.append(game)
    row = Rating.objects.get(user=ann)
    assert queries.value_of(ann, "lingo") == row.value > 1500
    assert queries.value_of(cat, "lingo") == 1500 and queries.value_of(ann, "keebble") == 1500
    assert queries.ratings_of(ann) == [row] and queries.ratings_of(cat) == []
    assert queries.is_provisional(row)  # three games of ten
    settings.RATING_PROVISIONAL_GAMES = 3
    assert not queries.is_provisional(Rating(games=3, sigma=6.9)) and queries.is_provisional(Rating(games=3, sigma=7.1))
    latest = queries.history(ann, "lingo", 2)
    assert [c.game_id for c in latest] == [games[1].pk, games[2].pk]  # the newest two, oldest first
    assert latest[-1].value_after == row.value and latest[0].value_after == latest[1].value_before
    assert queries.history(cat, "lingo", 10) == []


def test_moderators_read_ratings_and_changes_but_do_not_edit_them(admin_client: Any, ann: Any, bob: Any) -> None:
    game = rated_game(ann, [bob])
    actions.submit_move(game.pk, bob, "resign")
    page = admin_client.get("/admin/ratings/rating/").content.decode()
    assert "ann" in page and "bob" in page
    assert "ann" in admin_client.get("/admin/ratings/ratingchange/").content.decode()
    change = RatingChange.objects.get(user=ann)
    assert admin_client.get(f"/admin/ratings/ratingchange/{change.pk}/change/").status_code == 200  # a view
    assert admin_client.get("/admin/ratings/rating/add/").status_code == 403
    response = admin_client.post(f"/admin/ratings/rating/{Rating.objects.get(user=ann).pk}/change/", {"value": 3000})
    assert response.status_code == 403 and Rating.objects.get(user=ann).value != 3000
