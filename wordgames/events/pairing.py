"""Pairing for events (pure: no Django). Players are ints (entry ids)."""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import combinations

import networkx as nx


@dataclass(frozen=True)
class Result:
    """One finished game of an event."""

    players: tuple[int, ...]  # in seat order
    places: tuple[int, ...]  # finishing place of each (1 = first; ties share a place)
    scores: tuple[int, ...]  # the game's own scores
    forfeit: frozenset[int] = field(default_factory=frozenset)  # scored as losers without playing


def round_robin(players: list[int], table_size: int = 2) -> list[list[tuple[int, ...]]]:
    """Rounds of tables. Two players: the circle method, each pair once; with an odd number the player drawn
    against nobody is left out of that round. Larger tables: a greedy draw, round after round, of the tables
    that repeat the fewest meetings, until every pair has met and everyone has played as often."""
    if table_size == 2:
        return _circle(players)
    return _tables(players, table_size)


def _circle(players: list[int]) -> list[list[tuple[int, ...]]]:
    ring: list[int | None] = list(players)
    if len(ring) % 2:
        ring.append(None)
    n = len(ring)
    rounds = []
    for r in range(n - 1):
        tables: list[tuple[int, ...]] = []
        for i in range(n // 2):
            a, b = ring[i], ring[n - 1 - i]
            if a is None or b is None:
                continue
            first = (r % 2 == 0) if i == 0 else (i % 2 == 0)
            tables.append((a, b) if first else (b, a))
        rounds.append(tables)
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return rounds


def _tables(players: list[int], size: int) -> list[list[tuple[int, ...]]]:
    met: dict[tuple[int, int], int] = {pair: 0 for pair in combinations(sorted(players), 2)}
    played = dict.fromkeys(players, 0)
    first = dict.fromkeys(players, 0)
    rounds: list[list[tuple[int, ...]]] = []
    while len(rounds) < 10 * len(players) and (
        min(met.values(), default=1) == 0 or len(set(played.values())) > 1
    ):
        seated = sorted(players, key=lambda p: (played[p], p))[: len(players) // size * size]
        free = list(seated)
        tables = []
        while free:
            table = [free.pop(0)]
            while len(table) < size:
                best = min(free, key=lambda p: (sum(met[(min(p, q), max(p, q))] for q in table), played[p], p))
                free.remove(best)
                table.append(best)
            table.sort(key=lambda p: (first[p], p))
            first[table[0]] += 1
            for a, b in combinations(table, 2):
                met[(min(a, b), max(a, b))] += 1
            for p in table:
                played[p] += 1
            tables.append(tuple(table))
        rounds.append(tables)
    return rounds


def swiss_round(players: list[int], results: list[Result], ratings: dict[int, int],
                round_number: int) -> tuple[list[tuple[int, int]], int | None]:  # fmt: skip
    """Pairs for the next round (first mover first) and the bye: by score, then rating, no repeat meeting."""
    score = dict.fromkeys(players, 0.0)
    firsts = dict.fromkeys(players, 0)
    met: set[frozenset[int]] = set()
    byes: set[int] = set()
    for result in results:
        for p, value in points(result).items():
            if p in score:
                score[p] += value
        if len(result.players) == 1:
            byes.add(result.players[0])
        elif result.players[0] in firsts:
            firsts[result.players[0]] += 1
        met.update(frozenset(pair) for pair in combinations(result.players, 2))
    order = sorted(players, key=lambda p: (-score[p], -ratings.get(p, 0), p))
    bye = None
    if len(order) % 2:
        bye = next((p for p in reversed(order) if p not in byes), order[-1])
        order.remove(bye)
    graph = nx.Graph()
    rank = {p: n for n, p in enumerate(order)}
    for a, b in combinations(order, 2):
        if frozenset((a, b)) not in met:
            graph.add_edge(a, b, weight=10_000 - 1_000 * abs(score[a] - score[b]) ** 2 - abs(rank[a] - rank[b]))
    pairs = []
    for a, b in sorted(nx.max_weight_matching(graph, maxcardinality=True), key=lambda e: min(rank[e[0]], rank[e[1]])):
        pairs.append((a, b) if firsts[a] <= firsts[b] else (b, a))
    return pairs, bye


def points(result: Result) -> dict[int, float]:
    """Event points of one game: each player scores (players beaten + half those tied with) / (n - 1); a
    forfeited player is below everyone who played. A bye (a game of one) is worth a win."""
    n = len(result.players)
    if n == 1:
        return {result.players[0]: 1.0}
    place = {p: (n + 1 if p in result.forfeit else result.places[i]) for i, p in enumerate(result.players)}
    out = {}
    for p in result.players:
        beaten = sum(1 for q in result.players if q != p and place[q] > place[p])
        tied = sum(1 for q in result.players if q != p and place[q] == place[p] and p not in result.forfeit)
        out[p] = (beaten + tied / 2) / (n - 1)
    return out


def ladder_challenge_allowed(ladder: list[int], challenger: int, challenged: int, reach: int) -> bool:
    return 0 < ladder.index(challenger) - ladder.index(challenged) <= reach


def ladder_after(ladder: list[int], winner: int, loser: int) -> list[int]:
    out = list(ladder)
    w, lo = out.index(winner), out.index(loser)
    if w > lo:
        out[w], out[lo] = loser, winner
    return out
