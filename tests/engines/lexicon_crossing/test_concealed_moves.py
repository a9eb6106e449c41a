"""Property: a move judged while the green-lighter's newest tiles are hidden from them (``conceal_latest``, as the
server asks until the others have seen theirs) is played or refused with the engine's typed refusal, never raises
anything else and never changes the state it was given. The states come from games played with random moves
(team swaps, jaywalks, green and red lights, resignations); some are then bent out of shape (newest tiles the
seat does not hold, seats that are not at the table)."""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wordgames.engines.core.errors import EngineRefusal, IllegalMove
from wordgames.engines.lexicon_crossing import ENGINE
from wordgames.engines.lexicon_crossing.refusals import LexiconCrossingRefusal

from .conftest import lay_out

PLAYERS = ["ann", "bob", "cat", "dan"]
WORDS = ["grid", "green", "red", "done", "jaywalk", "swap", "resign", "RED", "Red", ".", "/", "?", "E", "Q", "ann"]
ODD = ["", " ", "\n", "\t", "\u200b", "\x00", "é", "É", "ß", "Ω", "ı", "İ", "0", "-1", "()", ";"]


def texts() -> st.SearchStrategy[str]:
    token = st.sampled_from(WORDS + ODD + PLAYERS) | st.text(alphabet="ABCDEQZabcdeqz?./", max_size=8)
    return st.lists(token, max_size=5).map(" ".join) | st.text(max_size=30)


def _try(state: dict[str, Any], seat: int, move: str) -> dict[str, Any]:
    try:
        return ENGINE.apply(state, seat, move)[0]
    except EngineRefusal:
        return state


@st.composite
def games(draw: st.DrawFn) -> dict[str, Any]:
    """A game some way in: each step one seat lays out its tiles and calls green (or red) light, jaywalks, swaps
    with a team-mate (any tile of theirs, the newest too), says done or resigns."""
    options = {
        "dictionary": draw(st.sampled_from(["every-word", "every-word-fr"])),  # French: É is played as E
        "teams": draw(st.sampled_from(["-", "AABB", "ABAB"])),
        "jaywalk_who": draw(st.sampled_from(["not_last", "everyone"])),
        "jaywalk": draw(st.sampled_from(["one", "two", "2for1"])),
        "per_green": draw(st.integers(1, 2)),
        "blanks": draw(st.booleans()),
    }
    state = ENGINE.new_game(PLAYERS, options, seed=draw(st.integers(0, 9)))
    for _ in range(draw(st.integers(0, 12))):
        seat = draw(st.integers(0, 3))
        kind = draw(st.sampled_from(["green", "green", "red", "jaywalk", "swap", "swap", "done", "resign"]))
        if kind in ("green", "red"):
            state = _try(state, seat, lay_out(state["tiles"][seat]))
            state = _try(state, seat, kind)
        elif kind == "jaywalk" and state["tiles"][seat]:
            state = _try(state, seat, f"jaywalk {draw(st.sampled_from(state['tiles'][seat]))}")
        elif kind == "swap":
            mate = draw(st.integers(0, 3))
            give, take = (draw(st.sampled_from(state["tiles"][s] or ["E"])) for s in (seat, mate))
            state = _try(state, seat, f"swap {give} {take} {PLAYERS[mate]}")
        elif kind in ("done", "resign"):
            state = _try(state, seat, kind)
    return state


def _bent(draw: st.DrawFn, state: dict[str, Any]) -> dict[str, Any]:
    """The state with a seat's newest tiles replaced by letters it may not hold."""
    state = copy.deepcopy(state)
    seat = draw(st.integers(0, 3))
    state["latest"][seat] = draw(st.lists(st.sampled_from(list("AEQZ?") + state["tiles"][seat][-2:]), max_size=3))
    return state


@st.composite
def cases(draw: st.DrawFn) -> tuple[dict[str, Any], int, str]:
    state = draw(games())
    if draw(st.integers(0, 3)) == 0:
        state = _bent(draw, state)
    green_lighter = state["last_green"] or 0  # the seat whose newest tiles the server hides
    seat = draw(st.sampled_from([green_lighter] * 4 + [0, 1, 2, 3, -1, 4]))
    return state, seat, draw(st.one_of(moves(state, seat), moves(state, seat), texts()))


