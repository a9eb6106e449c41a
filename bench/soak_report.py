"""Add up the reports of a self-play soak run in chunks (``manage.py selfplay ... --seed N``, one report file a
chunk, as kept in ``bench/results/soak-KIND-FIRSTSEED.txt``): one table row a game kind.

    python bench/soak_report.py bench/results/soak-*.txt
"""

from __future__ import annotations

import re
import sys
from collections import Counter, defaultdict
from pathlib import Path

SUMMARY = re.compile(
    r"^(?P<title>.+?), (?P<levels>.+?): (?P<done>\d+) of (?P<games>\d+) games finished and replayed, "
    r"(?P<moves>\d+) moves, (?P<errors>\d+) errors, [\d.]+ moves a second \((?P<seconds>[\d.]+) s\)\."
)
ENDED = re.compile(r"^  ended: (?P<ends>.+)$")
TIMEOUTS = re.compile(r"^  timeouts played by the rules: (?P<n>\d+)$")


def main(paths: list[str]) -> None:
    kinds: dict[str, Counter[str]] = defaultdict(Counter)
    ends: dict[str, Counter[str]] = defaultdict(Counter)
    for path in sorted(paths):
        text = Path(path).read_text()
        for line in text.splitlines():
            if m := SUMMARY.match(line):
                title = m["title"]
                total = kinds[title]
                total["chunks"] += 1
                for field in ("done", "games", "moves", "errors"):
                    total[field] += int(m[field])
                total["ms"] += round(float(m["seconds"]) * 1000)
            elif (m := ENDED.match(line)) and kinds:
                for part in m["ends"].split(", "):
                    end, count = part.rsplit(" ", 1)
                    ends[title][end] += int(count)
            elif (m := TIMEOUTS.match(line)) and kinds:
                kinds[title]["timeouts"] += int(m["n"])
    print(
        "| game | games played (chunks) | finished and replayed | errors | moves | moves a second | how they ended | timeouts played by the rules |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for title, t in kinds.items():
        ended = ", ".join(f"{end} {count}" for end, count in ends[title].most_common())
        rate = t["moves"] / (t["ms"] / 1000) if t["ms"] else 0
        print(
            f"| {title} | {t['games']} ({t['chunks']}) | {t['done']} | {t['errors']} | {t['moves']} | {rate:.1f} | "
            f"{ended} | {t['timeouts']} |"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
