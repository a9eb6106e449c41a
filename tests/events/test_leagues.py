"""A league of Lingo run from sign-up through a season with promotion and relegation to the next season's
divisions, with a house computer among the players and a newcomer who signs up mid-season; the first season's
tables equal tables worked out by hand. Meant for PostgreSQL too (the doors lock the event's row)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from tests.conftest import logged_in, make_user
from tests.pbem.deliver import by_pipe
from tests.pbem.test_commands_by_email import latest_to, to_site
from tests.seeks.conftest import rate
from wordgames.events import actions as events
from wordgames.events.models import Entry, Event, EventGame
from wordgames.games.actions.computers import computer_user

from .conftest import create_event, resign, run_owed_event_tasks, sign_up, start


def divisions(event: Event, season: int | None = None) -> dict[str, list[list[str]]]:
    """Each division's standings table on the league's page (of ``season``, else the one under way)."""
    url = f"/events/{event.pk}/" + (f"?season={season}" if season else "")
    html = logged_in(make_user(f"visitor{season}")).get(url).content.decode()
    out = {}
    for title, body in re.findall(r"<h2>(Division \d+)</h2>.*?<tbody>(.*?)</tbody>", html, re.S):
        rows = []
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
            rows.append([re.sub(r"<[^>]+>|\s+", " ", c).strip() for c in re.findall(r"<td>(.*?)</td>", row, re.S)])
        out[title] = rows
    return out


def game_of(event: Event, season: int, a: Any, b: Any) -> Any:
    ids = {Entry.objects.get(event=event, user=u).pk for u in (a, b)}
    return next(
        t.game
        for t in EventGame.objects.filter(event=event, season=season).select_related("game")
        if t.game is not None and set(t.entries) == ids
    )


@pytest.mark.django_db
def test_a_league_season_promotes_and_relegates_into_the_next_seasons_divisions(
    mod: Any, ann: Any, bob: Any, cat: Any
) -> None:
    dan, eve, fay = make_user("dan", "Dan"), make_user("eve", "Eve"), make_user("fay", "Fay")
    house = computer_user("quick")
    for n, user in enumerate((ann, bob, cat, dan, eve, house)):
        rate(user, "lingo", 1700 - 50 * n)  # the seeding: ann, bob, cat in the top division; dan, eve, the house
    event = create_event(mod, "Lingo league", "lingo", format="league", rounds=2, division_size=3, promoted=1)
    assert (event.format, event.division_size, event.promoted, event.rounds) == ("league", 3, 1, 2)
    for user in (ann, bob, cat, dan, eve):
        sign_up(user, event)
    events.sign_up(event.pk, house)
    start(mod, event)
    assert (event.status, event.season) == (Event.Status.RUNNING, 1)
    first = {
        d: sorted(Entry.objects.filter(event=event, division=d).values_list("user__username", flat=True))
        for d in (1, 2)
    }
    assert first == {1: ["ann", "bob", "cat"], 2: ["computer-quick", "dan", "eve"]}
    assert EventGame.objects.filter(event=event, season=1, game__isnull=False).count() == 6, "each division's pairs"
    run_owed_event_tasks()
    to_dan = [m.body for m in mail.outbox if m.to == ["dan@example.com"]]
    assert len(to_dan) == 1 and "Season 1 of Lingo league has begun" in to_dan[0] and "division 2" in to_dan[0]
    assert to_dan[0].count("/games/") == 2

    # A newcomer signs up while the season is under way: they play from the next season, in the bottom division.
    assert "You will play from the next season" in " ".join(str(m) for m in sign_up(fay, event).context["messages"])

    # Division 1: bob beats ann and cat, ann beats cat. Division 2: eve beats dan and the house, the house beats dan.
    for winner, loser in ((bob, ann), (bob, cat), (ann, cat), (eve, dan), (eve, house)):
        resign(game_of(event, 1, winner, loser), loser)
        event.refresh_from_db()
        assert event.season == 1
    resign(game_of(event, 1, house, dan), dan)
    event.refresh_from_db()
    assert (event.status, event.season) == (Event.Status.RUNNING, 2), "the season's last game starts the next"

    # By hand: points; Sonneborn–Berger (the points of those one beat); the score difference (no word played).
    assert divisions(event, season=1) == {
        "Division 1": [
            ["1", "Bob", "2", "2", "1", "0"],
            ["2", "Ann", "1", "2", "0", "0"],
            ["3", "Cat", "0", "2", "0", "0"],
        ],
        "Division 2": [
            ["1", "Eve", "2", "2", "1", "0"],
            ["2", "computer-quick", "1", "2", "0", "0"],
            ["3", "Dan", "0", "2", "0", "0"],
        ],
    }
    # Eve goes up, Cat goes down; Fay starts at the bottom. Seeds: those from above, those who stayed, those from below.
    second = {
        d: list(
            Entry.objects.filter(event=event, division=d).order_by("place").values_list("user__username", flat=True)
        )
        for d in (1, 2)
    }
    assert second == {1: ["bob", "ann", "eve"], 2: ["cat", "computer-quick", "dan", "fay"]}
    assert EventGame.objects.filter(event=event, season=2, game__isnull=False).count() == 3 + 6
    page = divisions(event)
    assert [row[1].split()[0] for row in page["Division 2"]] == ["Cat", "computer-quick", "Dan", "Fay"]
    assert all(row[2] == "0" for rows in page.values() for row in rows), "a new season starts from nothing"
    mail.outbox.clear()
    run_owed_event_tasks()
    to_fay = [m.body for m in mail.outbox if m.to == ["fay@example.com"]]
    assert len(to_fay) == 1 and "Season 2 of Lingo league has begun" in to_fay[0] and to_fay[0].count("/games/") == 3

    # The second and last season: in every game the first seat wins; then the league is over.
    users = {e.pk: e.user for e in Entry.objects.filter(event=event).select_related("user")}
    for t in EventGame.objects.filter(event=event, season=2, game__isnull=False).select_related("game"):
        resign(t.game, users[t.entries[1]])
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.season == 2
    mail.outbox.clear()
    run_owed_event_tasks()
    final = [m.body for m in mail.outbox if m.to == ["cat@example.com"]]
    assert len(final) == 1 and "Lingo league is over" in final[0] and "Division 2" in final[0]


@pytest.mark.django_db
def test_a_league_asks_for_its_divisions_and_a_ladder_for_its_reach(mod: Any) -> None:
    later = timezone.now() + timedelta(days=1)
    with pytest.raises(events.Refused, match="divisions have from 3 to 50 players"):
        events.create_event(
            mod,
            "L",
            "lingo",
            {},
            format="league",
            signup_deadline=later,
            starts_at=later,
            max_players=10,
            division_size=2,
            promoted=1,
        )
    with pytest.raises(events.Refused, match="fewer than half a division"):
        events.create_event(
            mod,
            "L",
            "lingo",
            {},
            format="league",
            signup_deadline=later,
            starts_at=later,
            max_players=10,
            division_size=4,
            promoted=2,
        )
    with pytest.raises(events.Refused, match="challenge from 1 to 20 places"):
        events.create_event(
            mod, "L", "lingo", {}, format="ladder", signup_deadline=later, starts_at=later, max_players=10
        )
    assert not Event.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_by_email_a_player_joins_a_running_league_for_next_season_and_one_who_withdraws_leaves_it(
    mod: Any, ann: Any, bob: Any, cat: Any, tmp_path: Any
) -> None:
    dan = make_user("dan", "Dan")
    make_user("eve", "Eve")  # signs up by email once the league runs
    event = create_event(mod, "Mail league", "lingo", format="league", division_size=3, promoted=1)
    for user in (ann, bob, cat, dan):
        sign_up(user, event)
    start(mod, event)
    assert sorted(Entry.objects.filter(event=event).values_list("division", flat=True)) == [1, 1, 1, 1], (
        "the one left over would make less than half a division: it stays in the one above"
    )
    by_pipe(to_site("eve@example.com", f"join {event.pk}"), tmp_path)
    assert "You are signed up for Mail league." in latest_to("eve@example.com").body
    by_pipe(to_site("dan@example.com", f"withdraw {event.pk}"), tmp_path)
    assert "You have withdrawn from Mail league." in latest_to("dan@example.com").body
    users = {e.pk: e.user for e in Entry.objects.filter(event=event).select_related("user")}
    for t in EventGame.objects.filter(event=event, season=1, game__status="active").select_related("game"):
        resign(t.game, users[t.entries[1]])
    event.refresh_from_db()
    assert event.season == 2 and event.status == Event.Status.RUNNING, "a league without a number of seasons goes on"
    second = Entry.objects.filter(event=event, division__isnull=False).values_list("user__username", flat=True)
    assert sorted(second) == ["ann", "bob", "cat", "eve"], "dan withdrew; eve plays from this season"
