"""What is sent, to whom, when: preferences, unsubscribe, threading, digests, reminders, timeouts, vacations."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone
from django.utils.html import escape

from wordgames.accounts.models import Profile, profile_for
from wordgames.games import actions, emails
from wordgames.games.boardtext import text_board
from wordgames.games.emails import BOARD_STYLE
from wordgames.games.models import Game, Move, Seat
from wordgames.mail.models import LocalEmail

from .test_inbound import best, latest_to


def prefer(user: Any, **modes: str) -> None:
    profile = profile_for(user)
    profile.email_modes = {**profile.email_modes, **modes}
    profile.save()


def fresh(user: Any) -> Profile:
    return Profile.objects.get(user=user)


def test_game_emails_have_html_threading_and_unsubscribe_headers(lingo_game: Game, play_best: Any, ann: Any) -> None:
    play_best(lingo_game, ann)
    sent = latest_to("bob@example.com")
    mime = sent.message()
    assert sent.alternatives[0][1] == "text/html" and "Pool:" in sent.alternatives[0][0]
    assert "The rules: http://localhost:8000/help/lingo/" in sent.body
    # On a phone the HTML part wraps the prose but not the board's drawing: its rows scroll sideways instead, while
    # the board's legend, pool and scores wrap with the text.
    html = sent.alternatives[0][0]
    board = text_board("lingo", Game.objects.get(pk=lingo_game.pk).state, 1)
    drawing = board.split("\n\n")[0]
    assert f'<div style="{BOARD_STYLE}">{escape(drawing)}</div>' in html
    legend = html[html.index(escape(drawing)) :].split("</div>", 1)[1]
    assert "Upper case: the last move." in legend and "Pool:" in legend and "<div" not in legend.split("Pool:")[0]
    assert mime["In-Reply-To"] == f"<game-{lingo_game.pk}@localhost>"
    assert mime["References"] == f"<game-{lingo_game.pk}@localhost>"
    assert mime["Message-ID"] != latest_to("ann@example.com").message()["Message-ID"]
    assert mime["List-Unsubscribe"].startswith("<http://localhost:8000/email/unsubscribe/")
    assert mime["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    assert sent.reply_to[0].startswith("Wordgames <play+")


def test_one_click_unsubscribe_stops_that_kind_only(lingo_game: Game, play_best: Any, ann: Any, bob: Any) -> None:
    play_best(lingo_game, ann)
    link = latest_to("bob@example.com").message()["List-Unsubscribe"].strip("<>")
    path = link.replace("http://localhost:8000", "")
    assert "Stop the emails about" in Client().get(path).content.decode()
    # A mail program's one-click POST: no session, no CSRF token.
    response = Client(enforce_csrf_checks=True).post(path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200 and "will no longer get emails" in response.content.decode()
    before = len([m for m in mail.outbox if m.to == ["bob@example.com"]])
    play_best(lingo_game, bob)
    play_best(lingo_game, ann)  # bob's turn again: no "your turn" email now
    to_bob = [m for m in mail.outbox if m.to == ["bob@example.com"]]
    assert len(to_bob) == before
    assert fresh(bob).email_mode("your_turn") == "none"
    assert fresh(bob).email_mode("game_over") == "every"


def test_a_stranger_invited_by_email_can_unsubscribe_in_one_click(ann: Any, bob: Any) -> None:
    actions.create_game(ann, "lingo", {}, ["dan@example.org"], seed=3)
    invitation = latest_to("dan@example.org")
    path = invitation.message()["List-Unsubscribe"].strip("<>").replace("http://localhost:8000", "")
    assert path in invitation.body  # the link is in the email too, not only in a header
    assert "Stop every email from this site to dan@example.org" in Client().get(path).content.decode()
    response = Client(enforce_csrf_checks=True).post(path, {"List-Unsubscribe": "One-Click"})
    assert response.status_code == 200 and "will send no more email to dan@example.org" in response.content.decode()
    before = len(mail.outbox)
    with pytest.raises(actions.Refused, match="dan@example.org has asked this site not to send them email"):
        actions.create_game(bob, "lingo", {}, ["Dan@Example.org"], seed=4)
    assert len(mail.outbox) == before and Game.objects.count() == 1


def test_a_forged_unsubscribe_link_changes_nothing(bob: Any) -> None:
    response = Client().post("/email/unsubscribe/not-a-token/")
    assert response.status_code == 400 and "not valid" in response.content.decode()


def test_other_players_see_the_move_and_comment(ann: Any, bob: Any, cat: Any) -> None:
    game = actions.create_game(ann, "lingo", {}, ["bob", "cat"], seed=3)
    actions.join_game(game.pk, bob)
    actions.join_game(game.pk, cat)
    game.refresh_from_db()
    actions.submit_move(game.pk, ann, best(game, 0), comment="Good luck, both of you.")
    to_cat = latest_to("cat@example.com")
    assert "Ann moved in Lingo game" in to_cat.body and "Ann writes: Good luck, both of you." in to_cat.body
    assert "bob to move" in to_cat.subject
    assert "It is your turn" in latest_to("bob@example.com").body


def test_email_settings_page(client_bob: Client, bob: Any) -> None:
    page = client_bob.get("/accounts/email/").content.decode()
    assert "A daily digest" in page and "Time away" in page
    data = {
        kind: "every"
        for kind in ("invitation", "start", "other_move", "game_over", "reminder", "timeout", "undo", "chat", "error")
    }
    response = client_bob.post(
        "/accounts/email/", {**data, "your_turn": "digest", "digest_hour": "7", "save_emails": "1"}
    )
    assert response.status_code == 302
    assert fresh(bob).email_mode("your_turn") == "digest" and fresh(bob).digest_hour == 7


def test_one_subject_per_game_for_mail_programs_that_thread_by_subject(
    client_bob: Client, bob: Any, lingo_game: Game, play_best: Any, ann: Any
) -> None:
    data = {
        kind: "every"
        for kind in (
            "invitation",
            "start",
            "your_turn",
            "other_move",
            "game_over",
            "reminder",
            "timeout",
            "undo",
            "chat",
            "error",
        )
    }
    assert "One subject line per game" in client_bob.get("/accounts/email/").content.decode()
    client_bob.post("/accounts/email/", {**data, "digest_hour": "8", "same_subject": "on", "save_emails": "1"})
    assert fresh(bob).same_subject
    play_best(lingo_game, ann)
    play_best(lingo_game, bob)
    play_best(lingo_game, ann)
    to_bob = [m for m in mail.outbox if m.to == ["bob@example.com"]]
    to_ann = [m for m in mail.outbox if m.to == ["ann@example.com"]]
    assert {m.subject for m in to_bob[-2:]} == {f"Lingo game {lingo_game.pk}"}  # the same, move after move
    assert "It is your turn" in to_bob[-1].body
    assert to_ann[-1].subject == f"Lingo game {lingo_game.pk}, move 3: ann to move"  # ann did not ask for it


def test_daily_digest_at_the_chosen_hour_in_the_players_zone(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any
) -> None:
    prefer(bob, your_turn="digest")
    profile = profile_for(bob)
    profile.time_zone, profile.digest_hour = "Asia/Tokyo", 9
    profile.save()
    before = len(mail.outbox)
    play_best(lingo_game, ann)
    assert not [m for m in mail.outbox[before:] if m.to == ["bob@example.com"]]
    due = fresh(bob).digest_due  # today's 09:00 in Tokyo
    assert due is not None and due.astimezone(ZoneInfo("Asia/Tokyo")).hour == 9
    morning = due - timedelta(minutes=30)  # 08:30 in Tokyo
    assert emails.send_digests(morning) == 0
    nine = morning + timedelta(minutes=40)  # 09:10 in Tokyo
    assert emails.send_digests(nine) == 1
    assert emails.send_digests(nine + timedelta(hours=3)) == 0  # once a day
    digest = latest_to("bob@example.com")
    assert digest.subject.startswith("Your turn in 1 game")
    assert f"Lingo game {lingo_game.pk}, move 2: bob to move" in digest.body and "Pool:" in digest.body
    assert emails.send_digests(nine + timedelta(days=1)) == 1  # the next day's


def deadline_of(game: Game, position: int) -> Seat:
    return Seat.objects.get(game=game, position=position)


def test_reminder_at_80_percent_then_timeout_forfeits(lingo_game: Game) -> None:
    seat = deadline_of(lingo_game, 0)
    start = seat.due_at - timedelta(days=7)
    assert seat.remind_at == start + timedelta(days=7) * 0.8
    assert actions.sweep(start + timedelta(days=5)) == {"reminded": 0, "timed_out": 0}
    assert actions.sweep(start + timedelta(days=6)) == {"reminded": 1, "timed_out": 0}
    assert actions.sweep(start + timedelta(days=6, hours=1)) == {"reminded": 0, "timed_out": 0}  # once
    reminder = latest_to("ann@example.com")
    assert reminder.subject.startswith("Reminder: Lingo game") and "still your turn" in reminder.body
    assert actions.sweep(start + timedelta(days=7, minutes=1)) == {"reminded": 0, "timed_out": 1}
    assert actions.sweep(start + timedelta(days=7, minutes=2)) == {"reminded": 0, "timed_out": 0}  # late twin
    lingo_game.refresh_from_db()
    assert lingo_game.status == Game.Status.FINISHED  # two players: the one left wins
    move = Move.objects.get(game=lingo_game)
    assert move.source == "clock" and move.text == "resign"
    told = latest_to("bob@example.com")
    assert "Ann's time to move ran out" in told.body and "bob wins" in told.body
    assert "Your time to move ran out" in latest_to("ann@example.com").body


def test_a_reminder_shows_the_deadline_in_the_readers_time_zone(lingo_game: Game, ann: Any) -> None:
    profile = profile_for(ann)
    profile.time_zone = "Asia/Tokyo"
    profile.save()
    seat = deadline_of(lingo_game, 0)
    actions.sweep(seat.due_at - timedelta(days=1))
    body = latest_to("ann@example.com").body
    local = seat.due_at.astimezone(ZoneInfo("Asia/Tokyo"))
    assert f"Your time to move runs out on {local:%a %-d %b %Y, %H:%M} JST." in body
    assert "UTC" not in body


def test_a_reminder_survives_a_mail_service_that_is_down_for_a_while(lingo_game: Game, settings: Any) -> None:
    from tests.support.flaky_local_mail import FlakyLocalMailBackend
    from wordgames.mail.models import LocalEmail

    settings.EMAIL_BACKEND = "tests.support.flaky_local_mail.FlakyLocalMailBackend"
    FlakyLocalMailBackend.failures = 2  # the first two tries fail; the task is retried (at once, in-process)
    seat = deadline_of(lingo_game, 0)
    assert actions.sweep(seat.remind_at + timedelta(minutes=1))["reminded"] == 1
    reminders = LocalEmail.objects.filter(subject__startswith="Reminder: Lingo game", to__contains="ann@")
    assert FlakyLocalMailBackend.failures == 0 and reminders.count() == 1
    assert actions.sweep(seat.remind_at + timedelta(minutes=2))["reminded"] == 0  # and only once


def test_pbmserv_preset_nags_after_7_days_and_forfeits_after_21(ann: Any, bob: Any) -> None:
    game = actions.create_game(
        ann, "lingo", {}, ["bob"], seed=5, move_time=timedelta(days=21), reminder_after=timedelta(days=7)
    )
    actions.join_game(game.pk, bob)
    seat = deadline_of(game, 0)
    start = seat.due_at - timedelta(days=21)
    assert actions.sweep(start + timedelta(days=6, hours=23))["reminded"] == 0
    assert actions.sweep(start + timedelta(days=7, minutes=1))["reminded"] == 1
    assert actions.sweep(start + timedelta(days=20))["timed_out"] == 0
    assert actions.sweep(start + timedelta(days=21, minutes=1))["timed_out"] == 1


def test_moving_in_time_stops_the_clock(lingo_game: Game, play_best: Any, ann: Any) -> None:
    due = deadline_of(lingo_game, 0).due_at
    play_best(lingo_game, ann)
    assert deadline_of(lingo_game, 0).due_at is None
    assert deadline_of(lingo_game, 1).due_at is not None
    assert actions.sweep(due)["timed_out"] == 0  # ann's old deadline: nothing; bob's is later


def test_vacation_stops_the_clock_and_tells_the_others(lingo_game: Game, ann: Any) -> None:
    seat = deadline_of(lingo_game, 0)
    due = seat.due_at
    start = due - timedelta(days=7)
    actions.set_vacation(ann, 10, now=start + timedelta(days=1))
    assert deadline_of(lingo_game, 0).due_at == due + timedelta(days=10)
    assert "ann is away until" in latest_to("bob@example.com").body
    assert actions.sweep(due + timedelta(minutes=1))["timed_out"] == 0  # the old deadline passes harmlessly
    assert actions.sweep(due + timedelta(days=10, minutes=1))["timed_out"] == 1


def test_vacation_allowance_per_year(ann: Any) -> None:
    now = datetime(2026, 6, 10, 12, 0, tzinfo=UTC)  # a fixed clock: with today's date this failed in late December
    actions.set_vacation(ann, 20, now=now)
    actions.end_vacation(ann, now=now + timedelta(days=5))  # back early: 15 days returned
    with pytest.raises(actions.Refused, match="You have 25 days away left this year"):
        actions.set_vacation(ann, 26, now=now + timedelta(days=6))
    actions.set_vacation(ann, 25, now=now + timedelta(days=6))


def test_a_new_calendar_year_brings_a_new_vacation_allowance(ann: Any) -> None:
    december = datetime(2026, 12, 28, 12, 0, tzinfo=UTC)
    actions.set_vacation(ann, 30, now=december - timedelta(days=60))  # the whole of 2026's allowance
    with pytest.raises(actions.Refused, match="You have 0 days away left this year"):
        actions.set_vacation(ann, 1, now=december)
    actions.set_vacation(ann, 30, now=december + timedelta(days=6))  # 3 January 2027: a fresh 30 days


def test_local_mail_reply_form_plays_the_move(lingo_game: Game, settings: Any, tmp_path: Path) -> None:
    settings.EMAIL_BACKEND = "wordgames.mail.backends.LocalMailBackend"
    settings.LOCAL_MAIL_VISIBLE = True
    move = best(lingo_game, 0)
    actions.submit_move(lingo_game.pk, lingo_game.seats.get(position=0).user, move)
    lingo_game.refresh_from_db()
    to_bob = LocalEmail.objects.filter(to="bob@example.com").first()
    assert to_bob is not None and "bob to move" in to_bob.subject
    page = Client().get(f"/mail/{to_bob.pk}/").content.decode()
    assert "Reply as bob@example.com" in page
    reply = best(lingo_game, 1)
    response = Client().post(f"/email/local-mail/{to_bob.pk}/reply/", {"body": f"{reply}\nnice"})
    assert response.status_code == 302
    played = Move.objects.filter(game=lingo_game).order_by("-seq").first()
    assert played is not None and played.text == reply and played.source == "email" and played.comment == "nice"


def test_a_timeout_move_that_does_not_fit_forfeits_instead(ann: Any, bob: Any, cat: Any) -> None:
    """Keebble's silent mover asks for two common letters; under Letterfraud's "line" rule that may be refused:
    the sweep must not get stuck on it."""
    game = actions.create_game(ann, "keebble", {"start": "empty", "letterfraud": "line"}, ["bob", "cat"], seed=3)
    actions.join_game(game.pk, bob)
    actions.join_game(game.pk, cat)
    game.refresh_from_db()
    state = game.state
    state["cells"] = {
        "c3": {"letter": "Q", "owner": None, "value": 0},
        "d3": {"letter": "Z", "owner": None, "value": 0},
    }
    Game.objects.filter(pk=game.pk).update(state=state)
    due = Seat.objects.get(game=game, position=0).due_at
    assert actions.sweep(due + timedelta(minutes=1))["timed_out"] == 1
    move = Move.objects.get(game=game)
    assert move.text == "resign" and move.source == "clock"


def test_a_turn_that_starts_during_a_vacation_waits_for_its_end(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any
) -> None:
    actions.set_vacation(bob, 3)
    play_best(lingo_game, ann)  # now it is bob's turn, while he is away
    due = deadline_of(lingo_game, 1).due_at
    assert timedelta(days=9, hours=23) < due - timezone.now() <= timedelta(days=10)


def test_a_sweep_does_not_look_again_at_players_whose_digest_went_out(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any, django_assert_max_num_queries: Any
) -> None:
    """The sweep runs every few minutes: once a player's digest of the day is sent, the later sweeps read the
    digest players and the day's sent keys, and nothing of their games."""
    prefer(bob, your_turn="digest")
    play_best(lingo_game, ann)
    nine = fresh(bob).digest_due + timedelta(minutes=10)
    assert emails.send_digests(nine) == 1
    assert fresh(bob).digest_due == nine.replace(minute=0) + timedelta(days=1)  # tomorrow's
    for later in (timedelta(minutes=5), timedelta(hours=23, minutes=45)):
        with django_assert_max_num_queries(1):  # the players whose digest is due: none
            assert emails.send_digests(nine + later) == 0


