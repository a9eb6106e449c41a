"""Events' pairing at scale: a Swiss round of 1,000 players after a few rounds of random results, and the draw of
round-robins with 60 tables a round (120 players at two-player tables, 180 at tables of three, 240 at four).

    python bench/events_bench.py [--players 1000] [--rounds 5] [--seeds 3] [--tables 60]

CPU is this process's (``time.process_time``). The Swiss field has ratings drawn from 1000-2000; every game of the
played rounds is a win (45%), a loss (45%) or a draw (10%) at random, byes recorded as one-player results; each of
the rounds is paired by ``swiss_round`` and timed, the last one (round ``--rounds``) being the measure. The target
is at most 2 s of CPU for each measure.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordgames.events.pairing import Result, round_robin, swiss_round  # noqa: E402


def swiss(players: int, rounds: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    field = list(range(1, players + 1))
    ratings = {p: rng.randint(1000, 2000) for p in field}
    results: list[Result] = []
    times = []
    for r in range(1, rounds + 1):
        start = time.process_time()
        pairs, bye = swiss_round(field, results, ratings, r)
        times.append(time.process_time() - start)
        met = {frozenset(x.players) for x in results}
        assert not any(frozenset(p) in met for p in pairs), "a repeat meeting"
        if bye is not None:
            results.append(Result((bye,), (1,), (0,)))
        for a, b in pairs:
            x = rng.random()
            places = (1, 2) if x < 0.45 else (2, 1) if x < 0.9 else (1, 1)
            results.append(Result((a, b), places, (rng.randint(200, 450), rng.randint(200, 450))))
    return times


def draw(tables: int, size: int) -> tuple[float, int, Counter[int]]:
    players = list(range(1, tables * size + 1))
    start = time.process_time()
    rounds = round_robin(players, size)
    spent = time.process_time() - start
    count: Counter[tuple[int, int]] = Counter()
    for tables_of_round in rounds:
        for table in tables_of_round:
            count.update(combinations(sorted(table), 2))
    return spent, len(rounds), Counter(count[pair] for pair in combinations(players, 2))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=60)
    args = parser.parse_args()
    lasts = []
    for seed in range(1, args.seeds + 1):
        times = swiss(args.players, args.rounds, seed)
        lasts.append(times[-1])
        print(
            f"Swiss, {args.players} players, seed {seed}: rounds 1-{args.rounds} paired in "
            + ", ".join(f"{t:.2f}" for t in times)
            + " s CPU"
        )
    print(f"Swiss round {args.rounds}: median {statistics.median(lasts):.2f} s, max {max(lasts):.2f} s (target 2 s)")
    for size in (2, 3, 4):
        spent, rounds, spread = draw(args.tables, size)
        print(
            f"Round-robin, {args.tables} tables of {size} ({args.tables * size} players): {rounds} rounds drawn "
            f"in {spent:.2f} s CPU; pairs by meetings {dict(sorted(spread.items()))}"
        )


if __name__ == "__main__":
    main()
