"""Beat's sweeps at size: what each one costs when nothing is due, and when 1,000 things are.

    python bench/sweeps_bench.py [--players 100000] [--running 100000] [--finished 1000000] [--due 250,1000]
                                 [--keep] [--database wg_sweeps_bench]

Builds its own PostgreSQL database (dropped first; ``--keep`` reuses one already built) in bulk, in SQL
(``INSERT ... SELECT generate_series``): ``--players`` players (one in five takes the daily digest, one in ten the
daily push on a device, every one of them already served today; a spread of time zones), ``--running`` running two-player Lingo games (each player's
turn in one of them; one in twenty against a computer player, the human thinking; one seat in ten already
reminded), ``--finished`` finished games with their seats, old green lights, sent emails, emails received,
expired seeks and running events. Then every entry of ``CELERY_BEAT_SCHEDULE`` is run once, as beat would, and
its SQL statements, CPU (``time.process_time``: this process, where the sweep's Python runs) and wall time are
reported. Then, for each number in ``--due`` (250 and 1,000 by default: the cost of each sweep should grow with
it in proportion), that many of each kind are made due (email digests, daily pushes, computers to wake,
reminders, timeouts, seeks to expire, "new seeks" readers, owed tasks the broker never got) and the sweeps are
run again, twice: the first run does the work, the second finds nothing left.

Tasks are handed to an in-memory broker nobody reads, so a sweep is measured alone, not the emails it owes.
The code measured is the checkout's: run the same file from an older checkout for the baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path.cwd() if (Path.cwd() / "wordgames").is_dir() else Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ZONES = ["UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "America/Los_Angeles"]


def setup(database: str, keep: bool) -> None:
    import psycopg

    if not keep:
        with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {database}")
            conn.execute(f"CREATE DATABASE {database}")
    os.environ.update(
        {
            "DATABASE_URL": f"postgres://postgres@127.0.0.1:5432/{database}",
            "DEBUG": "false",
            "SECRET_KEY": "bench-" + "k" * 50,
            "CELERY_BROKER_URL": "memory://",
            "CELERY_TASK_ALWAYS_EAGER": "false",
            "SECURE_SSL_REDIRECT": "false",
            "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        }
    )
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "wordgames.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def has_column(table: str, column: str) -> bool:
    from django.db import connection

    with connection.cursor() as cursor:
        return column in [c.name for c in connection.introspection.get_table_description(cursor, table)]


def sql(statement: str, params: Any = ()) -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(statement, params)


def populate(players: int, running: int, finished: int) -> float:
    from wordgames.engines import get_engine

    started = time.perf_counter()
    state = json.dumps(get_engine("lingo").new_game(["a", "b"], {}, 1))  # seat 0 to move
    zones = "ARRAY[" + ",".join(f"'{z}'" for z in ZONES) + "]"
    digest_due = has_column("accounts_profile", "digest_due")
    wake_at = has_column("games_game", "wake_at")
    sql(
        "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email, is_staff, "
        "is_active, date_joined) SELECT '!', false, 'p' || g, '', '', 'p' || g || '@example.org', false, true, "
        "now() - interval '400 days' FROM generate_series(1, %s) g",
        [players],
    )
    sql(
        "INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email, is_staff, "
        "is_active, date_joined) VALUES ('!', false, 'computer-quick', '', '', '', false, true, now())"
    )
    # One player in five takes "your turn" as a daily digest, at midnight in their zone, so every one of them
    # is past their hour today whenever this runs; today's digest was sent (below).
    columns = (
        "user_id, display_name, time_zone, suspended, suspended_reason, email_modes, digest_hour, computer, "
        "language, browser_language, same_subject"
    )
    sql(
        f"INSERT INTO accounts_profile ({columns}) SELECT id, '', ({zones})[1 + id %% {len(ZONES)}], false, '', "
        "CASE WHEN id %% 5 = 0 THEN '{\"your_turn\": \"digest\"}'::jsonb ELSE '{}'::jsonb END, "
        "CASE WHEN id %% 5 = 0 THEN 0 ELSE 8 END, "
        "CASE WHEN username = 'computer-quick' THEN 'quick' ELSE '' END, '', '', false FROM auth_user"
    )
    if digest_due:  # next due: the coming local midnight
        sql(
            "UPDATE accounts_profile SET digest_due = (date_trunc('day', now() AT TIME ZONE time_zone) "
            "+ interval '1 day') AT TIME ZONE time_zone WHERE email_modes ->> 'your_turn' = 'digest'"
        )
    sql(
        "INSERT INTO games_notification (key, recipient, subject, created, claimed, sent) "
        "SELECT 'digest:' || user_id || ':' || (now() AT TIME ZONE time_zone)::date, 'x@example.org', 'digest', "
        "now(), now(), now() FROM accounts_profile WHERE email_modes ->> 'your_turn' = 'digest'"
    )
    # One player in ten (digest players, at midnight) chose the daily push for "your turn" and has one device;
    # today's push went to it.
    sql(
        "INSERT INTO push_subscription (user_id, endpoint, p256dh, auth, label, created) SELECT user_id, "
        "'https://push.example.org/' || user_id, 'k', 's', 'phone', now() FROM accounts_profile "
        "WHERE user_id %% 10 = 0"
    )
    sql(
        'INSERT INTO push_pushchoices (user_id, modes) SELECT user_id, \'{"your_turn": "digest"}\'::jsonb '
        "FROM accounts_profile WHERE user_id %% 10 = 0"
    )
    if has_column("push_pushchoices", "digest_due"):  # next due: the coming local midnight
        sql(
            "UPDATE push_pushchoices c SET digest_due = p.digest_due FROM accounts_profile p "
            "WHERE p.user_id = c.user_id"
        )
    sql(
        "INSERT INTO games_notification (key, recipient, subject, created, claimed, sent) "
        "SELECT 'push-digest:' || s.user_id || ':' || (now() AT TIME ZONE p.time_zone)::date || ':' || s.id, "
        "'push:' || s.user_id || ':' || s.id, 'x', now(), now(), now() FROM push_subscription s "
        "JOIN accounts_profile p USING (user_id)"
    )
    first = _first_user()
    computer = first + players
    game_columns = (
        "engine, options, seed, secret, bag, state, version, status, chat_public, private, rated, "
        "has_computers, result, created_by_id, created, started, finished, turn_started, move_time"
    )
    # Running games: game g seats players g and g + 1 (each player's turn in one game, not in the other).
    sql(
        f"INSERT INTO games_game ({game_columns}) SELECT 'lingo', '{{}}', 1, '', '', %s::jsonb, 3, 'active', false, "
        "false, false, g %% 20 = 0, NULL, %s + g %% %s, now() - interval '30 days', now() - interval '30 days', NULL, "
        "now() - interval '1 day', interval '7 days' FROM generate_series(0, %s - 1) g",
        [state, first, players, running],
    )
    low = _scalar("SELECT min(id) FROM games_game")
    seat_columns = (
        "game_id, position, user_id, invited_email, declined, joined, due_at, remind_at, reminded, "
        "timeouts, since_version, since_seq, seen_deal, live, awaited, outcome, place"
    )
    # Seat 0 is to move: its clock runs (one in ten already reminded); against a computer, the human holds it.
    sql(
        f"INSERT INTO games_seat ({seat_columns}) SELECT id, 0, %s + (id - %s) %% %s, '', false, created, "
        "now() + interval '6 days', CASE WHEN id %% 10 = 0 THEN now() - interval '1 hour' "
        "ELSE now() + interval '5 days' END, id %% 10 = 0, 0, 3, 2, -1, true, true, '', NULL FROM games_game",
        [first, low, players],
    )
    sql(
        f"INSERT INTO games_seat ({seat_columns}) SELECT id, 1, CASE WHEN has_computers THEN %s "
        "ELSE %s + (id - %s + 1) %% %s END, '', false, created, NULL, NULL, false, 0, 0, 0, -1, true, false, '', NULL "
        "FROM games_game",
        [computer, first, low, players],
    )
    sql(
        f"INSERT INTO games_game ({game_columns}) SELECT 'lingo', '{{}}', 1, '', '', %s::jsonb, 40, 'finished', "
        'false, false, false, g %% 20 = 0, \'{"scores": [300, 250], "winners": [0]}\', %s + g %% %s, '
        "now() - interval '400 days', now() - interval '400 days', now() - (g %% 365) * interval '1 day', "
        "now() - interval '400 days', interval '7 days' FROM generate_series(0, %s - 1) g",
        [state, first, players, finished],
    )
    high = low + running
    # Seat 1's player is seat 0's plus 1 to players - 1: never the same.
    for position, place, outcome, user in ((0, 1, "won", "id"), (1, 2, "lost", "id + 1 + (id * 7) %% (%s - 1)")):
        sql(
            f"INSERT INTO games_seat ({seat_columns}) SELECT id, {position}, %s + ({user}) %% %s, "
            f"'', false, created, NULL, NULL, false, 0, 40, 39, -1, false, false, '{outcome}', {place} "
            "FROM games_game WHERE id >= %s",
            [first, *([players] if position else []), players, high],
        )
    # History that only grows: green lights fired long ago, emails sent and received, seeks gone, events.
    sql(
        "INSERT INTO games_greenlightrequest (game_id, seat, created, fire_at, status, detail) "
        "SELECT id, 0, finished, finished, 'fired', '' FROM games_game WHERE id >= %s AND id %% 10 = 0",
        [high],
    )
    sql(
        "INSERT INTO games_notification (key, recipient, subject, created, claimed, sent) "
        "SELECT 'old:' || g, 'x@example.org', 'a move', now() - (g %% 400) * interval '1 day', now(), now() "
        "FROM generate_series(1, %s) g",
        [finished],
    )
    sql(
        "INSERT INTO pbem_inboundmessage (message_id, event_id, sender, recipient, subject, via, received, outcome, "
        "detail, answered) SELECT '<' || g || '@example.org>', '', 'x@example.org', 'play@example.org', 'a move', "
        "'webhook', now() - (g %% 400) * interval '1 day', 'applied', '', false FROM generate_series(1, %s) g",
        [finished // 5],
    )
    sql(
        "INSERT INTO seeks_seek (creator_id, kind, options, players, rated, move_time, band, rating, created, "
        "expires_at, state) SELECT %s + g %% %s, 'lingo', '{}', 2, true, interval '3 days', NULL, 1500, "
        "now() - interval '30 days', now() - interval '20 days', 'expired' FROM generate_series(1, %s) g",
        [first, players, players // 5],
    )
    sql(
        "INSERT INTO seeks_seekmail (user_id, next_due, since) SELECT user_id, now() + interval '20 hours', now() "
        "FROM accounts_profile WHERE user_id %% 10 = 0"
    )
    sql(
        "INSERT INTO events_event (name, kind, options, format, table_size, rated, move_time, signup_deadline, "
        "max_players, starts_at, status, created_by_id, season, created, current_round) SELECT 'event ' || g, "
        "'lingo', '{}', 'round_robin', 2, true, interval '3 days', now() - interval '10 days', 10, "
        "now() - interval '9 days', 'running', %s, 0, now() - interval '20 days', 1 FROM generate_series(1, %s) g",
        [first, max(1, running // 300)],
    )
    sql(
        'INSERT INTO events_eventgame (event_id, season, division, round, "table", entries, game_id, away_used, '
        "away_grants) SELECT e.id, 0, 0, 1, t, '[]', %s + ((e.id * 10 + t) %% %s), interval '0', '{}' "
        "FROM events_event e, generate_series(1, 10) t",
        [low, running],
    )
    if wake_at:
        sql("UPDATE games_game SET wake_at = NULL")
    sql("ANALYZE")
    return time.perf_counter() - started


def _scalar(query: str, params: Any = None) -> Any:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(query, params)
        return cursor.fetchone()[0]


def _first_user() -> int:
    return int(_scalar("SELECT min(id) FROM auth_user"))


def make_due(due: int) -> None:
    """``due`` of each kind come due now: digests and daily pushes not yet sent today, computers to move,
    reminders, timeouts, open seeks past their time, "new seeks" readers, owed tasks never handed over. Can be
    called again: each call picks its rows afresh."""
    digest_due = has_column("accounts_profile", "digest_due")
    wake_at = has_column("games_game", "wake_at")
    # Digest players whose game waits for them (seat 0 of a running game), today's digest not sent yet.
    sql("DROP TABLE IF EXISTS due_digests, due_pushes, due_wakes")
    sql(
        "CREATE TEMP TABLE due_digests AS SELECT p.user_id FROM accounts_profile p JOIN games_seat s "
        "ON s.user_id = p.user_id AND s.position = 0 AND s.live WHERE p.email_modes ->> 'your_turn' = 'digest' "
        "ORDER BY p.user_id LIMIT %s",
        [due],
    )
    sql(
        "DELETE FROM games_notification WHERE key IN (SELECT 'digest:' || p.user_id || ':' || "
        "(now() AT TIME ZONE p.time_zone)::date FROM accounts_profile p JOIN due_digests USING (user_id))"
    )
    if digest_due:
        sql(
            "UPDATE accounts_profile SET digest_due = now() - interval '1 minute' "
            "WHERE user_id IN (SELECT user_id FROM due_digests)"
        )
    # Daily pushes (other players than the digests above: from the other end), today's not sent yet.
    if has_column("push_pushchoices", "digest_due"):
        sql(
            "CREATE TEMP TABLE due_pushes AS SELECT c.user_id FROM push_pushchoices c JOIN games_seat s "
            "ON s.user_id = c.user_id AND s.position = 0 AND s.live ORDER BY c.user_id DESC LIMIT %s",
            [due],
        )
        sql(
            "DELETE FROM games_notification WHERE key LIKE 'push-digest:%%' AND split_part(key, ':', 2)::int IN "
            "(SELECT user_id FROM due_pushes)"
        )
        sql(
            "UPDATE push_pushchoices SET digest_due = now() - interval '1 minute' "
            "WHERE user_id IN (SELECT user_id FROM due_pushes)"
        )
    # Computer games where the computer is to move (seat 0 handed to the computer) and its task was lost; games
    # already handed over by an earlier call are left alone.
    computer = _scalar("SELECT id FROM auth_user WHERE username = 'computer-quick'")
    sql(
        "CREATE TEMP TABLE due_wakes AS SELECT g.id, s.user_id AS human FROM games_game g JOIN games_seat s "
        "ON s.game_id = g.id AND s.position = 0 WHERE g.has_computers AND g.status = 'active' AND s.user_id <> %s "
        "ORDER BY g.id LIMIT %s",
        [computer, due],
    )
    wakes = "game_id IN (SELECT id FROM due_wakes)"
    sql(f"UPDATE games_seat SET user_id = NULL WHERE position = 1 AND {wakes}")
    sql(f"UPDATE games_seat SET user_id = %s WHERE position = 0 AND {wakes}", [computer])
    sql("UPDATE games_seat s SET user_id = d.human FROM due_wakes d WHERE s.game_id = d.id AND s.position = 1")
    if wake_at:
        sql("UPDATE games_game SET wake_at = now() - interval '1 minute' WHERE id IN (SELECT id FROM due_wakes)")
    # Reminders and timeouts in ordinary games.
    sql(
        "UPDATE games_seat SET remind_at = now() - interval '1 minute', reminded = false WHERE id IN (SELECT s.id "
        "FROM games_seat s JOIN games_game g ON g.id = s.game_id WHERE g.status = 'active' AND NOT g.has_computers "
        "AND s.position = 0 AND NOT s.reminded ORDER BY s.id LIMIT %s)",
        [due],
    )
    sql(
        "UPDATE games_seat SET due_at = now() - interval '1 minute' WHERE id IN (SELECT s.id FROM games_seat s "
        "JOIN games_game g ON g.id = s.game_id WHERE g.status = 'active' AND NOT g.has_computers AND s.position = 0 "
        "ORDER BY s.id DESC LIMIT %s)",
        [due],
    )
    sql(
        "UPDATE seeks_seek SET state = 'open', expires_at = now() - interval '1 minute' WHERE id IN "
        "(SELECT id FROM seeks_seek ORDER BY id LIMIT %s)",
        [due],
    )
    sql(
        "UPDATE seeks_seekmail SET next_due = now() - interval '1 minute' WHERE user_id IN "
        "(SELECT user_id FROM seeks_seekmail ORDER BY user_id LIMIT %s)",
        [due],
    )
    # Tasks a write owed and could not hand to the broker (it was down): each one a daily push to send.
    sql(
        "INSERT INTO games_owedtask (task, args, kwargs, countdown, created, attempts) SELECT "
        "'wordgames.games.tasks.send_push', jsonb_build_array(g, 'bench:' || g, '{}'::jsonb), '{}', 0, "
        "now() - interval '10 minutes', 1 FROM generate_series(1, %s) g",
        [due],
    )
    sql("ANALYZE")


def run_sweeps(label: str) -> list[dict[str, Any]]:
    from django.conf import settings
    from django.db import connection

    from wordgames.sweeps import task_named

    statements = [0]

    def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
        statements[0] += 1
        return execute(sql, params, many, context)

    rows = []
    for name, entry in settings.CELERY_BEAT_SCHEDULE.items():
        if name == "poll-imap":
            continue
        task = task_named(entry["task"])
        statements[0] = 0
        with connection.execute_wrapper(count):
            cpu, wall = time.process_time(), time.perf_counter()
            task()
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        rows.append(
            {"case": label, "sweep": name, "queries": statements[0], "cpu_ms": cpu * 1000, "wall_ms": wall * 1000}
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--running", type=int, default=100_000)
    parser.add_argument("--finished", type=int, default=1_000_000)
    parser.add_argument("--due", default="250,1000", help="how many of each kind come due, one run per number")
    parser.add_argument("--database", default="wg_sweeps_bench")
    parser.add_argument("--keep", action="store_true", help="reuse the database built by an earlier run")
    args = parser.parse_args()
    setup(args.database, args.keep)
    if not args.keep:
        took = populate(args.players, args.running, args.finished)
        print(
            f"built {args.players:,} players, {args.running:,} running and {args.finished:,} finished games "
            f"in {took:.0f} s"
        )
    run_sweeps("warm-up")  # imports, caches, the first connection
    rows = run_sweeps("nothing due")
    for due in (int(n) for n in args.due.split(",")):
        make_due(due)
        rows += run_sweeps(f"{due:,} due")
        rows += run_sweeps(f"{due:,} due, again: nothing left")
    print("| case | sweep | SQL statements | CPU ms | wall ms |\n|---|---|---|---|---|")
    for row in rows:
        print(f"| {row['case']} | {row['sweep']} | {row['queries']:,} | {row['cpu_ms']:,.0f} | {row['wall_ms']:,.0f} |")


if __name__ == "__main__":
    main()
