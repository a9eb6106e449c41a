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


def link(response: Any, rel: str) -> str | None:
    """The pager's link to the next or previous page, if any."""
    found = re.search(rf'<a rel="{rel}" href="([^"]+)"', response.content.decode())
    return "/ratings/lingo/" + found.group(1).replace("&amp;", "&") if found else None


def test_fifty_a_page_best_first_from_link_to_link() -> None:
    users = players(120)
    first = Client().get("/ratings/lingo/")
    assert names_on(first) == [u.username for u in users[:50]] and link(first, "prev") is None
    second = Client().get(link(first, "next"))
    assert names_on(second) == [u.username for u in users[50:100]]
    assert '<td class="num">51</td>' in second.content.decode()
    third = Client().get(link(second, "next"))
    assert names_on(third) == [u.username for u in users[100:]] and link(third, "next") is None
    assert '<td class="num">120</td>' in third.content.decode()
    back = Client().get(link(third, "prev"))  # read upwards from the third page's first row
    assert names_on(back) == names_on(second) and '<td class="num">51</td>' in back.content.decode()
    top = Client().get(link(back, "prev"))
    assert names_on(top) == names_on(first) and link(top, "prev") is None
    # A page asked for by its number alone: the same rows.
    assert names_on(Client().get("/ratings/lingo/?page=3")) == names_on(third)
    for bad in ("?page=4", "?page=x", "?page=2&after=x_1", "?page=2&after=1_1&before=1_1"):
        assert Client().get("/ratings/lingo/" + bad).status_code == 404, bad
    assert Client().get("/ratings/chess/").status_code == 404


def test_equal_ratings_keep_one_order_from_page_to_page() -> None:
    users = players(120)
    Rating.objects.update(value=1800)
    seen, response = [], Client().get("/ratings/lingo/")
    while True:
        seen += names_on(response)
        following = link(response, "next")
        if following is None:
            break
        response = Client().get(following)
    assert seen == sorted(u.username for u in users)  # none shown twice, none missed: ties in user order


@pytest.mark.parametrize("count, page", [(60, 1), (60, 2), (700, 1), (700, 14)])
def test_a_page_costs_the_same_queries_whatever_the_page_or_the_table(
    count: int, page: int, django_assert_max_num_queries: Any, client_ann: Client
) -> None:
    players(count)
    path = f"/ratings/lingo/?page={page}"
    if page > 1:  # as the pager links it: where the page begins
        above = Rating.objects.order_by("-value", "user_id")[(page - 1) * 50 - 1]
        path += f"&after={above.value}_{above.user_id}"
    with django_assert_max_num_queries(1):
        response = Client().get(path)
    assert response.status_code == 200 and len(names_on(response)) == min(50, count - (page - 1) * 50)
    with django_assert_max_num_queries(3):  # a player's page: their session and account too
        response = client_ann.get(path)
    assert response.status_code == 200 and names_on(response)
