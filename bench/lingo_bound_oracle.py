"""How tight the Lingo search's ceiling is: its walk replayed with what each step could really reach.

    python bench/lingo_bound_oracle.py [--set "pool 5 / place 4, hex"] [--seed 3] [--index 4] [--sharing]

One position of ``lingo_search_bench.py`` (the set, the seed of its game, which position of it). Its walk is
run to the end without cutting anything (``Search(prune=False)``) and every legal word move met is scored.
At each step the search's ceiling (``Search._ceiling``) is split into its four parts: the cross words'
points and number, the points and number of the words along the line. Each part is compared with the most
any move below that step really reaches in that part.

Reported: how many steps a search that knew the best total from the start would walk (a step is walked when
its ceiling and all its ancestors' beat the best total minus one) with the search's ceiling, with a perfect
ceiling (the best total below the step), with one, two or all parts replaced by their true maxima, and with
the steps below which no legal move lies cut; the median ratio of each part to its true maximum; and how
many steps lead to no legal move at all.

Then ceilings the search does not use, to tell what a better one would need: the cross words counted from
the exact words each pool letter would make on the cells still within reach (the largest, as many as tiles
are left: "cross windows"), with the words along the line bounded as the search does, by their true maxima,
or by the walked word alone (not a sound bound: it leaves out the other words along the line, which the
rules also score), either its true best below the step, capped by the longest word the prefix begins, or
capped by what the letters ahead allow ("lookahead": for each distance, the letters that some word beginning
with the prefix has there, and where such words end; a letter already on a cell that no word can have at
that distance must be covered by a tile). The lookahead also tells steps below which no word can end: the
search's ceiling with those steps cut shows what such a test would save.

``--sharing`` reports instead how many of the walk's steps could share an answer remembered by what it
depends on (the line, the cell, the tiles left, the pool, and what words the prefix can still become).
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

from wordgames.engines.core.lexicon import either_way  # noqa: E402
from wordgames.engines.core.prefixes import BITS  # noqa: E402
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
        self.best_across: dict[int, list[tuple[int, int]]] = {}
        self.longest: dict[str, int] = {}
        self.ahead: dict[str, tuple[tuple[int, ...], int]] = {}

    def _grow(
        self,
        line: best.Line,
        start: int,
        j: int,
        prefix: str,
        mask: int,
        placed: list,
        pool: dict,
        touched: bool,
        points: int,
        words: int,
        value: int,
    ) -> None:
        if j >= len(line.letters):
            return
        if not line.reach_points:
            self._ceilings(line)
        parts = self._parts(line, start, j, len(placed), points, words, value)
        ceiling = self._ceiling(line, start, j, len(placed), points, words, value)
        assert ceiling == (parts[0] + parts[2]) * (parts[1] + parts[3]), "the ceiling's formula changed"
        parts += self._others(line, start, j, len(placed), points, words, value, prefix)
        index = len(self.steps_seen)
        self.steps_seen.append((self.path[-1], parts, [-1] * 6))
        self.path.append(index)
        super()._grow(line, start, j, prefix, mask, placed, pool, touched, points, words, value)
        self.path.pop()
        parent = self.path[-1]
        if parent >= 0:
            mine, theirs = self.steps_seen[index][2], self.steps_seen[parent][2]
            theirs[:] = [max(a, b) for a, b in zip(mine, theirs)]

    def _parts(
        self, line: best.Line, start: int, j: int, placed: int, points: int, words: int, value: int
    ) -> tuple[int, int, int, int]:
        """``_ceiling``'s four parts (its product is checked against ``_ceiling`` at every step)."""
        left = self.place - placed
        at = line.first_empty[j] + left
        reach = (line.empties[at] if at < len(line.empties) else line.empties[-1]) - 1
        if reach < j:
            return 0, 0, 0, 0, 0
        rs, sums = line.run_start[start], line.sums
        cross = (points + left * line.reach_points[j], words + left * line.reach_words[j])
        if rs == start and line.next_letter[j] > reach:  # open space: one word along the line
            return (*cross, (value + left * self.top_value) * (reach - start), 1)
        most = (value + sums[start] - sums[rs] + sums[reach + 1] - sums[j] + left * self.top_value) * (reach - rs)
        tiles = placed + left
        return (*cross, tiles * most, tiles)

    def _others(
        self, line: best.Line, start: int, j: int, placed: int, points: int, words: int, value: int, prefix: str
    ) -> tuple[int, int, int, int, int]:
        """Cross windows (points, words), and the walked word capped by the longest word its prefix begins and
        by the lookahead, and whether the lookahead finds a word that could end ahead (1 or 0)."""
        left = self.place - placed
        at = line.first_empty[j] + left
        reach = (line.empties[at] if at < len(line.empties) else line.empties[-1]) - 1
        if reach < j:
            return 0, 0, 0, 0, 0
        best_across = self._best_across(line)[j : reach + 1]
        window_points = points + sum(sorted((p for p, _ in best_across), reverse=True)[:left])
        window_words = words + sum(sorted((w for _, w in best_across), reverse=True)[:left])
        end = min(reach, start + self._longest().get(prefix, 0) - 1)
        sums = line.sums
        if end < j:
            capped = value * (end - start) if end > start else 0
        else:
            capped = (value + sums[end + 1] - sums[j] + min(left, end - j + 1) * self.top_value) * (end - start)
        return window_points, window_words, capped, *self._lookahead(line, start, j, left, value, prefix)

    def _lookahead(self, line: best.Line, start: int, j: int, left: int, value: int, prefix: str) -> tuple[int, int]:
        """The walked word's most, from the letters some word beginning with ``prefix`` has at each distance,
        and whether such a word could end on a cell from ``j`` on."""
        ahead, ends = self._ahead().get(prefix, ((), 0))
        most = value * (j - 1 - start) if ends & 1 else 0
        alive = 0
        covered = read = 0
        for cell in range(j, min(len(line.letters), j + len(ahead))):
            distance = cell - j + 1
            letter = line.letters[cell]
            if letter and ahead[distance - 1] & BITS[letter]:
                read += line.values[cell]
            elif not ahead[distance - 1] & self.follow:
                break
            else:
                covered += 1
                if covered > left:
                    break
            if ends >> distance & 1:
                most = max(most, (value + read + min(left, distance) * self.top_value) * (cell - start))
                alive = 1
        return most, alive

    def _ahead(self) -> dict[str, tuple[tuple[int, ...], int]]:
        """Per prefix of a word read either way: the letters words beginning with it have at each distance
        after it, and the lengths after it at which they end (bits)."""
        if not self.ahead:
            table: dict[str, tuple[list[int], list[int]]] = {}
            for word in either_way(self.either.lexicon):
                bits = [BITS[x] for x in word]
                for i in range(len(word) + 1):
                    masks, ends = table.setdefault(word[:i], ([], [0]))
                    masks.extend([0] * (len(word) - i - len(masks)))
                    for distance in range(len(word) - i):
                        masks[distance] |= bits[i + distance]
                    ends[0] |= 1 << (len(word) - i)
            self.ahead.update((prefix, (tuple(masks), ends[0])) for prefix, (masks, ends) in table.items())
        return self.ahead

    def _best_across(self, line: best.Line) -> list[tuple[int, int]]:
        """Per cell of the line, the most points and words across it any tile of the pool would score there."""
        found = self.best_across.get(id(line))
        if found is None:
            tiles = [t[0] for t in self.letters] + ([t[0] for t in self.blanks] if self.pool["?"] else [])
            found = []
            for i, cell in enumerate(line.cells):
                across = [self._across(cell, tile, line.axis) for tile in tiles] if line.hot[i] else [(0, 0)]
                found.append((max(p for p, _ in across), max(w for _, w in across)))
            self.best_across[id(line)] = found
        return found

    def _longest(self) -> dict[str, int]:
        """For every prefix of a word read either way, the length of the longest word it begins."""
        if not self.longest:
            for word in either_way(self.either.lexicon):
                for i in range(len(word) + 1):
                    if self.longest.get(word[:i], 0) < len(word):
                        self.longest[word[:i]] = len(word)
        return self.longest

    def _record(self, line: best.Line, start: int, end: int, placed: list, points: int, words: int, value: int) -> None:
        move = best.Candidate(tuple((line.cells[i], tile) for i, tile in placed), 0, False, line, tuple(placed))
        on_line = set(line.cells)
        along = [w for w in self.score(move).words if set(w.cells) <= on_line]
        along_points, along_words = sum(w.score for w in along), len(along)
        found = [
            (points + along_points) * (words + along_words),
            points,
            words,
            along_points,
            along_words,
            value * (end - start),
        ]
        mine = self.steps_seen[self.path[-1]][2]
        mine[:] = [max(a, b) for a, b in zip(mine, found)]


