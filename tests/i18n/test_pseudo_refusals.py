"""A refused move reaches its reader fully in their language: the engine's sentence, its reasons, the names of
kinds of cells, the "or" of a list; only what the player wrote and the game's notation stay as they are."""

from __future__ import annotations

import uuid
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.conftest import logged_in
from tests.engines.test_refusals import every_code
from tests.pbem import mime
from tests.pbem.deliver import by_pipe
from tests.support.pseudo import OPEN, PSEUDO, bare_prose, pseudo_available, pseudo_language
from wordgames.accounts.models import profile_for
from wordgames.engines import get_engine
from wordgames.engines.core.errors import EngineRefusal, IllegalMove, InvalidOptions
from wordgames.engines.core.refusals import placeholders
from wordgames.games import actions
from wordgames.games.models import Game
from wordgames.games.refusals import word

PLAYERS = ["ann", "bob"]

# One refused move per game, made on the game's first position (seed 3): (game, options, seat, move).
MOVES = [
    ("lingo", {"preset": "classic"}, 0, "z40 O"),
    ("keebble", {"start": "empty"}, 0, "pass"),
    ("lexicon-crossing", {}, 0, "green"),  # "Not yet:" and its reasons
    ("lingua-fences", {}, 0, "1A CAT"),
]


def engine_refusal(game: str, options: dict[str, Any], seat: int, move: str) -> EngineRefusal:
    engine = get_engine(game)
    state = engine.new_game(PLAYERS, options, seed=3)
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, seat, move)
    return caught.value


def keebble_refusals() -> list[EngineRefusal]:
    """Keebble's refusals whose values are prose: a special cell's name, Letterfraud's reasons, a list of letters."""
    engine = get_engine("keebble")
    found = []
    state = engine.new_game(PLAYERS, {"start": "empty", "supercells": True}, seed=3)
    state["special"] = {"a2": "DW"}
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, 0, "special c3 DW")
    found.append(caught.value)
    state = engine.new_game(PLAYERS, {"start": "empty", "letterfraud": "different"}, seed=3)
    state["hands"][0] = ["E", "X"]
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, 0, "ask E E")
    found.append(caught.value)
    return found


def lingo_pool_refusal() -> EngineRefusal:
    engine = get_engine("lingo")
    state = engine.new_game(PLAYERS, {"preset": "classic"}, seed=3, bag="ETVY")
    with pytest.raises(IllegalMove) as caught:
        engine.apply(state, 0, "8H QQ")
    return caught.value


def all_refusals() -> list[EngineRefusal]:
    return [engine_refusal(*row) for row in MOVES] + keebble_refusals() + [lingo_pool_refusal()]


def notation(refusal: EngineRefusal) -> list[str]:
    """What may stand untranslated: the values that are what the player wrote, names, cells and words."""
    return [str(v) for v in refusal.values.values() if isinstance(v, (str, int))] + PLAYERS


@pytest.mark.parametrize("index", range(len(MOVES) + 3))
def test_a_refusal_of_every_game_is_worded_wholly_in_the_readers_language(index: int) -> None:
    refusal = all_refusals()[index]
    with pseudo_language():
        worded = word(refusal)
    assert worded.startswith(OPEN) and worded != str(refusal)
    assert bare_prose(worded, data=notation(refusal)) == []


def test_the_reasons_and_names_inside_a_refusal_are_translated_too() -> None:
    special, fraud = keebble_refusals()
    with pseudo_language():
        assert f"{OPEN}double word{chr(0x27EB)}" in word(special)
        assert f"{OPEN}the letters must all be different{chr(0x27EB)}" in word(fraud)
        assert f"{OPEN}the letter Q{chr(0x27EB)}" in word(lingo_pool_refusal())


@pytest.mark.parametrize("code", every_code(), ids=lambda c: f"{type(c).__name__}.{c.name}")
def test_every_template_goes_through_the_translation(code: Any) -> None:
    refusal = IllegalMove(code, **{name: 2 for name in placeholders(code.template)})
    with pseudo_language():
        worded = word(refusal)
    assert bare_prose(worded) == [], worded
    with translation.override("en"):
        assert word(refusal) == str(refusal)  # English is the engine's own sentence, unchanged


def test_in_english_the_site_words_a_refusal_as_the_engine_does() -> None:
    with translation.override(settings.LANGUAGE_CODE):
        for refusal in all_refusals():
            assert word(refusal) == str(refusal)


