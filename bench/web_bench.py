"""Web: Lingo moves a second through HTTP on gunicorn and PostgreSQL, against a trivial Django view
(/healthz: same middleware, same server, same clients) measured in the same run.

    python bench/web_bench.py [--games 32] [--moves 8] [--clients 8] [--workers 4]

It creates its own database (wordgames_bench, dropped first), plays no move before the timing except to
work out each game's moves with the engine, then starts gunicorn on a free loopback port. Notifications are
queued on Redis (database 14, purged afterwards) as in production, where a worker sends them; no worker runs.
The baseline's clients send the same players' session cookies, so both go through the same middleware with the
same work (session, user and profile); what differs is the move itself.
"""

from __future__ import annotations

import argparse
import http.client
import os
import random
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlencode

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

DB = os.getenv("BENCH_DB", "wordgames_bench")  # another name lets two checkouts measure at once
PG = os.getenv("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
BROKER = os.getenv("BENCH_BROKER", "redis://127.0.0.1:6379/14")
CSRF = "b" * 32  # an unmasked CSRF secret, sent as both cookie and form field
ENV = {
    "DATABASE_URL": f"{PG}/{DB}",
    "DEBUG": "false",
    "SECRET_KEY": "bench-" + "k" * 50,
    "ALLOWED_HOSTS": "127.0.0.1",
    "SECURE_SSL_REDIRECT": "false",
    "CELERY_BROKER_URL": BROKER,
    "DB_CONN_MAX_AGE": "60",
    "LOG_LEVEL": "ERROR",
}


def recreate_database() -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB}")
        conn.execute(f"CREATE DATABASE {DB}")


def set_up(games: int, moves: int, seed: int) -> list[dict]:
    """Users, started games, and each game's moves worked out with the engine (not timed)."""
    os.environ.update(ENV)
    os.environ["DJANGO_SETTINGS_MODULE"] = "wordgames.settings"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from django.test import Client
    from engine_bench import random_move

    from wordgames.engines import get_engine
    from wordgames.games import actions
    from wordgames.games.models import Game

    call_command("migrate", verbosity=0)
    User = get_user_model()
    engine = get_engine("lingo")
    rnd = random.Random(seed)
    plans = []
    for g in range(games):
        a = User.objects.create_user(f"a{g}", f"a{g}@example.com", "x")
        b = User.objects.create_user(f"b{g}", f"b{g}@example.com", "x")
        game = actions.create_game(a, "lingo", {"preset": "pbem"}, [b.username], seed=seed + g, internal=True)
        actions.join_game(game.pk, b)
        game = Game.objects.get(pk=game.pk)
        state, sequence = game.state, []
        for _ in range(moves):
            seat = state["turn"]
            move = random_move(state, rnd)
            sequence.append((seat, move))
            state, _ = engine.apply(state, seat, move)
            if engine.result(state) is not None:
                break
        cookies = []
        for user in (a, b):
            client = Client()
            client.force_login(user)
            cookies.append(client.cookies["sessionid"].value)
        plans.append({"id": game.pk, "version": game.version, "moves": sequence, "cookies": cookies})
    return plans


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until_up(port: int) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            conn.request("GET", "/healthz")
            if conn.getresponse().status == 200:
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("gunicorn did not start")


