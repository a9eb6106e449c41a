"""Lexicon Crossing's computer search, before and after drawing its letter orders once a call (issue 35).

    python bench/crossing_search_bench.py [--positions 24] [--budget 0.3] [--first-seed 1]

The positions are seat 0's crosswords and hands in games between two quick computers (seeds first-seed on,
every tenth move from the tenth). On each, in the same process, with the old walk and the new one in turn:

- the walk alone: every word crossing the crossword from all the seat's tiles (those of the crossword and the
  hand, as when it rebuilds: ``_crossings`` of the random player, no clock), its CPU seconds and the words it
  yields (the same words either way: only the order differs);
- the strong player's choice within ``--budget`` CPU seconds: how many crosswords it built (``_grow`` calls)
  and the value of the crossword it would play (complete ones first, then points a word; the mean over the
  positions where it has one).

The old walk (``fit_words`` as it was: the letters shuffled afresh at each letter) is kept below as the
baseline.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wordgames.engines import get_engine  # noqa: E402
from wordgames.engines.core import players  # noqa: E402
from wordgames.engines.core.lexicon import Lexicon, get_lexicon  # noqa: E402
from wordgames.engines.core.players import Clock, Slot, choose_move, prefixes  # noqa: E402
from wordgames.engines.lexicon_crossing import computer, crossword  # noqa: E402


def old_fit_words(
    lexicon: Lexicon,
    slots: list[Slot],
    letters: Counter[str] | None,
    *,
    min_len: int = 2,
    max_len: int = 99,
    can_end: Callable[[int], bool] | None = None,
    usable: Callable[[int], bool] | None = None,
    clock: Clock | None = None,
    rng: random.Random | None = None,
) -> Iterator[tuple[str, list[int]]]:
    """``players.fit_words`` before this change: the letters shuffled afresh at every letter of the walk."""
    pool = Counter(letters) if letters is not None else None
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    new: list[int] = []
    has_prefix = prefixes(lexicon).__contains__
    size = len(slots)

    def grow(i: int, word: str) -> Iterator[tuple[str, list[int]]]:
        if i >= min_len and new and (can_end is None or can_end(i)) and word in lexicon:
            yield word, list(new)
        if i >= size or i >= max_len or (clock is not None and clock.over()):
            return
        fixed = slots[i]
        if fixed is not None:
            if has_prefix(word + fixed):
                yield from grow(i + 1, word + fixed)
            return
        if usable is not None and not usable(i):
            return
        order = list(alphabet) if pool is None else [k for k, v in pool.items() if v > 0]
        if rng is not None:
            rng.shuffle(order)
        for letter in order:
            longer = word + letter
            if has_prefix(longer):
                if pool is not None:
                    pool[letter] -= 1
                new.append(i)
                yield from grow(i + 1, longer)
                new.pop()
                if pool is not None:
                    pool[letter] += 1

    yield from grow(0, "")


WALKS = {"before": old_fit_words, "after": players.fit_words}


def positions(count: int, first_seed: int) -> list[tuple[dict[str, Any], Any]]:
    engine = get_engine("lexicon-crossing")
    found: list[tuple[dict[str, Any], Any]] = []
    seed = first_seed
    while len(found) < count:
        state = engine.new_game(["ann", "bob"], {}, seed)
        moves = 0
        while engine.result(state) is None and moves < 60 and len(found) < count:
            acted = False
            for seat in sorted(engine.actors(state)):
                move = choose_move(
                    engine,
                    engine.view(state, seat),
                    seat,
                    level="quick",
                    rng=random.Random(f"{seed}:{moves}:{seat}"),
                    budget=0.5,
                )
                if move is not None:
                    state, _ = engine.apply(state, seat, move)
                    moves += 1
                    acted = True
                    view = engine.view(state, 0)
                    if moves % 10 == 0 and view["grid"] and view["hand"] and view["active"][0]:
                        found.append((view, engine))
                    break
            if not acted:
                break
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=24)
    parser.add_argument("--budget", type=float, default=0.3)
    parser.add_argument("--first-seed", type=int, default=1)
    args = parser.parse_args()
    lexicon = get_lexicon()
    prefixes(lexicon)
    found = positions(args.positions, args.first_seed)
    rows = {name: {"walk_s": 0.0, "words": 0, "builds": [], "values": [], "complete": 0} for name in WALKS}
    grow = computer._grow
    builds = [0]

    def counted(*a: Any, **k: Any) -> Any:
        builds[0] += 1
        return grow(*a, **k)

    computer._grow = counted  # type: ignore[assignment]
    for i, (view, engine) in enumerate(found):
        tiles = Counter(view["hand"])
        everything = crossword.tiles_of(view["grid"]) + tiles
        grid = crossword.letters(view["grid"])
        for name, walk in WALKS.items():  # the same position, one walk then the other
            computer.fit_words = walk  # type: ignore[assignment]
            started = time.thread_time()
            words = computer._crossings(grid, Counter(everything), lexicon, random.Random(i), Clock(1e9))
            rows[name]["walk_s"] += time.thread_time() - started
            rows[name]["words"] += len(words)
            builds[0] = 0
            move = choose_move(engine, view, 0, level="strong", rng=random.Random(i), budget=args.budget)
            rows[name]["builds"].append(builds[0])
            if move and move.startswith("grid "):
                built = crossword.parse(move[5:])
                left = sum((everything - crossword.tiles_of(built)).values())
                complete, value = computer._rank(built, left, lexicon)
                rows[name]["values"].append(value)
                rows[name]["complete"] += complete
    print(f"{len(found)} positions, strong budget {args.budget} s a choice\n")
    print(
        "| walk | crossing words found | CPU s for them | words a CPU second | crosswords built a choice "
        "| crosswords played (complete) | their mean value |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name, r in rows.items():
        values = statistics.mean(r["values"]) if r["values"] else float("nan")
        print(
            f"| {name} | {r['words']} | {r['walk_s']:.2f} | {r['words'] / r['walk_s']:.0f} "
            f"| {statistics.mean(r['builds']):.1f} | {len(r['values'])} ({r['complete']}) | {values:.3f} |"
        )


if __name__ == "__main__":
    main()
