"""Play by email: (1) an inbound reply to an applied move with its notifications queued, median, against the
same move submitted straight to the service (the baseline: what email adds); (2) notifications sent a second by
one worker's code with anymail's test backend, a batch of moves at a time (``send_notices``), against one
move's emails a task (``notify_turn``, the baseline), in alternating rounds; (3) with --worker, a real worker
process draining a burst of game starts.

    python bench/email_bench.py [--games 60] [--rounds 4] [--database sqlite|postgres] [--broker memory://|redis://...]

Runs in one process on its own database (a temporary SQLite file, or wordgames_email_bench on the machine's
PostgreSQL, dropped first). Notifications are queued on the broker (in-memory by default; Redis with
--broker redis://127.0.0.1:6379/14), as a web or mail process queues them for a worker.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup(database: str, broker: str) -> None:
    if database == "postgres":
        import psycopg

        with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
            conn.execute("DROP DATABASE IF EXISTS wordgames_email_bench")
            conn.execute("CREATE DATABASE wordgames_email_bench")
        os.environ["DATABASE_URL"] = "postgres://postgres@127.0.0.1:5432/wordgames_email_bench"
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.update(
        {
            "CELERY_BROKER_URL": broker,
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "DEBUG": "false",
            "SECRET_KEY": "bench-" + "k" * 50,
            "EMAIL_BACKEND": "anymail.backends.test.EmailBackend",
            "SECURE_SSL_REDIRECT": "false",
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=4, help="rounds of moves for the sending phase")
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--broker", default="memory://")
    parser.add_argument(
        "--worker",
        action="store_true",
        help="also time a real `celery worker` (PostgreSQL and Redis only) sending every queued email",
    )
    args = parser.parse_args()
    if args.worker and (args.database != "postgres" or not args.broker.startswith("redis")):
        parser.error("--worker needs --database postgres and a redis:// broker")
    setup(args.database, args.broker)

    from anymail.inbound import AnymailInboundMessage
    from django.contrib.auth import get_user_model
    from django.core import mail
    from django.core.mail import EmailMultiAlternatives

    from tests.pbem import mime
    from wordgames.engines import get_engine
    from wordgames.games import actions
    from wordgames.games.models import Game, Move
    from wordgames.mail.addresses import reply_address
    from wordgames.pbem.inbound import handle

    users = [get_user_model().objects.create_user(name, f"{name}@example.com", "x") for name in ("ann", "bob")]
    engine = get_engine("lingo")

    def new_game(seed: int) -> Game:
        game = actions.create_game(users[0], "lingo", {"preset": "pbem"}, ["bob"], seed=seed, internal=True)
        actions.join_game(game.pk, users[1])
        game.refresh_from_db()
        return game

    # (1) inbound: a reply to ann's "your turn" email in each of N games, against the service call alone.
    replies = []
    for seed in range(args.games):
        game = new_game(seed)
        best = engine.best_move(game.state, 0)
        sent = EmailMultiAlternatives(
            subject=f"Lingo game {game.pk}",
            body="(board)",
            to=["ann@example.com"],
            reply_to=[reply_address(game.seats.get(position=0))],
        )
        sent.extra_headers["Message-ID"] = f"<bench-{seed}@localhost>"
        replies.append((game, best.move, mime.reply(sent, f"{best.move} #1\ngood game")))
    direct = []
    for seed in range(args.games):
        game = new_game(1000 + seed)
        direct.append((game, engine.best_move(game.state, 0).move))

    inbound_ms, service_ms = [], []
    for (_game, move, raw), (game2, move2) in zip(replies, direct):
        start = time.perf_counter()
        record = handle(AnymailInboundMessage.parse_raw_mime_bytes(raw), via="pipe")
        inbound_ms.append((time.perf_counter() - start) * 1000)
        assert record.outcome == "applied" and record.move.text == move, record.detail
        start = time.perf_counter()
        actions.submit_move(game2.pk, users[0], move2, expected_version=game2.version)
        service_ms.append((time.perf_counter() - start) * 1000)
    assert Move.objects.filter(source="email").count() == args.games

    # (2) sending: the notifications the moves owe, as a worker sends them. Each round every game's player to
    # move plays; half the games' notices are then told a batch at a time (``send_notices``), the other half one
    # move a task (``notify_turn``, as before batches: the baseline); the halves swap each round.
    from wordgames.games import relay
    from wordgames.games.models import Notice

    games = [g for g, _, _ in replies] + [g for g, _ in direct]
    Notice.objects.all().delete()  # phase (1)'s, whose tasks sat on the broker: not timed
    mail.outbox = []
    batched = 0
    batched_s = baseline_s = 0.0
    for round_ in range(args.rounds):
        for game in games:
            game.refresh_from_db()
            seat = min(engine.waiting_for(game.state))
            found = engine.best_move(game.state, seat)
            actions.submit_move(game.pk, users[seat], found.move if found else "pass", expected_version=game.version)
        half = {g.pk for i, g in enumerate(games) if i % 2 == round_ % 2}
        one_by_one = list(Notice.objects.filter(game_id__in=half))
        start = time.perf_counter()
        for n in one_by_one:  # the task as it was: one move's emails, its own loads and claims
            relay.notify_turn(n.game_id, n.version, n.actors_before, n.mover, n.move_id)
        baseline_s += time.perf_counter() - start
        Notice.objects.filter(pk__in=[n.pk for n in one_by_one]).delete()
        start = time.perf_counter()
        batched += relay.drain_notices()
        batched_s += time.perf_counter() - start
    baseline_sent = len(mail.outbox) - batched
    assert batched and baseline_sent, (batched, baseline_sent)
    assert len({(m.subject, m.to[0]) for m in mail.outbox}) == len(mail.outbox), "an email went twice"

    worker_rate = time_real_worker(new_game, args.games) if args.worker else None
    print(f"database {args.database}, broker {args.broker.split(':')[0]}, {args.games} games")
    print(
        f"inbound email -> applied move + queued notifications: median {statistics.median(inbound_ms):.1f} ms "
        f"(p95 {sorted(inbound_ms)[int(len(inbound_ms) * 0.95) - 1]:.1f} ms); target 50 ms"
    )
    print(f"baseline, the same kind of move through the service alone: median {statistics.median(service_ms):.1f} ms")
    print(
        f"notifications sent a batch at a time (send_notices, anymail test backend): {batched / batched_s:.0f}/s "
        f"({batched} emails); target 200/s"
    )
    print(
        f"baseline, one move's emails a task (notify_turn): {baseline_sent / baseline_s:.0f}/s ({baseline_sent} emails)"
    )
    if worker_rate is not None:
        print(
            f"one real celery worker process (--concurrency 1) on Redis: {worker_rate[0]:.0f}/s "
            f'({worker_rate[1]} "game started" emails)'
        )


def time_real_worker(new_game: Any, games: int) -> tuple[float, int]:
    """One real worker process, started and ready (it has run a sender with nothing to send), then ``games``
    games started while a sender is marked queued (so their notices wait, as in a burst), then one sender
    queued: timed from queueing it to the last email sent, every load, render and send included."""
    import subprocess

    from django.conf import settings
    from django.utils import timezone

    from wordgames import celery_app
    from wordgames.games import relay
    from wordgames.games.models import Notice, NoticeSender, Notification

    celery_app.control.purge()  # the tasks the in-process phase already did the work of
    Notice.objects.all().delete()
    env = {
        **os.environ,
        "DATABASE_URL": os.environ["DATABASE_URL"],
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
        "EMAIL_BACKEND": "anymail.backends.test.EmailBackend",
    }
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "wordgames",
            "worker",
            "--loglevel",
            "WARNING",
            "--concurrency",
            "1",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        NoticeSender.objects.update_or_create(pk=1, defaults={"queued": True})
        relay.send_notices.apply_async()
        while NoticeSender.objects.get(pk=1).queued:  # the worker is up once it has run that sender
            time.sleep(0.2)
        NoticeSender.objects.filter(pk=1).update(queued=True)  # the burst's changes leave their notices waiting
        queued_before = Notification.objects.count()
        for seed in range(games):
            new_game(5000 + seed)
        waiting = Notice.objects.count()
        start = timezone.now()
        relay.send_notices.apply_async()
        while Notice.objects.exists():
            time.sleep(0.1)
    finally:
        worker.terminate()
        worker.wait(timeout=30)
    assert waiting == games, waiting
    told = Notification.objects.order_by("pk")[queued_before:]  # not the invitations, sent by their own tasks
    rows = [sent for key, sent in told.values_list("key", "sent") if not key.startswith("invite:")]
    assert len(rows) == 2 * games and min(rows) >= start, (len(rows), min(rows), start)
    span = (max(rows) - start).total_seconds()
    return len(rows) / span, len(rows)


if __name__ == "__main__":
    main()