def moves(state: dict[str, Any], seat: int) -> st.SearchStrategy[str]:
    """Moves the seat might well send: its tiles laid out (all, or all but the newest), a light, a jaywalk or a
    swap of one of its tiles."""
    if not 0 <= seat < len(PLAYERS):
        return st.sampled_from(["green", "red", "done", "resign"])
    tiles, latest = state["tiles"][seat], state["latest"][seat]
    some = st.sampled_from(tiles or ["E"])
    laid = [lay_out(tiles)] + ([lay_out(tiles[: len(tiles) - len(latest)])] if len(tiles) > len(latest) else [])
    return (
        st.sampled_from(laid + ["green", "red", "done", "resign", "Réd", "GREEN"])
        | some.map(lambda t: f"jaywalk {t}")
        | st.tuples(some, st.sampled_from(sum(state["tiles"], []) or ["E"]), st.sampled_from(PLAYERS)).map(
            lambda s: f"swap {s[0]} {s[1]} {s[2]}"
        )
    )


@settings(
    max_examples=400,
    deadline=None,
    derandomize=True,  # the same examples on every run (CI)
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(cases())
def test_a_concealed_move_is_played_or_refused_with_a_typed_refusal_and_changes_nothing(case):
    state, seat, move = case
    before = copy.deepcopy(state)
    try:
        new, outcome = ENGINE.apply(state, seat, move, conceal_latest=True)
    except IllegalMove as refusal:  # a typed refusal (a bare ValueError would not do)
        assert refusal.code is not None
    else:
        assert outcome.seat == seat and _all_tiles(new) == _all_tiles(state)  # the hidden tiles kept, none made
    assert state == before


def _all_tiles(state: dict[str, Any]) -> Counter[str]:
    return Counter(t.rstrip("*") for t in state["bag"]) + sum((Counter(t) for t in state["tiles"]), Counter())


# --- the cases the property found -------------------------------------------------------------------------------


def _green(state: dict[str, Any], seat: int) -> dict[str, Any]:
    state, _ = ENGINE.apply(state, seat, lay_out(state["tiles"][seat]))
    return ENGINE.apply(state, seat, "green")[0]


def test_a_green_lighter_whose_hidden_tile_a_team_mate_took_still_moves():
    state = _green(ENGINE.new_game(PLAYERS, {"dictionary": "every-word", "teams": "AABB"}, seed=2), 0)
    hidden = state["latest"][0][0]
    assert state["tiles"][0].count(hidden) == 1
    state, _ = ENGINE.apply(state, 1, f"swap {state['tiles'][1][0]} {hidden} ann")  # bob takes it, unseen
    # ann's newest tile has gone: nothing is hidden any more, and she sees and places the tile bob gave her
    assert ENGINE.view(state, 0, conceal_latest=True)["hidden_new"] == 0
    with pytest.raises(IllegalMove, match="not in your crossword yet"):
        ENGINE.apply(state, 0, "green", conceal_latest=True)
    played, _ = ENGINE.apply(state, 0, lay_out(state["tiles"][0]), conceal_latest=True)
    assert played == ENGINE.apply(state, 0, lay_out(state["tiles"][0]))[0]


def test_a_tile_jaywalked_since_it_was_dealt_is_hidden_no_more():
    state = ENGINE.new_game(PLAYERS, {"dictionary": "every-word", "jaywalk_who": "everyone"}, seed=3)
    state = _green(state, 0)
    state, _ = ENGINE.apply(state, 0, f"jaywalk {state['latest'][0][0]}")  # (once the others had seen theirs)
    assert ENGINE.view(state, 0, conceal_latest=True)["hidden_new"] == 0
    played, _ = ENGINE.apply(state, 0, lay_out(state["tiles"][0]), conceal_latest=True)
    assert played["latest"] == state["latest"]  # as a replay, which hides nothing, leaves it


def test_red_light_spelt_with_a_folded_letter_waits_for_the_hidden_tile_too():
    state = _green(ENGINE.new_game(PLAYERS[:2], {"dictionary": "every-word-fr", "tiles": "s98"}, seed=1), 0)
    state["bag"] = []  # the pool is exhausted: red light is the call
    for move in ("red", "RED", "réd", "RÉD"):
        with pytest.raises(IllegalMove) as refused:
            ENGINE.apply(state, 0, move, conceal_latest=True)
        assert refused.value.code is LexiconCrossingRefusal.NEWEST_HIDDEN


@pytest.mark.parametrize("seat", [-1, -4, 4, 9])
@pytest.mark.parametrize("conceal", [True, False])
def test_a_seat_not_at_the_table_is_refused(seat, conceal):
    state = _green(ENGINE.new_game(PLAYERS, {"dictionary": "every-word"}, seed=3), 3)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, seat, "green", conceal_latest=conceal)
    assert refused.value.code is LexiconCrossingRefusal.NOT_SEATED and state == before
