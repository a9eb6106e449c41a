"""The game pages in the pseudo language: every sentence a reader sees went through a translation.

The lobby, the new-game form of each game, each game's page (under way, to a seated player and to a visitor,
and over), the replay, the help index and the invitation page. What may stand bare is data: the players' names,
the games' names, the moves in notation, the position as plain text (the email board's renderer), the
dictionaries' names and the options' values (codes such as ``ltr``, explained by the translated help)."""

from __future__ import annotations

import json
import re
import time
from typing import Any

import pytest
from django.conf import settings
from django.core import signing
from django.test import Client
from django.urls import reverse

from tests.conftest import logged_in
from tests.support.pseudo import OPEN, PSEUDO, bare_prose, pseudo_available, pseudo_get, pseudo_language
from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.lexicon import lexicon_names
from wordgames.games import actions, queries
from wordgames.games.emails import invitation_token
from wordgames.games.engine_texts import TEXTS
from wordgames.games.models import Game, Seat

pytestmark = pytest.mark.django_db

TITLES = [get_engine(name).title for name in engine_names()]
# The first move each game's seated player makes, so that the page has a move list (a move needs no luck).
FIRST_MOVES = {"lingua-fences": "pass", "keebble": "ask E X", "lexicon-crossing": None}
OPTIONS = {
    "lingo": {"preset": "classic", "hints": True},
    "keebble": {"board": "8x4"},
    "lexicon-crossing": {},
    "lingua-fences": {"size": 9},
}


def option_values() -> list[str]:
    """The values options take (codes, numbers, dictionaries' names): data, as the form and the page show them."""
    values = set(lexicon_names())
    for name in engine_names():
        engine = get_engine(name)
        values |= set(engine.presets)
        for option in engine.options:
            values |= {str(choice) for choice in option.choices} | {str(option.default)}
    return sorted(values, key=len, reverse=True)


def data_of(game: Game | None = None) -> list[str]:
    """What a game's page may show untranslated: names, titles, moves and the drawing of the position as text (the
    engines' sentences about moves and the result are worded in the reader's language: not data)."""
    found = ["ann", "bob", "cat", "Ann", "Bob", "Cat", *TITLES, *option_values()]
    if game is not None:
        game.refresh_from_db()
        for move in queries.live_moves(game):
            found.append(move.text)
        if game.state is not None:
            found += position_texts(game)
    return [text for text in found if text]


def position_texts(game: Game) -> list[str]:
    """The engine's position as text (for screen readers, and the replay of games without a board), after each
    move and from every seat: the engines' own words, like their sentences about moves (the legend of the signs
    is not among them: the server words it)."""
    engine = get_engine(game.engine)
    seats = range(len(game.seats.all()))
    texts = [
        line
        for seat in [None, *seats]
        for line in drawing(engine.position(game.state, seat, **queries.view_kwargs(game, seat)))
    ]
    state = engine.new_game(queries.player_names(game), game.options, game.deal_seed, game.bag or None)
    for move in queries.live_moves(game):
        texts += [line for seat in seats for line in drawing(engine.position(state, seat))]
        state, _outcome = engine.apply(state, move.seat, move.text)
    return texts


def drawing(lines: list[Any]) -> list[str]:
    """The lines of the drawing (signs, letters, names): its prose lines are phrases, worded for the reader."""
    return [line.strip() for line in lines if isinstance(line, str) and line.strip()]


def without_seeks(html: str) -> str:
    """The lobby's seeks are the seeks room's own part (tests/i18n of seeks checks it)."""
    return re.sub(r'<section class="card" id="lobby-seeks">.*?</section>', "", html, flags=re.S)


def page(client: Client, url: str, game: Game | None = None) -> list[str]:
    response = pseudo_get(client, url)
    assert response.status_code == 200, url
    html = response.content.decode()
    assert OPEN in html, f"{url} was not rendered in the pseudo language"
    return bare_prose(without_seeks(html), data_of(game))


def started(engine: str, ann: Any, bob: Any) -> Game:
    """ann invites bob, bob accepts; ann has made her first move where the game gives her one."""
    game = actions.create_game(ann, engine, OPTIONS[engine], ["bob"], seed=5, internal=True)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    move = FIRST_MOVES.get(engine, "")
    if engine == "lingo":
        seat = queries.seat_of(game, ann)
        best = get_engine("lingo").best_move(game.state, seat)  # type: ignore[attr-defined]
        move = best.move if best else "pass"
    if move:
        actions.submit_move(game.pk, ann, move, expected_version=game.version)
        game.refresh_from_db()
    return game


def test_the_lobby_in_the_pseudo_language(ann: Any, bob: Any, cat: Any) -> None:
    started("lingo", ann, bob)
    waiting = actions.create_game(cat, "keebble", {}, ["ann", ""], internal=True)  # an invitation and an open seat
    assert page(logged_in(ann), reverse("lobby"), waiting) == []
    assert page(Client(), reverse("lobby"), waiting) == []


@pytest.mark.parametrize("engine", engine_names())
def test_the_new_game_form_of_each_game_in_the_pseudo_language(ann: Any, engine: str) -> None:
    assert page(logged_in(ann), f"{reverse('new_game')}?game={engine}") == []


