"""Lexicon: load time, resident memory and look-up speed of the shipped MARISA trie against a plain Python
set of the same words, measured in the same run. Each load is measured in a fresh subprocess.

    python bench/lexicon_bench.py
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RUNS = 5

PROBE = r"""
import json, sys, time, timeit
sys.path.insert(0, sys.argv[2])
from wordgames.engines.core import lexicon as lx   # imported before measuring: both variants need it

def rss_kb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096 // 1024

kind = sys.argv[1]
before = rss_kb()
start = time.perf_counter()
if kind == "marisa":
    lex = lx.Lexicon.from_file("enable", lx.ENABLE_TRIE)
    contains, prefix = lex.__contains__, lex.has_prefix
else:
    words = set(lx.read_words(lx.ENABLE_WORDS))
    contains = words.__contains__
    prefix = None
elapsed = time.perf_counter() - start
after = rss_kb()
probe = ["QUIXOTIC", "ZYZZYVA", "AA", "NOTAWORDX", "EXERT", "REPEAT", "OVEN", "QAT"]
n = 20000
per_in = timeit.timeit(lambda: [contains(w) for w in probe], number=n) / (n * len(probe)) * 1e9
result = {"load_s": elapsed, "rss_kb": after - before, "in_ns": per_in}
if prefix is not None:
    per_prefix = timeit.timeit(lambda: [prefix(w[:3]) for w in probe], number=n // 4) / (n // 4 * len(probe)) * 1e9
    result["prefix_ns"] = per_prefix
print(json.dumps(result))
"""


def measure(kind: str) -> dict[str, float]:
    runs = []
    for _ in range(RUNS):
        out = subprocess.run([sys.executable, "-c", PROBE, kind, str(ROOT)], capture_output=True, text=True, check=True)
        runs.append(json.loads(out.stdout))
    return {key: statistics.median(run[key] for run in runs) for key in runs[0]}


def main() -> None:
    marisa, plain = measure("marisa"), measure("set")
    print("command: python bench/lexicon_bench.py")
    print(f"python {sys.version.split()[0]}; ENABLE, 172,820 words; median of {RUNS} fresh processes each\n")
    print("| lexicon | load | resident memory | `in` | has_prefix |")
    print("|---|---|---|---|---|")
    print(
        f"| MARISA trie (shipped) | {marisa['load_s'] * 1000:.1f} ms | {marisa['rss_kb'] / 1024:.1f} MiB | "
        f"{marisa['in_ns']:.0f} ns | {marisa['prefix_ns']:.0f} ns |"
    )
    print(
        f"| Python set (baseline) | {plain['load_s'] * 1000:.1f} ms | {plain['rss_kb'] / 1024:.1f} MiB | "
        f"{plain['in_ns']:.0f} ns | n/a |"
    )
    print(
        f"\nmemory: trie / set = {marisa['rss_kb'] / plain['rss_kb']:.3f} (target at most 0.5); "
        f"load: {marisa['load_s'] * 1000:.1f} ms (target under 300 ms)"
    )


if __name__ == "__main__":
    main()
