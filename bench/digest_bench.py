"""The digest sweep (beat runs it every five minutes): CPU and queries of one sweep over N players who chose the
daily digest and whose digest of the day already went out, against the same sweep looking at each of them
again (the baseline: what the sweep did before it skipped players already served).

    python bench/digest_bench.py [--users 10000] [--database sqlite|postgres] [--rounds 3]

Runs on its own database (a temporary SQLite file, or wordgames_digest_bench on the machine's PostgreSQL,
dropped first). Every player plays one game against a common opponent and it is their turn, so the baseline
loads a game for each; rounds alternate new and baseline, and the median is reported.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def setup(database: str) -> None:
    if database == "postgres":
        import psycopg

        with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
            conn.execute("DROP DATABASE IF EXISTS wordgames_digest_bench")
            conn.execute("CREATE DATABASE wordgames_digest_bench")
        os.environ["DATABASE_URL"] = "postgres://postgres@127.0.0.1:5432/wordgames_digest_bench"
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench.sqlite3"
    os.environ.update(
        {
            "CELERY_TASK_ALWAYS_EAGER": "true",
            "DEBUG": "false",
            "SECRET_KEY": "bench-" + "k" * 50,
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
            "SECURE_SSL_REDIRECT": "false",
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def populate(users: int, day: str) -> None:
    """``users`` digest players, each in a running Lingo game where it is their turn, their digest sent today."""
    from django.contrib.auth import get_user_model

    from wordgames.accounts.models import Profile
    from wordgames.engines import get_engine
    from wordgames.games.models import Game, Notification, Seat

    User = get_user_model()
    host = User.objects.create(username="host", email="host@example.org")
    players = User.objects.bulk_create(User(username=f"p{i}", email=f"p{i}@example.org") for i in range(users))
    tomorrow = datetime.now(UTC) + timedelta(days=1)  # served today: next due tomorrow (bulk_create skips save())
    Profile.objects.bulk_create(
        Profile(user=u, email_modes={"your_turn": "digest"}, digest_hour=0, digest_due=tomorrow) for u in players
    )
    state = get_engine("lingo").new_game(["p", "host"], {}, 1)  # seat 0 (the player) to move
    games = Game.objects.bulk_create(
        Game(engine="lingo", seed=1, state=state, status=Game.Status.ACTIVE, created_by=host) for _ in players
    )
    Seat.objects.bulk_create(
        [
            seat
            for game, user in zip(games, players, strict=True)
            for seat in (Seat(game=game, position=0, user=user), Seat(game=game, position=1, user=host))
        ]
    )
    Notification.objects.bulk_create(
        Notification(
            key=f"digest:{u.pk}:{day}",
            recipient=u.email,
            subject="digest",
            claimed=datetime.now(UTC),
            sent=datetime.now(UTC),
        )
        for u in players
    )


def baseline_sweep(now: datetime) -> int:
    """The sweep as it was: every digest player's games looked at, the send refused afterwards by its key."""
    from wordgames.games import emails, notices

    count = 0
    for profile in notices.Profile.objects.select_related("user").filter(email_modes__your_turn="digest"):
        user = profile.user
        games = []
        mine = notices.Game.objects.filter(
            notices.Q(seats__user=user) | notices.Q(seats__partners=user), status=notices.Game.Status.ACTIVE
        )
        for game in mine.distinct().prefetch_related("seats__partners"):
            seat = notices.seat_read_by(game, user)
            if seat is not None and seat.position in notices.get_engine(game.engine).waiting_for(game.state):
                games.append(game)
        if (
            games
            and not notices.Notification.objects.filter(
                key=notices.digest_key(user.pk, now.date().isoformat()), sent__isnull=False
            ).exists()
        ):
            count += emails.send_digest(user, games, now.date().isoformat())
    return count


def measure(sweep: Any, now: datetime) -> tuple[float, int]:
    from django.db import connection, reset_queries

    reset_queries()
    start = time.process_time()
    sent = sweep(now)
    cpu = time.process_time() - start
    assert sent == 0, "a digest already sent went out again"
    return cpu, len(connection.queries)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--users", type=int, default=10_000)
    parser.add_argument("--database", choices=["sqlite", "postgres"], default="sqlite")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    setup(args.database)
    from django.conf import settings

    from wordgames.games import emails

    settings.DEBUG = True  # count queries
    now = datetime.now(UTC).replace(hour=12)
    populate(args.users, now.date().isoformat())
    new, old = [], []
    for _ in range(args.rounds):
        new.append(measure(emails.send_digests, now))
        old.append(measure(baseline_sweep, now))
    print(f"{args.users} digest players already served today, {args.database}, median of {args.rounds}:")
    print(f"  sweep now:      {statistics.median(c for c, _ in new):.3f} s CPU, {new[0][1]} queries")
    print(f"  baseline sweep: {statistics.median(c for c, _ in old):.3f} s CPU, {old[0][1]} queries")


if __name__ == "__main__":
    main()
