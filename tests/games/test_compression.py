"""Pages go out compressed to browsers that ask for it: a long game's page shrinks several times."""

from __future__ import annotations

import gzip
from typing import Any

import pytest

from tests.conftest import logged_in
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db


def test_a_long_games_page_is_sent_compressed(lingo_game: Game, ann: Any, bob: Any) -> None:
    engine = get_engine("lingo")
    for turn in range(12):
        lingo_game.refresh_from_db()
        user = (ann, bob)[turn % 2]
        actions.submit_move(lingo_game.pk, user, engine.best_move(lingo_game.state, turn % 2).move)
    client = logged_in(ann)
    plain = client.get(lingo_game.get_absolute_url())
    packed = client.get(lingo_game.get_absolute_url(), HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    body = gzip.decompress(packed.content).decode()
    assert "<h1>" in body and len(packed.content) * 3 < len(plain.content)