def test_a_translation_that_does_not_fit_falls_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    refusal = all_refusals()[0]
    monkeypatch.setattr("wordgames.games.refusals.gettext", lambda message: "%(nonsense)s")
    assert word(refusal) == str(refusal)


# --- on the web and by email ---------------------------------------------------------------------------------------


def started(game: str, options: dict[str, Any], ann: Any, bob: Any) -> Game:
    created = actions.create_game(ann, game, options, [bob.username], seed=3, internal=True)
    actions.join_game(created.pk, bob)
    created.refresh_from_db()
    return created


def post_move(client: Client, game: Game, move: str, **headers: Any) -> Any:
    with pseudo_available():
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = PSEUDO
        try:
            return client.post(
                reverse("submit_move", args=[game.pk]),
                {"move": move, "version": game.version, "key": uuid.uuid4().hex},
                HTTP_ACCEPT_LANGUAGE=PSEUDO,
                **headers,
            )
        finally:
            del client.cookies[settings.LANGUAGE_COOKIE_NAME]


@pytest.mark.django_db
@pytest.mark.parametrize(("game", "options", "seat", "move"), MOVES, ids=[row[0] for row in MOVES])
def test_an_illegal_move_posted_on_the_web_is_refused_in_the_readers_language(
    game: str, options: dict[str, Any], seat: int, move: str, ann: Any, bob: Any
) -> None:
    played = started(game, options, ann, bob)
    refusal = engine_refusal(game, options, seat, move)
    client = logged_in(ann)
    with pseudo_language():
        worded = word(refusal)
    page = post_move(client, played, move)
    assert page.status_code == 400
    assert page.context["error"] == worded
    assert bare_prose(worded, data=notation(refusal)) == []
    answer = post_move(client, played, move, HTTP_ACCEPT="application/json")
    assert answer.status_code == 400
    assert answer.json()["error"] == worded
    played.refresh_from_db()
    assert not played.moves.exists()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("game", "options", "seat", "move"), MOVES, ids=[row[0] for row in MOVES])
def test_an_illegal_move_by_email_is_refused_in_the_readers_language(
    game: str, options: dict[str, Any], seat: int, move: str, ann: Any, bob: Any, tmp_path: Any
) -> None:
    played = started(game, options, ann, bob)
    refusal = engine_refusal(game, options, seat, move)
    sent = [m for m in mail.outbox if m.to == ["ann@example.com"]][-1]
    with pseudo_language():
        profile = profile_for(ann)
        profile.language = PSEUDO
        profile.save()
        by_pipe(mime.reply(sent, move), tmp_path)
    reply = [m for m in mail.outbox if m.to == ["ann@example.com"] and m.subject.startswith("Re:")][-1]
    with pseudo_language():
        worded = word(refusal)
    assert worded in reply.body
    played.refresh_from_db()
    assert not played.moves.exists()


def test_options_refused_on_the_new_game_form_are_worded_in_the_readers_language() -> None:
    with pytest.raises(InvalidOptions) as caught:
        get_engine("lingo").validate_options({"pool": "many"})
    with pseudo_language():
        worded = word(caught.value)
    assert worded.startswith(OPEN) and bare_prose(worded, data=["pool", "many"]) == []


@pytest.mark.django_db
def test_options_that_do_not_fit_the_players_are_refused_on_the_new_game_form_in_the_readers_language(
    ann: Any, bob: Any, cat: Any, dan: Any
) -> None:
    """25 starting tiles each on the S98 set serve three: a fifth seat is refused when the game is made (before,
    the last player to take a seat met a server error), in the reader's language, and no game is made."""
    with pseudo_available():
        client = logged_in(ann)
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = PSEUDO
        page = client.post(
            reverse("new_game") + "?game=lexicon-crossing",
            {
                "game": "lexicon-crossing",
                "players": "5",
                "seat_2": "bob",
                "seat_3": "cat",
                "seat_4": "dan",
                "seat_5": "",
                "clock": "7d",
                "opt_tiles": "s98",
                "opt_start_tiles": "25",
            },
            HTTP_ACCEPT_LANGUAGE=PSEUDO,
        )
    errors = page.context["form"].non_field_errors()
    assert f"{OPEN}25 tiles each for 5 players needs more than the 98 tiles.{chr(0x27EB)}" in errors
    assert not Game.objects.exists()