def test_the_new_game_form_errors_in_the_pseudo_language(ann: Any) -> None:
    client = logged_in(ann)
    with pseudo_available():
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = PSEUDO
        response = client.post(
            reverse("new_game"),
            {
                "game": "lingua-fences",
                "players": 2,
                "seat_2": "x" * 300,
                "partners": "nonsense",
                "opt_house_words": "a " * 2001,
            },
        )
    html = response.content.decode()
    assert "errorlist" in html and bare_prose(html, data_of()) == []


@pytest.mark.parametrize("engine", engine_names())
def test_each_game_under_way_in_the_pseudo_language(ann: Any, bob: Any, cat: Any, engine: str) -> None:
    game = started(engine, ann, bob)
    url = game.get_absolute_url()
    assert page(logged_in(ann), url, game) == []  # seated (to move, or waiting in a simultaneous round)
    assert page(logged_in(bob), url, game) == []  # seated, the other player
    assert page(logged_in(cat), url, game) == []  # a visitor with an account
    assert page(Client(), url, game) == []  # a visitor without one
    assert page(logged_in(ann), reverse("game_live", args=[game.pk]), game) == []  # what the page refreshes


@pytest.mark.parametrize("engine", engine_names())
def test_each_game_over_and_its_replay_in_the_pseudo_language(ann: Any, bob: Any, engine: str) -> None:
    game = started(engine, ann, bob)
    actions.submit_move(game.pk, bob, "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert page(logged_in(ann), game.get_absolute_url(), game) == []
    assert page(Client(), game.get_absolute_url(), game) == []
    assert page(Client(), reverse("replay", args=[game.pk]), game) == []
    assert page(Client(), f"{reverse('replay', args=[game.pk])}?n=1", game) == []


def test_a_game_waiting_for_players_in_the_pseudo_language(ann: Any, bob: Any, cat: Any) -> None:
    game = actions.create_game(ann, "lingo", {}, ["bob", "", "someone@example.com"], internal=True)
    assert page(logged_in(ann), game.get_absolute_url(), game) == []
    assert page(logged_in(cat), game.get_absolute_url(), game) == []


def test_the_help_index_in_the_pseudo_language() -> None:
    assert page(Client(), reverse("help")) == []


def test_the_invitation_page_in_the_pseudo_language(ann: Any, bob: Any, cat: Any) -> None:
    game = actions.create_game(ann, "lingo", {}, ["bob"], internal=True)
    seat = Seat.objects.get(game=game, invited_user=bob)
    url = reverse("accept_invitation", args=[invitation_token(seat)])
    assert page(logged_in(bob), url, game) == []  # the invitee: take the seat or decline
    assert page(logged_in(cat), url, game) == []  # someone else holding the link: refused, politely


def test_an_expired_invitation_link_in_the_pseudo_language(ann: Any, bob: Any, monkeypatch: Any) -> None:
    game = actions.create_game(ann, "lingo", {}, ["bob"], internal=True)
    seat = Seat.objects.get(game=game, invited_user=bob)
    with monkeypatch.context() as then:  # signed 61 days ago
        then.setattr(
            signing.TimestampSigner, "timestamp", lambda self: signing.b62_encode(int(time.time()) - 61 * 86400)
        )
        url = reverse("accept_invitation", args=[invitation_token(seat)])
    response = pseudo_get(logged_in(bob), url)
    html = response.content.decode()
    assert response.status_code == 410 and OPEN in html and "still waiting" in html
    assert bare_prose(html, data_of(game)) == []


def test_every_engine_text_a_page_shows_is_in_the_catalogue() -> None:
    """The engines write their options' labels and help in English (they import no Django): each must be listed
    for translation, or the new-game form and the game pages would show it in English to everyone."""
    from wordgames.engines.keebble.board import SPECIAL_NAMES

    shown = {text for name in engine_names() for o in get_engine(name).options for text in (o.label, o.help) if text}
    assert shown | set(SPECIAL_NAMES.values()) <= TEXTS


@pytest.mark.parametrize("engine", ["keebble", "lingua-fences"])
def test_the_printable_sheets_in_the_pseudo_language(ann: Any, bob: Any, engine: str) -> None:
    game = started(engine, ann, bob)
    assert page(logged_in(ann), reverse("print_sheet", args=[game.pk]), game) == []


def test_a_hint_in_the_pseudo_language(ann: Any, bob: Any) -> None:
    """A practice game's hint, as the game page fetches it into its preview box."""
    game = started("lingo", ann, bob)
    client = logged_in(bob)
    with pseudo_available():
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = PSEUDO
        html = client.post(reverse("hint", args=[game.pk])).content.decode()
        hint = actions.ask_hint(game.pk, bob)
    assert OPEN in html and bare_prose(html, [*data_of(game), hint.move]) == []


def test_the_database_unavailable_page_in_the_pseudo_language(rf: Any) -> None:
    """The 503 page (nothing was saved): rendered without the request's context, in the reader's language."""
    from wordgames.lib.unavailable import unavailable

    with pseudo_language():
        html = unavailable(rf.get("/games/1/")).content.decode()
        json_answer = json.loads(unavailable(rf.get("/games/1/", HTTP_ACCEPT="application/json")).content)["error"]
    assert '<html lang="xx"' in html and bare_prose(html) == []
    assert bare_prose(json_answer) == []
