"""Event points and standings, against tables computed by hand (no database)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wordgames.events.standings import Result, points, standings

# Four players, two-player games, a round-robin (each pair once):
#   1 beats 2 300-200, 3 draws 4 250-250, 1 draws 3 200-200, 2 beats 4 310-290, 1 beats 4 400-100, 3 beats 2 280-260
DUEL = [
    Result((1, 2), (1, 2), (300, 200)),
    Result((3, 4), (1, 1), (250, 250)),
    Result((1, 3), (1, 1), (200, 200)),
    Result((2, 4), (1, 2), (310, 290)),
    Result((4, 1), (2, 1), (100, 400)),
    Result((2, 3), (2, 1), (260, 280)),
]


def test_two_player_points_are_one_half_zero():
    assert points(Result((5, 6), (1, 2), (10, 3))) == {5: 1.0, 6: 0.0}
    assert points(Result((5, 6), (1, 1), (7, 7))) == {5: 0.5, 6: 0.5}


def test_at_a_table_of_n_each_pair_shares_one_point_split_by_n_minus_one():
    assert points(Result((1, 2, 3), (1, 2, 3), (9, 5, 1))) == {1: 1.0, 2: 0.5, 3: 0.0}
    assert points(Result((1, 2, 3), (1, 1, 3), (9, 9, 1))) == {1: 0.75, 2: 0.75, 3: 0.0}
    # the winner of any table takes 1, the last 0; a table of n gives out n / 2 in all
    four = points(Result((1, 2, 3, 4), (2, 1, 2, 4), (5, 9, 5, 0)))
    assert four == pytest.approx({1: 1.5 / 3, 2: 1.0, 3: 1.5 / 3, 4: 0.0}) and sum(four.values()) == pytest.approx(2.0)


def test_a_forfeit_scores_nothing_and_loses_to_everyone_whatever_the_places():
    assert points(Result((1, 2), (1, 2), (300, 10), forfeit=frozenset({1}))) == {1: 0.0, 2: 1.0}
    # two forfeits at one table beat neither: the game is worth less than a point
    assert points(Result((1, 2, 3), (1, 2, 3), (0, 0, 0), forfeit=frozenset({1, 2}))) == {1: 0.0, 2: 0.0, 3: 1.0}


def test_a_bye_is_a_point_but_not_a_game_played():
    table = standings([1, 2, 3], [Result((1, 2), (1, 2), (5, 4)), Result((3,), (1,), (0,))], ["buchholz"])
    by_player = {s.player: s for s in table}
    assert by_player[3].points == 1.0 and by_player[3].played == 0 and by_player[3].tiebreaks == {"buchholz": 0.0}


def test_duel_round_robin_standings_match_the_hand_computed_table():
    table = standings([1, 2, 3, 4], DUEL, ["sonneborn_berger", "buchholz", "score_difference"])
    got = [(s.player, s.rank, s.points, s.played, s.tiebreaks) for s in table]
    assert got == [
        (1, 1, 2.5, 3, {"sonneborn_berger": 2.5, "buchholz": 3.5, "score_difference": 400.0}),
        (3, 2, 2.0, 3, {"sonneborn_berger": 2.5, "buchholz": 4.0, "score_difference": 20.0}),
        (2, 3, 1.0, 3, {"sonneborn_berger": 0.5, "buchholz": 5.0, "score_difference": -100.0}),
        (4, 4, 0.5, 3, {"sonneborn_berger": 1.0, "buchholz": 5.5, "score_difference": -320.0}),
    ]


# Four players in tables of three (each triple once); player 4 forfeits the last game.
TRIPLES = [
    Result((1, 2, 3), (1, 2, 3), (50, 40, 30)),
    Result((1, 2, 4), (2, 1, 2), (30, 45, 30)),
    Result((1, 3, 4), (3, 1, 1), (10, 40, 40)),
    Result((2, 3, 4), (1, 2, 3), (60, 50, 20), forfeit=frozenset({4})),
]


def test_tables_of_three_standings_match_the_hand_computed_table():
    table = standings([1, 2, 3, 4], TRIPLES, ["buchholz", "sonneborn_berger", "score_difference"])
    got = {s.player: (s.rank, s.points, s.played) for s in table}
    assert got == {2: (1, 2.5, 3), 1: (2, 1.25, 3), 3: (3, 1.25, 3), 4: (4, 1.0, 3)}
    tb = {s.player: s.tiebreaks for s in table}
    assert tb[1] == pytest.approx({"buchholz": 4.75, "sonneborn_berger": 2.125, "score_difference": -22.5})
    assert tb[3] == pytest.approx({"buchholz": 4.75, "sonneborn_berger": 1.375, "score_difference": 0.0})
    assert tb[2]["buchholz"] == pytest.approx(3.5) and tb[4]["buchholz"] == pytest.approx(5.0)


def test_ties_the_tiebreaks_leave_share_a_rank_and_the_next_rank_skips():
    by_buchholz = standings([1, 2, 3, 4], TRIPLES, ["buchholz"])
    assert [(s.player, s.rank) for s in by_buchholz][:3] in ([(2, 1), (1, 2), (3, 2)], [(2, 1), (3, 2), (1, 2)])
    assert by_buchholz[3].rank == 4
    by_margin = standings([1, 2, 3, 4], TRIPLES, ["score_difference"])
    assert [(s.player, s.rank) for s in by_margin] == [(2, 1), (3, 2), (1, 3), (4, 4)]
    assert [s.rank for s in standings([1, 2, 3, 4], TRIPLES, [])] == [1, 2, 2, 4]


def test_players_without_results_stand_last_with_nothing_and_unknown_tiebreaks_are_refused():
    table = standings([1, 2, 9], [Result((1, 2), (1, 2), (5, 4))], ["buchholz"])
    assert (table[-1].player, table[-1].points, table[-1].played, table[-1].rank) == (9, 0.0, 0, 3)
    with pytest.raises(ValueError, match="Unknown tiebreak"):
        standings([1], [], ["median"])


@st.composite
def events(draw):
    players = list(range(1, draw(st.integers(2, 8)) + 1))
    results = []
    for _ in range(draw(st.integers(0, 12))):
        size = draw(st.integers(2, min(4, len(players))))
        table = tuple(draw(st.permutations(players))[:size])
        places = tuple(draw(st.lists(st.integers(1, size), min_size=size, max_size=size)))
        scores = tuple(draw(st.lists(st.integers(0, 500), min_size=size, max_size=size)))
        results.append(Result(table, places, scores))
    return players, results


@settings(max_examples=100, deadline=None)
@given(events())
def test_every_pair_at_a_table_shares_one_point_and_ranks_follow_points(event):
    players, results = event
    table = standings(players, results, ["sonneborn_berger", "buchholz"])
    expected = sum(len(r.players) * (len(r.players) - 1) / 2 / (len(r.players) - 1) for r in results)
    assert sum(s.points for s in table) == pytest.approx(expected)
    assert sorted(s.player for s in table) == players
    assert sum(s.played for s in table) == sum(len(r.players) for r in results)
    for above, below in zip(table, table[1:], strict=False):
        assert above.points >= below.points - 1e-9
        assert (above.rank == below.rank) == (
            above.points == pytest.approx(below.points) and above.tiebreaks == pytest.approx(below.tiebreaks)
        )
