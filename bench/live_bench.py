"""Live pages: what 2,000 open, idle game pages cost the web server, polling (before) against streams (after).

Before: every page asks ``/games/N/live/?since=V`` every 4 seconds (each page's first poll at a random moment in
the first period), as static/js/live.js does without a stream, against gunicorn (the WSGI server, sync workers).
After: every page holds one Server-Sent Events stream ``/games/N/stream/`` open on uvicorn (the ASGI server),
fed by PostgreSQL LISTEN/NOTIFY, with its heartbeat every 30 seconds; nothing happens in the games, so nothing
else is sent. Both servers have the same number of worker processes, the same settings (DEBUG off, persistent
database connections) and the same database: 1,000 started Lingo games, each page a player logged in (its own
session) looking at their own game.

Measured over the same window after every page is open: the CPU time of the server's processes (master and
workers, from /proc), their memory (RSS summed, and PSS, which counts shared pages once), the transactions the
database committed for the bench's database (pg_stat_database), and the requests the pages made.

    python bench/live_bench.py --pages 2000 --seconds 60 --workers 3

Needs the machine's PostgreSQL (BENCH_PG, default postgres://postgres@127.0.0.1:5432); creates and drops its own
database ``wordgames_live_bench``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import web_bench  # noqa: E402 - the web benchmark's production-like settings

DB = "wordgames_live_bench"
PG = web_bench.PG
# Nothing is queued (nobody moves); a broker is named so that no process runs the embedded sweeps.
ENV = {
    **web_bench.ENV,
    "DATABASE_URL": f"{PG}/{DB}",
    "CELERY_BROKER_URL": os.getenv("BENCH_BROKER", "redis://127.0.0.1:6379/5"),
}
PERIOD = 4.0  # static/js/live.js's polling period on a game page


def recreate_database() -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB}")
        conn.execute(f"CREATE DATABASE {DB}")


def drop_database() -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB} WITH (FORCE)")


def set_up(pages: int) -> list[dict]:
    """``pages`` players in ``pages // 2`` started games, each with a session: one open page each (not timed)."""
    os.environ.update(ENV)
    os.environ["DJANGO_SETTINGS_MODULE"] = "wordgames.settings"
    import django

    django.setup()
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.db import SessionStore
    from django.core.management import call_command

    from wordgames.games import actions
    from wordgames.games.models import Game

    call_command("migrate", verbosity=0)
    User = get_user_model()
    unusable = make_password(None)
    User.objects.bulk_create(
        [User(username=f"p{n}", email=f"p{n}@example.com", password=unusable) for n in range(pages)]
    )
    users = list(User.objects.filter(username__startswith="p").order_by("pk"))
    plans = []
    for a, b in zip(users[0::2], users[1::2], strict=True):
        game = actions.create_game(a, "lingo", {"preset": "classic"}, [b.username], internal=True)
        actions.join_game(game.pk, b)
        version = Game.objects.get(pk=game.pk).version
        for user in (a, b):
            session = SessionStore()
            session[SESSION_KEY] = str(user.pk)
            session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
            session[HASH_SESSION_KEY] = user.get_session_auth_hash()
            session.create()
            plans.append({"game": game.pk, "version": version, "session": session.session_key})
    from django.db import connections

    connections.close_all()
    return plans


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    def __init__(self, argv: list[str], port: int) -> None:
        env = {**os.environ, **ENV, "DJANGO_SETTINGS_MODULE": "wordgames.settings"}
        self.port = port
        self.process = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"GET /healthz HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")
                    if b" 200 " in s.recv(100):
                        return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"{argv[0]} did not start: {self.process.stderr.read(2000) if self.process.stderr else ''}")

    def pids(self) -> list[int]:
        """The server's processes: the master and its descendants."""
        found, todo = [], [self.process.pid]
        while todo:
            pid = todo.pop()
            found.append(pid)
            for task in Path(f"/proc/{pid}/task").glob("*/children"):
                todo += [int(c) for c in task.read_text().split()]
        return found

    def cpu_seconds(self) -> float:
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0
        for pid in self.pids():
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += int(fields[11]) + int(fields[12])  # utime, stime
        return total / ticks

    def threads(self) -> int:
        return sum(len(list(Path(f"/proc/{pid}/task").iterdir())) for pid in self.pids())

    def memory_mb(self) -> tuple[float, float]:
        rss = pss = 0
        for pid in self.pids():
            try:
                for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
            except OSError:
                continue
        return rss / 1024, pss / 1024

    def stop(self) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait()


def say(text: str) -> None:
    print(f"[{time.strftime('%H:%M:%S')}] {text}", file=sys.stderr, flush=True)


def transactions() -> int:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        row = conn.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database WHERE datname = %s", [DB]
        ).fetchone()
    return int(row[0]) if row else 0


def request(path: str, session: str) -> bytes:
    return (
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: sessionid={session}\r\n"
        f"Accept-Encoding: gzip\r\nConnection: close\r\n\r\n"
    ).encode()


