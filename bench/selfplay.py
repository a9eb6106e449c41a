"""Strong against quick: whole games between the two computer players of each game, seats alternating.

    python bench/selfplay.py [--games 200] [--kinds lingo,keebble] [--strong 1.0] [--quick 0.1] [--jobs 2]
                             [--first-seed 1000] [--results bench/results/strength.jsonl] [--levels quick,quick]

Prints, per game kind, the strong player's win rate (a shared win counts half), the mean score difference
(strong - quick), moves and seconds a game, how many games ended otherwise than by their rules' normal end
(by timeouts: resigned, or too few players left), and any error (an illegal move, a stuck game, a record that does
not replay: each is a bug to turn into a test). For Lingo it also compares the strong player's mean score a
move with the best-move score of the same positions (the strong player gives some up to leave the next player
less). Pure engines only: no database. ``--levels quick,quick`` (or ``strong,strong``) plays one level against
itself instead: then "first wins" is the first-named level's seat, alternating as before. ``--levels
strong,random`` (or ``quick,random``) plays a level against the bench's yardstick, a player that picks a legal
move at random (``random``, never offered to players; it keeps its own budget, 0.05 s a choice, Lexicon
Crossing's 0.25 s: ``--strong`` and ``--quick`` set only those levels').

With ``--results FILE`` each game is appended to FILE as one JSON line as soon as it ends, games already there
(same kind, seed and budgets) are not played again, and the table is made from every game of the range in the
file: a long run can be stopped and taken up again, even in another session.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

KINDS = ("lingo", "lingua-fences", "keebble", "lexicon-crossing")


def one(
    game: str, seed: int, strong: float, quick: float, pair: tuple[str, str] = ("strong", "quick")
) -> dict[str, Any]:
    from wordgames.engines import get_engine
    from wordgames.engines.core.selfplay import SelfPlayError, play_game

    engine = get_engine(game)
    seat = seed % 2  # the strong player's seat (the first-named level's)
    levels = list(pair) if seat == 0 else [pair[1], pair[0]]
    per_move: list[tuple[int, int]] = []

    def compare(state: Any, mover: int, move: str, outcome: Any) -> None:
        if game == "lingo" and mover == seat:
            best = engine.best_move(state, mover)  # type: ignore[attr-defined]
            per_move.append((outcome.score, best.score if best else 0))

    started = time.monotonic()
    try:
        report = play_game(game, levels, seed=seed, budget={"strong": strong, "quick": quick}, on_move=compare)
    except SelfPlayError as e:
        return {"error": str(e), "seconds": time.monotonic() - started}
    scores = report.scores
    won = 1.0 if report.winners == [seat] else 0.5 if seat in report.winners else 0.0
    return {
        "won": won,
        "diff": scores[seat] - scores[1 - seat],
        "moves": report.moves,
        "seconds": report.seconds,
        "slowest": report.slowest,
        "per_move": per_move,
        "reason": report.reason,
        "timeouts": report.timeouts,
        "end": _end(report),
    }


def _end(report: Any) -> str:
    """How the game ended: "normal" by its rules' own end, "timeouts" when a seat was resigned by its clock."""
    resigned = any(m["move"] == "resign" for m in report.record["moves"])
    return "timeouts" if resigned else "normal"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--kinds", default=",".join(KINDS))
    parser.add_argument("--strong", type=float, default=1.0, help="seconds a strong choice")
    parser.add_argument("--quick", type=float, default=0.1, help="seconds a quick choice")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--first-seed", type=int, default=1000, help="seeds first-seed to first-seed + games - 1")
    parser.add_argument("--results", type=Path, help="keep each game as a JSON line here, and resume from it")
    parser.add_argument("--levels", default="strong,quick", help="the two levels (default strong,quick)")
    args = parser.parse_args()
    first, second = args.levels.split(",")
    pair = (first, second)
    print(
        f"| game | games | {first} wins | mean score difference | moves a game | s a game | slowest choice "
        "| ended by timeouts | errors |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    notes = []
    for game in args.kinds.split(","):
        seeds = range(args.first_seed, args.first_seed + args.games)
        kept = _kept(args.results, game, args.strong, args.quick, args.levels) if args.results else {}
        todo = [seed for seed in seeds if seed not in kept]
        with ProcessPoolExecutor(args.jobs) as pool:
            n = len(todo)
            for seed, result in zip(
                todo, pool.map(one, [game] * n, todo, [args.strong] * n, [args.quick] * n, [pair] * n)
            ):
                kept[seed] = result
                if args.results:
                    with args.results.open("a") as f:
                        line = {"game": game, "seed": seed, "strong": args.strong, "quick": args.quick, **result}
                        if args.levels != "strong,quick":
                            line["levels"] = args.levels
                        f.write(json.dumps(line) + "\n")
        results = [kept[seed] for seed in seeds]
        done = [r for r in results if "error" not in r]
        errors = [r["error"] for r in results if "error" in r]
        if done:
            win = 100 * statistics.mean(r["won"] for r in done)
            diff = statistics.mean(r["diff"] for r in done)
            print(
                f"| {game} | {len(done)} | {win:.0f} % | {diff:+.2f} | {statistics.mean(r['moves'] for r in done):.0f} "
                f"| {statistics.mean(r['seconds'] for r in done):.1f} | {max(r['slowest'] for r in done):.2f} s "
                f"| {sum(1 for r in done if r.get('end') == 'timeouts')} | {len(errors)} |"
            )
            timed_out = [r for r in done if r.get("timeouts")]
            if timed_out:
                notes.append(
                    f"{game}: {len(timed_out)} games had clocks run out when nobody had a move "
                    f"({sum(r['timeouts'] for r in timed_out)} timeouts, played by the rules)."
                )
            moves = [m for r in done for m in r["per_move"]]
            if moves:
                notes.append(
                    f"{game}: the {first} player scored {statistics.mean(m[0] for m in moves):.1f} a move; "
                    f"the best move of the same positions, {statistics.mean(m[1] for m in moves):.1f} "
                    f"({len(moves)} moves)."
                )
        else:
            print(f"| {game} | 0 | - | - | - | - | - | - | {len(errors)} |")
        notes.extend(f"{game}: {e}" for e in errors[:5])
    for note in notes:
        print(f"\n{note}")


def _kept(path: Path, game: str, strong: float, quick: float, levels: str) -> dict[int, dict[str, Any]]:
    """The games of this kind, these budgets and levels already in the results file, by seed."""
    kept: dict[int, dict[str, Any]] = {}
    if path.exists():
        for line in path.read_text().splitlines():
            result = json.loads(line)
            kind = (result.pop("game"), result.pop("strong"), result.pop("quick"), result.pop("levels", "strong,quick"))
            if kind == (game, strong, quick, levels):
                kept[result.pop("seed")] = result
    return kept


if __name__ == "__main__":
    main()
