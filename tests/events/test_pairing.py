"""Round-robins, Swiss rounds, ladders and league seasons (no database)."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.events.pairing import (
    Result,
    Standing,
    ladder_after,
    ladder_challenge_allowed,
    league_next_season,
    round_robin,
    swiss_round,
)
from wordgames.events.standings import totals

EVENTS = Path(__file__).resolve().parents[2] / "wordgames" / "events"


def test_pairing_and_standings_import_nothing_from_django():
    for name in ("pairing.py", "standings.py"):
        tree = ast.parse((EVENTS / name).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
                assert not any(m.split(".")[0] in ("django", "celery", "anymail") for m in modules), name
    code = (
        "import sys, wordgames; before = set(sys.modules); import wordgames.events.pairing;"
        "print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] in ('django', 'celery')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=EVENTS.parents[1]
    ).stdout
    assert out.strip() == "[]"


def meetings(rounds):
    count = Counter()
    for tables in rounds:
        for table in tables:
            count.update(combinations(sorted(table), 2))
    return count


@pytest.mark.parametrize("n", range(2, 13))
def test_two_player_round_robin_meets_each_pair_once_and_balances_first_moves(n):
    rounds = round_robin(list(range(100, 100 + n)))
    assert len(rounds) == (n - 1 if n % 2 == 0 else n)
    count = meetings(rounds)
    assert set(count) == set(combinations(range(100, 100 + n), 2)) and set(count.values()) == {1}
    sat_out = Counter()
    for tables in rounds:
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated)) and all(len(t) == 2 for t in tables)
        sat_out.update(set(range(100, 100 + n)) - set(seated))
    assert sat_out == (Counter(range(100, 100 + n)) if n % 2 else Counter())  # an odd field: each sits out once
    first = Counter(t[0] for tables in rounds for t in tables)
    second = Counter(t[1] for tables in rounds for t in tables)
    assert all(abs(first[p] - second[p]) <= 1 for p in range(100, 100 + n))


# Measured spread of the meeting counts (lowest, highest) for tables of three: the draw keeps these or betters them.
SPREAD = {4: (2, 2), 5: (1, 2), 6: (1, 4), 7: (2, 2), 8: (1, 2), 9: (1, 1)}


@pytest.mark.parametrize("n", sorted(SPREAD))
def test_three_player_round_robin_meets_everyone_about_equally(n):
    players = list(range(1, n + 1))
    rounds = round_robin(players, 3)
    assert rounds == round_robin(players, 3)  # a restart draws the same tables
    games = Counter()
    for tables in rounds:
        seated = [p for t in tables for p in t]
        assert len(seated) == len(set(seated)) and all(len(t) == 3 for t in tables)
        assert len(seated) == n - n % 3
        games.update(seated)
    assert len(set(games.values())) == 1  # everyone plays as many games
    count = meetings(rounds)
    values = [count[pair] for pair in combinations(players, 2)]
    low, high = SPREAD[n]
    assert min(values) >= low >= 1 and max(values) - min(values) <= high - low
    seats = Counter((p, i) for tables in rounds for t in tables for i, p in enumerate(t))
    firsts = [seats[(p, 0)] for p in players]
    assert max(firsts) - min(firsts) <= 2  # moving first is shared out


def test_too_few_players_for_a_table_make_no_rounds():
    assert round_robin([1, 2], 3) == [] and round_robin([], 2) == []


def play(pairs, bye, rng):
    out = [Result((bye,), (1,), (0,))] if bye is not None else []
    for a, b in pairs:
        x = rng.random()
        places = (1, 2) if x < 0.45 else (2, 1) if x < 0.9 else (1, 1)
        out.append(Result((a, b), places, (rng.randint(100, 400), rng.randint(100, 400))))
    return out


def test_first_swiss_round_pairs_top_half_against_bottom_half_by_rating():
    players = [1, 2, 3, 4, 5, 6, 7, 8]
    ratings = {p: 2000 - 10 * p for p in players}  # 1 is the highest rated
    pairs, bye = swiss_round(players, [], ratings, 1)
    assert bye is None
    assert {frozenset(p) for p in pairs} == {frozenset(p) for p in [(1, 5), (2, 6), (3, 7), (4, 8)]}


def test_swiss_pairs_score_groups_and_floats_the_odd_one_to_the_next_group():
    players = [1, 2, 3, 4, 5, 6, 7, 8]
    ratings = dict.fromkeys(players, 1500)
    results = [
        Result((1, 5), (1, 2), (5, 1)),
        Result((2, 6), (1, 2), (5, 1)),
        Result((3, 7), (1, 1), (3, 3)),
        Result((4, 8), (1, 1), (3, 3)),
    ]
    pairs, bye = swiss_round(players, results, ratings, 2)
    assert bye is None
    groups = {1: "win", 2: "win", 3: "draw", 4: "draw", 7: "draw", 8: "draw", 5: "loss", 6: "loss"}
    kinds = sorted(tuple(sorted((groups[a], groups[b]))) for a, b in pairs)
    assert kinds == [("draw", "draw"), ("draw", "draw"), ("loss", "loss"), ("win", "win")]
    assert not {frozenset((3, 7)), frozenset((4, 8))} & {frozenset(p) for p in pairs}
    # three winners: the lowest rated of them floats down to the draws, whose best it meets
    ratings = {p: 2000 - p for p in players}
    results[3] = Result((4, 8), (1, 2), (5, 1))
    pairs, _ = swiss_round(players, results, ratings, 2)
    assert (3, 4) in pairs or (4, 3) in pairs


def test_swiss_bye_goes_to_the_lowest_scored_player_who_had_none():
    players = [1, 2, 3, 4, 5]
    ratings = {p: 1500 + p for p in players}
    results = [Result((1, 2), (1, 2), (5, 1)), Result((3, 4), (1, 2), (5, 1)), Result((5,), (1,), (0,))]
    # 2 and 4 have no point; 5 had the bye; 2 is the lower rated of the two
    assert swiss_round(players, results, ratings, 2)[1] == 2
    # the bye recorded only as a missing game counts too
    assert swiss_round(players, results[:2], ratings, 2)[1] == 2
    results += [Result((1, 3), (1, 2), (5, 1)), Result((4, 5), (1, 2), (5, 1)), Result((2,), (1,), (0,))]
    assert swiss_round(players, results, ratings, 3)[1] == 3  # 3 and 5 have 1 point, had no bye... 3 is lower


def test_swiss_moves_first_whoever_moved_first_less():
    results = [Result((1, 2), (1, 2), (5, 1)), Result((3, 4), (2, 1), (1, 5))]
    pairs, _ = swiss_round([1, 2, 3, 4], results, dict.fromkeys([1, 2, 3, 4], 1500), 2)
    assert sorted(pairs) == [(2, 3), (4, 1)]


@settings(max_examples=40, deadline=None)
@given(n=st.integers(8, 21), seed=st.integers(0, 10**6))
def test_swiss_never_repeats_and_keeps_score_groups_over_four_rounds(n, seed):
    rng = random.Random(seed)
    players = list(range(1, n + 1))
    ratings = {p: rng.randint(1000, 2000) for p in players}
    results: list[Result] = []
    had_bye: list[int] = []
    for r in range(1, 5):
        pairs, bye = swiss_round(players, results, ratings, r)
        seated = [p for pair in pairs for p in pair] + ([bye] if bye is not None else [])
        assert sorted(seated) == players  # everyone once, a bye only when the field is odd
        assert (bye is None) == (n % 2 == 0)
        met = {frozenset(res.players) for res in results if len(res.players) == 2}
        # after three rounds everyone still has n - 4 >= 4 players not met: a pairing without repeats exists
        assert not any(frozenset(pair) in met for pair in pairs)
        total = totals(results)
        if bye is not None:
            assert bye not in had_bye
            assert total.get(bye, 0) == min(total.get(p, 0) for p in players if p not in had_bye)
            had_bye.append(bye)
        groups = Counter(total.get(p, 0) for p in players if p != bye)
        same = any(total.get(a, 0) == total.get(b, 0) for a, b in map(tuple, met))
        if r == 2 and not same:  # no one has met anyone of their group: each group pairs within but its odd one
            crossing = sum(1 for a, b in pairs if total.get(a, 0) != total.get(b, 0))
            assert crossing <= sum(1 for size in groups.values() if size % 2)
        results += play(pairs, bye, rng)


def test_swiss_repeats_a_meeting_only_when_nothing_else_is_left():
    players = [1, 2, 3, 4]
    results = [
        Result((1, 2), (1, 2), (1, 0)),
        Result((3, 4), (1, 2), (1, 0)),
        Result((1, 3), (1, 2), (1, 0)),
        Result((2, 4), (1, 2), (1, 0)),
        Result((1, 4), (1, 2), (1, 0)),
        Result((2, 3), (1, 2), (1, 0)),
    ]
    pairs, bye = swiss_round(players, results, dict.fromkeys(players, 1500), 4)
    assert bye is None and sorted(p for pair in pairs for p in pair) == players


def test_ladder_challenges_reach_up_and_a_win_over_a_higher_player_swaps():
    ladder = [10, 20, 30, 40, 50]
    assert ladder_challenge_allowed(ladder, 50, 30, 2)
    assert not ladder_challenge_allowed(ladder, 50, 20, 2)  # three places up: beyond reach
    assert not ladder_challenge_allowed(ladder, 30, 50, 2)  # downwards
    assert not ladder_challenge_allowed(ladder, 30, 30, 2) and not ladder_challenge_allowed(ladder, 99, 30, 2)
    assert ladder_after(ladder, 50, 30) == [10, 20, 50, 40, 30]
    assert ladder_after(ladder, 30, 50) == ladder  # the higher one won: nothing moves


def test_league_promotes_and_relegates_between_divisions():
    def division(*players):
        return [Standing(p, rank, 0.0, 0) for rank, p in enumerate(players, start=1)]

    top, middle, bottom = division(1, 2, 3, 4), division(5, 6, 7, 8), division(9, 10, 11, 12)
    assert league_next_season([top, middle, bottom], up=1, down=1) == [
        [1, 2, 3, 5],  # 4 down, 5 up
        [4, 6, 7, 9],  # 8 down, 9 up
        [8, 10, 11, 12],
    ]
    assert league_next_season([top, middle], up=2, down=2) == [[1, 2, 5, 6], [3, 4, 7, 8]]
    # a division of two with one up and one down: its first goes up, its last down
    assert league_next_season([division(1, 2), division(3, 4), division(5, 6)], 1, 1) == [[1, 3], [2, 5], [4, 6]]
