"""Public profiles and the lobby with a big history: 100,000 players and 1,000,000 finished games.

    python bench/profile_bench.py [--players 100000] [--games 1000000] [--heavy 10000] [--full 200] [--rounds 20]
                                  [--reuse] [--database wg_bench_profiles]

Runs on its own PostgreSQL database, wg_bench_profiles on the machine's server unless --database names another
(dropped and made again). The
rows are written in bulk (COPY) as the site writes them: players with profiles, two-seat finished games of the
four kinds (1 % private) with each seat's outcome and place, a Lingo rating for every player. ``heavy`` (p0)
has --heavy finished games, ``light`` (p1) has 10, ``full`` (p3) has --full (200: enough to fill every list
a profile shows, 20 finished games, 50 points of each rating's history, 5 opponents), each with four ratings and
every rating change, and five games under way created through the write door, one waiting for them. The other games go to random pairs. Then each page is loaded --rounds times through Django's test client by a logged-in player (p2, who has
met both), the pages in turn in each round, and the median CPU of the web process (``time.process_time``), its
wall time (the database's work included), the time spent in the database driver's calls and its queries are
printed, for the heavy, the light and the full
player. --reuse measures again on the database a previous run left (its --players, --games, --heavy and --full
must be given the same).

Baseline, in the same run: the lobby's old reading of a player's games (their 100 newest, every one's state
loaded and asked whom it waits for), which missed the older games that waited for them.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

DATABASE = "wg_bench_profiles"
KINDS = ["lingo", "lexicon-crossing", "lingua-fences", "keebble"]


def setup(fresh: bool) -> None:
    import psycopg

    if fresh:
        with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {DATABASE}")
            conn.execute(f"CREATE DATABASE {DATABASE}")
    os.environ.update(
        {
            "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DATABASE}",
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "DEBUG": "false",
            "SECRET_KEY": "bench-" + "k" * 50,
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
            "SECURE_SSL_REDIRECT": "false",
            "ALLOWED_HOSTS": "testserver",
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    # No collected static files here: plain storage (the pages' links are not what is measured).
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


def copy_rows(model: Any, template: Any, rows: Any) -> int:
    """COPY ``rows`` (dicts of field attnames) into ``model``'s table, the other columns as in ``template``."""
    from django.db import connection

    fields = model._meta.concrete_fields
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    fixed = [f.get_db_prep_save(getattr(template, f.attname), connection) for f in fields]
    count = 0
    with connection.cursor() as cursor:
        with cursor.cursor.copy(f"COPY {model._meta.db_table} ({columns}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(
                    [
                        f.get_db_prep_save(row[f.attname], connection) if f.attname in row else value
                        for f, value in zip(fields, fixed, strict=True)
                    ]
                )
                count += 1
    return count


def reset_sequences(*models: Any) -> None:
    from django.core.management.color import no_style
    from django.db import connection

    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), list(models)):
            cursor.execute(sql)


