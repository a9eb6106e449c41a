"""Lexicon Crossing autosaves: what a player's page costs the others however often a crossword is saved.

    python bench/autosave_bench.py [--saves 1000] [--database sqlite|postgres] [--pages 30]

Runs on its own database (a temporary SQLite file, or wordgames_autosave_bench on the machine's PostgreSQL,
dropped first). ann saves her crossword ``--saves`` times through the write door (each an autosave); bob's
page is loaded ``--pages`` times before the first save, after one save and after all of them, and the median
CPU (``time.process_time``) and the queries of one load are reported. Baseline, in the same run: the same
number of saves stored the way they were before (one hidden move row each) and read the way the page read
them (every move loaded, the hidden ones dropped in Python).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from digest_bench import setup  # noqa: E402  (the same throwaway database)


def page_cost(client, url: str, pages: int) -> tuple[float, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    for _ in range(pages):
        started = time.process_time()
        assert client.get(url).status_code == 200
        times.append(time.process_time() - started)
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return statistics.median(times) * 1000, len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--saves", type=int, default=1000)
    parser.add_argument("--pages", type=int, default=30)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    args = parser.parse_args()
    os.environ["ALLOWED_HOSTS"] = "testserver"
    setup(args.database)
    from django.conf import settings

    # No collected static files here: plain storage (the page's links are not what is measured).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    from django.contrib.auth import get_user_model
    from django.test import Client

    from wordgames.games import actions, queries
    from wordgames.games.models import Move

    User = get_user_model()
    ann, bob = (User.objects.create_user(n, f"{n}@example.org", "pw") for n in ("ann", "bob"))
    game = actions.create_game(ann, "lexicon-crossing", {}, ["bob"], seed=8, internal=True)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    client = Client()
    client.force_login(bob)
    url = game.get_absolute_url()
    client.get(url)  # bob has seen his tiles
    before = page_cost(client, url, args.pages)
    tiles = list(game.state["tiles"][0])

    def grid(turn: int) -> str:
        shift = turn % len(tiles)
        order = tiles[shift:] + tiles[:shift]
        cut = max(2, (len(order) + 1) // 2)
        return "grid " + "/".join(["".join(order[:cut])] + [ch + "." * (cut - 1) for ch in order[cut:]])

    actions.submit_move(game.pk, ann, grid(0))
    one = page_cost(client, url, args.pages)
    started = time.perf_counter()
    for turn in range(1, args.saves):
        actions.submit_move(game.pk, ann, grid(turn))
    per_save = (time.perf_counter() - started) / max(1, args.saves - 1) * 1000
    many = page_cost(client, url, args.pages)
    rows = Move.objects.filter(game=game).count()

    # Baseline: the saves as hidden rows, one each, read by loading every move and dropping them in Python.
    saved = Move.objects.get(game=game)
    Move.objects.bulk_create(
        Move(
            game=game,
            seq=saved.seq + i,
            seat=0,
            user=ann,
            text=grid(i),
            quiet=True,
            outcome={"events": {"quiet": True, "private": True}},
        )
        for i in range(1, args.saves)
    )
    times = []
    for _ in range(args.pages):
        started = time.process_time()
        shown = [
            m for m in queries.live_moves(game).select_related("user") if not m.outcome.get("events", {}).get("quiet")
        ]
        times.append(time.process_time() - started)
    assert shown == []
    old_read = statistics.median(times) * 1000
    print(f"database {args.database}, {args.saves} autosaves, {args.pages} page loads each (median CPU)")
    print("| measure | now | before (baseline, same run) |")
    print("|---|---|---|")
    print(f"| move rows after {args.saves} autosaves | {rows} | {args.saves} |")
    print(f"| bob's page, no autosave | {before[0]:.1f} ms, {before[1]} queries | |")
    print(f"| bob's page, 1 autosave | {one[0]:.1f} ms, {one[1]} queries | |")
    print(
        f"| bob's page, {args.saves} autosaves | {many[0]:.1f} ms, {many[1]} queries | "
        f"+{old_read:.1f} ms to read and drop {args.saves} hidden rows |"
    )
    print(f"| one autosave through the write door | {per_save:.1f} ms | |")


if __name__ == "__main__":
    main()
