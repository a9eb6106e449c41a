"""The admin keeps a private move private while its game runs: a Lexicon Crossing player's crossword (its grid
names the tiles they hold) is shown as its public summary in the move list, on the move's page, in the game's
page, in what refers to the move, and a search for its letters finds nothing. Once the game is over the admin
shows the grid, as the record does."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from tests.accounts.test_moderation_permissions import staff
from tests.conftest import logged_in, make_user
from tests.engines.lexicon_crossing.conftest import lay_out
from wordgames.games import actions
from wordgames.games.models import Game, Move

pytestmark = pytest.mark.django_db

SUMMARY = "ann rearranged their crossword."


@pytest.fixture
def crossword(ann: Any, bob: Any) -> tuple[Game, Move]:
    """A running Lexicon Crossing game in which ann has laid out her tiles: a private, "quiet" move."""
    game = actions.create_game(ann, "lexicon-crossing", {}, [bob.username], seed=3)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    actions.submit_move(game.pk, ann, lay_out(game.state["tiles"][0]))
    move = Move.objects.get(game=game, quiet=True)
    assert move.summary == SUMMARY
    return Game.objects.get(pk=game.pk), move


def superuser() -> Client:
    return logged_in(get_user_model().objects.create_superuser("root", "root@example.com", "x"))


def view_only() -> Client:
    user = make_user("viewer")
    user.is_staff = True
    user.save()
    codenames = ["view_game", "view_move", "view_undorequest", "view_greenlightrequest", "view_notice"]
    user.user_permissions.add(*Permission.objects.filter(codename__in=codenames))
    return logged_in(user)


STAFF = {"superuser": superuser, "moderator": lambda: staff("mod", group=True), "view-only staff": view_only}


def grid_of(move: Move) -> str:
    """The rows of the crossword, as the move's notation writes them (``grid ABC/D../E..``)."""
    return move.text.split(maxsplit=1)[1]


@pytest.mark.parametrize("who", STAFF)
def test_the_move_list_and_the_moves_page_show_the_summary_not_the_grid(crossword: Any, who: str) -> None:
    game, move = crossword
    client = STAFF[who]()
    for url in (reverse("admin:games_move_changelist"), reverse("admin:games_move_change", args=[move.pk])):
        response = client.get(url)
        page = response.content.decode()
        assert response.status_code == 200, url
        assert grid_of(move) not in page and "grid " not in page, url
        assert SUMMARY in page, url
    page = client.get(reverse("admin:games_move_change", args=[move.pk])).content.decode()
    assert "hidden until the game is over" in page  # the outcome, which lists the crossword's words


@pytest.mark.parametrize("who", STAFF)
def test_searching_the_moves_for_letters_of_a_private_grid_finds_nothing(crossword: Any, who: str) -> None:
    game, move = crossword
    client = STAFF[who]()
    rows = grid_of(move).split("/")
    term = rows[0]  # the first row's letters: a guess at ann's tiles
    page = client.get(reverse("admin:games_move_changelist"), {"q": term}).content.decode()
    assert "0 results" in page and SUMMARY not in page
    assert "/".join(rows[:2]) not in page
    # The summary is what the list shows, so it is what a search reads.
    page = client.get(reverse("admin:games_move_changelist"), {"q": "rearranged"}).content.decode()
    assert "0 results" not in page and SUMMARY in page


@pytest.mark.parametrize("who", STAFF)
def test_the_games_page_shows_neither_the_grid_nor_the_state(crossword: Any, who: str) -> None:
    game, move = crossword
    page = STAFF[who]().get(reverse("admin:games_game_change", args=[game.pk])).content.decode()
    assert SUMMARY in page  # the move, in the game's list of moves
    assert grid_of(move) not in page and "grid " not in page
    hands = [escape(json.dumps(tiles)) for tiles in game.state["tiles"]]
    for secret in ("&quot;bag&quot;", "&quot;grids&quot;", *hands):
        assert secret not in page


def test_what_refers_to_the_move_names_it_by_its_summary(crossword: Any, ann: Any) -> None:
    game, move = crossword
    actions.request_undo(game.pk, ann)  # the undo request names the move
    for client in (superuser(), view_only()):
        page = client.get(reverse("admin:games_undorequest_changelist")).content.decode()
        assert SUMMARY in page and grid_of(move) not in page
    assert grid_of(move) not in str(move)


def test_once_the_game_is_over_the_admin_shows_the_grid(crossword: Any) -> None:
    game, move = crossword
    client = superuser()
    actions.end_game(game.pk, get_user_model().objects.get(username="root"), "stalled", abandon=True)
    assert grid_of(move) in client.get(reverse("admin:games_move_change", args=[move.pk])).content.decode()
    found = client.get(reverse("admin:games_move_changelist"), {"q": grid_of(move).split("/")[0]}).content.decode()
    assert "0 results" not in found and grid_of(move) in found


def test_a_refused_green_lights_reasons_which_list_the_players_tiles_wait_for_the_end(crossword: Any) -> None:
    from wordgames.games.models import GreenLightRequest

    game, move = crossword
    reason = "Not yet: these tiles are not in your crossword yet: Q Z; not in the dictionary: QZXJ."
    GreenLightRequest.objects.create(
        game=game, seat=0, created=game.created, detail=reason, status=GreenLightRequest.Status.REFUSED
    )
    url = reverse("admin:games_greenlightrequest_changelist")
    clients = (superuser(), view_only())
    for client in clients:
        page = client.get(url).content.decode()
        assert "refused" in page and "QZXJ" not in page and "hidden until the game is over" in page
    Game.objects.filter(pk=game.pk).update(status=Game.Status.FINISHED)
    assert "QZXJ" in clients[0].get(url).content.decode()
