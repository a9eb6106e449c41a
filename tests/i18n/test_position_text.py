"""The position as text (game page, replay, emails) is worded in the reader's language: the engine's prose lines
are codes and values like its legend, and Lexicon Crossing's score ratio is written as the language writes
numbers."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from django.utils import translation

from tests.conftest import logged_in
from tests.support.pseudo import OPEN, pseudo_language
from wordgames.engines import engine_names, get_engine
from wordgames.games import actions
from wordgames.games.boardtext import text_board
from wordgames.games.refusals import worded

PLAYERS = ["ann", "bob"]


def test_every_prose_line_of_every_games_position_is_translated() -> None:
    for name in engine_names():
        engine = get_engine(name)
        state = engine.new_game(PLAYERS, {}, 3)
        for seat in (None, 0, 1):
            drawing = {line for line in engine.position(state, seat) if isinstance(line, str)}
            with pseudo_language():
                text = text_board(name, state, seat)
            prose = [line for line in text.split("\n") if line.strip() and line not in drawing]
            assert prose, (name, seat)
            assert all(OPEN in line for line in prose), (name, seat, [p for p in prose if OPEN not in p])


def test_lexicon_crossing_position_in_french() -> None:
    engine = get_engine("lexicon-crossing")
    state = engine.new_game(PLAYERS, {}, 3)
    state, _ = engine.apply(state, 0, "grid\n" + "".join(engine.view(state, 0)["hand"][:1]))
    english = engine.render_text(state, 0)
    with translation.override("fr"):
        text = text_board("lexicon-crossing", state, 0)
        view = worded(engine.view(state, 0))
    assert "Votre grille (" in text and "Manche 1. Jetons dans la pioche" in text
    ratio = english.split("\n")[0].split("=")[1].rstrip("):")
    assert "." in ratio and f"={ratio.replace('.', ',')})" in text.split("\n")[0]
    assert view["score"]["text"].endswith(ratio.replace(".", ","))
    assert "Your" not in text and "Round" not in text


def test_lingo_scores_and_pool_in_german() -> None:
    engine = get_engine("lingo")
    state = engine.new_game(PLAYERS, {"preset": "classic"}, 3)
    with translation.override("de"):
        text = text_board("lingo", state, 0)
    assert "Steine im Beutel:" in text and "Punkte von ann:" in text
    assert "score is" not in text and "Tiles left" not in text


@pytest.mark.django_db
def test_the_game_pages_position_text_is_french_and_not_marked_english(ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "lexicon-crossing", {}, ["bob"], seed=5, internal=True)
    actions.join_game(game.pk, bob)
    client = logged_in(ann)
    html = client.get(reverse("game", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    text = re.search(r'<details class="card position-text">.*?<pre([^>]*)>(.*?)</pre>', html, re.S)
    assert text is not None
    assert 'lang="en"' not in text.group(1)
    assert "Votre grille (" in text.group(2) and "Manche 1." in text.group(2) and "Round" not in text.group(2)
    score = re.search(r"data-score>([^<]*)<", html)
    assert score is not None and re.fullmatch(r"\d+/\d+=\d+,\d\d", score.group(1))
