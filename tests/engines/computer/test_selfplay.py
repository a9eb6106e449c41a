"""Whole games between computer players, every kind and level: they end by the rules, every move legal, and
every record replays to the same scores. Small boards and short budgets keep the suite quick."""

from __future__ import annotations

import pytest

from wordgames.engines.core import players
from wordgames.engines.core.selfplay import SelfPlayError, check_replay, play_game

SMALL = {
    "lingo": {"tiles": 30},
    "lingua-fences": {"size": 9},
    "keebble": {"board": "8x4"},
    "lexicon-crossing": {"tiles": "s98", "start_tiles": 30, "per_green": 2},
}
BUDGET = {"lingo": 0.1, "lingua-fences": 0.05, "keebble": 0.2, "lexicon-crossing": 0.2}  # Keebble: a bot short of
# time may find no word, and a table where nobody finds one asks letters until the move cap (a rule gap, issue 12)


@pytest.mark.parametrize("game", sorted(SMALL))
@pytest.mark.parametrize("levels", [["strong", "quick"], ["quick", "strong"]])
def test_a_whole_game_between_computers_ends_and_its_record_replays(game: str, levels: list[str]) -> None:
    report = play_game(game, levels, seed=11, options=SMALL[game], budget=BUDGET[game])

    assert report.moves > 0 and report.reason
    assert report.winners and len(report.scores) == 2
    assert len(report.record["moves"]) == report.moves
    check_replay(report)  # again, from the record alone


def test_three_computers_play_a_keebble_game_with_expansions() -> None:
    options = {"board": "8x8", "supercells": True, "letterfraud": "any", "scrabble_scoring": True}
    report = play_game("keebble", ["strong", "quick", "quick"], seed=5, options=options, budget=0.05)

    assert report.reason and len(report.scores) == 3


def test_a_game_that_runs_past_the_move_cap_stops_with_a_clear_error() -> None:
    with pytest.raises(SelfPlayError, match=r"lingua-fences seed 2 \(quick v quick\): still running after 5 moves"):
        play_game("lingua-fences", ["quick", "quick"], seed=2, options={"size": 9}, budget=0.05, max_moves=5)


def test_a_game_where_nobody_can_move_ends_by_its_clocks_as_on_the_site() -> None:
    """With no time to build a crossword nobody can call green light: time passes, the idle clocks run out,
    and the third silence in a row resigns a seat, as the site's deadline sweep does; the record replays."""
    report = play_game("lexicon-crossing", ["quick", "quick"], seed=2, budget=0.0)

    assert report.timeouts >= 3
    assert "resign" in [m["move"] for m in report.record["moves"]]
    check_replay(report)


def test_a_game_where_nobody_can_move_and_no_clock_runs_is_reported_stuck(monkeypatch: pytest.MonkeyPatch) -> None:
    from wordgames.engines import get_engine

    monkeypatch.setattr(type(get_engine("lexicon-crossing")), "clocked", lambda self, state: set())
    with pytest.raises(SelfPlayError, match="stuck after move .*nobody has a move, no clock runs"):
        play_game("lexicon-crossing", ["quick", "quick"], seed=2, budget=0.0)


def test_an_illegal_choice_is_reported_with_the_move_and_the_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(players.PLAYERS, ("lingo", "careless"), "tests.engines.computer.careless:play")
    with pytest.raises(SelfPlayError, match=r"move 1: the careless computer of seat 0 chose 'a1 Q', which is illegal"):
        play_game("lingo", ["careless", "quick"], seed=1)


def test_a_record_that_replays_to_other_scores_is_caught() -> None:
    report = play_game("keebble", ["quick", "quick"], seed=3, options=SMALL["keebble"], budget=0.05)
    report.scores = [s + 1 for s in report.scores]

    with pytest.raises(SelfPlayError, match="the record replays to"):
        check_replay(report)
