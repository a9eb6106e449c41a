"""Lingo best-move search with bigger pools and two blanks: how the compiled walk grows past the bench's sets.

    python bench/lingo_big_pools.py [--seeds 1 2] [--pools 6 7 8]

Positions as in ``lingo_search_bench.py`` (a practice game, classic, blanks; 60 cells covered; two positions
per seed with two blanks in the pool), with pool and place set to each of ``--pools``. The reference in the
same run is the bench's own set, the classic pool (4) with two blanks. Only the compiled walk is timed: the
search in Python takes minutes on these. Each position is searched once untimed first (warm tables).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lingo_search_bench import PRACTICE, positions  # noqa: E402

from wordgames.engines.lingo import ENGINE, best  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--pools", type=int, nargs="+", default=[6, 7, 8])
    args = parser.parse_args()
    if not best.COMPILED:
        sys.exit("The compiled walk is not built: python wordgames/engines/lingo/build.py")
    print(
        f"command: python bench/lingo_big_pools.py --seeds {' '.join(map(str, args.seeds))} "
        f"--pools {' '.join(map(str, args.pools))}"
    )
    print("| pool and place | positions | median | max | steps at the max | moves scored at the max |")
    print("|---|---|---|---|---|---|")
    for pool in [4, *args.pools]:
        options = PRACTICE if pool == 4 else {**PRACTICE, "pool": pool, "place": pool}
        runs = []
        for seed in args.seeds:
            for state in positions(options, seed, 60, 2, 2):
                seat = state["turn"]
                call = (
                    ENGINE.board(state),
                    ENGINE.pool_of(state, seat),
                    state["options"],
                    ENGINE.lexicon(state),
                    not state["board"],
                    None,
                    0,
                )
                best._compiled(*call)
                start = time.perf_counter()
                _, _, kept, complete, steps = best._compiled(*call)
                runs.append((time.perf_counter() - start, steps, kept))
                assert complete
        runs.sort()
        median, worst = runs[len(runs) // 2][0], runs[-1]
        name = f"{pool} (the bench's two blanks)" if pool == 4 else str(pool)
        print(
            f"| {name} | {len(runs)} | {median * 1000:.0f} ms | {worst[0] * 1000:.0f} ms | {worst[1]:,} | {worst[2]:,} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
