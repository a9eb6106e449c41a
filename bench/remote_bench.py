"""The parts on machines of their own (docs/scaling.md, steps 2, 5 and 7), each against the same part on this
machine's loopback in the same run.

    python bench/remote_bench.py postgres [--games 72 --moves 8 --workers 4 --delay-ms 0.19]
    python bench/remote_bench.py redis [--n 2000 --delay-ms 0.19]
    python bench/remote_bench.py esp [--games 100 --rounds 2 --delays test,0,20,50]

``postgres`` and ``redis`` put the service behind ``bench/netns.py`` (a network namespace, a veth pair and a
forwarder adding ``--delay-ms`` each way: 0.19 ms gives a measured round trip of about 0.5 ms, printed with the
results). ``postgres`` sets up ``bench/web_bench.py``'s games (its database ``BENCH_DB``, default
wordgames_remote_bench) and starts two gunicorns on that database, one on the loopback, one through the
forwarder; moves alternate between them, one at a time (a third of the games: latency), then from eight
clients in alternating windows (the rest: throughput, and gunicorn's CPU a move). ``redis`` times, in one process per
address, what a move and beat ask of Redis: queueing the sender of notices (a Celery publish, what a move does
on a quiet site), a live announcement (``LIVE_BROKER_URL`` on Redis), and beat's lock (taken, renewed, let go).
``esp`` sends the notifications that moves owe through anymail's Postmark backend (its real HTTP code: the
requests session, the JSON payload and the parsing of the answer) to a local HTTP server speaking Postmark's API
that answers each email after ``--delays`` milliseconds (``test``: anymail's test backend, no HTTP, the
baseline); one worker's code (``drain_notices``, one connection for a batch), on the machine's PostgreSQL. Needs root for the namespace.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from netns import remote  # noqa: E402

PG_PORT, REDIS_PORT = 5432, 6379
REDIS_DB = os.getenv("BENCH_REDIS_DB", "14")


def median_p95(times: list[float]) -> tuple[float, float]:
    times = sorted(times)
    return statistics.median(times) * 1000, times[int(len(times) * 0.95)] * 1000


def pg_round_trip(url: str, n: int = 500) -> float:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        times = []
        for _ in range(n):
            start = time.perf_counter()
            conn.execute("SELECT 1").fetchone()
            times.append(time.perf_counter() - start)
    return median_p95(times)[0]


def eleven_statements(urls: dict[str, str], n: int = 300) -> dict[str, float]:
    """Median time of a move's 11 statements' round trips alone (11 x SELECT 1), the routes alternating."""
    import psycopg

    conns = {w: psycopg.connect(url + "/postgres", autocommit=True) for w, url in urls.items()}
    times: dict[str, list[float]] = {w: [] for w in urls}
    try:
        for _ in range(n):
            for w, conn in conns.items():
                start = time.perf_counter()
                for _ in range(11):
                    conn.execute("SELECT 1").fetchone()
                times[w].append(time.perf_counter() - start)
    finally:
        for conn in conns.values():
            conn.close()
    return {w: statistics.median(t) * 1000 for w, t in times.items()}


def postgres(args: argparse.Namespace) -> None:  # noqa: C901 - one measurement, read top to bottom
    """Two gunicorns on the same database, one on the loopback and one through the forwarder; moves alternate
    between them, one at a time (latency) and then from eight clients in alternating windows (throughput)."""
    import http.client
    import threading
    from urllib.parse import urlencode

    local = f"postgres://postgres@127.0.0.1:{PG_PORT}"
    os.environ.update({"BENCH_DB": os.getenv("BENCH_DB", "wordgames_remote_bench"), "BENCH_PG": local,
                       "BENCH_BROKER": f"redis://127.0.0.1:{REDIS_PORT}/{REDIS_DB}"})  # fmt: skip
    import web_bench

    web_bench.recreate_database()
    plans = web_bench.set_up(args.games, args.moves, 1)
    versions = {plan["id"]: plan["version"] for plan in plans}
    step = {plan["id"]: 0 for plan in plans}
    lock = threading.Lock()

    def move(conn: http.client.HTTPConnection, plan: dict) -> float | None:
        n = step[plan["id"]]
        seat, text = plan["moves"][n]
        body = urlencode({"move": text, "version": versions[plan["id"]], "key": f"{plan['id']}-{n}",
                          "csrfmiddlewaretoken": web_bench.CSRF})  # fmt: skip
        headers = {"Content-Type": "application/x-www-form-urlencoded",
                   "Cookie": f"sessionid={plan['cookies'][seat]}; csrftoken={web_bench.CSRF}"}  # fmt: skip
        start = time.perf_counter()
        conn.request("POST", f"/games/{plan['id']}/move/", body, headers)
        response = conn.getresponse()
        response.read()
        took = time.perf_counter() - start
        if response.status != 302:
            raise RuntimeError(f"move refused: {response.status}")
        versions[plan["id"]] += 1
        step[plan["id"]] += 1
        return took

    with remote(PG_PORT, args.delay_ms) as (host, port):
        urls = {"loopback": local, "remote": f"postgres://postgres@{host}:{port}"}
        rtt = {where: pg_round_trip(url + "/postgres") for where, url in urls.items()}
        eleven = eleven_statements(urls)
        servers, ports = {}, {}
        try:
            for where, url in urls.items():
                ports[where] = web_bench.free_port()
                servers[where] = subprocess.Popen(
                    [sys.executable, "-m", "gunicorn", "wordgames.wsgi", "--bind", f"127.0.0.1:{ports[where]}",
                     "--workers", str(args.workers), "--log-level", "warning"],
                    cwd=ROOT, env={**os.environ, **web_bench.ENV, "DATABASE_URL": f"{url}/{os.environ['BENCH_DB']}"},
                )  # fmt: skip
            for where in urls:
                web_bench.wait_until_up(ports[where])
                web_bench.run_healthz(ports[where], 4, 1.0, [plans[0]["cookies"][0]])  # warm up
            # Latency: a third of the games, one move at a time, each to one of the servers at random.
            third = plans[: len(plans) // 3]
            conns = {w: http.client.HTTPConnection("127.0.0.1", ports[w], timeout=30) for w in urls}
            latency: dict[str, list[float]] = {w: [] for w in urls}
            rnd = random.Random(7)  # which server plays each move: no seat, no move number always on one side
            for plan in third:
                while step[plan["id"]] < len(plan["moves"]):
                    where = rnd.choice(("loopback", "remote"))
                    latency[where].append(move(conns[where], plan))
            # Throughput: the rest, eight clients, windows alternating between the servers.
            rest = plans[len(plans) // 3 :]
            shares = [rest[i::8] for i in range(8)]
            totals = {w: [0, 0.0, 0.0] for w in urls}  # moves, seconds, gunicorn CPU seconds

            def client(i: int, where: str, stop: float, counts: list[int]) -> None:
                conn = http.client.HTTPConnection("127.0.0.1", ports[where], timeout=30)
                for plan in shares[i]:
                    while step[plan["id"]] < len(plan["moves"]):
                        if time.perf_counter() >= stop:
                            return
                        move(conn, plan)
                        with lock:
                            counts[0] += 1

            window = 0
            while any(step[p["id"]] < len(p["moves"]) for p in rest):
                where = ("loopback", "remote")[window % 2]
                counts = [0]
                cpu, began = web_bench.server_cpu(servers[where].pid), time.perf_counter()
                threads = [threading.Thread(target=client, args=(i, where, began + args.window, counts))
                           for i in range(8)]  # fmt: skip
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                if time.perf_counter() - began >= args.window * 0.9:  # a full window (the last may run dry)
                    totals[where][0] += counts[0]
                    totals[where][1] += time.perf_counter() - began
                    totals[where][2] += web_bench.server_cpu(servers[where].pid) - cpu
                window += 1
        finally:
            for server in servers.values():
                server.terminate()
                server.wait(timeout=30)
            import redis

            redis.Redis.from_url(os.environ["BENCH_BROKER"]).flushdb()
    print(
        f"command: python bench/remote_bench.py postgres --games {args.games} --moves {args.moves} "
        f"--workers {args.workers} --delay-ms {args.delay_ms:g} --window {args.window:g}\n"
    )
    print("| measure | PostgreSQL on the loopback | PostgreSQL through the forwarder |")
    print("|---|---|---|")
    print(f"| SELECT 1, median round trip | {rtt['loopback']:.3f} ms | {rtt['remote']:.3f} ms |")
    print(
        f"| 11 x SELECT 1 (a move's round trips alone), median | {eleven['loopback']:.2f} ms | "
        f"{eleven['remote']:.2f} ms |"
    )
    for label, pick in (("median", 0.5), ("p95", 0.95)):
        cells = " | ".join(f"{sorted(latency[w])[int(len(latency[w]) * pick)] * 1000:.1f} ms" for w in urls)
        print(
            f"| a move, one at a time, {label} ({len(latency['loopback'])} and {len(latency['remote'])} moves) "
            f"| {cells} |"
        )
    cells = " | ".join(f"{totals[w][0] / totals[w][1]:.0f} moves/s" for w in urls)
    print(
        f"| moves from 8 clients, alternating {args.window:g} s windows ({totals['loopback'][0]} and "
        f"{totals['remote'][0]} moves) | {cells} |"
    )
    cells = " | ".join(f"{totals[w][2] / max(1, totals[w][0]) * 1000:.2f} ms" for w in urls)
    print(f"| gunicorn CPU a move | {cells} |")


def redis_child() -> None:
    """In a process whose CELERY_BROKER_URL and LIVE_BROKER_URL name the Redis to time: prints JSON."""
    import django

    django.setup()
    import redis

    from wordgames import celery_app
    from wordgames.beat import KEY, BeatLock
    from wordgames.games import relay
    from wordgames.lib import live

    n = int(os.environ["BENCH_N"])
    url = os.environ["CELERY_BROKER_URL"]
    client = redis.Redis.from_url(url)
    results = {}

    def timed(name: str, action: object) -> None:
        for _ in range(50):  # connections opened, pools filled
            action()  # type: ignore[operator]
        times = []
        for _ in range(n):
            start = time.perf_counter()
            action()  # type: ignore[operator]
            times.append(time.perf_counter() - start)
        results[name] = median_p95(times)

    timed("PING (one round trip)", client.ping)
    timed("queue the sender of notices (send_notices.apply_async)", lambda: relay.send_notices.apply_async())
    celery_app.control.purge()
    timed("a live announcement (live.publish)", lambda: live.publish(["game:1"], {"game": 1, "version": 2}))
    lock = BeatLock(url, 60)

    def take_and_let_go() -> None:
        assert lock.hold()
        lock.release()

    timed("beat lock taken and let go", take_and_let_go)
    assert lock.hold()
    lock.renewed = -1e9

    def renew() -> None:
        lock.renewed = -1e9  # due for renewal each time
        assert lock.hold()

    timed("beat lock renewed (hold(), every 20 s)", renew)
    lock.release()
    client.delete(KEY)
    print(json.dumps(results))


def redis_bench(args: argparse.Namespace) -> None:
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "wordgames.settings", "DEBUG": "false",
           "SECRET_KEY": "bench-" + "k" * 50, "DATABASE_URL": "sqlite:////tmp/wordgames_remote_bench.sqlite3",
           "BENCH_N": str(args.n), "LOG_LEVEL": "ERROR"}  # fmt: skip
    cmd = [sys.executable, __file__, "redis-child"]
    found = {}
    for where in ("loopback", "remote", "loopback again"):
        if where == "remote":
            with remote(REDIS_PORT, args.delay_ms) as (host, port):
                url = f"redis://{host}:{port}/{REDIS_DB}"
                out = subprocess.run(cmd, env={**env, "CELERY_BROKER_URL": url, "LIVE_BROKER_URL": url},
                                     capture_output=True, text=True, check=True).stdout  # fmt: skip
        else:
            url = f"redis://127.0.0.1:{REDIS_PORT}/{REDIS_DB}"
            out = subprocess.run(cmd, env={**env, "CELERY_BROKER_URL": url, "LIVE_BROKER_URL": url},
                                 capture_output=True, text=True, check=True).stdout  # fmt: skip
        found[where] = json.loads(out.strip().splitlines()[-1])
    print(f"command: python bench/remote_bench.py redis --n {args.n} --delay-ms {args.delay_ms:g}\n")
    print("| what (median / p95, ms) | loopback | Redis 0.5 ms away | loopback again |")
    print("|---|---|---|---|")
    for name in found["loopback"]:
        cells = " | ".join("{:.3f} / {:.3f}".format(*found[w][name]) for w in found)
        print(f"| {name} | {cells} |")


def esp_server(port: int, delay: object, connections: object, requests: object) -> None:
    """Postmark's /email, answering each message after ``delay.value`` seconds (HTTP/1.1, keep-alive)."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        disable_nagle_algorithm = True  # as a real API's server: no 40 ms wait for a delayed ACK

        def setup(self) -> None:
            super().setup()
            with connections.get_lock():  # type: ignore[attr-defined]
                connections.value += 1  # type: ignore[attr-defined]

        def do_POST(self) -> None:  # noqa: N802
            payload = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            time.sleep(delay.value)  # type: ignore[attr-defined]
            body = json.dumps({"To": payload["To"], "SubmittedAt": "2026-11-26T06:00:00Z", "ErrorCode": 0,
                               "MessageID": str(uuid.uuid4()), "Message": "OK"}).encode()  # fmt: skip
            with requests.get_lock():  # type: ignore[attr-defined]
                requests.value += 1  # type: ignore[attr-defined]
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()


