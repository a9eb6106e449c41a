"""The analysis after the game: seconds to analyse 60 moves of each game kind, at the site's budget.

    python bench/analysis_bench.py [--moves 60] [--budget 1.0] [--game-budget 90] [--kinds lingo,keebble]

For each kind, games between two quick computers (seeds 1, 2, ...) are played until their moves add up to
``--moves``; then each move is reviewed as the ``analysis`` worker does it (``review_game``: the strong player
from the mover's view, then both moves scored), each within min(budget, game budget / moves) seconds, which is
what ``ANALYSIS_BUDGET_SECONDS`` and ``ANALYSIS_GAME_BUDGET_SECONDS`` give on the site. The baseline, in the
same run: replaying the same moves without analysis. One process, wall-clock time (time.perf_counter).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordgames.engines import get_engine  # noqa: E402
from wordgames.engines.core.analysis import review_game  # noqa: E402
from wordgames.engines.core.selfplay import play_game  # noqa: E402

KINDS = ("lingo", "lingua-fences", "keebble", "lexicon-crossing")


def games(kind: str, moves: int) -> list[tuple[dict, list[tuple[int, str]]]]:
    """(start, moves) of self-played games whose moves add up to ``moves`` (the last one cut short)."""
    engine = get_engine(kind)
    found: list[tuple[dict, list[tuple[int, str]]]] = []
    seed, left = 1, moves
    while left > 0:
        record = play_game(kind, ["quick", "quick"], seed=seed, budget=0.05).record
        players = record["players"]
        played = [(players.index(m["player"]), m["move"]) for m in record["moves"]][:left]
        found.append((engine.new_game(players, record["options"], record["seed"]), played))
        left -= len(played)
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--budget", type=float, default=1.0, help="seconds a move (ANALYSIS_BUDGET_SECONDS)")
    parser.add_argument("--game-budget", type=float, default=90.0, help="seconds a game (ANALYSIS_GAME_BUDGET_SECONDS)")
    parser.add_argument("--kinds", default=",".join(KINDS))
    args = parser.parse_args()
    budget = min(args.budget, args.game_budget / args.moves)
    print(f"{args.moves} moves a game kind, {budget:.2f} s a move at most")
    print("| game | moves | replay only (baseline) | analysis | slowest move | moves with a better one |")
    print("|---|---:|---:|---:|---:|---:|")
    for kind in args.kinds.split(","):
        engine = get_engine(kind)
        chunks = games(kind, args.moves)
        started = time.perf_counter()
        for start, moves in chunks:
            state = start
            for seat, text in moves:
                state, _ = engine.apply(state, seat, text)
        baseline = time.perf_counter() - started
        started, slowest, better, count = time.perf_counter(), 0.0, 0, 0
        for start, moves in chunks:
            last = time.perf_counter()
            for review in review_game(engine, start, moves, budget=budget, rng_for=lambda n: random.Random(n)):
                now = time.perf_counter()
                slowest, last = max(slowest, now - last), now
                better += int(not review.matched)
                count += 1
        seconds = time.perf_counter() - started
        print(f"| {kind} | {count} | {baseline:.2f} s | {seconds:.1f} s | {slowest:.2f} s | {better} |", flush=True)


if __name__ == "__main__":
    main()
