"""Taking part in events: creating one (moderators; players only when the site allows it), signing up and
withdrawing on the page and by email, the start by beat's sweep (or its cancellation with too few players),
a withdrawal during the event, and the standings page's cost."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Group, User
from django.contrib.messages import get_messages
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.conftest import logged_in, make_user
from tests.pbem.deliver import by_pipe
from tests.pbem.test_commands_by_email import latest_to, to_site
from wordgames.engines import get_engine
from wordgames.events import actions as events
from wordgames.events import tasks
from wordgames.events.models import Entry, Event, EventGame
from wordgames.games import actions
from wordgames.games.models import Game, Move, Seat
from wordgames.pbem.models import InboundMessage

from .conftest import create_event, resign, run_owed_event_tasks, sign_up, start


def said(response: Any) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


@pytest.mark.django_db
def test_the_moderators_group_runs_events_after_migrating() -> None:
    codenames = set(Group.objects.get(name="Moderators").permissions.values_list("codename", flat=True))
    assert {"run_events", "view_event", "view_entry", "view_eventgame"} <= codenames


@pytest.mark.django_db
def test_a_player_cannot_create_an_event_unless_the_site_allows_it(ann: Any, settings: Any) -> None:
    assert "Create an event" not in logged_in(ann).get("/events/").content.decode()
    response = logged_in(ann).get("/events/new/", follow=True)
    assert "Only moderators can create events on this site." in said(response)
    settings.EVENTS_BY_PLAYERS = True
    assert "Create an event" in logged_in(ann).get("/events/").content.decode()
    event = create_event(ann, "Ann's cup", "lingo")
    assert event.created_by == ann and "Ann&#x27;s cup" in logged_in(ann).get("/events/").content.decode()


@pytest.mark.django_db
def test_signing_up_twice_after_the_deadline_or_suspended_is_refused_politely(mod: Any, ann: Any, bob: Any) -> None:
    event = create_event(mod, "Lingo open", "lingo")
    sign_up(ann, event)
    assert "You are already signed up for this event." in said(sign_up(ann, event))
    actions.set_suspended(bob, mod, "spam")
    with pytest.raises(actions.Refused, match="Your account is suspended."):
        events.sign_up(event.pk, bob)
    Event.objects.filter(pk=event.pk).update(signup_deadline=timezone.now() - timedelta(minutes=1))
    assert "Sign-up for this event is closed." in said(sign_up(make_user("late"), event))
    assert list(Entry.objects.values_list("user__username", flat=True)) == ["ann"]


@pytest.mark.django_db
def test_withdrawing_before_the_start_frees_the_place_and_one_may_sign_up_again(mod: Any, ann: Any, bob: Any) -> None:
    event = create_event(mod, "Lingo for two", "lingo", max_players=2)
    sign_up(ann, event)
    sign_up(bob, event)
    assert "This event is full" in said(sign_up(make_user("cal"), event))
    page = logged_in(ann).post(f"/events/{event.pk}/withdraw/", follow=True)
    assert "You have withdrawn from the event." in said(page)
    assert "Sign up" in page.content.decode()
    assert "You are signed up" in said(sign_up(make_user("dot"), event))
    assert "This event is full" in said(sign_up(ann, event))


@pytest.mark.django_db
def test_beats_sweep_starts_an_event_at_its_start_and_cancels_one_with_too_few(mod: Any, ann: Any, bob: Any) -> None:
    full = create_event(mod, "Starts itself", "lingo")
    empty = create_event(mod, "Nobody came", "lingo")
    sign_up(ann, full)
    sign_up(bob, full)
    sign_up(ann, empty)
    tasks.start_due_events()
    assert not EventGame.objects.exists(), "not before its start"
    Event.objects.update(starts_at=timezone.now() - timedelta(seconds=1))
    tasks.start_due_events()
    full.refresh_from_db()
    empty.refresh_from_db()
    assert full.status == Event.Status.RUNNING and EventGame.objects.get(event=full).game.status == Game.Status.ACTIVE  # type: ignore[union-attr]
    assert empty.status == Event.Status.CANCELLED
    run_owed_event_tasks()
    assert "was cancelled: too few players" in latest_to("ann@example.com").body
    tasks.start_due_events()
    assert EventGame.objects.count() == 1, "a started event is not started again"


@pytest.mark.django_db
def test_a_player_who_withdraws_during_a_round_robin_loses_their_games_still_running(
    mod: Any, ann: Any, bob: Any, cat: Any
) -> None:
    event = create_event(mod, "Three of Lingo", "lingo")
    for user in (ann, bob, cat):
        sign_up(user, event)
    start(mod, event)
    tables = list(EventGame.objects.filter(event=event).select_related("game"))
    ann_entry = Entry.objects.get(event=event, user=ann).pk
    bob_vs_cat = next(t for t in tables if ann_entry not in t.entries)
    logged_in(ann).post(f"/events/{event.pk}/withdraw/")
    for t in tables:
        t.game.refresh_from_db()  # type: ignore[union-attr]
    assert all(t.game.status == Game.Status.FINISHED for t in tables if ann_entry in t.entries)  # type: ignore[union-attr]
    assert bob_vs_cat.game.status == Game.Status.ACTIVE  # type: ignore[union-attr]
    resign(bob_vs_cat.game, cat)  # type: ignore[arg-type]
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    page = logged_in(bob).get(f"/events/{event.pk}/").content.decode()
    assert 'Ann <span class="muted">(withdrawn)</span>' in page


@pytest.mark.django_db(transaction=True)
def test_join_and_withdraw_by_email_are_answered(mod: Any, ann: Any, tmp_path: Path) -> None:
    event = create_event(mod, "Lingo by mail", "lingo")
    by_pipe(to_site("ann@example.com", f"join {event.pk}"), tmp_path)
    assert Entry.objects.filter(event=event, user=ann, withdrawn=False).exists()
    answer = latest_to("ann@example.com").body
    assert "You are signed up for Lingo by mail." in answer and f"/events/{event.pk}/" in answer
    by_pipe(to_site("ann@example.com", f"join #{event.pk}"), tmp_path)
    assert "You are already signed up for this event." in latest_to("ann@example.com").body
    by_pipe(to_site("ann@example.com", f"withdraw {event.pk}"), tmp_path)
    assert "You have withdrawn from Lingo by mail." in latest_to("ann@example.com").body
    assert Entry.objects.get(event=event, user=ann).withdrawn
    by_pipe(to_site("ann@example.com", "join 9999"), tmp_path)
    assert "There is no such event." in latest_to("ann@example.com").body
    by_pipe(to_site("stranger@example.com", f"join {event.pk}"), tmp_path)
    assert "write from the address of your account" in InboundMessage.objects.latest("pk").detail
    assert Entry.objects.filter(event=event).count() == 1
    outcomes = list(InboundMessage.objects.order_by("pk").values_list("outcome", flat=True))
    assert outcomes == ["command", "refused", "command", "refused", "refused"]


def page_queries(event: Event) -> int:
    client = logged_in(make_user(f"reader{event.pk}"))
    client.get(f"/events/{event.pk}/")  # the session and the user loaded once, as for every page
    with CaptureQueriesContext(connection) as captured:
        assert client.get(f"/events/{event.pk}/").status_code == 200
    return len(captured)


def swiss_with(mod: Any, players: int) -> Event:
    """A Swiss event of ``players`` under way, half its first round over (the first mover of every other table
    resigned)."""
    event = events.create_event(
        mod,
        f"Swiss of {players}",
        "lingo",
        {},
        format="swiss",
        rounds=3,
        signup_deadline=timezone.now() + timedelta(days=1),
        starts_at=timezone.now() + timedelta(days=1),
        max_players=players,
    )
    for n in range(players):
        events.sign_up(event.pk, make_user(f"p{event.pk}x{n}"))
    events.start_event(event.pk, mod)
    users = {e.pk: e.user for e in Entry.objects.filter(event=event).select_related("user")}
    for t in EventGame.objects.filter(event=event, table__lte=players // 4).select_related("game"):
        resign(t.game, users[t.entries[0]])  # type: ignore[arg-type]
    return event


def swiss_in_bulk(mod: Any, players: int) -> Event:
    """What ``swiss_with`` makes, written in bulk (users, entries, games, seats, the resignations, the tables):
    a Swiss event of ``players`` under way, half its first round over."""
    event = events.create_event(
        mod,
        f"Swiss of {players}",
        "lingo",
        {},
        format="swiss",
        rounds=3,
        signup_deadline=timezone.now() + timedelta(days=1),
        starts_at=timezone.now() + timedelta(days=1),
        max_players=players,
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.RUNNING, current_round=1)
    users = User.objects.bulk_create(
        [User(username=f"b{event.pk}x{n}", email=f"b{event.pk}x{n}@example.com", password="!") for n in range(players)]
    )
    entries = Entry.objects.bulk_create([Entry(event=event, user=user) for user in users])
    tables = players // 2
    over = players // 4
    now = timezone.now()
    games = Game.objects.bulk_create(
        [
            Game(
                engine="lingo",
                status=Game.Status.FINISHED if n < over else Game.Status.ACTIVE,
                rated=True,
                result={"scores": [0, 0], "winners": [1], "reason": "resigned"} if n < over else None,
                created_by=users[2 * n],
                started=now,
                finished=now if n < over else None,
            )
            for n in range(tables)
        ]
    )
    Seat.objects.bulk_create(
        [Seat(game=game, position=p, user=users[2 * n + p], joined=now) for n, game in enumerate(games) for p in (0, 1)]
    )
    Move.objects.bulk_create(
        [Move(game=game, seq=1, seat=0, user=users[2 * n], text="resign") for n, game in enumerate(games[:over])]
    )
    EventGame.objects.bulk_create(
        [
            EventGame(event=event, round=1, table=n + 1, game=game, entries=[entries[2 * n].pk, entries[2 * n + 1].pk])
            for n, game in enumerate(games)
        ]
    )
    return event


@pytest.mark.django_db
def test_the_standings_page_costs_the_same_queries_for_8_or_1000_players(mod: Any) -> None:
    small = page_queries(swiss_with(mod, 8))
    large_event = swiss_in_bulk(mod, 1000)
    assert page_queries(large_event) == small
    html = logged_in(mod).get(f"/events/{large_event.pk}/").content.decode()
    assert html.count("<tr>") == 1001 and "Buchholz" in html and "Sonneborn–Berger" in html


@pytest.mark.django_db
def test_an_event_whose_last_game_a_moderator_abandons_is_ended_by_the_sweep(mod: Any, ann: Any, bob: Any) -> None:
    event = create_event(mod, "Two of Lingo", "lingo")
    sign_up(ann, event)
    sign_up(bob, event)
    start(mod, event)
    actions.end_game(EventGame.objects.get(event=event).game.pk, mod, "both away", abandon=True)  # type: ignore[union-attr]
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING, "an abandoned game sends no end"
    tasks.start_due_events()
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    page = logged_in(ann).get(f"/events/{event.pk}/").content.decode()
    assert "abandoned" in page and "<td>0</td><td>0</td>" in page


@pytest.mark.django_db
def test_a_player_who_times_out_of_three_games_is_withdrawn_and_loses_the_rest(
    mod: Any, ann: Any, bob: Any, cat: Any, dan: Any, settings: Any
) -> None:
    settings.TIMEOUTS_IN_A_ROW = 1  # the first timeout resigns the seat, so three games time out quickly
    eve = make_user("eve", "Eve")
    event = create_event(mod, "Clocks", "lingo")
    for user in (ann, bob, cat, dan, eve):
        sign_up(user, event)
    start(mod, event)
    mine = Entry.objects.get(event=event, user=ann)
    users = {e.pk: e.user for e in Entry.objects.filter(event=event).select_related("user")}
    tables = [t for t in EventGame.objects.filter(event=event).select_related("game") if mine.pk in t.entries]
    assert len(tables) == 4
    for n, t in enumerate(tables[:3]):
        game = t.game
        assert game is not None
        if t.entries[0] != mine.pk:  # the opponent moves first: they play their best, and it is ann's turn
            best = get_engine("lingo").best_move(game.state, 0)  # type: ignore[attr-defined]
            actions.submit_move(game.pk, users[t.entries[0]], best.move)
        seat = game.seats.get(user=ann)
        type(seat).objects.filter(pk=seat.pk).update(due_at=timezone.now() - timedelta(minutes=1))
        assert actions.time_out(seat.pk)
        game.refresh_from_db()
        assert game.status == Game.Status.FINISHED
        mine.refresh_from_db()
        assert (mine.timeouts, mine.withdrawn) == (n + 1, n == 2)
    run_owed_event_tasks()
    last = tables[3].game
    assert last is not None
    last.refresh_from_db()
    assert last.status == Game.Status.FINISHED and last.moves.filter(text="resign").get().seat == [
        t.entries for t in tables
    ][3].index(mine.pk)
    page = logged_in(bob).get(f"/events/{event.pk}/").content.decode()
    assert 'Ann <span class="muted">(withdrawn)</span>' in page
