"""Public profiles (issue 28 item 5): /players/<username>/ shows a player's display name, when they joined,
their ratings with a small plot of each one's history, their results, their games in progress and finished,
their record against the viewer and against the players they meet most; never a private game. Names link to
profiles everywhere they are shown; the follow and block buttons work from it."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from tests.conftest import logged_in, make_user
from tests.games.conftest import start_game
from tests.games.test_lobby_sees_every_game import finished_games
from wordgames.games import actions
from wordgames.games.actions.computers import computer_user
from wordgames.games.models import Game
from wordgames.players.records import FINISHED_PER_PAGE
from wordgames.ratings.models import Rating, RatingChange

pytestmark = pytest.mark.django_db

CLASSIC = {"preset": "classic"}


def link(username: str, name: str) -> str:
    return f'<a class="player" href="/players/{username}/"><bdi>{name}</bdi></a>'


def finish(game: Game, loser: Any) -> Game:
    actions.submit_move(game.pk, loser, "resign")
    game.refresh_from_db()
    return game


def section(page: str, anchor: str) -> str:
    return page.split(f'id="{anchor}"')[1].split("</section>")[0]


def test_a_profile_shows_the_player_their_results_games_and_head_to_head(ann: Any, bob: Any, cat: Any) -> None:
    won = finish(start_game(ann, bob, CLASSIC, seed=1), bob)  # ann wins
    lost = finish(start_game(ann, bob, CLASSIC, seed=2), ann)  # bob wins
    beaten_cat = finish(start_game(ann, cat, CLASSIC, seed=3), cat)
    secret = actions.create_game(ann, "lingo", CLASSIC, ["bob"], private=True, internal=True)
    actions.join_game(secret.pk, bob)
    finish(secret, bob)  # ann wins a private game: counted nowhere on a profile
    running = start_game(ann, bob, CLASSIC, seed=4)
    hidden = actions.create_game(ann, "lingo", CLASSIC, ["cat"], private=True, internal=True)
    actions.join_game(hidden.pk, cat)

    page = logged_in(bob).get("/players/ann/").content.decode()
    assert "<h1><bdi>Ann</bdi></h1>" in page and f"member since {timezone.now():%B %Y}" in page
    assert "<title>Ann · " in page  # the tab's title: no markup, which a title would show as text
    results = page.split("<h2>Results</h2>")[1].split("</section>")[0]
    assert re.search(r"<td>Lingo</td><td class=\"num\">2</td><td class=\"num\">0</td><td class=\"num\">1</td>", results)
    against = section(page, "head-to-head")
    assert "<bdi>Ann</bdi> against you: 1 won, 0 drawn, 1 lost, in 2 finished games." in against
    assert against.index(link("bob", "Bob")) < against.index(link("cat", "Cat"))  # bob met twice, cat once
    assert running.get_absolute_url() in section(page, "in-progress")
    finished = section(page, "finished")
    for game in (won, lost, beaten_cat):
        assert game.get_absolute_url() in finished
    for game in (secret, hidden):
        assert game.get_absolute_url() not in page
    assert page.count("<td>won</td>") == 2 and page.count("<td>lost</td>") == 1


def test_no_private_game_even_for_its_players_and_anonymous_visitors_see_the_rest(ann: Any, bob: Any) -> None:
    secret = actions.create_game(ann, "lingo", CLASSIC, ["bob"], private=True, internal=True)
    actions.join_game(secret.pk, bob)
    public = start_game(ann, bob, CLASSIC, seed=4)
    for viewer in (logged_in(ann), logged_in(bob), Client()):
        page = viewer.get("/players/ann/").content.decode()
        assert public.get_absolute_url() in page and secret.get_absolute_url() not in page


def test_an_unknown_name_is_not_found_and_a_computer_player_shows_its_level(ann: Any) -> None:
    assert Client().get("/players/nobody/").status_code == 404
    computer = computer_user("strong")
    page = Client().get(f"/players/{computer.username}/").content.decode()
    assert "a computer player (strong level)" in page


def test_ratings_show_their_value_and_history_as_an_inline_svg(ann: Any, bob: Any) -> None:
    values = [1500, 1516, 1530, 1522, 1541]
    games = [finish(start_game(ann, bob, CLASSIC, seed=n), bob) for n in range(len(values) - 1)]
    for game, before, after in zip(games, values, values[1:], strict=False):
        RatingChange.objects.create(
            game=game,
            user=ann,
            kind="lingo",
            mu_before=25,
            sigma_before=8,
            mu_after=25,
            sigma_after=8,
            value_before=before,
            value_after=after,
        )
    Rating.objects.create(user=ann, kind="lingo", value=1541, games=4)
    page = Client().get("/players/ann/").content.decode()
    assert "<strong>1,541?</strong>" in page and "4 rated games, provisional" in page
    svg = re.search(r'<svg class="rating-plot".*?</svg>', page, re.S)
    assert svg is not None and "<script" not in svg.group(0)
    points = re.search(r'points="([^"]+)"', svg.group(0)).group(1).split()  # type: ignore[union-attr]
    assert len(points) == len(values)
    heights = [float(p.split(",")[1]) for p in points]
    assert heights.index(min(heights)) == 4 and heights.index(max(heights)) == 0  # 1541 highest, 1500 lowest
    assert "from 1500 to 1541 (lowest 1500, highest 1541)" in svg.group(0)
    assert "No rated game yet." in Client().get("/players/bob/").content.decode()


def test_finished_games_are_paginated(ann: Any, bob: Any) -> None:
    games = finished_games(ann, bob, FINISHED_PER_PAGE + 3)
    first = section(Client().get("/players/ann/").content.decode(), "finished")
    second = section(Client().get("/players/ann/?page=2").content.decode(), "finished")
    assert first.count("<td>won</td>") == FINISHED_PER_PAGE and second.count("<td>won</td>") == 3
    assert games[-1].get_absolute_url() in first and games[0].get_absolute_url() in second  # newest first
    assert "Page 1 of 2" in first and "?page=2" in first


@pytest.mark.parametrize("count", [10, 1000])
def test_a_profile_costs_the_same_queries_with_10_or_1000_finished_games(
    count: int, ann: Any, bob: Any, django_assert_num_queries: Any
) -> None:
    finished_games(ann, bob, count)
    start_game(ann, bob, CLASSIC, seed=9)
    Rating.objects.create(user=ann, kind="lingo", value=1600, games=count)
    viewer = logged_in(bob)
    # session, viewer, the player, ratings and one history each, results, games in progress (and their
    # players), finished (page, players: their number is the results' sum), most met (with their accounts),
    # against the viewer, follows, blocks
    with django_assert_num_queries(14):
        page = viewer.get("/players/ann/").content.decode()
    assert f"<bdi>Ann</bdi> against you: {count} won" in page


def test_follow_unfollow_block_unblock_and_the_list_of_blocked_players(ann: Any, bob: Any) -> None:
    ann_web = logged_in(ann)
    assert 'value="follow"' in ann_web.get("/players/bob/").content.decode()
    ann_web.post("/players/bob/relation/", {"action": "follow"})
    page = ann_web.get("/players/bob/").content.decode()
    assert 'value="unfollow"' in page and ann.follows.filter(followed=bob).exists()
    ann_web.post("/players/bob/relation/", {"action": "unfollow"})
    assert not ann.follows.exists()
    ann_web.post("/players/bob/relation/", {"action": "follow"})
    ann_web.post("/players/bob/relation/", {"action": "block"})  # a block ends the follow
    assert not ann.follows.exists() and ann.blocks.filter(blocked=bob).exists()
    assert 'value="unblock"' in ann_web.get("/players/bob/").content.decode()
    listed = ann_web.get("/accounts/blocked/").content.decode()
    assert link("bob", "Bob") in listed and 'value="unblock"' in listed
    bobs_view = logged_in(bob).get("/players/ann/").content.decode()
    assert 'value="follow"' in bobs_view and "You block" not in bobs_view  # he is not told
    response = logged_in(bob).post("/players/ann/relation/", {"action": "follow"}, follow=True)
    assert "Ann is not available." in response.content.decode() and not bob.follows.exists()
    response = ann_web.post("/players/bob/relation/", {"action": "unblock", "back": "blocked"})
    assert response["Location"] == "/accounts/blocked/" and not ann.blocks.exists()
    assert "You block nobody." in ann_web.get("/accounts/blocked/").content.decode()
    assert Client().post("/players/bob/relation/", {"action": "block"})["Location"].startswith("/accounts/login/")


def test_names_link_to_profiles_where_people_are_shown(ann: Any, bob: Any) -> None:
    game = start_game(ann, bob, CLASSIC, seed=1)
    logged_in(ann).post(f"/games/{game.pk}/chat/", {"text": "good luck"})
    lobby = logged_in(bob).get("/").content.decode()
    page = logged_in(bob).get(game.get_absolute_url()).content.decode()
    assert link("ann", "Ann") in lobby and link("bob", "Bob") in lobby
    assert f"<strong>{link('ann', 'Ann')}</strong>" in page  # the chat
    assert f"▶ {link('ann', 'Ann')}" in page  # the scores: ann to move
    finish(game, bob)
    replay = Client().get(f"/games/{game.pk}/replay/").content.decode()
    assert link("ann", "Ann") in replay and link("bob", "Bob") in replay


def test_followed_players_new_games_show_in_the_lobby(ann: Any, bob: Any, cat: Any, settings: Any) -> None:
    dan = make_user("dan", "Dan")
    logged_in(ann).post("/players/cat/relation/", {"action": "follow"})
    fresh = start_game(cat, bob, CLASSIC, seed=1)
    waiting = actions.create_game(cat, "lingo", CLASSIC, [""], internal=True)
    secret = actions.create_game(cat, "lingo", CLASSIC, ["dan"], private=True, internal=True)
    actions.join_game(secret.pk, dan)
    old = start_game(cat, dan, CLASSIC, seed=2)
    long_ago = timezone.now() - timedelta(days=settings.FOLLOWED_GAMES_DAYS + 1)
    Game.objects.filter(pk=old.pk).update(created=long_ago, started=long_ago)
    strangers = start_game(bob, dan, CLASSIC, seed=3)  # nobody ann follows
    followed = section(logged_in(ann).get("/").content.decode(), "followed-games")
    assert fresh.get_absolute_url() in followed and waiting.get_absolute_url() in followed
    for game in (secret, old, strangers):
        assert game.get_absolute_url() not in followed
    logged_in(cat).post("/players/ann/relation/", {"action": "block"})  # cat blocks ann: her news stops
    assert 'id="followed-games"' not in logged_in(ann).get("/").content.decode()
