"""Where the strong computers of Keebble, Lexicon Crossing and Lingua Fences spend their budget (issue 35).

    python bench/strong_budget_bench.py [--positions 8] [--kinds keebble,lexicon-crossing,lingua-fences]
                                        [--budget S]

The positions are the mover's in games between two quick computers (seeds 1 on): of the moves that are a
search (a Keebble turn before the endgame, not an answer; a Lexicon Crossing crossword, not a light; any Lingua
Fences word), the third, the eighth, and so on. On each, the strong player chooses with its own budget (1 s; Lexicon Crossing's 2 s) unless
``--budget``; printed per kind: the CPU seconds a choice used, how much of it went to the word walk
(``fit_words``: generating words letter by letter in the dictionary) and how much to judging the words found
(Keebble: the engine's own preview of each; Lingua Fences: the enclosures each would make; Lexicon Crossing:
building and scoring crosswords), and how many words the walk yielded.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Iterator
from importlib import import_module
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from wordgames.engines import get_engine  # noqa: E402
from wordgames.engines.core import players  # noqa: E402
from wordgames.engines.core.lexicon import get_lexicon  # noqa: E402
from wordgames.engines.core.players import BUDGETS, GAME_BUDGETS, choose_move  # noqa: E402

MODULES = {"keebble": "keebble", "lexicon-crossing": "lexicon_crossing", "lingua-fences": "lingua_fences"}


def positions(game: str, count: int) -> list[tuple[dict[str, Any], int]]:
    engine = get_engine(game)
    found: list[tuple[dict[str, Any], int]] = []
    seed = 1
    while len(found) < count:
        state = engine.new_game(["ann", "bob"], {}, seed)
        moves = seen = 0
        while engine.result(state) is None and moves < 80 and len(found) < count:
            actors = sorted(engine.actors(state))
            moved = False
            for seat in actors:
                move = choose_move(
                    engine, engine.view(state, seat), seat, level="quick", rng=random.Random(f"{seed}:{moves}:{seat}")
                )
                if move is None:
                    continue
                if wanted(game, state, move):
                    seen += 1
                    if seen % 5 == 3:
                        found.append((engine.view(state, seat), seat))
                state, _ = engine.apply(state, seat, move)
                moves += 1
                moved = True
                break
            if not moved:
                break
        seed += 1
    return found


def wanted(game: str, state: dict[str, Any], move: str) -> bool:
    """A position where the choice is a search: a Keebble turn before the endgame, a Lexicon Crossing crossword."""
    if game == "keebble":
        return bool(state["phase"] == "turn" and not state["endgame"])
    if game == "lexicon-crossing":
        return move.startswith("grid ")
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=8)
    parser.add_argument("--kinds", default=",".join(MODULES))
    parser.add_argument("--budget", type=float)
    args = parser.parse_args()
    players.prefixes(get_lexicon())
    print(
        "| game | positions | budget | CPU s a choice (mean, least) | of it in the word walk | words walked a choice |"
    )
    print("|---|---:|---:|---:|---:|---:|")
    for game in args.kinds.split(","):
        module = import_module(f"wordgames.engines.{MODULES[game]}.computer")
        spent = [0.0]
        words = [0]

        def timed(*a: Any, spent: list[float] = spent, words: list[int] = words, **k: Any) -> Iterator[Any]:
            it = players.fit_words(*a, **k)
            while True:
                started = time.thread_time()
                try:
                    item = next(it)
                except StopIteration:
                    spent[0] += time.thread_time() - started
                    return
                spent[0] += time.thread_time() - started
                words[0] += 1
                yield item

        module.fit_words = timed  # type: ignore[attr-defined]
        budget = args.budget or GAME_BUDGETS.get(game, BUDGETS)["strong"]
        used, walked, counts = [], [], []
        engine = get_engine(game)
        for i, (view, seat) in enumerate(positions(game, args.positions)):
            spent[0], words[0] = 0.0, 0
            started = time.thread_time()
            choose_move(engine, view, seat, level="strong", rng=random.Random(i), budget=budget)
            used.append(time.thread_time() - started)
            walked.append(spent[0])
            counts.append(words[0])
        module.fit_words = players.fit_words  # type: ignore[attr-defined]
        share = 100 * sum(walked) / sum(used)
        print(
            f"| {game} | {len(used)} | {budget} s | {statistics.mean(used):.2f} ({min(used):.2f}) | {share:.0f} % "
            f"| {statistics.mean(counts):.0f} |"
        )


if __name__ == "__main__":
    main()
