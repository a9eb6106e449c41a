"""Property: whatever text a player sends, the write door either plays it or refuses it with a sentence, never
raises anything else, and the stored game always equals the replay of its moves. One property per game, fed
random text and near-moves built from each game's own words, coordinates and the letters the player holds."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.games.conftest import start_game
from wordgames.engines import get_engine
from wordgames.games import actions, queries
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db

WORDS = {
    "lingo": ["pass", "swap", "burn", "H8", "8H", "m13", "?E", "(A)", "CAT", "QI", "ZA", "E"],
    "lingua-fences": ["pass", "claim", "3C", "C3", "d4", "CAT", "TEN", ","],
    "keebble": ["ask", "take", "wall", "pass", "8D", "D8", "E", "X", "WORD", "steal", "bob"],
    "lexicon-crossing": ["grid", "green", "withdraw", "jaywalk", "red", "done", "swap", ".", "/", "Q", "bob"],
}
ODD = ["", " ", "\n", "\t", "\u202e", "\u200b", "\x00", "\x07", "é", "ß", "Ω", "#2", "0", "-1", "99999", "?", "()", ";"]


def near_moves(kind: str) -> st.SearchStrategy[str]:
    token = st.sampled_from(WORDS[kind] + ODD) | st.text(
        alphabet="ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789?()/.", max_size=8
    )
    return st.lists(token, min_size=0, max_size=7).map(" ".join) | st.text(max_size=40)


def game_of(kind: str, ann: Any, bob: Any) -> Game:
    if kind == "lingo":
        return start_game(ann, bob, {}, seed=3)
    game = actions.create_game(ann, kind, {}, [bob.username], seed=3)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    return game


@pytest.mark.parametrize("kind", list(WORDS))
def test_any_text_is_played_or_refused_with_a_sentence(kind: str, ann: Any, bob: Any) -> None:
    game = game_of(kind, ann, bob)
    engine = get_engine(kind)
    players = [ann, bob]
    seen = {"played": 0, "refused": 0}

    @settings(
        max_examples=120,
        deadline=None,
        derandomize=True,  # the same examples on every run (CI)
        suppress_health_check=[HealthCheck.function_scoped_fixture],
    )
    @given(text=near_moves(kind), who=st.integers(0, 1))
    def one(text: str, who: int) -> None:
        if text.strip().lower().startswith("resign"):
            return  # one resignation would end the game for every later example
        game.refresh_from_db()
        try:
            actions.submit_move(game.pk, players[who], text, expected_version=game.version, idempotency_key="")
            seen["played"] += 1
        except actions.Refused as e:
            sentence = str(e)
            assert (
                sentence
                and (sentence[0].isupper() or sentence[0] == "\u201c")
                and sentence.rstrip()[-1] in ".!?:)\u201d"
            ), repr(sentence)
            for escape in ("\\u", "\\x"):  # a Python repr's escapes, unless the player typed them
                assert escape in text or escape not in sentence, sentence
            seen["refused"] += 1
        game.refresh_from_db()
        assert game.state == queries.rebuild_state(game)

    one()
    assert seen["refused"] > 0
    assert engine.name == game.engine
