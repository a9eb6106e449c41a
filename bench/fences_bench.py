"""Lingua Fences: enclosure detection after a move on a crowded 19x19 sheet, against a naive baseline that
flood-fills the whole sheet before and after the move, measured in the same run.

    python bench/fences_bench.py [--repeat 2000]

The sheet: a lattice of words (every other row and column crossed by 4-letter words) leaving many small open
areas and one large one; the timed move closes one area. Target: median under 1 ms.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordgames.engines.core.grid import parse_cell  # noqa: E402
from wordgames.engines.lingua_fences.sheet import Sheet  # noqa: E402


def crowded() -> tuple[Sheet, list[tuple[int, int]]]:
    sheet = Sheet(19, parse_cell("c3"))
    sheet.longest = 19
    for row in range(1, 17, 4):  # horizontal fences every 4 rows, with gaps
        for col in range(16):
            sheet.letters[(col, row)] = "A"
    for col in range(0, 16, 4):
        for row in range(1, 17):
            sheet.letters[(col, row)] = "B"
    gap = (2, 13)  # one opening in the bottom row of boxes: the move closes it
    del sheet.letters[gap]
    return sheet, [gap]


def naive(sheet: Sheet, new: list[tuple[int, int]]) -> list[set[tuple[int, int]]]:
    """Every open area of the whole sheet, before and after: the areas that are new after the move."""

    def areas() -> list[frozenset[tuple[int, int]]]:
        seen: set[tuple[int, int]] = set()
        found = []
        for row in range(1, sheet.size + 1):
            for col in range(sheet.size):
                if (col, row) not in seen and sheet.is_open((col, row)):
                    area = sheet.region((col, row))
                    seen |= area
                    found.append(frozenset(area))
        return found

    letters = {cell: sheet.letters.pop(cell) for cell in new}
    before = set(areas())
    sheet.letters.update(letters)
    after = areas()
    return [set(a) for a in after if a not in before and len(sheet.sides(set(a))) < 2]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=2000)
    args = parser.parse_args()
    ours, base = [], []
    for _ in range(args.repeat):
        sheet, new = crowded()
        for cell in new:
            sheet.letters[cell] = "C"
        start = time.perf_counter()
        found = sheet.enclosures(new)
        ours.append((time.perf_counter() - start) * 1e6)
        sheet, new = crowded()
        for cell in new:
            sheet.letters[cell] = "C"
        start = time.perf_counter()
        expected = naive(sheet, new)
        base.append((time.perf_counter() - start) * 1e6)
    assert sorted(map(sorted, found)) == sorted(map(sorted, expected)), (found, expected)
    print(f"open squares on the sheet: {sum(1 for r in range(1, 20) for c in range(19) if sheet.is_open((c, r)))}")
    print(
        f"enclosure detection after a move: median {statistics.median(ours):.0f} µs "
        f"(p95 {sorted(ours)[int(len(ours) * 0.95)]:.0f} µs); target 1000 µs"
    )
    print(f"baseline, whole-sheet flood fill before and after: median {statistics.median(base):.0f} µs")


if __name__ == "__main__":
    main()
