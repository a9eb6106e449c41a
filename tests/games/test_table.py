"""The table around the board: private games, the new-game form, long crosswords, live answers, small points."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.db import connection
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from wordgames.engines import get_engine
from wordgames.games import actions, queries
from wordgames.games.forms import MOVE_MAX, NewGameForm, move_limit
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db


def _private_game(ann: Any, bob: Any) -> Game:
    return actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7, private=True)


def test_a_private_game_made_from_the_form_is_not_in_the_lobby(client, ann, cat):
    client.force_login(ann)
    response = client.post(
        "/games/new/",
        {"game": "lingo", "players": "2", "seat_2": "", "preset": "classic", "clock": "7d", "private": "on"},
    )
    game = Game.objects.get()
    assert response.status_code == 302 and game.private
    client.force_login(cat)
    assert game.get_absolute_url() not in client.get("/").content.decode()


def test_a_private_game_is_private_from_the_moment_its_row_is_written(client, ann, bob):
    """The row is inserted private (with its chosen chat): there is no instant in which the lobby would list it.
    A rematch of a private game is private from its first row too."""
    inserted = []

    def observe(sender, instance, created, **kwargs):
        if created:  # read back from the database, as another request would see it
            inserted.append(Game.objects.filter(pk=instance.pk).values_list("private", "chat_public").get())

    post_save.connect(observe, sender=Game, dispatch_uid="first-row")
    try:
        client.force_login(ann)
        response = client.post(
            "/games/new/",
            {
                "game": "lingo",
                "players": "2",
                "seat_2": "bob",
                "preset": "classic",
                "clock": "7d",
                "private": "on",
                "chat_public": "on",
            },
        )
        assert response.status_code == 302
        game = Game.objects.get()
        actions.join_game(game.pk, bob)
        actions.submit_move(game.pk, bob, "resign")
        assert client.post(f"/games/{game.pk}/rematch/").status_code == 302
    finally:
        post_save.disconnect(sender=Game, dispatch_uid="first-row")
    assert inserted == [(True, True), (True, True)]
    game.refresh_from_db()
    assert game.rematch is not None and game.rematch.private


def test_a_spectator_gets_not_found_for_every_page_of_a_private_game(client, ann, bob, cat):
    game = _private_game(ann, bob)
    client.force_login(cat)
    for url in (
        f"/games/{game.pk}/",
        f"/games/{game.pk}/live/",
        f"/games/{game.pk}/live/?since=0",
        f"/games/{game.pk}/state.json",
    ):
        assert client.get(url).status_code == 404, url
    client.logout()
    assert client.get(f"/games/{game.pk}/").status_code == 404


def test_a_move_posted_by_a_spectator_to_a_private_game_shows_nothing_of_it(client, ann, bob, cat):
    game = _private_game(ann, bob)
    client.force_login(cat)
    for data in ({"move": "m13 A", "version": "0", "key": "k1"}, {"move": "", "version": "0", "key": "k2"}):
        response = client.post(f"/games/{game.pk}/move/", data)
        assert response.status_code == 404 and "ann" not in response.content.decode()


def test_players_invitees_and_moderators_see_a_private_game(client, ann, bob, cat):
    game = _private_game(ann, bob)
    for user in (ann, bob):
        client.force_login(user)
        assert client.get(f"/games/{game.pk}/").status_code == 200
    cat.user_permissions.add(Permission.objects.get(codename="moderate_games"))
    client.force_login(cat)
    assert client.get(f"/games/{game.pk}/").status_code == 200


@pytest.mark.parametrize("engine", ["keebble", "lingua-fences", "lexicon-crossing", "lingo"])
def test_the_new_game_form_has_a_seat_field_for_every_seat_up_to_the_most_players(engine):
    form = NewGameForm(get_engine(engine))
    seats = [bf.name for bf in form.seat_fields()]
    assert seats == [f"seat_{n}" for n in range(2, get_engine(engine).max_players + 1)]


def test_six_invitees_make_a_six_seat_keebble_game(client, ann):
    client.force_login(ann)
    data = {"game": "keebble", "players": "6", "clock": "7d"} | {f"seat_{n}": "" for n in range(2, 7)}
    response = client.post("/games/new/", data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Game.objects.get().seats.count() == 6


def test_the_preset_is_explained_where_it_is_chosen(client, ann):
    client.force_login(ann)
    page = client.get("/games/new/?game=lingo").content.decode()
    assert "pbem: the play-by-email server" in page and "wins over it" in page


def test_a_lexicon_crossing_move_may_spell_the_largest_crossword_its_tiles_can_make(ann, bob):
    game = actions.create_game(ann, "lexicon-crossing", {}, [bob.username], seed=3)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    tiles = sum(len(t) for t in game.state["tiles"]) + len(game.state["bag"])
    limit = move_limit(game)
    # a 16 by 16 crossword written with line breaks fits easily; the limit covers a 60 x 60 grid for 120 tiles
    assert len("grid\r\n" + "\r\n".join(["A" * 16] * 16)) < limit
    assert tiles >= 119 and limit >= len("grid\r\n") + 60 * 62
    lingo = actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=3)
    assert move_limit(lingo) == MOVE_MAX


def test_a_long_grid_move_is_saved_not_refused_as_empty(client, ann, bob):
    game = actions.create_game(ann, "lexicon-crossing", {}, [bob.username], seed=3)
    actions.join_game(game.pk, bob)
    client.force_login(ann)
    text = "grid " + "/".join(["." * 40 + "A"] + ["." * 41] * 14)  # 629 characters: over the old 500 cap
    game.refresh_from_db()
    response = client.post(
        f"/games/{game.pk}/move/", {"move": text, "key": "k1", "version": game.version}, HTTP_ACCEPT="application/json"
    )
    assert "Type a move" not in response.content.decode()
    assert "at most" not in response.json().get("error", "") and "reload the page" not in response.json().get(
        "error", ""
    )


def test_the_no_change_poll_answer_is_one_query_and_empty(client, ann, bob):
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    client.force_login(bob)
    client.get("/")  # the session is loaded once, as on any page
    with CaptureQueriesContext(connection) as queries:
        response = client.get(f"/games/{game.pk}/live/?since={game.version}")
    assert response.status_code == 204 and response.content == b""
    game_queries = [q for q in queries.captured_queries if "games_game" in q["sql"]]
    assert len(game_queries) == 1


def test_the_live_part_says_whose_turn_and_what_the_opponent_did(client, ann, bob, play_best):
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7)
    actions.join_game(game.pk, bob)
    move = play_best(game, ann)
    client.force_login(bob)
    html = client.get(f"/games/{game.pk}/live/?since=0").content.decode()
    assert 'data-my-turn="1"' in html and f'data-news="{move.summary}"' in html
    client.force_login(ann)
    html = client.get(f"/games/{game.pk}/live/?since=0").content.decode()
    assert 'data-my-turn=""' in html and 'data-news=""' in html  # nobody announces your own move to you


def test_the_position_is_on_the_page_as_text_for_screen_readers(client, lingo_game, ann):
    client.force_login(ann)
    page = client.get(f"/games/{lingo_game.pk}/").content.decode()
    text = get_engine("lingo").render_text(lingo_game.state, 0)
    assert "The position as text" in page and text.splitlines()[0] in page


def test_the_lobby_poll_answers_no_change_while_nothing_changed_and_the_new_part_after(client, ann, bob):
    client.force_login(bob)
    first = client.get("/?part=live")
    tag = first["X-Live-Version"]
    assert client.get(f"/?part=live&since={tag}").status_code == 204
    actions.create_game(ann, "lingo", {"preset": "classic"}, [bob.username], seed=7)
    fresh = client.get(f"/?part=live&since={tag}")
    assert fresh.status_code == 200 and "invites you" in fresh.content.decode()


def test_head_answers_like_get(client, lingo_game):
    for url in ("/", f"/games/{lingo_game.pk}/", "/help/"):
        assert client.head(url).status_code == 200, url


def test_a_favicon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301 and response["Location"].endswith("favicon.svg")
    assert 'rel="icon"' in client.get("/").content.decode()


def test_the_mover_reads_that_they_rearranged_their_own_crossword(client, ann, bob):
    game = actions.create_game(ann, "lexicon-crossing", {}, [bob.username], seed=3)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    letter = get_engine("lexicon-crossing").view(game.state, 0)["hand"][0]
    client.force_login(ann)
    response = client.post(
        f"/games/{game.pk}/move/", {"move": f"grid {letter}", "key": "k2", "version": game.version}, follow=True
    )
    page = response.content.decode()
    assert "You rearranged your crossword." in page and "ann rearranged their crossword." not in page


def test_a_waiting_game_page_updates_by_itself(client, ann, bob, cat):
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["", ""], seed=7)
    client.force_login(ann)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "data-live-url" in page and "Waiting for players" in page
    actions.join_game(game.pk, bob)
    live = client.get(f"/games/{game.pk}/live/?since=0").content.decode()
    assert "bob" in live
    del cat
    assert reverse("game_live", args=[game.pk]) in page


def test_lingo_seats_ten_players_with_a_shared_pool(ann):
    state = get_engine("lingo").new_game([f"p{n}" for n in range(10)], {"preset": "classic"}, seed=1)
    assert len(state["scores"]) == 10


def test_lingo_with_hidden_pools_refuses_more_players_than_its_tiles_serve():
    from wordgames.engines.core.errors import InvalidOptions

    engine = get_engine("lingo")
    engine.new_game(["a", "b", "c"], {"tiles": 30, "pool": 10, "place": 4, "not_shared": True}, seed=1)
    with pytest.raises(InvalidOptions, match="the 30 tiles serve at most 3 players, not 4"):
        engine.new_game(["a", "b", "c", "d"], {"tiles": 30, "pool": 10, "place": 4, "not_shared": True}, seed=1)


def test_a_stranger_cannot_take_an_open_seat_in_a_private_game(client, ann, cat):
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, [""], seed=7)
    Game.objects.filter(pk=game.pk).update(private=True)
    client.force_login(cat)
    assert client.post(f"/games/{game.pk}/join/").status_code == 404
    assert not game.seats.filter(user=cat).exists()


def test_a_private_edit_does_not_touch_the_other_players_pages(client, ann, bob):
    """Rearranging one's own crossword changes nothing the others see: their poll stays "no change" (so nobody
    learns when someone works), and the move is kept."""
    game = actions.create_game(ann, "lexicon-crossing", {}, [bob.username], seed=3)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    seen = game.version
    letter = get_engine("lexicon-crossing").view(game.state, 0)["hand"][0]
    client.force_login(ann)
    response = client.post(
        f"/games/{game.pk}/move/",
        {"move": f"grid {letter}", "key": "k3", "version": seen},
        HTTP_ACCEPT="application/json",
    )
    assert response.json()["ok"] and response.json()["version"] == seen
    client.force_login(bob)
    assert client.get(f"/games/{game.pk}/live/?since={seen}").status_code == 204
    game.refresh_from_db()
    assert game.moves.count() == 1 and game.state == queries.rebuild_state(game)


def test_no_template_comment_spans_lines(settings):
    """Django's {# #} comment ends at its line: one spanning lines is printed on the page for all to read."""
    from pathlib import Path

    for path in Path(settings.BASE_DIR, "templates").rglob("*.*"):
        text = path.read_text(encoding="utf-8", errors="replace")
        for start in (m.start() for m in re.finditer(r"\{#", text)):
            assert "\n" not in text[start : text.find("#}", start)], f"{path}: use {{% comment %}} across lines"