async def poll_page(port: int, plan: dict, stop: asyncio.Event, counts: dict) -> None:
    """One page without a stream: a poll every PERIOD seconds, each on a new connection (gunicorn's sync
    workers close it after each answer)."""
    await asyncio.sleep(random.uniform(0, PERIOD))
    path = f"/games/{plan['game']}/live/?since={plan['version']}"
    while not stop.is_set():
        started = time.monotonic()
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(request(path, plan["session"]))
            answer = await reader.read()
            writer.close()
            counts["answers"] += 1
            counts["not_204"] += not answer.startswith(b"HTTP/1.1 204")
        except Exception:  # noqa: BLE001 - counted
            counts["errors"] += 1
        await asyncio.sleep(max(0.0, PERIOD - (time.monotonic() - started)))


async def stream_page(port: int, plan: dict, opened: asyncio.Queue, stop: asyncio.Event, counts: dict) -> None:
    """One page with a stream: one connection, held open, read as it comes."""
    try:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=2**16)
        writer.write(request(f"/games/{plan['game']}/stream/", plan["session"]))
        head = await reader.readuntil(b"\r\n\r\n")
        if b" 200 " not in head.split(b"\r\n", 1)[0]:
            counts["errors"] += 1
            await opened.put(False)
            return
        first = await reader.readuntil(b"\n\n")  # the opening event (a chunk of its own)
        counts["opening_events"] += b"event: changed" in first
        await opened.put(True)
        while not stop.is_set():
            chunk = await reader.read(4096)
            if not chunk:
                counts["closed"] += 1
                return
            counts["bytes_after_open"] += len(chunk)
    except asyncio.CancelledError:
        raise
    except Exception:  # noqa: BLE001 - counted, and the page is no longer waited for
        counts["errors"] += 1
        await opened.put(False)


async def measure(server: Server, seconds: float) -> dict:
    cpu0, tx0, t0 = server.cpu_seconds(), transactions(), time.monotonic()
    await asyncio.sleep(seconds)
    cpu1, tx1, t1 = server.cpu_seconds(), transactions(), time.monotonic()
    rss, pss = server.memory_mb()
    return {
        "cpu_seconds": cpu1 - cpu0,
        "cpu_percent": 100 * (cpu1 - cpu0) / (t1 - t0),
        "rss_mb": rss,
        "pss_mb": pss,
        "threads": server.threads(),
        "db_transactions_per_s": (tx1 - tx0) / (t1 - t0),
        "window_s": t1 - t0,
    }


async def before(plans: list[dict], workers: int, seconds: float) -> dict:
    port = free_port()
    server = Server(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "wordgames.wsgi",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
            "--backlog",
            "4096",
        ],
        port,
    )
    counts = {"answers": 0, "not_204": 0, "errors": 0}
    stop = asyncio.Event()
    try:
        say("gunicorn up; the pages poll")
        tasks = [asyncio.create_task(poll_page(port, plan, stop, counts)) for plan in plans]
        await asyncio.sleep(2 * PERIOD)  # every page has polled at least once
        answered = counts["answers"]
        say("measuring")
        result = await measure(server, seconds)
        result["polls_per_s"] = (counts["answers"] - answered) / result["window_s"]
        result["polls_wanted_per_s"] = len(plans) / PERIOD
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        return {**result, **counts}
    finally:
        server.stop()


async def after(plans: list[dict], workers: int, seconds: float) -> dict:
    port = free_port()
    server = Server(
        [
            sys.executable,
            "-m",
            "uvicorn",
            "wordgames.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--log-level",
            "warning",
            "--backlog",
            "4096",
            "--timeout-graceful-shutdown",
            "2",
        ],
        port,
    )
    counts = {"errors": 0, "closed": 0, "opening_events": 0, "bytes_after_open": 0}
    stop, opened = asyncio.Event(), asyncio.Queue()
    try:
        tasks = []
        for plan in plans:  # opened a hundred at a time, as pages are opened over a while
            tasks.append(asyncio.create_task(stream_page(port, plan, opened, stop, counts)))
            if len(tasks) % 100 == 0:
                await asyncio.sleep(0.2)
        say("uvicorn up; opening the streams")
        ok = 0
        deadline = time.monotonic() + 300
        for _ in plans:
            try:
                ok += await asyncio.wait_for(opened.get(), max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                break
        say(f"{ok} streams open")
        await asyncio.sleep(3)
        counts["bytes_after_open"] = 0
        say("measuring")
        result = await measure(server, seconds)
        result["streams_open"] = ok
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return {**result, **counts}
    finally:
        server.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=2000)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--keep", action="store_true", help="keep the bench's database")
    args = parser.parse_args()
    recreate_database()
    try:
        plans = set_up(args.pages)
        say(f"{len(plans)} pages of {len(plans) // 2} games set up")
        results = {
            "pages": len(plans),
            "workers": args.workers,
            "seconds": args.seconds,
            "before_polling_gunicorn": asyncio.run(before(plans, args.workers, args.seconds)),
            "after_streams_uvicorn": asyncio.run(after(plans, args.workers, args.seconds)),
        }
    finally:
        if not args.keep:
            drop_database()
    b, a = results["before_polling_gunicorn"], results["after_streams_uvicorn"]
    results["cpu_ratio_before_over_after"] = b["cpu_seconds"] / max(a["cpu_seconds"], 0.01)
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
