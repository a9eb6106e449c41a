"""Inbound volume: emailed moves a second through the LMTP receiver (one long-running process) against the
pipe (``manage.py receive_email``, Python and Django started for every message), in the same run.

    python bench/inbound_bench.py [--messages 300] [--pipe 10] [--connections 4] [--threads 4]

Runs on its own PostgreSQL database (wordgames_inbound_bench, dropped first). ``--messages`` games are started
(pool 5 / place 4), and for each a real MIME reply to ann's "your turn" email carries her best move. The LMTP
receiver runs as ``manage.py lmtp`` in its own process; the bench delivers the replies over ``--connections``
LMTP connections at once (as a mail server does), and reports messages a second from the first to the last
answer, and the receiver's CPU a message. Both paths queue the notifications on Redis for the workers, as on
the site (none runs here). The baseline pipes ``--pipe`` other replies one after the other.
Every reply must be applied. Before the run, the reading alone (``pbem.inbound.body_text``: MIME parsed, the
player's words separated from quotes, attributions, header blocks and signatures) is timed in this process
over the replies of tests/pbem/corpus/ (real mail programs' layouts in twenty languages) to a real game email.
``--database`` and ``--broker`` keep several runs on one machine apart.
"""

from __future__ import annotations

import argparse
import os
import smtplib
import socket
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

DB = "wordgames_inbound_bench"
BROKER = "redis://127.0.0.1:6379/13"
ENV = {
    "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{DB}",
    "DEBUG": "false",
    "SECRET_KEY": "bench-" + "k" * 50,
    "CELERY_TASK_ALWAYS_EAGER": "true",
    "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
    "SECURE_SSL_REDIRECT": "false",
    "LOG_LEVEL": "ERROR",
    "INBOUND_REFUSE_DMARC_FAIL": "false",
}


