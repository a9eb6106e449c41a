"""What a player sees and does on the lobby and game pages."""

from __future__ import annotations

import itertools
import json
import re

import pytest
from django.urls import reverse

from tests.games.conftest import start_game
from wordgames.engines import IllegalMove, get_engine
from wordgames.games import actions
from wordgames.games.models import Game, Move

pytestmark = pytest.mark.django_db


def move_form_data(game: Game, move: str, key: str = "key-1") -> dict:
    return {"move": move, "version": game.version, "key": key}


def test_lobby_lists_my_games_with_whose_turn_and_the_next_game_button(client_bob, lingo_game):
    page = client_bob.get(reverse("lobby")).content.decode()
    assert str(lingo_game) in page
    assert "ann" in page  # ann is to move
    response = client_bob.get(reverse("next_game"), follow=True)
    assert "No game is waiting for your move." in response.content.decode()


def test_next_game_goes_to_the_game_where_it_is_my_turn(client_ann, lingo_game):
    response = client_ann.get(reverse("next_game"))
    assert response.status_code == 302 and response.url == lingo_game.get_absolute_url()


def test_creating_a_game_from_the_form_with_options(client_ann, bob):
    data = {"game": "lingo", "players": 2, "seat_2": "bob", "preset": "pbem", "opt_hex": "true", "opt_pool": ""}
    response = client_ann.post(reverse("new_game") + "?game=lingo", data)
    game = Game.objects.get()
    assert response.status_code == 302 and response.url == game.get_absolute_url()
    assert game.status == Game.Status.OPEN  # until bob accepts
    assert game.options["hex"] is True and game.options["pool"] == 5


def test_ticking_two_dictionaries_and_house_words_for_lingua_fences(client_ann, bob):
    import tests.engines.lexicon_crossing.conftest  # noqa: F401  (registers a second word list: every-word)

    page = client_ann.get(reverse("new_game") + "?game=lingua-fences").content.decode()
    assert 'type="checkbox" name="opt_dictionary" value="enable"' in page
    assert 'name="opt_house_words" placeholder="default (none)"' in page
    data = {
        "game": "lingua-fences",
        "players": 2,
        "seat_2": "bob",
        "opt_dictionary": ["enable", "every-word"],
        "opt_house_words": "zork, bzzt",
        "clock": "7d",
    }
    response = client_ann.post(reverse("new_game") + "?game=lingua-fences", data)
    game = Game.objects.get()
    assert response.status_code == 302
    assert game.options["dictionary"] == "enable+every-word" and game.options["house_words"] == "BZZT ZORK"
    page = client_ann.get(game.get_absolute_url()).content.decode()
    assert "<dt>Dictionary</dt><dd>enable+every-word" in page and "<dt>House words</dt><dd>BZZT ZORK" in page


def test_creating_a_game_with_a_bad_option_shows_the_error(client_ann, bob):
    data = {"game": "lingo", "players": 2, "seat_2": "bob", "preset": "pbem", "opt_pool": "3", "opt_place": "9"}
    response = client_ann.post(reverse("new_game") + "?game=lingo", data)
    assert response.status_code == 200
    assert "place" in response.content.decode().lower()
    assert not Game.objects.exists()


def test_game_page_draws_the_board_with_coordinates_and_the_pool(client_ann, lingo_game):
    page = client_ann.get(lingo_game.get_absolute_url()).content.decode()
    assert '<svg class="board square"' in page
    assert 'data-cell="m13"' in page
    view = get_engine("lingo").view(lingo_game.state, 0)
    tiles = re.findall(r'class="pool-tile" data-letter="(\w)"', page)
    assert tiles == view["pool"]
    assert 'name="move"' in page  # ann may move


def test_playing_a_move_through_the_form_shows_its_score(client_ann, lingo_game):
    best = get_engine("lingo").best_move(lingo_game.state, 0)
    response = client_ann.post(
        reverse("submit_move", args=[lingo_game.pk]), move_form_data(lingo_game, best.move), follow=True
    )
    page = response.content.decode()
    assert best.summary.replace("'", "&#x27;") in page
    assert Move.objects.get().text == best.move


def test_double_clicked_form_applies_once(client_ann, lingo_game):
    best = get_engine("lingo").best_move(lingo_game.state, 0)
    data = move_form_data(lingo_game, best.move, key="same")
    client_ann.post(reverse("submit_move", args=[lingo_game.pk]), data)
    response = client_ann.post(reverse("submit_move", args=[lingo_game.pk]), data)
    assert response.status_code == 302
    assert Move.objects.count() == 1


def test_illegal_move_keeps_the_text_and_says_why(client_ann, lingo_game):
    response = client_ann.post(reverse("submit_move", args=[lingo_game.pk]), move_form_data(lingo_game, "zz99 Q"))
    assert response.status_code == 400
    page = response.content.decode()
    assert 'role="alert"' in page and 'value="zz99 Q"' in page
    assert not Move.objects.exists()