def populate(players: int, games: int, heavy: int, full: int, seed: int = 1) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection

    from wordgames.accounts.models import Profile
    from wordgames.games.actions.moves import standing
    from wordgames.games.models import Game, Seat
    from wordgames.ratings.models import Rating, RatingChange

    rng = random.Random(seed)
    User = get_user_model()
    now = datetime.now(UTC)
    started = time.perf_counter()
    person = User(username="template", is_active=True, date_joined=now - timedelta(days=800))
    person.set_unusable_password()
    copy_rows(User, person, ({"id": i + 1, "username": f"p{i}", "email": f"p{i}@example.org"} for i in range(players)))
    copy_rows(Profile, Profile(), ({"id": i + 1, "user_id": i + 1} for i in range(players)))
    print(f"  {players:,} players in {time.perf_counter() - started:.0f} s", flush=True)

    # Who plays each game: p0 (heavy, user 1) its first `heavy`, p1 (light, user 2) the next 10, p3 (full, user 4)
    # the next `full`, then random pairs of the others; p2 (user 3) meets all three.
    owners = [(heavy, 1), (heavy + 10, 2), (heavy + 10 + full, 4)]

    def pair(n: int) -> tuple[int, int]:
        for end, owner in owners:
            if n < end:
                return owner, (3 if n % 7 == 0 else rng.randrange(5, players + 1))
        a = rng.randrange(5, players + 1)
        b = rng.randrange(5, players + 1)
        return (a, b) if a != b else (a, 5 + b % (players - 4) if 5 + b % (players - 4) != a else 3)

    start = now - timedelta(days=730)
    step = timedelta(days=720) / games
    results: list[tuple[int, int, dict[str, Any]]] = []
    template = Game(engine="lingo", status=Game.Status.FINISHED, created_by_id=1, options={}, version=40)

    def game_rows() -> Any:
        for n in range(games):
            first, second = pair(n)
            if rng.random() < 0.5:
                first, second = second, first
            scores = [rng.randrange(150, 450), rng.randrange(150, 450)]
            best = max(scores)
            result = {
                "scores": scores,
                "winners": [s for s in (0, 1) if scores[s] == best],
                "reason": "bench",
                "end": "out_of_tiles",
            }
            results.append((first, second, result))
            when = start + step * n
            yield {
                "id": n + 1,
                "engine": KINDS[n % 4],
                "private": n % 100 == 99,
                "rated": True,
                "result": result,
                "created_by_id": first,
                "created": when,
                "started": when + timedelta(hours=1),
                "finished": when + timedelta(days=9),
                "turn_started": when + timedelta(days=9),
            }

    copy_rows(Game, template, game_rows())
    print(f"  {games:,} finished games in {time.perf_counter() - started:.0f} s", flush=True)

    def seat_rows() -> Any:
        for n, (first, second, result) in enumerate(results):
            ends = standing(result)
            for position, user in ((0, first), (1, second)):
                outcome, place = ends[position]
                yield {
                    "id": 2 * n + position + 1,
                    "game_id": n + 1,
                    "position": position,
                    "user_id": user,
                    "joined": start + step * n,
                    "live": False,
                    "outcome": outcome,
                    "place": place,
                }

    copy_rows(Seat, Seat(), seat_rows())
    print(f"  {2 * games:,} seats in {time.perf_counter() - started:.0f} s", flush=True)

    counted = {1: heavy, 2: 10, 4: full}
    copy_rows(
        Rating,
        Rating(),
        (
            {
                "id": i + 1,
                "user_id": i + 1,
                "kind": "lingo",
                "value": rng.randrange(1200, 1900),
                "games": rng.randrange(1, 60),
                "last_played": now,
            }
            for i in range(players)
            if i + 1 not in counted
        ),
    )
    copy_rows(
        Rating,
        Rating(),
        (
            {
                "id": players + 1 + n,
                "user_id": u,
                "kind": k,
                "value": 1500 + rng.randrange(-300, 300),
                "games": counted[u],
                "last_played": now,
            }
            for n, (u, k) in enumerate((u, k) for u in counted for k in KINDS)
        ),
    )

    def changes() -> Any:
        value = {(u, k): 1500 for u in counted for k in KINDS}
        for n in range(min(heavy + 10 + full, len(results))):
            user = next(owner for end, owner in owners if n < end)
            key = (user, KINDS[n % 4])
            after = value[key] + rng.randrange(-16, 17)
            yield {
                "id": n + 1,
                "game_id": n + 1,
                "user_id": user,
                "kind": KINDS[n % 4],
                "mu_before": 25.0,
                "sigma_before": 8.3,
                "mu_after": 25.0,
                "sigma_after": 8.3,
                "value_before": value[key],
                "value_after": after,
                "created": start + step * n + timedelta(days=9),
            }
            value[key] = after

    copy_rows(RatingChange, RatingChange(), changes())
    reset_sequences(User, Profile, Game, Seat, Rating, RatingChange)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE")
    print(f"  ratings and changes, analysed, in {time.perf_counter() - started:.0f} s", flush=True)


def running_games(names: tuple[str, ...] = ("p0", "p1", "p3")) -> None:
    """Five games under way for each of p0, p1 and p3, through the write door; the first waits for them."""
    from django.contrib.auth import get_user_model

    from wordgames.games import actions

    User = get_user_model()
    for name in names:
        player = User.objects.get(username=name)
        for n in range(5):
            other = User.objects.get(username=f"p{10 + n}")
            first, second = (player, other) if n == 0 else (other, player)
            game = actions.create_game(first, "lingo", {"preset": "classic"}, [second.username], seed=n, internal=True)
            actions.join_game(game.pk, second)


def old_lobby_read(user: Any) -> list[Any]:
    """The lobby's reading of a player's games before issue 28: the 100 newest, states loaded."""
    from django.db.models import Prefetch, Q

    from wordgames.engines import get_engine
    from wordgames.games.models import Game, Seat

    games = (
        Game.objects.filter(Q(seats__user=user) | Q(seats__partners=user))
        .distinct()
        .exclude(status=Game.Status.ABANDONED)
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .order_by("-id")[:100]
    )
    return [get_engine(g.engine).waiting_for(g.state) if g.status == Game.Status.ACTIVE else set() for g in games]


