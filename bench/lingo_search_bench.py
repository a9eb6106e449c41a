"""Lingo best-move search: the compiled walk against the same search in Python, same positions, same run.

    python bench/lingo_search_bench.py [--positions 9] [--blank-positions 3] [--seeds 1 2 3] [--old]

Position sets (each a two-player game played by random legal moves of two tiles or more until about 60 cells
are covered, then ``--positions`` consecutive positions of that game):

- pool 5 / place 4 (the pbem preset with 98 tiles), square and hex, one game per seed;
- the classic pool (pool 4, any number of tiles), square and hex, one game per seed;
- a practice game (classic, blanks) with one blank and with two blanks in the pool.

For every position the search in Python (``best.Search``, the baseline) and the compiled walk (``_walk.c``)
run back to back, in alternating order so that load drift hits both alike, and both must find moves of the
same best score (the bench stops otherwise). ``--old`` adds the search as it was before the time budget
(``bench/lingo_old_best.py``). Each first runs once on every position untimed, so that its word tables are as
warm as a long-lived worker's: the first positions do not pay for the rest. Reported per set: max and median
of each. The searches run with no budget here, so that the worst case is measured rather than cut off.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import lingo_old_best  # noqa: E402

from wordgames.engines.core.errors import IllegalMove  # noqa: E402
from wordgames.engines.core.notation import Placement, PlaceMove, format_move  # noqa: E402
from wordgames.engines.core.prefixes import either_way_of  # noqa: E402
from wordgames.engines.lingo import ENGINE, best  # noqa: E402

PBEM = {"preset": "pbem", "pool": 5, "place": 4, "tiles": 98}
CLASSIC = {"preset": "classic"}
PRACTICE = {"preset": "classic", "blanks": True, "hints": True}


def legal_moves(state: dict) -> list[str]:
    seat = state["turn"]
    search = best.Search(
        ENGINE.board(state), ENGINE.pool_of(state, seat), state["options"], ENGINE.lexicon(state), not state["board"]
    )
    search.singles()
    search.words()
    return [format_move(PlaceMove(tuple(Placement(c, t) for c, t in key))) for key in search.found]


def positions(options: dict, seed: int, cells: int, count: int, blanks: int = 0) -> list[dict]:
    """``count`` consecutive positions of a game from ``seed`` once ``cells`` cells are covered; with
    ``blanks``, that many pool tiles are blanks (the rest of the pool as drawn)."""
    rnd = random.Random(seed)
    state = ENGINE.new_game(["ann", "bob"], options, seed)
    out: list[dict] = []
    while not state["finished"] and len(out) < count:
        if len(state["board"]) >= cells:
            position = {**state, "pool": list(state["pool"])}
            letters = [t for t in position["pool"] if t != "?"]
            position["pool"] = ["?"] * blanks + letters[: len(position["pool"]) - blanks] if blanks else letters
            if position["pool"]:
                out.append(position)
        moves = legal_moves(state)
        if not moves:
            break
        longer = [m for m in moves if len(m.split()) > 2]
        tries = sorted(longer or moves)
        while True:  # a single tile that makes no word is illegal while a word can be made: draw again
            move = tries.pop(rnd.randrange(len(tries)))
            try:
                state, _ = ENGINE.apply(state, state["turn"], move)
                break
            except IllegalMove:
                if not tries:
                    return out
    return out


def run_old(state: dict) -> tuple[float, int]:
    start = time.perf_counter()
    seat = state["turn"]
    found = lingo_old_best.find_best(
        ENGINE.board(state), ENGINE.pool_of(state, seat), state["options"], ENGINE.lexicon(state), not state["board"]
    )
    elapsed = time.perf_counter() - start
    score = ENGINE.preview(state, seat, format_move(PlaceMove(tuple(found)))).score if found else 0
    return elapsed, score


def run_search(state: dict, compiled: bool) -> tuple[float, int]:
    best.COMPILED = compiled
    start = time.perf_counter()
    seat = state["turn"]
    found = best.search_board(
        ENGINE.board(state), ENGINE.pool_of(state, seat), state["options"], ENGINE.lexicon(state), not state["board"]
    )
    elapsed = time.perf_counter() - start
    assert found.complete
    if found.placements:
        assert ENGINE.preview(state, seat, format_move(PlaceMove(tuple(found.placements)))).score == found.score
    return elapsed, found.score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=9, help="positions per game (no blanks)")
    parser.add_argument("--blank-positions", type=int, default=3, help="positions per game with blanks")
    parser.add_argument("--seeds", type=int, nargs="+", default=[1, 2, 3])
    parser.add_argument("--cells", type=int, default=60)
    parser.add_argument("--old", action="store_true", help="also time the search as it was before the budget")
    args = parser.parse_args()
    if not best.COMPILED:
        sys.exit("The compiled walk is not built: python wordgames/engines/lingo/build.py")

    lexicon = ENGINE.lexicon(ENGINE.new_game(["a", "b"], PBEM, 0))  # loaded outside the timings
    sets: list[tuple[str, list[dict]]] = []
    build = time.perf_counter()
    for name, options, count, blanks in (
        ("pool 5 / place 4, square", PBEM, args.positions, 0),
        ("pool 5 / place 4, hex", {**PBEM, "hex": True}, args.positions, 0),
        ("classic pool, square", CLASSIC, args.positions, 0),
        ("classic pool, hex", {**CLASSIC, "hex": True}, args.positions, 0),
        ("practice, one blank", PRACTICE, args.blank_positions, 1),
        ("practice, two blanks", PRACTICE, args.blank_positions, 2),
    ):
        found = [p for seed in args.seeds for p in positions(options, seed, args.cells, count, blanks)]
        sets.append((name, found))
    build = time.perf_counter() - build

    runs: list[tuple[str, Callable[[dict], tuple[float, int]]]] = [
        ("Python", lambda state: run_search(state, False)),
        ("compiled", lambda state: run_search(state, True)),
    ]
    if args.old:
        runs.insert(0, ("old", run_old))
    print(
        f"command: python bench/lingo_search_bench.py --positions {args.positions} "
        f"--blank-positions {args.blank_positions} --seeds {' '.join(map(str, args.seeds))}"
        f"{' --old' if args.old else ''}"
    )
    print(f"python {sys.version.split()[0]}; {args.cells}+ cells covered; positions built in {build:.1f} s")
    print(
        "| positions | n | "
        + " | ".join(f"{name} median | {name} max" for name, _ in runs)
        + " | Python max / compiled max | same best score |"
    )
    print("|---|---|" + "---|---|" * len(runs) + "---|---|")
    for _, states in sets:  # warm every search's tables on every position first, as a long-lived worker's are
        for state in states:
            for _, run in runs:
                run(state)
    for name, states in sets:
        times: list[list[float]] = [[] for _ in runs]
        for number, state in enumerate(states):
            gc.collect()
            order = list(range(len(runs)))
            if number % 2:  # alternate the order, so that load drift hits every search alike
                order.reverse()
            scores = set()
            for i in order:
                elapsed, score = runs[i][1](state)
                times[i].append(elapsed)
                scores.add(score)
            assert len(scores) == 1, (name, scores)
        ms = lambda xs, f: f"{f(xs) * 1000:.1f} ms"  # noqa: E731
        cells = " | ".join(f"{ms(t, statistics.median)} | {ms(t, max)}" for t in times)
        print(f"| {name} | {len(states)} | {cells} | {max(times[-2]) / max(times[-1]):.0f} | yes |", flush=True)
    print(f"shared prefix table (words read either way): {len(either_way_of(lexicon).masks)} prefixes after the run")


if __name__ == "__main__":
    main()