def run_moves(port: int, plans: list[dict], clients: int) -> tuple[float, list[float], int]:
    """Each client thread plays its share of the games to the end of their planned moves."""
    latencies: list[float] = []
    failures = [0]
    lock = threading.Lock()

    def play(share: list[dict]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        mine, bad = [], 0
        for plan in share:
            version = plan["version"]
            for n, (seat, move) in enumerate(plan["moves"]):
                body = urlencode(
                    {"move": move, "version": version, "key": f"{plan['id']}-{n}", "csrfmiddlewaretoken": CSRF}
                )
                headers = {
                    "Content-Type": "application/x-www-form-urlencoded",
                    "Cookie": f"sessionid={plan['cookies'][seat]}; csrftoken={CSRF}",
                }
                start = time.perf_counter()
                conn.request("POST", f"/games/{plan['id']}/move/", body, headers)
                response = conn.getresponse()
                response.read()
                mine.append(time.perf_counter() - start)
                if response.status != 302:
                    bad += 1
                version += 1
        with lock:
            latencies.extend(mine)
            failures[0] += bad

    shares = [plans[i::clients] for i in range(clients)]
    threads = [threading.Thread(target=play, args=(share,)) for share in shares]
    start = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.perf_counter() - start, latencies, failures[0]


def server_cpu(pid: int) -> float:
    """CPU seconds of gunicorn's master and workers so far (from /proc)."""
    total = 0.0
    children = Path(f"/proc/{pid}/task/{pid}/children")
    for p in [pid] + [int(c) for c in (children.read_text().split() if children.exists() else [])]:
        fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return total


def interleaved(
    port: int, pid: int, plans: list[dict], clients: int, rounds: int, window: float, cookies: list[str]
) -> dict[str, list[float]]:
    """Moves and the logged-in /healthz baseline in alternating windows of ``window`` seconds, ``rounds`` each:
    load drift hits both alike. Per phase: requests, seconds, and gunicorn's CPU seconds."""
    shares = [plans[i::clients] for i in range(clients)]
    where = [[0, 0] for _ in range(clients)]  # per client: which of its games, which move of it
    versions = {plan["id"]: plan["version"] for plan in plans}
    totals = {"moves": [0.0, 0.0, 0.0], "healthz": [0.0, 0.0, 0.0]}  # requests, seconds, CPU
    failures = [0]

    def move_window(i: int, stop: float, counts: list[int]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.perf_counter() < stop and where[i][0] < len(shares[i]):
            plan = shares[i][where[i][0]]
            if where[i][1] >= len(plan["moves"]):
                where[i] = [where[i][0] + 1, 0]
                continue
            n = where[i][1]
            seat, move = plan["moves"][n]
            body = urlencode(
                {"move": move, "version": versions[plan["id"]], "key": f"{plan['id']}-{n}", "csrfmiddlewaretoken": CSRF}
            )
            headers = {
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": f"sessionid={plan['cookies'][seat]}; csrftoken={CSRF}",
            }
            conn.request("POST", f"/games/{plan['id']}/move/", body, headers)
            response = conn.getresponse()
            response.read()
            failures[0] += response.status != 302
            versions[plan["id"]] += 1
            where[i][1] += 1
            counts[i] += 1

    def healthz_window(i: int, stop: float, counts: list[int]) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Cookie": f"sessionid={cookies[i % len(cookies)]}; csrftoken={CSRF}"}
        while time.perf_counter() < stop:
            conn.request("GET", "/healthz", headers=headers)
            conn.getresponse().read()
            counts[i] += 1

    for _ in range(rounds):
        for phase, target in (("moves", move_window), ("healthz", healthz_window)):
            counts = [0] * clients
            cpu, began = server_cpu(pid), time.perf_counter()
            threads = [threading.Thread(target=target, args=(i, began + window, counts)) for i in range(clients)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            totals[phase][0] += sum(counts)
            totals[phase][1] += time.perf_counter() - began
            totals[phase][2] += server_cpu(pid) - cpu
    totals["failures"] = [float(failures[0])]
    return totals


def run_healthz(port: int, clients: int, seconds: float, cookies: list[str]) -> tuple[int, float]:
    """The baseline: the same clients, logged in as players, asking for a view that does nothing."""
    counts = [0] * clients
    stop = time.perf_counter() + seconds

    def hammer(i: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        headers = {"Cookie": f"sessionid={cookies[i % len(cookies)]}; csrftoken={CSRF}"} if cookies else {}
        while time.perf_counter() < stop:
            conn.request("GET", "/healthz", headers=headers)
            conn.getresponse().read()
            counts[i] += 1

    start = time.perf_counter()
    threads = [threading.Thread(target=hammer, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts), time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=32)
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--seconds", type=float, default=10.0, help="length of the /healthz baseline")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--rounds", type=int, default=0, help="measure moves and the baseline in this many alternating windows instead"
    )
    parser.add_argument("--window", type=float, default=2.0, help="seconds of each alternating window")
    args = parser.parse_args()
    if args.rounds:
        return main_interleaved(args)

    recreate_database()
    plans = set_up(args.games, args.moves, args.seed)
    total_moves = sum(len(p["moves"]) for p in plans)
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "wordgames.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env={**os.environ, **ENV},
    )
    try:
        wait_until_up(port)
        cookies = [plan["cookies"][0] for plan in plans]
        run_healthz(port, args.clients, 1.0, cookies)  # warm every worker up
        requests, healthz_time = run_healthz(port, args.clients, args.seconds, cookies)
        anonymous, anonymous_time = run_healthz(port, args.clients, args.seconds, [])
        moves_time, latencies, failures = run_moves(port, plans, args.clients)
    finally:
        server.terminate()
        server.wait(timeout=30)
        import redis

        redis.Redis.from_url(BROKER).flushdb()

    healthz_rate = requests / healthz_time
    move_rate = (total_moves - failures) / moves_time
    latencies.sort()
    print(
        f"command: python bench/web_bench.py --games {args.games} --moves {args.moves} "
        f"--clients {args.clients} --workers {args.workers} --seconds {args.seconds:g}"
    )
    print(
        f"python {sys.version.split()[0]}; gunicorn sync workers: {args.workers}; clients: {args.clients}; "
        f"{total_moves} moves in {len(plans)} games; failed moves: {failures}\n"
    )
    print("| measure | value |")
    print("|---|---|")
    print(f"| GET /healthz as a logged-in player (baseline) | {healthz_rate:.0f} requests/s |")
    print(f"| GET /healthz anonymous (for reference) | {anonymous / anonymous_time:.0f} requests/s |")
    print(f"| POST a Lingo move | {move_rate:.0f} moves/s |")
    print(
        f"| ratio moves / baseline | {move_rate / healthz_rate:.1%} (target at least 15 %); against anonymous: {move_rate / (anonymous / anonymous_time):.1%} |"
    )
    print(
        f"| move latency, median / p95 | {statistics.median(latencies) * 1000:.1f} ms / "
        f"{latencies[int(len(latencies) * 0.95)] * 1000:.1f} ms |"
    )
    if failures:
        sys.exit(f"{failures} moves were refused: the benchmark is not valid")


def main_interleaved(args: argparse.Namespace) -> None:
    recreate_database()
    plans = set_up(args.games, args.moves, args.seed)
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "wordgames.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env={**os.environ, **ENV},
    )
    try:
        wait_until_up(port)
        cookies = [plan["cookies"][0] for plan in plans]
        run_healthz(port, args.clients, 1.0, cookies)  # warm every worker up
        totals = interleaved(port, server.pid, plans, args.clients, args.rounds, args.window, cookies)
    finally:
        server.terminate()
        server.wait(timeout=30)
        import redis

        redis.Redis.from_url(BROKER).flushdb()
    moves, healthz = totals["moves"], totals["healthz"]
    move_rate, base_rate = moves[0] / moves[1], healthz[0] / healthz[1]
    move_cpu, base_cpu = moves[2] / max(1, moves[0]), healthz[2] / max(1, healthz[0])
    print(
        f"command: python bench/web_bench.py --games {args.games} --moves {args.moves} --clients {args.clients} "
        f"--workers {args.workers} --rounds {args.rounds} --window {args.window:g}"
    )
    print(
        f"{int(moves[0])} moves and {int(healthz[0])} baseline requests in {args.rounds} alternating windows of "
        f"{args.window:g} s each; failed moves: {int(totals['failures'][0])}\n"
    )
    print("| measure | moves | /healthz logged in (baseline) | ratio |")
    print("|---|---|---|---|")
    print(f"| throughput | {move_rate:.0f} /s | {base_rate:.0f} /s | **{move_rate / base_rate:.1%}** |")
    print(
        f"| gunicorn CPU a request | {move_cpu * 1000:.2f} ms | {base_cpu * 1000:.2f} ms | "
        f"**{base_cpu / move_cpu:.1%}** |"
    )
    if totals["failures"][0]:
        sys.exit("some moves were refused: the benchmark is not valid")


if __name__ == "__main__":
    main()