def walked(steps: list[tuple[int, tuple[int, ...], list[int]]], floor: int, bound: Any) -> int:
    alive = [False] * len(steps)
    for i, (parent, parts, most) in enumerate(steps):  # parents come before their children
        alive[i] = (parent < 0 or alive[parent]) and bound(parts, most) > floor
    return sum(alive)


class Sharing(best.Search):
    """The walk with nothing cut, each step keyed by what its answer depends on: the line, the cell, the tiles
    left, the pool, and what words the prefix can still become (its state in a minimal automaton, a DAWG)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args, prune=False)
        self.keys: list[tuple[Any, ...]] = []
        self.languages: dict[str, int] = {}
        self.everything = either_way(self.either.lexicon)

    def _grow(
        self,
        line: best.Line,
        start: int,
        j: int,
        prefix: str,
        mask: int,
        placed: list,
        pool: dict,
        touched: bool,
        points: int,
        words: int,
        value: int,
    ) -> None:
        if j < len(line.letters):
            language = self.languages.get(prefix)
            if language is None:
                rest = sorted(word[len(prefix) :] for word in self.everything.words_with_prefix(prefix))
                language = self.languages[prefix] = hash(tuple(rest))
            tiles = tuple(sorted((tile, n) for tile, n in pool.items() if n))
            self.keys.append((id(line), j, self.place - len(placed), tiles, language))
        super()._grow(line, start, j, prefix, mask, placed, pool, touched, points, words, value)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--set", default="pool 5 / place 4, hex", choices=SETS)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--index", type=int, default=4)
    parser.add_argument("--cells", type=int, default=60)
    parser.add_argument("--sharing", action="store_true", help="how many of the walk's steps share a key")
    args = parser.parse_args()
    options, blanks = SETS[args.set]
    state = positions(options, args.seed, args.cells, args.index + 1, blanks)[args.index]
    seat = state["turn"]
    board, pool = ENGINE.board(state), ENGINE.pool_of(state, seat)
    if args.sharing:
        sharing = Sharing(
            Board(board.grid, dict(board.stacks)), pool, state["options"], ENGINE.lexicon(state), not state["board"]
        )
        sharing.words()
        print(
            f"{len(sharing.keys)} steps, {len(set(sharing.keys))} different keys "
            f"(line, cell, tiles left, pool, what the prefix can still become)"
        )
        return
    found = best.search_board(board, pool, state["options"], ENGINE.lexicon(state), not state["board"])
    replay = Replay(
        Board(board.grid, dict(board.stacks)), pool, state["options"], ENGINE.lexicon(state), not state["board"]
    )
    replay.words()
    steps = replay.steps_seen
    floor = found.score - 1

    def part(parts: tuple[int, ...], most: list[int], i: int, true: set[int]) -> int:
        return max(most[i + 1], 0) if i in true else parts[i]

    def bound(true: set[int]) -> Any:  # a part's true maximum is 0 where no move lies below
        return lambda parts, most: (
            (part(parts, most, 0, true) + part(parts, most, 2, true))
            * (part(parts, most, 1, true) + part(parts, most, 3, true))
        )

    print(f"command: python bench/lingo_bound_oracle.py --set {args.set!r} --seed {args.seed} --index {args.index}")
    print(
        f"pool {' '.join(pool)}; {len(state['board'])} cells covered; best total {found.score}; "
        f"{len(steps)} steps in the whole walk, {sum(1 for _, _, m in steps if m[0] < 0)} of them lead to no move"
    )
    print("| ceiling | steps walked |")
    print("|---|---|")
    print(f"| the search's | {walked(steps, floor, bound(set()))} |")
    searchs = bound(set())
    print(
        f"| the search's, and 0 where no move lies below | "
        f"{walked(steps, floor, lambda parts, most: searchs(parts, most) if most[0] >= 0 else 0)} |"
    )
    print(
        f"| the search's, and 0 where the lookahead finds no word ahead | "
        f"{walked(steps, floor, lambda parts, most: searchs(parts, most) if parts[8] else 0)} |"
    )
    for true in ({0}, {1}, {2}, {3}, {0, 1}, {2, 3}, {0, 1, 2, 3}):
        print(f"| true {' and '.join(PARTS[i] for i in sorted(true))} | {walked(steps, floor, bound(true))} |")
    print(f"| perfect (the best total below) | {walked(steps, floor, lambda parts, most: most[0])} |")
    others = {
        "cross windows, the search's along": lambda p, m: (p[4] + p[2]) * (p[5] + p[3]),
        "cross windows, true along": lambda p, m: (p[4] + max(m[3], 0)) * (p[5] + max(m[4], 0)),
        "cross windows, walked word capped by the longest word (unsound)": lambda p, m: (p[4] + p[6]) * (p[5] + 1),
        "cross windows, walked word by lookahead (unsound)": lambda p, m: (p[4] + p[7]) * (p[5] + 1),
        "cross windows, walked word's true best (unsound)": lambda p, m: (p[4] + max(m[5], 0)) * (p[5] + 1),
    }
    for name, ceiling in others.items():
        print(f"| {name} | {walked(steps, floor, ceiling)} |")
    live = [(parts, most) for _, parts, most in steps if most[0] >= 0]
    for i, name in enumerate(PARTS):
        ratio = statistics.median((parts[i] + 1) / (most[i + 1] + 1) for parts, most in live)
        print(f"{name}: the ceiling's part is {ratio:.1f} times the true maximum (median, +1 each side)")


if __name__ == "__main__":
    main()