def test_stale_form_is_refused_with_the_new_board(client_ann, client_bob, lingo_game, ann, play_best):
    seen = lingo_game.version
    play_best(lingo_game, ann)
    lingo_game.refresh_from_db()
    best = get_engine("lingo").best_move(lingo_game.state, 1)
    data = {"move": best.move, "version": seen, "key": "k"}
    response = client_bob.post(reverse("submit_move", args=[lingo_game.pk]), data)
    assert response.status_code == 409
    assert "The board has changed since you looked at it" in response.content.decode()
    assert f'value="{lingo_game.version}"' in response.content.decode()
    assert Move.objects.count() == 1


def test_preview_shows_the_score_before_submitting(client_ann, lingo_game):
    best = get_engine("lingo").best_move(lingo_game.state, 0)
    response = client_ann.post(reverse("preview", args=[lingo_game.pk]), {"move": best.move})
    assert best.summary.split(" for a total")[0] in response.content.decode()
    assert not Move.objects.exists()


def test_preview_of_a_bad_move_says_what_is_wrong(client_ann, lingo_game):
    response = client_ann.post(reverse("preview", args=[lingo_game.pk]), {"move": "hello there"})
    assert 'class="error"' in response.content.decode()


def test_live_fragment_is_empty_until_the_version_changes(client_bob, lingo_game, ann, play_best):
    url = reverse("game_live", args=[lingo_game.pk])
    assert client_bob.get(url, {"since": lingo_game.version}).status_code == 204
    play_best(lingo_game, ann)
    response = client_bob.get(url, {"since": lingo_game.version})
    assert response.status_code == 200 and 'name="move"' in response.content.decode()


def test_spectator_sees_the_board_but_no_move_box(client, lingo_game):
    page = client.get(lingo_game.get_absolute_url()).content.decode()
    assert 'data-cell="m13"' in page and 'name="move"' not in page


def test_player_cannot_move_for_another_seat(client_bob, lingo_game):
    best = get_engine("lingo").best_move(lingo_game.state, 0)
    response = client_bob.post(reverse("submit_move", args=[lingo_game.pk]), move_form_data(lingo_game, best.move))
    assert response.status_code == 400
    assert "not your turn" in response.content.decode()
    assert not Move.objects.exists()


def test_resign_needs_confirmation(client_bob, lingo_game):
    client_bob.post(reverse("resign", args=[lingo_game.pk]), {})
    lingo_game.refresh_from_db()
    assert lingo_game.status == Game.Status.ACTIVE
    client_bob.post(reverse("resign", args=[lingo_game.pk]), {"confirm": "yes"})
    lingo_game.refresh_from_db()
    assert lingo_game.status == Game.Status.FINISHED


def test_hidden_pools_never_reach_another_player(client_ann, client, lingo_game, ann, bob):
    game = start_game(ann, bob, {"not_shared": True}, seed=3)
    engine = get_engine("lingo")
    bob_pool = engine.view(game.state, 1)["pool"]
    ann_pool = engine.view(game.state, 0)["pool"]
    assert bob_pool and ann_pool
    pages = {
        "page": client_ann.get(game.get_absolute_url()),
        "live": client_ann.get(reverse("game_live", args=[game.pk])),
        "json": client_ann.get(reverse("game_json", args=[game.pk])),
        "spectator": client.get(game.get_absolute_url()),
    }
    for name, response in pages.items():
        if name == "json":
            continue
        body = response.content.decode()
        assert re.findall(r'class="pool-tile" data-letter="(\w)"', body) == ([] if name == "spectator" else ann_pool), (
            name
        )
    data = json.loads(pages["json"].content)
    assert data["view"]["pool"] == ann_pool
    assert "bag" not in json.dumps(data["view"]).replace("bag_count", "")
    assert client_ann.get(reverse("record", args=[game.pk])).status_code == 404  # the seed would tell the bag


def test_finished_game_has_a_record_and_a_replay(client, lingo_game, ann, bob, play_best):
    play_best(lingo_game, ann)
    actions.submit_move(lingo_game.pk, bob, "resign")
    record = json.loads(client.get(reverse("record", args=[lingo_game.pk])).content)
    assert record["format"] == "wordgames-record/1" and record["players"] == ["ann", "bob"]
    assert [m["player"] for m in record["moves"]] == ["ann", "bob"]
    page = client.get(reverse("replay", args=[lingo_game.pk]), {"n": 1}).content.decode()
    assert "after move 1 of 2" in page


def _scores(engine, state, move):
    try:
        return engine.preview(state, 0, move).score
    except IllegalMove:
        return 10**9


