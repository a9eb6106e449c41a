"""How tight the Lingo search's ceiling is: its walk replayed with what each step could really reach.

    python bench/lingo_bound_oracle.py [--set "pool 5 / place 4, hex"] [--seed 3] [--index 4]

One position of ``lingo_search_bench.py`` (the set, the seed of its game, which position of it). Its walk is
run to the end without cutting anything (``Search(prune=False)``) and every legal word move met is scored.
At each step the search's ceiling (``Search._ceiling``) is split into its four parts: the cross words'
points and number, the points and number of the words along the line. Each part is compared with the most
any move below that step really reaches in that part.

Reported: how many steps a search that knew the best total from the start would walk (a step is walked when
its ceiling and all its ancestors' beat the best total minus one) with the search's ceiling, with a perfect
ceiling (the best total below the step), with one, two or all parts replaced by their true maxima, and with
the steps below which no legal move lies cut; the median
ratio of each part to its true maximum; and how many steps lead to no legal move at all.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from lingo_search_bench import CLASSIC, PBEM, PRACTICE, positions  # noqa: E402

from wordgames.engines.lingo import ENGINE, best  # noqa: E402
from wordgames.engines.lingo.board import Board  # noqa: E402

SETS: dict[str, tuple[dict[str, Any], int]] = {
    "pool 5 / place 4, square": (PBEM, 0),
    "pool 5 / place 4, hex": ({**PBEM, "hex": True}, 0),
    "classic pool, square": (CLASSIC, 0),
    "classic pool, hex": ({**CLASSIC, "hex": True}, 0),
    "practice, one blank": (PRACTICE, 1),
    "practice, two blanks": (PRACTICE, 2),
}
PARTS = ("cross points", "cross words", "points along", "words along")


class Replay(best.Search):
    """The walk with nothing cut; per step, its ceiling's parts and the true maxima of the moves below it."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args, prune=False)
        self.steps_seen: list[tuple[int, tuple[int, ...], list[int]]] = []  # parent, ceiling parts, maxima
        self.path: list[int] = [-1]

    def _grow(self, line: best.Line, start: int, j: int, prefix: str, mask: int, placed: list, pool: dict,
              touched: bool, points: int, words: int, value: int) -> None:  # fmt: skip
        if j >= len(line.letters):
            return
        if not line.reach_points:
            self._ceilings(line)
        parts = self._parts(line, start, j, len(placed), points, words, value)
        ceiling = self._ceiling(line, start, j, len(placed), points, words, value)
        assert ceiling == (parts[0] + parts[2]) * (parts[1] + parts[3]), "the ceiling's formula changed"
        index = len(self.steps_seen)
        self.steps_seen.append((self.path[-1], parts, [-1] * 5))
        self.path.append(index)
        super()._grow(line, start, j, prefix, mask, placed, pool, touched, points, words, value)
        self.path.pop()
        parent = self.path[-1]
        if parent >= 0:
            mine, theirs = self.steps_seen[index][2], self.steps_seen[parent][2]
            theirs[:] = [max(a, b) for a, b in zip(mine, theirs)]

    def _parts(self, line: best.Line, start: int, j: int, placed: int, points: int, words: int,
               value: int) -> tuple[int, int, int, int]:  # fmt: skip
        """``_ceiling``'s four parts (its product is checked against ``_ceiling`` at every step)."""
        left = self.place - placed
        at = line.first_empty[j] + left
        reach = (line.empties[at] if at < len(line.empties) else line.empties[-1]) - 1
        if reach < j:
            return 0, 0, 0, 0
        rs, sums = line.run_start[start], line.sums
        most = (value + sums[start] - sums[rs] + sums[reach + 1] - sums[j] + left * self.top_value) * (reach - rs)
        tiles = placed + left
        return (points + left * line.reach_points[j], words + left * line.reach_words[j], tiles * most, tiles)

    def _record(self, line: best.Line, start: int, end: int, placed: list, points: int, words: int,
                value: int) -> None:  # fmt: skip
        move = best.Candidate((), line, start, end, tuple(placed), points, words, 0, False)
        along_points, along_words = self.along(move)
        found = [(points + along_points) * (words + along_words), points, words, along_points, along_words]
        mine = self.steps_seen[self.path[-1]][2]
        mine[:] = [max(a, b) for a, b in zip(mine, found)]


def walked(steps: list[tuple[int, tuple[int, ...], list[int]]], floor: int, bound: Any) -> int:
    alive = [False] * len(steps)
    for i, (parent, parts, most) in enumerate(steps):  # parents come before their children
        alive[i] = (parent < 0 or alive[parent]) and bound(parts, most) > floor
    return sum(alive)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default="pool 5 / place 4, hex", choices=SETS)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--index", type=int, default=4)
    parser.add_argument("--cells", type=int, default=60)
    args = parser.parse_args()
    options, blanks = SETS[args.set]
    state = positions(options, args.seed, args.cells, args.index + 1, blanks)[args.index]
    seat = state["turn"]
    board, pool = ENGINE.board(state), ENGINE.pool_of(state, seat)
    found = best.search_board(board, pool, state["options"], ENGINE.lexicon(state), not state["board"])
    replay = Replay(Board(board.grid, dict(board.stacks)), pool, state["options"], ENGINE.lexicon(state),
                    not state["board"])  # fmt: skip
    replay.words()
    steps = replay.steps_seen
    floor = found.score - 1

    def part(parts: tuple[int, ...], most: list[int], i: int, true: set[int]) -> int:
        return max(most[i + 1], 0) if i in true else parts[i]

    def bound(true: set[int]) -> Any:  # a part's true maximum is 0 where no move lies below
        return lambda parts, most: (part(parts, most, 0, true) + part(parts, most, 2, true)) * (
            part(parts, most, 1, true) + part(parts, most, 3, true))  # fmt: skip

    print(f"command: python bench/lingo_bound_oracle.py --set {args.set!r} --seed {args.seed} --index {args.index}")
    print(f"pool {' '.join(pool)}; {len(state['board'])} cells covered; best total {found.score}; "
          f"{len(steps)} steps in the whole walk, {sum(1 for _, _, m in steps if m[0] < 0)} of them lead to no move")  # fmt: skip
    print("| ceiling | steps walked |")
    print("|---|---|")
    print(f"| the search's | {walked(steps, floor, bound(set()))} |")
    searchs = bound(set())
    print(f"| the search's, and 0 where no move lies below | "
          f"{walked(steps, floor, lambda parts, most: searchs(parts, most) if most[0] >= 0 else 0)} |")  # fmt: skip
    for true in ({0}, {1}, {2}, {3}, {0, 1}, {2, 3}, {0, 1, 2, 3}):
        print(f"| true {' and '.join(PARTS[i] for i in sorted(true))} | {walked(steps, floor, bound(true))} |")
    print(f"| perfect (the best total below) | {walked(steps, floor, lambda parts, most: most[0])} |")
    live = [(parts, most) for _, parts, most in steps if most[0] >= 0]
    for i, name in enumerate(PARTS):
        ratio = statistics.median((parts[i] + 1) / (most[i + 1] + 1) for parts, most in live)
        print(f"{name}: the ceiling's part is {ratio:.1f} times the true maximum (median, +1 each side)")


if __name__ == "__main__":
    main()
