"""Leaderboards with 100,000 players and 1,000,000 finished rated games: the queries and CPU of a leaderboard page
(the first, the twentieth, the last; a deep page as the pager links it, from the page before, and asked for by its
number alone), and PostgreSQL's plan for its one query.

    python bench/ratings_bench.py [--players 100000] [--games 1000000] [--loads 20] [--reuse]

Runs on its own database, wg_bench_ratings on the machine's PostgreSQL (BENCH_PG for another server), dropped
and filled first unless ``--reuse`` finds it filled. The games are two-player rated games of the four kinds over
the last two years, between players of very unequal activity (a few play daily, most now and then), with a hidden
strength deciding who wins; each is rated by openskill as the site rates it, in the order the games finished, and
stored as the site stores it: a finished game row, its two seats, two rating changes; then each player's final
rating per kind. Everything goes in with COPY. A page is loaded through Django's test client (the view, the
query, the template), anonymous; CPU is this process's (``time.process_time``), the database's own time is the
plan's (``EXPLAIN ANALYZE``).
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DB = "wg_bench_ratings"
PG = os.getenv("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
KINDS = [("lingo", 0.55), ("keebble", 0.2), ("lingua-fences", 0.15), ("lexicon-crossing", 0.1)]
CHUNK = 50_000  # games generated and copied at a time


def setup(reuse: bool) -> bool:
    """The database, migrated; True if it already holds the data (``--reuse``)."""
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [DB]).fetchone()
        if not (reuse and exists):
            conn.execute(f"DROP DATABASE IF EXISTS {DB}")
            conn.execute(f"CREATE DATABASE {DB}")
    os.environ.update(
        {
            "DATABASE_URL": f"{PG}/{DB}",
            "DEBUG": "false",
            "SECRET_KEY": "bench-" + "k" * 50,
            "ALLOWED_HOSTS": "testserver",
            "SECURE_SSL_REDIRECT": "false",
            "LOG_LEVEL": "ERROR",
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "DB_CONN_MAX_AGE": "600",
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")
    warnings.filterwarnings("ignore", "No directory at")  # static files are not collected here
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    # No collected static files here: plain storage (the page's links are not what is measured).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }

    call_command("migrate", verbosity=0)
    from wordgames.games.models import Game

    return reuse and Game.objects.exists()


def populate(players: int, games: int, seed: int) -> None:
    from django.db import connection
    from openskill.models import PlackettLuce

    from wordgames.ratings.models import BASE, MU, SIGMA, shown

    rng = random.Random(seed)
    model = PlackettLuce()
    now = datetime.now(UTC)
    start = now - timedelta(days=730)
    started = time.monotonic()
    connection.ensure_connection()
    raw = connection.connection  # psycopg's own connection (autocommit, as Django keeps it), for COPY
    with raw.cursor() as pg:
        with pg.copy(
            "COPY auth_user (id, password, is_superuser, username, first_name, last_name, email, is_staff, "
            "is_active, date_joined) FROM STDIN"
        ) as copy:
            for i in range(1, players + 1):
                copy.write_row((i, "!", False, f"p{i:06d}", "", "", "", False, True, start))
        with pg.copy(
            "COPY accounts_profile (user_id, display_name, time_zone, suspended, suspended_reason, "
            "digest_hour, email_modes, same_subject, computer) FROM STDIN"
        ) as copy:
            for i in range(1, players + 1):
                copy.write_row((i, "", "UTC", False, "", 8, "{}", False, ""))
    # A few play every day, most now and then; a hidden strength decides who wins.
    cumulative = []
    total = 0.0
    for _ in range(players):
        total += rng.paretovariate(1.1)
        cumulative.append(total)
    strength = [rng.gauss(0, 1) for _ in range(players + 1)]
    kinds = [k for k, _ in KINDS]
    kind_weights = [w for _, w in KINDS]
    state: dict[tuple[int, str], list[Any]] = {}  # (user, kind) -> [mu, sigma, games, last played]
    game_id = seat_id = change_id = 0
    span = (now - start).total_seconds()
    for first in range(0, games, CHUNK):
        count = min(CHUNK, games - first)
        picks = rng.choices(range(1, players + 1), cum_weights=cumulative, k=2 * count)
        game_rows, seat_rows, change_rows = [], [], []
        for n in range(count):
            a, b = picks[2 * n], picks[2 * n + 1]
            if a == b:
                b = a % players + 1
            kind = rng.choices(kinds, kind_weights)[0]
            game_id += 1
            finished = start + timedelta(seconds=span * (first + n) / games)
            p = 1 / (1 + math.exp(-(strength[a] - strength[b]) * 1.2))
            draw = rng.random() < 0.02
            a_wins = rng.random() < p
            ranks = [1.0, 1.0] if draw else [1.0, 2.0] if a_wins else [2.0, 1.0]
            high, low = rng.randint(300, 700), rng.randint(150, 450)
            scores = [high, high] if draw else [high, low] if a_wins else [low, high]
            winners = [0, 1] if draw else [0] if a_wins else [1]
            game_rows.append(
                (
                    game_id,
                    kind,
                    "{}",
                    0,
                    "",
                    0,
                    "finished",
                    json.dumps(
                        {"scores": scores, "winners": winners, "reason": "no tiles left", "end": "out-of-tiles"}
                    ),
                    finished - timedelta(days=10),
                    finished - timedelta(days=10),
                    finished,
                    a,
                    timedelta(days=7),
                    False,
                    "",
                    False,
                    False,
                    True,
                )
            )
            ra = state.setdefault((a, kind), [MU, SIGMA, 0, None])
            rb = state.setdefault((b, kind), [MU, SIGMA, 0, None])
            [[na], [nb]] = model.rate(
                [[model.rating(mu=ra[0], sigma=ra[1])], [model.rating(mu=rb[0], sigma=rb[1])]], ranks=ranks
            )
            for position, (user, row, new) in enumerate(((a, ra, na), (b, rb, nb))):
                seat_id += 1
                seat_rows.append(
                    (seat_id, game_id, position, user, "", False, finished - timedelta(days=10), False, -1, 0, 0, 0)
                )
                change_id += 1
                change_rows.append(
                    (
                        change_id,
                        game_id,
                        user,
                        kind,
                        row[0],
                        row[1],
                        new.mu,
                        new.sigma,
                        shown(row[0]) if row[2] else BASE,
                        shown(new.mu),
                        row[2] + 1,
                        finished,
                    )
                )
                row[0], row[1], row[2], row[3] = new.mu, new.sigma, row[2] + 1, finished
        with raw.cursor() as pg:
            with pg.copy(
                "COPY games_game (id, engine, options, seed, bag, version, status, result, created, started, "
                "finished, created_by_id, move_time, private, secret, chat_public, has_computers, rated) "
                "FROM STDIN"
            ) as copy:
                for game_row in game_rows:
                    copy.write_row(game_row)
            with pg.copy(
                "COPY games_seat (id, game_id, position, user_id, invited_email, declined, joined, reminded, "
                "seen_deal, since_version, since_seq, timeouts) FROM STDIN"
            ) as copy:
                for seat_row in seat_rows:
                    copy.write_row(seat_row)
            with pg.copy(
                "COPY ratings_ratingchange (id, game_id, user_id, kind, mu_before, sigma_before, mu_after, "
                "sigma_after, value_before, value_after, games, created) FROM STDIN"
            ) as copy:
                for change_row in change_rows:
                    copy.write_row(change_row)
        print(f"  {first + count:,} games ({time.monotonic() - started:.0f} s)", flush=True)
    with raw.cursor() as pg:
        with pg.copy("COPY ratings_rating (user_id, kind, mu, sigma, value, games, last_played) FROM STDIN") as copy:
            for (user, kind), (mu, sigma, played, last) in state.items():
                copy.write_row((user, kind, mu, sigma, shown(mu), played, last))
        for table in (
            "auth_user",
            "games_game",
            "games_seat",
            "ratings_ratingchange",
            "ratings_rating",
            "accounts_profile",
        ):
            pg.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))")
        pg.execute("VACUUM ANALYZE")
    print(
        f"generated in {time.monotonic() - started:.0f} s: {players:,} players, {games:,} games, "
        f"{len(state):,} ratings",
        flush=True,
    )


def measure(path: str, loads: int) -> tuple[float, float, int, str]:
    """Median CPU and wall time of a page load, its queries, and its one query's SQL."""
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    client = Client()
    cpu, wall = [], []
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    queries = captured.captured_queries  # read now: the next request clears Django's query log
    for _ in range(loads):
        t, w = time.process_time(), time.perf_counter()
        response = client.get(path)
        cpu.append(time.process_time() - t)
        wall.append(time.perf_counter() - w)
        assert response.status_code == 200
    return statistics.median(cpu), statistics.median(wall), len(queries), queries[-1]["sql"]