def test_changing_the_digest_hour_or_time_zone_moves_the_next_digest(
    lingo_game: Game, play_best: Any, ann: Any, bob: Any, client_bob: Client
) -> None:
    """The next digest follows the player's settings: a later hour today waits for it; another zone moves it to
    that zone's hour; leaving the digest removes it, so the sweep never reads the player."""
    prefer(bob, your_turn="digest")
    play_best(lingo_game, ann)
    profile = fresh(bob)
    profile.time_zone, profile.digest_hour = "Europe/Paris", 7
    profile.save()
    paris = fresh(bob).digest_due.astimezone(ZoneInfo("Europe/Paris"))
    assert (paris.hour, paris.date()) == (7, timezone.now().astimezone(ZoneInfo("Europe/Paris")).date())
    data = {
        kind: "every"
        for kind in ("invitation", "start", "other_move", "game_over", "reminder", "timeout", "undo", "chat", "error")
    }
    client_bob.post("/accounts/email/", {**data, "your_turn": "digest", "digest_hour": "20", "save_emails": "1"})
    due = fresh(bob).digest_due
    assert due.astimezone(ZoneInfo("Europe/Paris")).hour == 20
    assert emails.send_digests(due - timedelta(minutes=1)) == 0  # 19:59 in Paris: not yet
    assert emails.send_digests(due + timedelta(minutes=1)) == 1
    profile = fresh(bob)
    profile.time_zone = "America/New_York"
    profile.save(update_fields=["time_zone"])
    new_york = fresh(bob).digest_due.astimezone(ZoneInfo("America/New_York"))
    assert new_york.hour == 20
    client_bob.post("/accounts/email/", {**data, "your_turn": "every", "digest_hour": "20", "save_emails": "1"})
    assert fresh(bob).digest_due is None
