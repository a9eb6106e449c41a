"""A burst of changes is told a batch at a time: one sender queued for the burst, the batch loaded in a fixed
number of queries whatever its size, its emails claimed in one statement, each email sent once; a batch whose
sender died, or whose mail service failed, is sent later, once."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.games.conftest import start_game
from wordgames.games import actions, relay, tasks
from wordgames.games.models import Game, Notice, NoticeSender, Notification
from wordgames.mail.models import LocalEmail

from .test_inbound import best


def _sender_queued() -> None:
    """As while a sender is queued and has not started: changes leave their notices to it."""
    NoticeSender.objects.update_or_create(pk=1, defaults={"queued": True})


def _move(game: Game, user: Any, seat: int) -> None:
    game.refresh_from_db()
    actions.submit_move(game.pk, user, best(game, seat), expected_version=game.version)


def _told(subject_part: str) -> Counter[str]:
    return Counter(m.to[0] for m in mail.outbox if subject_part in m.subject)


def _drain_counting() -> tuple[int, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        sent = relay.drain_notices()
    return sent, [q["sql"] for q in queries.captured_queries]


def test_a_burst_of_moves_is_told_by_one_sender_in_a_fixed_number_of_queries(ann: Any, bob: Any) -> None:
    games = [start_game(ann, bob, {}, seed=seed) for seed in range(7)]
    _sender_queued()
    _move(games[0], ann, 0)
    assert Notice.objects.count() == 1 and not _told(", move 2: bob to move")  # left to the queued sender
    one, one_queries = _drain_counting()
    assert one == 1

    _sender_queued()
    for game in games[1:]:
        _move(game, ann, 0)
    six, six_queries = _drain_counting()
    assert six == 6
    # Six moves' emails cost what one does, plus marking each sent: their games, moves and seats are loaded
    # together, and their keys claimed in one statement.
    assert len(six_queries) == len(one_queries) + 5, "\n".join(six_queries)
    claims = [sql for sql in six_queries if sql.startswith("INSERT") and "notification" in sql]
    assert len(claims) == 1
    assert _told(", move 2: bob to move") == {"bob@example.com": 7}
    assert all(_told(f"game {game.pk}, move 2: bob to move") == {"bob@example.com": 1} for game in games)
    assert not Notice.objects.exists() and not NoticeSender.objects.get(pk=1).queued
    assert not Notification.objects.filter(sent__isnull=True).exists()

    _move(games[0], bob, 1)  # nobody is queued now: this move queues its own sender, which runs at once
    assert _told(f"game {games[0].pk}, move 3: ann to move") == {"ann@example.com": 1}
    assert not Notice.objects.exists()


def test_a_change_overtaken_before_it_was_told_is_not_told(ann: Any, bob: Any) -> None:
    """Two moves in one game before the sender starts: only the position the game is in is told."""
    game = start_game(ann, bob, {}, seed=3)
    _sender_queued()
    _move(game, ann, 0)
    _move(game, bob, 1)
    assert relay.drain_notices() == 1
    assert not _told(f"game {game.pk}, move 2")
    assert _told(f"game {game.pk}, move 3: ann to move") == {"ann@example.com": 1}


def test_a_batch_whose_sender_died_is_taken_again_by_it_redelivered_or_by_anyone_after_the_lease(
    ann: Any, bob: Any, settings: Any
) -> None:
    games = [start_game(ann, bob, {}, seed=seed) for seed in (4, 5)]
    _sender_queued()
    for game in games:
        _move(game, ann, 0)
    assert len(relay._take("task-that-died", 10)) == 2  # it took them, then its worker was killed
    assert relay.drain_notices("another-task") == 0  # held: nobody else sends them during the lease
    assert relay.drain_notices("task-that-died") == 2  # the same task, delivered again, sends them at once
    assert _told(", move 2: bob to move") == {"bob@example.com": 2}

    _sender_queued()
    _move(games[0], bob, 1)
    relay._take("another-that-died", 10)
    settings.EMAIL_CLAIM_LEASE = 0  # its lease has run out
    assert relay.drain_notices("anyone") == 1
    assert _told(f"game {games[0].pk}, move 3: ann to move") == {"ann@example.com": 1}


def test_a_mail_service_failing_mid_batch_loses_and_doubles_nothing(ann: Any, bob: Any, settings: Any) -> None:
    from tests.support.flaky_local_mail import FlakyLocalMailBackend

    games = [start_game(ann, bob, {}, seed=seed) for seed in (6, 7, 8)]
    _sender_queued()
    for game in games:
        _move(game, ann, 0)
    settings.EMAIL_BACKEND = "tests.support.flaky_local_mail.FlakyLocalMailBackend"
    FlakyLocalMailBackend.failures = 1  # the batch's first send fails: the task is retried (at once, in-process)
    relay.send_notices.delay()
    assert FlakyLocalMailBackend.failures == 0
    sent = LocalEmail.objects.filter(subject__contains=", move 2: bob to move")
    assert sorted(sent.values_list("subject", flat=True)) == sorted(
        f"Lingo game {game.pk}, move 2: bob to move" for game in games
    )
    assert not Notice.objects.exists() and not Notification.objects.filter(sent__isnull=True).exists()


def test_notices_left_by_a_broker_that_was_down_are_sent_by_the_minutes_sweep(
    ann: Any, bob: Any, settings: Any
) -> None:
    game = start_game(ann, bob, {}, seed=9)
    _sender_queued()  # the sender queued on a broker that then lost it
    _move(game, ann, 0)
    settings.OWED_RELAY_AFTER = 0
    tasks.relay_owed()  # what beat runs every minute
    assert _told(f"game {game.pk}, move 2: bob to move") == {"bob@example.com": 1}
    assert not Notice.objects.exists()
    tasks.relay_owed()
    assert _told(f"game {game.pk}, move 2: bob to move") == {"bob@example.com": 1}


def test_a_notice_whose_emails_cannot_be_made_keeps_its_error_and_holds_up_nobody(
    ann: Any, bob: Any, caplog: Any, admin_client: Any, settings: Any
) -> None:
    games = [start_game(ann, bob, {}, seed=seed) for seed in (11, 12, 13)]
    _sender_queued()
    for game in games:
        _move(game, ann, 0)
    broken = games[1]
    state = Game.objects.get(pk=broken.pk).state
    Game.objects.filter(pk=broken.pk).update(state={"broken": True})  # a bug: this position cannot be drawn
    assert relay.drain_notices() == 2
    told = _told(", move 2: bob to move")
    assert told == {"bob@example.com": 2} and not _told(f"game {broken.pk}, move 2")
    kept = Notice.objects.get()
    assert kept.game_id == broken.pk and kept.error.startswith("KeyError")
    assert "Could not make the emails" in caplog.text
    assert relay.drain_notices() == 0 and Notice.objects.count() == 1  # not taken again, not lost either
    page = admin_client.get(reverse("admin:games_notice_changelist")).content.decode()
    assert "KeyError" in page  # where the people who run the site see it

    Game.objects.filter(pk=broken.pk).update(state=state)  # the bug fixed, its error cleared in the admin
    Notice.objects.filter(pk=kept.pk).update(error="")
    settings.OWED_RELAY_AFTER = settings.EMAIL_CLAIM_LEASE = 0
    tasks.relay_owed()  # the minute's sweep
    assert _told(f"game {broken.pk}, move 2: bob to move") == {"bob@example.com": 1}
    assert not Notice.objects.exists()


def test_senders_running_at_once_share_the_notices_and_send_each_email_once(ann: Any, bob: Any, settings: Any) -> None:
    """Four senders start together on a backlog of twelve moves (PostgreSQL: a batch is taken with
    SKIP LOCKED, so no two senders hold the same notice)."""
    import threading

    from django.db import connections

    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL test; SQLite serialises whole transactions")
    settings.NOTICE_BATCH = 2
    games = [start_game(ann, bob, {}, seed=seed) for seed in range(20, 32)]
    _sender_queued()
    for game in games:
        _move(game, ann, 0)
    barrier = threading.Barrier(4)
    sent: list[int] = []

    def sender(name: str) -> None:
        try:
            barrier.wait()
            sent.append(relay.drain_notices(name))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sender, args=(f"sender-{i}",)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(sent) == 12 and len(sent) == 4
    assert _told(", move 2: bob to move") == {"bob@example.com": 12}
    assert not Notice.objects.exists()


def test_a_long_batch_renews_its_claims_and_leaves_an_email_taken_over_to_its_taker(db: Any, settings: Any) -> None:
    """Claims are taken for a whole batch at once; a batch whose sends outlast half the lease renews them, so
    nobody takes over an email it is still to send, and one another sender took meanwhile is left to it."""
    from datetime import timedelta

    from django.utils import timezone

    from wordgames.games import emails

    settings.EMAIL_CLAIM_LEASE = 0  # every send comes late: the sender renews its claims before each one

    def letter(n: int) -> emails.Letter:
        return emails.compose(
            f"test-batch:{n}",
            f"p{n}@example.com",
            f"Note {n}",
            "games/email/reply.txt",
            {"reason": "", "text": f"Note {n}", "quoted": ""},
            html_context={},
            boards=[],
            headers={},
            user=None,
        )

    letters = [letter(n) for n in range(3)]

    def another_sender_takes_the_third() -> None:  # its lease ran out: anyone may take it over
        Notification.objects.filter(key="test-batch:2").update(claimed=timezone.now() + timedelta(seconds=1))

    letters[0].after = another_sender_takes_the_third
    mail.outbox = []
    sent = emails.send_letters(letters)
    assert [s.key for s in sent] == ["test-batch:0", "test-batch:1"]
    assert sorted(m.to[0] for m in mail.outbox) == ["p0@example.com", "p1@example.com"]
    third = Notification.objects.get(key="test-batch:2")
    assert third.sent is None and third.claimed is not None  # still the other sender's to send


def test_a_batch_is_sent_over_one_smtp_connection(ann: Any, bob: Any, cat: Any, settings: Any) -> None:
    """A real SMTP server (aiosmtpd) counts the connections: a burst of moves' emails goes over one."""
    from aiosmtpd.controller import Controller

    sessions: list[int] = []
    recipients: list[str] = []

    class Count:
        async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
            sessions.append(id(session))
            recipients.extend(envelope.rcpt_tos)
            return "250 OK"

    import socket

    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = Controller(Count(), hostname="127.0.0.1", port=port)
    server.start()
    try:
        games = [start_game(ann, bob, {}, seed=seed) for seed in (40, 41, 42)]
        _sender_queued()
        for game in games:
            _move(game, ann, 0)
        settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
        settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
        assert relay.drain_notices() == 3
    finally:
        server.stop()
    assert recipients == ["bob@example.com"] * 3
    assert len(set(sessions)) == 1, "each email opened a connection of its own"
