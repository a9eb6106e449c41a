"""Two builds of the compiled Lingo walk on the same positions, in the same run: is one slower than the other?

    python bench/lingo_walk_builds_bench.py --other /tmp/old/_walk.so [--games 4] [--turns 8] [--repeat 5]

``--other`` is an extension built from another ``_walk.c`` (say the previous commit's:
``git show HEAD~1:wordgames/engines/lingo/_walk.c > /tmp/old/_walk.c``, then compile it as build.py does, with
``-O2 -shared -fPIC``, to ``/tmp/old/_walk.so``); the baseline is the walk built here. Positions: games played
by the best move (compiled walk, no budget) in four kinds of game, pool 5 / place 4 square and hex, practice
with one blank and with two (from the third turn). Each position is searched ``--repeat`` times by each build,
alternating, with no budget (the whole walk); both must give the same answer (total, tiles, moves scored,
steps). Reported per kind: median and max of each build's best time per position, the ratio of the maxima and the
ratio of the sums (steadier on a loaded machine).
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordgames.engines.lingo import ENGINE, best  # noqa: E402

KINDS = [
    ("pool 5 / place 4, square", {"preset": "pbem", "tiles": 98}, ""),
    ("pool 5 / place 4, hex", {"preset": "pbem", "tiles": 98, "hex": True}, ""),
    ("practice, one blank", {"preset": "classic", "blanks": True}, "?"),
    ("practice, two blanks", {"preset": "classic", "blanks": True}, "??"),
]


def load(path: str):
    spec = importlib.util.spec_from_file_location("_walk", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def positions(options: dict, blanks: str, games: int, turns: int) -> list[dict]:
    out = []
    for seed in range(games):
        state = ENGINE.new_game(["ann", "bob"], options, seed)
        for turn in range(turns):
            if state["finished"]:
                break
            if blanks and turn >= 2:
                state = {**state, "pool": [*blanks, *state["pool"][len(blanks) :]]}
            if turn >= 2:
                out.append(state)
            found = ENGINE.best_move(state, state["turn"], budget_s=None)
            if found is None:
                break
            state, _ = ENGINE.apply(state, state["turn"], found.move)
    return out


def timed(walk, state: dict) -> tuple[float, tuple]:
    best._walk = walk
    seat = state["turn"]
    start = time.perf_counter()
    found = best._compiled(
        ENGINE.board(state),
        ENGINE.pool_of(state, seat),
        state["options"],
        ENGINE.lexicon(state),
        not state["board"],
        None,
        0,
    )
    return time.perf_counter() - start, found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", required=True, help="the other build's extension file")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--turns", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not best.COMPILED:
        sys.exit("The compiled walk is not built: python wordgames/engines/lingo/build.py")
    here, other = best._walk, load(args.other)
    print(
        f"command: python bench/lingo_walk_builds_bench.py --other {args.other} --games {args.games} "
        f"--turns {args.turns} --repeat {args.repeat}"
    )
    print(
        "| positions | n | other median | other max | this build median | this build max | max ratio (this / other) | sum ratio |"
    )
    print("|---|---|---|---|---|---|---|---|")
    try:
        for name, options, blanks in KINDS:
            states = positions(options, blanks, args.games, args.turns)
            mine, theirs = [], []
            for state in states:
                a, b = [], []
                for r in range(args.repeat):
                    order = (here, other) if r % 2 == 0 else (other, here)
                    results = {}
                    for walk in order:
                        elapsed, found = timed(walk, state)
                        (a if walk is here else b).append(elapsed)
                        results[walk is here] = found
                    assert results[True] == results[False], (name, results)
                mine.append(min(a))
                theirs.append(min(b))
            print(
                f"| {name} | {len(states)} | {statistics.median(theirs) * 1e3:.1f} ms | {max(theirs) * 1e3:.1f} ms | "
                f"{statistics.median(mine) * 1e3:.1f} ms | {max(mine) * 1e3:.1f} ms | {max(mine) / max(theirs):.2f} | {sum(mine) / sum(theirs):.2f} |"
            )
    finally:
        best._walk = here


if __name__ == "__main__":
    main()
