"""The leaderboards over HTTP: established players active in the last 90 days, people only, best first, fifty a
page, in a number of queries that grows neither with the page nor with the table."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from tests.ratings.conftest import rated_game
from wordgames.accounts.models import Profile
from wordgames.games import actions
from wordgames.ratings.models import Rating

pytestmark = pytest.mark.django_db


def names_on(response: Any) -> list[str]:
    """The players listed, in order (their display names, or usernames)."""
    body = response.content.decode()
    table = body.split("<tbody>", 1)[1].split("</tbody>", 1)[0] if "<tbody>" in body else ""
    return re.findall(r"<td>(?:<strong>)?<bdi>([^<]+)</bdi>", table)


def players(count: int, prefix: str = "p", **fields: Any) -> list[Any]:
    """``count`` people with an established lingo rating, the first the best, who played yesterday."""
    User = get_user_model()
    users = User.objects.bulk_create(User(username=f"{prefix}{i:04d}") for i in range(count))
    Profile.objects.bulk_create(Profile(user=u) for u in users)
    values = {"games": 12, "sigma": 5.0, "last_played": timezone.now() - timedelta(days=1), **fields}
    Rating.objects.bulk_create(Rating(user=u, kind="lingo", value=2000 - i, **values) for i, u in enumerate(users))
    return users


def test_a_player_is_listed_once_established(ann: Any, bob: Any, cat: Any) -> None:
    """Ten rated games make ann's and bob's ratings established (the default); cat's one game leaves hers
    provisional. The computer cat played is never listed."""
    for n in range(10):
        assert names_on(Client().get("/ratings/lingo/")) == []
        game = rated_game(ann, [bob], seed=n)
        actions.submit_move(game.pk, bob, "resign")
    game = rated_game(cat, ["computer:quick"])
    actions.submit_move(game.pk, game.seats.get(position=1).user, "resign")
    assert Rating.objects.get(user=cat).games == 1
    response = Client().get("/ratings/lingo/")
    assert names_on(response) == ["Ann", "Bob"]
    assert "Nobody yet" in Client().get("/ratings/keebble/").content.decode()


def test_provisional_inactive_suspended_and_other_games_are_left_off() -> None:
    (listed,) = players(1, "listed")
    players(1, "few", games=9)  # provisional: nine games
    players(1, "unsure", sigma=7.5)  # provisional: still very uncertain
    players(1, "away", last_played=timezone.now() - timedelta(days=91))
    (suspended,) = players(1, "banned")
    Profile.objects.filter(user=suspended).update(suspended=True)
    (closed,) = players(1, "closed")
    get_user_model().objects.filter(pk=closed.pk).update(is_active=False)
    (machine,) = players(1, "machine")
    Profile.objects.filter(user=machine).update(computer="strong")
    Rating.objects.filter(user__username="few0000").update(kind="keebble", games=12)  # listed on Keebble's
    assert names_on(Client().get("/ratings/lingo/")) == [listed.username]
    assert names_on(Client().get("/ratings/keebble/")) == ["few0000"]


def test_fifty_a_page_best_first() -> None:
    users = players(120)
    first = Client().get("/ratings/lingo/")
    assert names_on(first) == [u.username for u in users[:50]]
    assert 'href="?page=2"' in first.content.decode() and "?page=0" not in first.content.decode()
    second = Client().get("/ratings/lingo/?page=2").content.decode()
    assert '<td class="num">51</td>' in second and 'href="?page=1"' in second and 'href="?page=3"' in second
    third = Client().get("/ratings/lingo/?page=3")
    assert names_on(third) == [u.username for u in users[100:]]
    assert "?page=4" not in third.content.decode()
    assert Client().get("/ratings/lingo/?page=4").status_code == 404
    assert Client().get("/ratings/lingo/?page=x").status_code == 404
    assert Client().get("/ratings/chess/").status_code == 404
    # Equal ratings keep one order from page to page: none is shown twice, none is missed.
    Rating.objects.update(value=1800)
    seen = [n for page in (1, 2, 3) for n in names_on(Client().get(f"/ratings/lingo/?page={page}"))]
    assert sorted(seen) == sorted(u.username for u in users)


@pytest.mark.parametrize("count, page", [(60, 1), (60, 2), (700, 1), (700, 14)])
def test_a_page_costs_the_same_queries_whatever_the_page_or_the_table(count: int, page: int,
                                                                       django_assert_max_num_queries: Any,
                                                                       client_ann: Client) -> None:  # fmt: skip
    players(count)
    with django_assert_max_num_queries(1):
        response = Client().get(f"/ratings/lingo/?page={page}")
    assert response.status_code == 200 and names_on(response)
    with django_assert_max_num_queries(3):  # a player's page: their session and account too
        response = client_ann.get(f"/ratings/lingo/?page={page}")
    assert response.status_code == 200 and names_on(response)