def test_sporting_opponent_option_shows_the_missed_opportunity(
    client_bob, ann, bob, django_capture_on_commit_callbacks
):
    from django.core import mail

    game = start_game(ann, bob, {"missed": True}, seed=7)
    engine = get_engine("lingo")
    view = engine.view(game.state, 0)
    best = engine.best_move(game.state, 0)
    centre = view["board"]["centre"]  # e.g. m13: a two-letter word across from it is surely not the best move
    across = f"{centre[1:]}{centre[0].upper()}"
    short = next(
        f"{across} {a}{b}"
        for a, b in itertools.permutations(view["pool"], 2)
        if _scores(engine, game.state, f"{across} {a}{b}") < best.score
    )
    with django_capture_on_commit_callbacks(execute=True):  # annotated after the commit, off the request
        actions.submit_move(game.pk, ann, short)
    page = client_bob.get(game.get_absolute_url()).content.decode()
    assert "ann could have scored" in page
    assert "ann could have scored" in mail.outbox[-1].body  # bob's your-turn email carries it too
    assert mail.outbox[-1].to == ["bob@example.com"]


def test_practice_game_gives_a_hint_and_other_games_do_not(
    client_ann, ann, bob, lingo_game, django_capture_on_commit_callbacks
):
    practice = start_game(ann, bob, {"hints": True}, seed=9)
    page = client_ann.get(practice.get_absolute_url()).content.decode()
    assert 'data-action="hint"' in page
    best = get_engine("lingo").best_move(practice.state, 0)
    with django_capture_on_commit_callbacks(execute=True):  # the search runs in a worker after the commit
        client_ann.post(reverse("hint", args=[practice.pk]))
    hint = client_ann.get(reverse("hint", args=[practice.pk])).content.decode()
    assert f"Best move: <code>{best.move}</code>" in hint
    refused = client_ann.post(reverse("hint", args=[lingo_game.pk])).content.decode()
    assert "only available in practice games" in refused
    assert 'data-action="hint"' not in client_ann.get(lingo_game.get_absolute_url()).content.decode()


def test_hex_board_is_drawn_as_hexes_only_where_cells_exist(client_ann, ann, bob):
    game = start_game(ann, bob, {"hex": True}, seed=4)
    page = client_ann.get(game.get_absolute_url()).content.decode()
    assert '<svg class="board hex"' in page and "<polygon" in page
    assert 'data-cell="m25"' in page and 'data-cell="m27"' in page and 'data-cell="l26"' in page
    assert 'data-cell="m26"' not in page  # column m (12) + row 26 is even: no hex there
    assert "<code>m25 D m27 O</code>" in page


def test_a_move_for_a_game_that_does_not_exist_is_not_found(client_ann):
    response = client_ann.post(reverse("submit_move", args=[999]), {"move": "m13 A", "version": 1, "key": "k"})
    assert response.status_code == 404


def test_hidden_pools_stay_out_of_other_players_emails(ann, bob, django_capture_on_commit_callbacks):
    from django.core import mail

    with django_capture_on_commit_callbacks(execute=True):
        game = start_game(ann, bob, {"not_shared": True}, seed=3)
    engine = get_engine("lingo")
    ann_pool, bob_pool = engine.view(game.state, 0)["pool"], engine.view(game.state, 1)["pool"]
    to_ann = [m for m in mail.outbox if m.to == ["ann@example.com"]]
    from wordgames.engines.core.tiles import LETTER_VALUES

    def shown(pool: list[str]) -> str:  # each tile with its value, as pbmserv printed them
        return " ".join(f"{t}{0 if t == '?' else LETTER_VALUES[t]}" for t in pool)

    assert to_ann and f"Your tiles: {shown(ann_pool)}" in to_ann[-1].body
    assert shown(bob_pool) not in "".join(m.body for m in to_ann)
    assert game.state["bag"][:10] not in "".join(m.body for m in mail.outbox)


@pytest.mark.parametrize(
    "name, label",
    [
        ("lingo", "Pool size"),
        ("lexicon-crossing", "Tiles per green light"),
        ("lingua-fences", "Starting square"),
        ("keebble", "Letterfraud"),
    ],
)
def test_every_game_can_be_set_up_from_the_new_game_page(client_ann, name, label):
    page = client_ann.get(f"/games/new/?game={name}").content.decode()
    assert label in page and "Time per move" in page and "Team-mates sharing your seat" in page


def test_the_rules_and_the_other_help_pages_are_on_the_site(client_ann, lingo_game):
    index = client_ann.get("/help/").content.decode()
    for slug in ("lingo", "lexicon-crossing", "lingua-fences", "keebble", "email", "notation"):
        assert f'href="/help/{slug}/"' in index
    keebble = client_ann.get("/help/keebble/").content.decode()
    assert "<h1>Keebble, as implemented</h1>" in keebble and "<table>" in keebble and "Letterfraud" in keebble
    notation = client_ann.get("/help/notation/").content.decode()
    assert '<a href="/help/keebble/">rules</a>' in notation  # links between documents lead to their pages
    fences = client_ann.get("/help/lingua-fences/").content.decode()
    assert '<a href="/help/dictionaries/">dictionaries</a>' in fences
    assert client_ann.get("/help/deployment/").status_code == 404  # operators' documents stay in the repository
    assert client_ann.get("/help/../settings/").status_code == 404
    page = client_ann.get(lingo_game.get_absolute_url()).content.decode()
    assert 'href="/help/lingo/">Rules of Lingo</a>' in page
