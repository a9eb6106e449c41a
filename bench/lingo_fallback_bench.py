"""Lingo's search without a compiler: the search in Python as it is against an earlier one, and both against the
compiled walk, on the positions of ``lingo_search_bench.py``, same run.

    python bench/lingo_fallback_bench.py --before OLD_BEST_PY [--budget 2.0] [--positions 9]
        [--blank-positions 2] [--seeds 1]

``--before`` is an earlier ``engines/lingo/best.py`` (say ``git show <commit>:wordgames/engines/lingo/best.py``),
loaded as a module of the package beside the one here; ``--budget`` the search's CPU budget in seconds (``none``:
no budget, every search to its end). For every position the compiled walk runs with no budget (the best total
there is; through the earlier module too, to check that the compiled path did not change), then the two
searches in Python with the budget, in alternating order. Reported per set: each Python search's median and
max time (CPU seconds of the thread, as the budget counts them), how many of its searches ended within the
budget, how many found a move of the best total, and its totals as a share of the best totals. Every move
found is checked legal and worth what the search says (the engine's rules).
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import statistics
import sys
import time
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lingo_search_bench import CLASSIC, PBEM, PRACTICE, positions  # noqa: E402

from wordgames.engines.core.notation import PlaceMove, format_move  # noqa: E402
from wordgames.engines.lingo import ENGINE, best  # noqa: E402


def load(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location("wordgames.engines.lingo._best_before", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def run(module: ModuleType, state: dict, compiled: bool, budget: float | None) -> tuple[float, int, bool]:
    module.COMPILED = compiled
    seat = state["turn"]
    start = time.thread_time()  # CPU seconds, as the budget: the machine may be loaded
    found = module.search_board(
        ENGINE.board(state),
        ENGINE.pool_of(state, seat),
        state["options"],
        ENGINE.lexicon(state),
        not state["board"],
        budget_s=budget,
    )
    elapsed = time.thread_time() - start
    if found.placements:
        outcome = ENGINE.preview(state, seat, format_move(PlaceMove(tuple(found.placements))))  # legal
        assert outcome.score == found.score, (outcome.score, found.score)
    return elapsed, found.score, found.complete


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=True, help="an earlier engines/lingo/best.py")
    parser.add_argument("--budget", default=str(best.DEFAULT_BUDGET_S), help="CPU seconds, or none")
    parser.add_argument("--positions", type=int, default=9)
    parser.add_argument("--blank-positions", type=int, default=2)
    parser.add_argument("--seeds", type=int, nargs="+", default=[1])
    parser.add_argument("--cells", type=int, default=60)
    args = parser.parse_args()
    if not best.COMPILED:
        sys.exit("The compiled walk is not built: python wordgames/engines/lingo/build.py")
    budget = None if args.budget == "none" else float(args.budget)
    before = load(args.before)
    searches = [("before", before), ("now", best)]
    sets = []
    for name, options, count, blanks in (
        ("pool 5 / place 4, square", PBEM, args.positions, 0),
        ("pool 5 / place 4, hex", {**PBEM, "hex": True}, args.positions, 0),
        ("classic pool, square", CLASSIC, args.positions, 0),
        ("classic pool, hex", {**CLASSIC, "hex": True}, args.positions, 0),
        ("practice, one blank", PRACTICE, args.blank_positions, 1),
        ("practice, two blanks", PRACTICE, args.blank_positions, 2),
    ):
        sets.append((name, [p for seed in args.seeds for p in positions(options, seed, args.cells, count, blanks)]))
    print(
        f"command: python bench/lingo_fallback_bench.py --before {args.before} --budget {args.budget} "
        f"--positions {args.positions} --blank-positions {args.blank_positions} "
        f"--seeds {' '.join(map(str, args.seeds))}"
    )
    for _, states in sets:  # warm every search's tables first, as a long-lived worker's are
        for state in states:
            run(best, state, True, None)
            run(before, state, True, None)  # its own table of words for the walk
            for _, module in searches:
                run(module, state, False, 0.05)
    print(
        "| positions | n | compiled max (before / now) | "
        + " | ".join(f"{s} median | {s} max | {s} complete | {s} best found | {s} share of best" for s, _ in searches)
        + " |"
    )
    print("|---|---|---|" + "---|---|---|---|---|" * len(searches))
    for name, states in sets:
        if not states:
            continue
        compiled_times, compiled_before, bests = [], [], []
        times: dict[str, list[float]] = {s: [] for s, _ in searches}
        scores: dict[str, list[int]] = {s: [] for s, _ in searches}
        complete: dict[str, int] = {s: 0 for s, _ in searches}
        for number, state in enumerate(states):
            gc.collect()
            elapsed, top, _ = run(best, state, True, None)
            elapsed_before, top_before, _ = run(before, state, True, None)  # the same walk through the old module
            assert top_before == top
            compiled_times.append(elapsed)
            compiled_before.append(elapsed_before)
            bests.append(top)
            order = searches if number % 2 == 0 else searches[::-1]
            for label, module in order:
                elapsed, score, done = run(module, state, False, budget)
                assert score <= top, (name, label, score, top)
                times[label].append(elapsed)
                scores[label].append(score)
                complete[label] += done
        cells = []
        for label, _ in searches:
            hits = sum(s == b for s, b in zip(scores[label], bests))
            share = sum(scores[label]) / max(sum(bests), 1)
            cells.append(
                f"{statistics.median(times[label]) * 1000:.1f} ms | {max(times[label]) * 1000:.1f} ms | "
                f"{complete[label]}/{len(states)} | {hits}/{len(states)} | {share:.0%}"
            )
        print(
            f"| {name} | {len(states)} | {max(compiled_before) * 1000:.1f} / {max(compiled_times) * 1000:.1f} ms | "
            + " | ".join(cells)
            + " |",
            flush=True,
        )
    best.COMPILED = True


if __name__ == "__main__":
    main()