def explain(sql: str) -> tuple[str, float]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql)
        lines = [row[0] for row in cursor.fetchall()]
    runtime = float(lines[-1].split(":")[1].split()[0])
    return "\n".join(lines), runtime


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--loads", type=int, default=20)
    parser.add_argument("--seed", type=int, default=28)
    parser.add_argument("--reuse", action="store_true", help="keep the database if it is filled already")
    parser.add_argument("--plans", action="store_true", help="print PostgreSQL's plans")
    args = parser.parse_args()
    if not setup(args.reuse):
        populate(args.players, args.games, args.seed)
    from django.conf import settings
    from django.db import connection
    from django.test.utils import CaptureQueriesContext
    from django.utils import timezone

    from wordgames.ratings import queries
    from wordgames.ratings.models import PROVISIONAL_SIGMA, Rating, RatingChange

    since = timezone.now() - timedelta(days=queries.ACTIVE_DAYS)
    print(f"{Rating.objects.count():,} ratings, {RatingChange.objects.count():,} rating changes")
    for kind, _ in KINDS:
        board = Rating.objects.filter(
            kind=kind,
            games__gte=settings.RATING_PROVISIONAL_GAMES,
            sigma__lte=PROVISIONAL_SIGMA,
            last_played__gte=since,
        ).count()
        print(f"  {kind}: {Rating.objects.filter(kind=kind).count():,} rated, {board:,} on the leaderboard")
    board = Rating.objects.filter(
        kind="lingo", games__gte=settings.RATING_PROVISIONAL_GAMES, sigma__lte=PROVISIONAL_SIGMA, last_played__gte=since
    ).count()
    last = max(1, math.ceil(board / queries.PAGE_SIZE))
    print(f"lingo leaderboard, anonymous, median of {args.loads} loads:")
    for page in sorted({1, min(20, last), last}):
        paths = [("by number", f"/ratings/lingo/?page={page}")]
        if page > 1:  # as the pager links it: after the last row of the page before (found untimed)
            paths.insert(
                0,
                (
                    "from the link",
                    f"/ratings/lingo/?page={page}&after={queries.leaderboard('lingo', page - 1).next_cursor}",
                ),
            )
        for how, path in paths:
            cpu, wall, count, sql = measure(path, args.loads)
            plan, runtime = explain(sql)
            index = next(
                (
                    line.strip().split("  (")[0].lstrip("-> ")
                    for line in plan.splitlines()
                    if "ratings_rating" in line and "Scan" in line
                ),
                "?",
            )  # how the ratings are read
            print(
                f"  page {page:>4} {how:>13}: {cpu * 1000:5.1f} ms CPU, {wall * 1000:6.1f} ms wall, {count} "
                f"queries; the query {runtime:6.1f} ms in PostgreSQL ({index})"
            )
            if args.plans:
                print("    " + plan.replace("\n", "\n    "))
    # A rated game's end: what the receiver adds to the transaction that ends it (rolled back each time).
    from django.db import transaction

    from wordgames.games.models import Game, Seat
    from wordgames.ratings.update import rate_game

    cpu, count = [], 0
    for n in range(args.loads):
        with transaction.atomic():
            a, b = 1 + n, 2 + n  # among the busiest players: their rows exist, with long histories
            game = Game.objects.create(
                engine="lingo",
                status=Game.Status.FINISHED,
                rated=True,
                created_by_id=a,
                result={"scores": [300, 200], "winners": [0]},
                finished=timezone.now(),
            )
            Seat.objects.bulk_create([Seat(game=game, position=0, user_id=a), Seat(game=game, position=1, user_id=b)])
            with CaptureQueriesContext(connection) as captured:
                t = time.process_time()
                assert len(rate_game(game)) == 2
                cpu.append(time.process_time() - t)
            count = len(captured)
            transaction.set_rollback(True)
    print(
        f"a rated two-player game's end: {statistics.median(cpu) * 1000:.1f} ms CPU, {count} queries "
        f"(median of {args.loads}, rolled back)"
    )
    # What a page count would add (the pages do not count): the same filters, every row of the kind counted.
    counted = Rating.objects.filter(
        kind="lingo",
        games__gte=settings.RATING_PROVISIONAL_GAMES,
        sigma__lte=PROVISIONAL_SIGMA,
        last_played__gte=since,
        user__is_active=True,
    )
    with CaptureQueriesContext(connection) as captured:
        counted.count()
    _, runtime = explain(captured.captured_queries[-1]["sql"])
    print(f"  (baseline: counting the board for page numbers would add {runtime:.1f} ms in PostgreSQL a page)")


if __name__ == "__main__":
    main()
