"""Lingo engine timings: apply + score of one move, and the best-move search, on a mid-game board.

    python bench/engine_bench.py [--seed N] [--tiles 60] [--positions 9]

The board is built deterministically: from the seed, moves are drawn at random among the legal moves of two
tiles or more (so the board spreads like a real game) until about 60 cells are covered; pool 5, place 4,
98 tiles. Standard library timing only (time.perf_counter); medians are reported.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from wordgames.engines.core.notation import Placement, PlaceMove, format_move
from wordgames.engines.lingo import ENGINE
from wordgames.engines.lingo.best import Search

OPTIONS = {"preset": "pbem", "pool": 5, "place": 4, "tiles": 98}


def legal_moves(state: dict) -> list[str]:
    seat = state["turn"]
    search = Search(
        ENGINE.board(state), ENGINE.pool_of(state, seat), state["options"], ENGINE.lexicon(state), not state["board"]
    )
    search.singles()
    search.words()
    moves = [format_move(PlaceMove(tuple(Placement(c, t) for c, t in key))) for key in search.found]
    # A tile that makes no word is legal only when no word can be made (rules/lingo.md); two or more tiles
    # always form part of a word
    words = [m for m in moves if len(m.split()) > 2 or ENGINE.score(state, seat, m)[1].words]
    return words or moves


def random_move(state: dict, rnd: random.Random) -> str:
    moves = legal_moves(state)
    longer = [m for m in moves if len(m.split()) > 2]
    return rnd.choice(sorted(longer or moves))


def mid_game(seed: int, cells: int) -> tuple[dict, random.Random]:
    rnd = random.Random(seed)
    state = ENGINE.new_game(["ann", "bob"], OPTIONS, seed)
    while len(state["board"]) < cells and not state["finished"]:
        state, _ = ENGINE.apply(state, state["turn"], random_move(state, rnd))
    return state, rnd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tiles", type=int, default=60, help="cells covered before timing starts")
    parser.add_argument("--positions", type=int, default=9, help="positions for the best-move median")
    args = parser.parse_args()

    opening = ENGINE.new_game(["a", "b"], OPTIONS, 0)
    ENGINE.lexicon(opening)  # load the dictionary outside the timings,
    ENGINE.best_move(opening, 0)  # and build the search's word tables, as a long-lived worker has them
    state, rnd = mid_game(args.seed, args.tiles)
    moves = rnd.sample(sorted(legal_moves(state)), 50)
    applies = []
    for move in moves:
        start = time.perf_counter()
        ENGINE.apply(state, state["turn"], move)
        applies.append(time.perf_counter() - start)

    bests, brutes, covered, found = [], [], [], []
    for _ in range(args.positions):
        start = time.perf_counter()
        best = ENGINE.best_move(state, state["turn"])
        bests.append(time.perf_counter() - start)
        if len(brutes) < 3:  # the baseline: every legal move scored by the engine, the best kept
            start = time.perf_counter()
            brute = max(ENGINE.preview(state, state["turn"], m).score for m in legal_moves(state))
            brutes.append(time.perf_counter() - start)
            assert best is not None and brute == best.score, (brute, best.score)
        covered.append(len(state["board"]))
        found.append(best.score if best else 0)
        state, _ = ENGINE.apply(state, state["turn"], random_move(state, rnd))
        if state["finished"]:
            break

    print(f"command: python bench/engine_bench.py --seed {args.seed} --tiles {args.tiles} --positions {args.positions}")
    print(f"python {sys.version.split()[0]}; options {OPTIONS}")
    print(
        f"apply + score one move: median {statistics.median(applies) * 1000:.2f} ms "
        f"(50 legal moves on a board of {len(ENGINE.board(state).tops)} cells)"
    )
    print(
        f"best_move: median {statistics.median(bests) * 1000:.0f} ms, max {max(bests) * 1000:.0f} ms "
        f"({len(bests)} positions of {min(covered)}-{max(covered)} cells; best scores {found})"
    )
    print(
        f"baseline, every legal move scored by apply's scoring: median {statistics.median(brutes) * 1000:.0f} ms "
        f"on the first {len(brutes)} positions (same best scores)"
    )


if __name__ == "__main__":
    main()
