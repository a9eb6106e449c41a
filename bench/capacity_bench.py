"""Capacity: how many active games this machine serves with the 95th percentile of responses under 300 ms.

    python bench/capacity_bench.py [--steps 200,400,800,1600] [--seconds 30] [--workers 4] [--clients 48]

A realistic mix, open loop (requests are sent on a schedule, and a late answer counts from when it was due,
so queueing shows): for each active game two players, each with the game page open and polling for news
(every 4 s while the page is in view, a quarter of the time; every 30 s while it is in a background tab, as the
page's script does), and a move every ``--move-every`` seconds per game (the move POST, then the page it
redirects to). Every move is a real Lingo move (pool 5 / place 4) worked out beforehand. gunicorn with
``--workers`` sync workers on PostgreSQL, DEBUG off, and a real Celery worker on Redis sending the move
notifications as they are owed (the local mail), so sending competes for the same cores as on a one-machine
site. The load steps up through ``--steps`` (numbers of active games); each step reports requests a second,
the median and 95th percentile of latency, and errors; the answer is the largest step whose p95 stays under
300 ms. It creates and drops its own database (wordgames_capacity).
"""

from __future__ import annotations

import argparse
import heapq
import http.client
import os
import random
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

import web_bench  # noqa: E402  (its database, users, games with planned moves and gunicorn helpers)

web_bench.DB = "wordgames_capacity"
web_bench.ENV["DATABASE_URL"] = f"{web_bench.PG}/{web_bench.DB}"
BROKER = "redis://127.0.0.1:6379/12"
web_bench.ENV["CELERY_BROKER_URL"] = BROKER
web_bench.ENV["EMAIL_BACKEND"] = "wordgames.mail.backends.LocalMailBackend"
VISIBLE, POLL_VISIBLE, POLL_HIDDEN = 0.25, 4.0, 30.0


class Game:
    def __init__(self, plan: dict) -> None:
        self.id, self.version, self.moves, self.cookies = plan["id"], plan["version"], plan["moves"], plan["cookies"]
        self.next = 0
        self.lock = threading.Lock()
        self.seen = [plan["version"], plan["version"]]


def schedule(
    games: list[Game], seconds: float, move_every: float, rnd: random.Random
) -> list[tuple[float, int, str, int]]:
    """(when, game index, kind, seat) for every request of the step, in time order."""
    events = []
    mean_poll = VISIBLE * POLL_VISIBLE + (1 - VISIBLE) * POLL_HIDDEN
    for i in range(len(games)):
        for seat in (0, 1):
            t = rnd.uniform(0, mean_poll)
            while t < seconds:
                events.append((t, i, "poll", seat))
                t += POLL_VISIBLE if rnd.random() < VISIBLE else POLL_HIDDEN
        t = rnd.expovariate(1 / move_every)
        while t < seconds:
            events.append((t, i, "move", -1))
            t += rnd.expovariate(1 / move_every)
    heapq.heapify(events)
    return [heapq.heappop(events) for _ in range(len(events))]


def run_step(port: int, games: list[Game], seconds: float, move_every: float, clients: int, rnd: random.Random) -> dict:
    events = schedule(games, seconds, move_every, rnd)
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    cursor = [0]
    start = time.perf_counter() + 0.5

    def request(conn: http.client.HTTPConnection, method: str, path: str, cookie: str, body: str = "") -> int:
        headers = {"Cookie": cookie}
        if body:
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        conn.request(method, path, body or None, headers)
        response = conn.getresponse()
        response.read()
        return response.status

    def worker() -> None:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        mine, bad = [], 0
        while True:
            with lock:
                if cursor[0] >= len(events):
                    break
                due, index, kind, seat = events[cursor[0]]
                cursor[0] += 1
            wait = start + due - time.perf_counter()
            if wait > 0:
                time.sleep(wait)
            game = games[index]
            if kind == "poll":
                cookie = f"sessionid={game.cookies[seat]}"
                status = request(conn, "GET", f"/games/{game.id}/live/?since={game.seen[seat]}", cookie)
                if status == 200:
                    game.seen[seat] = game.version
                ok = status in (200, 204)
            else:
                with game.lock:
                    if game.next >= len(game.moves):
                        continue
                    mover, move = game.moves[game.next]
                    cookie = f"sessionid={game.cookies[mover]}; csrftoken={web_bench.CSRF}"
                    body = urlencode(
                        {
                            "move": move,
                            "version": game.version,
                            "key": f"{game.id}-{game.next}",
                            "csrfmiddlewaretoken": web_bench.CSRF,
                        }
                    )
                    status = request(conn, "POST", f"/games/{game.id}/move/", cookie, body)
                    ok = status == 302
                    if ok:
                        game.next += 1
                        game.version += 1
                        ok = request(conn, "GET", f"/games/{game.id}/", cookie) == 200
            mine.append(time.perf_counter() - (start + due))
            bad += not ok
        with lock:
            latencies.extend(mine)
            errors[0] += bad

    threads = [threading.Thread(target=worker) for _ in range(clients)]
    began = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - began
    latencies.sort()
    return {
        "games": len(games),
        "requests": len(latencies),
        "rate": len(latencies) / elapsed,
        "median": statistics.median(latencies) * 1000,
        "p95": latencies[int(len(latencies) * 0.95)] * 1000,
        "errors": errors[0],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", default="200,400,800,1600")
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--move-every", type=float, default=300.0, help="seconds between two moves of a game")
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--clients", type=int, default=48)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    steps = [int(s) for s in args.steps.split(",")]
    web_bench.recreate_database()
    os.environ.update(web_bench.ENV)
    os.environ["DJANGO_SETTINGS_MODULE"] = "wordgames.settings"
    import django
    from django.conf import settings

    django.setup()
    # Thousands of players: their passwords are never used (sessions are made directly), so hash them fast.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # A game moves every five minutes, so a step of under a minute needs only a couple of planned moves a game.
    plans = web_bench.set_up(max(steps), 3, args.seed)
    games = [Game(plan) for plan in plans]
    env = {**os.environ, **web_bench.ENV}
    # The pages link their static files by the manifest, as in production: collect them first (release step).
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    port = web_bench.free_port()
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
        env=env,
    )
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "wordgames",
            "worker",
            "--queues",
            "celery,computer",
            "--concurrency",
            "1",
            "--loglevel",
            "WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    results = []
    try:
        web_bench.wait_until_up(port)
        rnd = random.Random(args.seed)
        for step in steps:
            results.append(run_step(port, games[:step], args.seconds, args.move_every, args.clients, rnd))
            print(results[-1], flush=True)
    finally:
        server.terminate()
        worker.terminate()
        server.wait(timeout=30)
        worker.wait(timeout=30)
        import redis

        redis.Redis.from_url(BROKER).flushdb()
    load = Path("/proc/loadavg").read_text().split()[:3]
    print(
        f"\ncommand: python bench/capacity_bench.py --steps {args.steps} --seconds {args.seconds:g} "
        f"--move-every {args.move_every:g} --workers {args.workers} --clients {args.clients}; load after {' '.join(load)}"
    )
    print("| active games | requests a second | median | p95 | errors |")
    print("|---|---|---|---|---|")
    for r in results:
        print(f"| {r['games']} | {r['rate']:.0f} | {r['median']:.0f} ms | {r['p95']:.0f} ms | {r['errors']} |")
    held = [r["games"] for r in results if r["p95"] < 300 and not r["errors"]]
    print(f"\nLargest step with p95 under 300 ms: {max(held) if held else 'none'} active games.")


if __name__ == "__main__":
    main()