def measure(pages: list[tuple[str, Any]], rounds: int) -> list[tuple[str, float, float, float, int]]:
    """Each page's median CPU, wall and database time (ms: the time spent in the database driver's calls, waiting
    for PostgreSQL included) and its queries. Rounds go through every page in turn, so a burst of load on the
    machine falls on all of them alike."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    in_database = [0.0]

    def timed(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        began = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            in_database[0] += time.perf_counter() - began

    counts = []
    for _, call in pages:
        with CaptureQueriesContext(connection) as queries:
            call()  # warm, and its queries counted
        counts.append(len(queries))
    cpu: list[list[float]] = [[] for _ in pages]
    wall: list[list[float]] = [[] for _ in pages]
    database: list[list[float]] = [[] for _ in pages]
    with connection.execute_wrapper(timed):
        for _ in range(rounds):
            for n, (_, call) in enumerate(pages):
                in_database[0] = 0.0
                began, began_cpu = time.perf_counter(), time.process_time()
                call()
                cpu[n].append(time.process_time() - began_cpu)
                wall[n].append(time.perf_counter() - began)
                database[n].append(in_database[0])
    return [
        (
            label,
            statistics.median(cpu[n]) * 1000,
            statistics.median(wall[n]) * 1000,
            statistics.median(database[n]) * 1000,
            counts[n],
        )
        for n, (label, _) in enumerate(pages)
    ]


def main() -> None:
    global DATABASE
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--heavy", type=int, default=10_000)
    parser.add_argument("--full", type=int, default=200, help="finished games of p3 (enough to fill every list)")
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--reuse", action="store_true", help="measure again on the database a previous run made")
    parser.add_argument("--database", default=DATABASE, help="the PostgreSQL database to (re)make or reuse")
    args = parser.parse_args()
    DATABASE = args.database
    setup(fresh=not args.reuse)
    import warnings

    warnings.filterwarnings("ignore", message="No directory at")  # no collected static files in a bench
    if not args.reuse:
        print(f"populating {DATABASE}:", flush=True)
        populate(args.players, args.games, args.heavy, args.full)
        running_games()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from wordgames.players.records import FINISHED_PER_PAGE

    User = get_user_model()
    heavy, light, viewer = (User.objects.get(username=n) for n in ("p0", "p1", "p2"))
    visitor = Client()
    visitor.force_login(viewer)
    own = {name: Client() for name in ("p0", "p1")}
    for name, client in own.items():
        client.force_login(User.objects.get(username=name))

    def get(client: Any, url: str, contains: str = "") -> Any:
        def call() -> None:
            response = client.get(url)
            assert response.status_code in (200, 302), (url, response.status_code)
            assert contains in response.content.decode(), (url, contains)

        return call

    middle = max(1, args.heavy // FINISHED_PER_PAGE // 2)
    many = f"{args.heavy:,} finished games"
    pages = [
        (f"profile, {many} (p0)", get(visitor, "/players/p0/", "against you")),
        ("profile, 10 finished games (p1)", get(visitor, "/players/p1/", "against you")),
        (f"profile, {args.full:,} finished games (p3: every list full)", get(visitor, "/players/p3/", "against you")),
        (f"profile p0, finished games page {middle}", get(visitor, f"/players/p0/?page={middle}", f"Page {middle}")),
        (f"lobby of p0 ({many})", get(own["p0"], "/", "Next game where it is my turn (1)")),
        ("lobby of p1 (10 finished games)", get(own["p1"], "/", "Next game where it is my turn (1)")),
        ("next game of p0", get(own["p0"], "/next/")),
        ("baseline: old lobby read of p0's games", lambda: old_lobby_read(heavy)),
        ("baseline: old lobby read of p1's games", lambda: old_lobby_read(light)),
    ]
    print(f"{args.players:,} players, {args.games:,} finished games, PostgreSQL; median of {args.rounds} loads")
    print("| page | CPU (web process) | wall (database included) | in the database | queries |")
    print("|---|---|---|---|---|")
    for label, cpu, wall, database, queries in measure(pages, args.rounds):
        print(f"| {label} | {cpu:.1f} ms | {wall:.1f} ms | {database:.1f} ms | {queries} |")


if __name__ == "__main__":
    main()