def esp(args: argparse.Namespace) -> None:
    import multiprocessing
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    delay, conns, reqs = multiprocessing.Value("d", 0.0), multiprocessing.Value("i", 0), multiprocessing.Value("i", 0)
    server = multiprocessing.Process(target=esp_server, args=(port, delay, conns, reqs), daemon=True)
    server.start()
    try:
        rows = esp_measure(args, port, delay, conns, reqs)
    finally:
        server.terminate()
        server.join(5)
    print(
        f"command: python bench/remote_bench.py esp --games {args.games} --rounds {args.rounds} "
        f"--delays {args.delays}\n"
    )
    print("| ESP answers after | emails sent | emails a second | worker CPU an email | HTTP connections opened |")
    print("|---|---|---|---|---|")
    for d, sent, rate, cpu, opened, batches in rows:
        label = "(anymail's test backend: no HTTP)" if d == "test" else f"{d} ms"
        print(f"| {label} | {sent} | {rate:.0f} | {cpu:.2f} ms | {opened} (for {batches} batches) |")


def esp_measure(args: argparse.Namespace, port: int, delay: object, conns: object, reqs: object) -> list[tuple]:
    import psycopg

    db = os.getenv("BENCH_DB", "wordgames_remote_bench")
    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {db}")
        conn.execute(f"CREATE DATABASE {db}")
    os.environ.update({"DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{db}", "DEBUG": "false",
                       "CELERY_BROKER_URL": "memory://", "CELERY_TASK_ALWAYS_EAGER": "false",
                       "SECRET_KEY": "bench-" + "k" * 50, "SECURE_SSL_REDIRECT": "false",
                       "EMAIL_BACKEND": "anymail.backends.postmark.EmailBackend",
                       "ANYMAIL_POSTMARK_SERVER_TOKEN": "bench-token",
                       "ANYMAIL_POSTMARK_API_URL": f"http://127.0.0.1:{port}/",
                       "DJANGO_SETTINGS_MODULE": "wordgames.settings"})  # fmt: skip
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.management import call_command

    from wordgames.engines import get_engine
    from wordgames.games import actions, relay
    from wordgames.games.models import Game, Notice

    call_command("migrate", verbosity=0)
    users = [get_user_model().objects.create_user(n, f"{n}@example.com", "x") for n in ("ann", "bob")]
    engine = get_engine("lingo")
    games = []
    for seed in range(args.games):
        game = actions.create_game(users[0], "lingo", {"preset": "pbem"}, ["bob"], seed=seed, internal=True)
        actions.join_game(game.pk, users[1])
        games.append(game.pk)
    relay.drain_notices()  # the games' "started" emails: not timed
    from django.test import override_settings

    rows = []
    for d in args.delays.split(","):
        # "test": anymail's test backend, no HTTP at all (the email benchmark's figure), the baseline
        backend = "anymail.backends.test.EmailBackend" if d == "test" else "anymail.backends.postmark.EmailBackend"
        sent = 0
        elapsed = cpu = 0.0
        conns.value = 0  # type: ignore[attr-defined]
        batches = 0
        delay.value = 0 if d == "test" else float(d) / 1000  # type: ignore[attr-defined]
        for _ in range(args.rounds):
            for pk in games:  # every game's player to move plays: one notice a move
                game = Game.objects.get(pk=pk)
                seat = min(engine.waiting_for(game.state))
                found = engine.best_move(game.state, seat)
                actions.submit_move(pk, users[seat], found.move if found else "pass", expected_version=game.version)
            waiting = Notice.objects.count()
            start, cpu_start = time.perf_counter(), time.process_time()
            with override_settings(EMAIL_BACKEND=backend):
                sent += relay.drain_notices()
            elapsed += time.perf_counter() - start
            cpu += time.process_time() - cpu_start
            batches += -(-waiting // relay.settings.NOTICE_BATCH)
        rows.append((d, sent, sent / elapsed, cpu / sent * 1000, conns.value, batches))  # type: ignore[attr-defined]
    return rows


def main() -> None:
    if sys.argv[1:2] == ["redis-child"]:
        return redis_child()
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="what", required=True)
    pg = sub.add_parser("postgres")
    pg.add_argument("--games", type=int, default=72)
    pg.add_argument("--moves", type=int, default=8)
    pg.add_argument("--workers", type=int, default=4)
    pg.add_argument("--delay-ms", type=float, default=0.19)
    pg.add_argument("--window", type=float, default=1.0)
    rd = sub.add_parser("redis")
    rd.add_argument("--n", type=int, default=2000)
    rd.add_argument("--delay-ms", type=float, default=0.19)
    es = sub.add_parser("esp")
    es.add_argument("--games", type=int, default=100)
    es.add_argument("--rounds", type=int, default=2)
    es.add_argument("--delays", default="test,0,20,50")
    args = parser.parse_args()
    {"postgres": postgres, "redis": redis_bench, "esp": esp}[args.what](args)


if __name__ == "__main__":
    main()