def configure(database: str, broker: str) -> None:
    global DB, BROKER
    DB, BROKER = database, broker
    ENV["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:5432/{DB}"


def reading_cost(game: object, rounds: int) -> tuple[int, float]:
    """Microseconds a message to read the player's words out of the corpus's replies (best of ``rounds``)."""
    from django.core.mail import EmailMultiAlternatives

    from tests.pbem.corpus import build, samples
    from wordgames.engines import get_engine
    from wordgames.mail.addresses import reply_address
    from wordgames.pbem import inbound, reading

    seat = game.seats.get(position=0)
    board = get_engine("lingo").render_text(game.state, 0)
    sent = EmailMultiAlternatives(
        subject=f"Lingo game {game.pk}: your turn", body=board, to=["ann@example.com"], reply_to=[reply_address(seat)]
    )
    sent.extra_headers["Message-ID"] = "<bench-corpus@localhost>"
    raws = [build(sample, sent, "13L YET") for sample in samples()]
    best = float("inf")
    for _ in range(rounds):
        started = time.perf_counter()
        for raw in raws:
            inbound.body_text(reading.parse(raw))
        best = min(best, time.perf_counter() - started)
    return len(raws), best / len(raws) * 1e6


def prepare(count: int, corpus_rounds: int = 0) -> tuple[list[bytes], tuple[int, float]]:
    import psycopg

    with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {DB}")
        conn.execute(f"CREATE DATABASE {DB}")
    os.environ.update(ENV)
    os.environ["DJANGO_SETTINGS_MODULE"] = "wordgames.settings"
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.core.mail import EmailMultiAlternatives
    from django.core.management import call_command

    from tests.pbem import mime
    from wordgames.engines import get_engine
    from wordgames.games import actions
    from wordgames.mail.addresses import reply_address

    call_command("migrate", verbosity=0)
    ann, bob = (get_user_model().objects.create_user(n, f"{n}@example.com", "x") for n in ("ann", "bob"))
    engine = get_engine("lingo")
    replies = []
    for seed in range(count):
        game = actions.create_game(ann, "lingo", {"preset": "pbem"}, ["bob"], seed=seed, internal=True)
        actions.join_game(game.pk, bob)
        game.refresh_from_db()
        best = engine.best_move(game.state, 0)
        sent = EmailMultiAlternatives(
            subject=f"Lingo game {game.pk}",
            body="(board)",
            to=["ann@example.com"],
            reply_to=[reply_address(game.seats.get(position=0))],
        )
        sent.extra_headers["Message-ID"] = f"<bench-{seed}@localhost>"
        replies.append(mime.reply(sent, f"{best.move} #1\ngood game"))
    first = actions.create_game(ann, "lingo", {"preset": "pbem"}, ["bob"], seed=count, internal=True)
    actions.join_game(first.pk, bob)
    first.refresh_from_db()
    return replies, reading_cost(first, corpus_rounds) if corpus_rounds else (0, 0.0)


def applied() -> int:
    from wordgames.games.models import Move

    return Move.objects.filter(source="email").count()


def cpu_of(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def children_of(pid: int) -> list[int]:
    path = Path(f"/proc/{pid}/task/{pid}/children")
    return [int(p) for p in path.read_text().split()] if path.exists() else []


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=300)
    parser.add_argument("--pipe", type=int, default=10)
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--threads", type=int, default=4)
    parser.add_argument("--processes", type=int, default=1)
    parser.add_argument("--corpus-rounds", type=int, default=20)
    parser.add_argument("--database", default=DB)
    parser.add_argument("--broker", default=BROKER)
    args = parser.parse_args()
    configure(args.database, args.broker)
    replies, (samples, micros) = prepare(args.messages + args.pipe, args.corpus_rounds)
    lmtp_replies, pipe_replies = replies[: args.messages], replies[args.messages :]
    # The receiving processes queue the notifications on Redis for the workers, as on the site (no worker runs
    # here: sending is the workers' cost, measured by bench/email_bench.py).
    env = {**os.environ, **ENV, "CELERY_TASK_ALWAYS_EAGER": "false", "CELERY_BROKER_URL": BROKER}
    subprocess.run(["redis-cli", "-n", BROKER.rsplit("/", 1)[1], "flushdb"], check=True, capture_output=True)

    # Baseline: the pipe, one process a message.
    folder = Path(tempfile.mkdtemp())
    started, cpu = time.perf_counter(), 0.0
    for i, raw in enumerate(pipe_replies):
        path = folder / f"{i}.eml"
        path.write_bytes(raw)
        before = os.times()
        subprocess.run(
            [sys.executable, "manage.py", "receive_email", "--file", str(path)],
            cwd=ROOT,
            env=env,
            check=True,
            capture_output=True,
        )
        after = os.times()
        cpu += (after.children_user - before.children_user) + (after.children_system - before.children_system)
    pipe_seconds = time.perf_counter() - started
    assert applied() == args.pipe, applied()

    # The LMTP receiver, in its own process.
    port = free_port()
    server = subprocess.Popen(
        [
            sys.executable,
            "manage.py",
            "lmtp",
            "--port",
            str(port),
            "--threads",
            str(args.threads),
            "--processes",
            str(args.processes),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert "Receiving email over LMTP" in (server.stdout.readline() if server.stdout else "")
    time.sleep(1)  # the serving children forked
    family = [server.pid] + children_of(server.pid)
    cpu_before = sum(cpu_of(pid) for pid in family)

    def send(chunk: list[bytes]) -> None:
        with smtplib.LMTP("127.0.0.1", port) as client:
            for raw in chunk:
                assert client.sendmail("ann@example.com", ["play@localhost"], raw) == {}

    chunks = [lmtp_replies[i :: args.connections] for i in range(args.connections)]
    started = time.perf_counter()
    with ThreadPoolExecutor(args.connections) as pool:
        list(pool.map(send, chunks))
    lmtp_seconds = time.perf_counter() - started
    lmtp_cpu = sum(cpu_of(pid) for pid in family) - cpu_before
    server.terminate()
    server.wait(20)
    assert applied() == args.pipe + args.messages, applied()
    subprocess.run(["redis-cli", "-n", BROKER.rsplit("/", 1)[1], "flushdb"], check=True, capture_output=True)

    load = Path("/proc/loadavg").read_text().split()[:3]
    print(f"PostgreSQL, load average before the run {' '.join(load)}")
    print("| path | messages | messages a second | CPU a message (receiving process) |")
    print("|---|---|---|---|")
    print(
        f"| pipe (`receive_email`, baseline) | {args.pipe} | {args.pipe / pipe_seconds:.1f} | "
        f"{cpu / args.pipe * 1000:.0f} ms |"
    )
    print(
        f"| LMTP (`manage.py lmtp`, {args.processes} processes x {args.threads} threads, {args.connections} "
        f"connections) | {args.messages} | "
        f"{args.messages / lmtp_seconds:.1f} | {lmtp_cpu / args.messages * 1000:.1f} ms |"
    )
    if samples:
        print(
            f"\nReading the player's words (MIME parsed, quotes, attributions and signatures removed), "
            f"{samples} corpus replies, best of {args.corpus_rounds}: {micros:.0f} µs a message"
        )


if __name__ == "__main__":
    main()
