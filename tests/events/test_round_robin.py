"""A round-robin of Lingo, six players of whom one is a computer (a house player signed up through the same
door), run from sign-up to its final standings, which equal a table worked out by hand; and a round-robin of
four players at tables of three (Lingua Fences)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest
from django.core import mail

from tests.conftest import logged_in, make_user
from wordgames.events import actions as events
from wordgames.events.models import Entry, Event, EventGame
from wordgames.games import actions
from wordgames.games.actions.computers import computer_user
from wordgames.games.models import Game

from .conftest import create_event, resign, run_owed_event_tasks, sign_up, start


def table_of(event: Event, *users: Any) -> EventGame:
    ids = {Entry.objects.get(event=event, user=u).pk for u in users}
    return next(g for g in EventGame.objects.filter(event=event).select_related("game") if ids <= set(g.entries))


def standings_rows(event: Event) -> list[list[str]]:
    """The standings table of the event's page, as text cells."""
    import re

    html = logged_in(make_user("visitor")).get(f"/events/{event.pk}/").content.decode()
    body = html.split('<table class="standings">')[1].split("</table>")[0].split("<tbody>")[1]
    rows = []
    for row in re.findall(r"<tr>(.*?)</tr>", body, re.S):
        cells = [re.sub(r"<[^>]+>|\s+", " ", c).strip() for c in re.findall(r"<td>(.*?)</td>", row, re.S)]
        rows.append(cells)
    return rows


@pytest.mark.django_db
def test_a_lingo_round_robin_of_six_with_a_computer_ends_with_the_hand_computed_standings(
    ann: Any, bob: Any, cat: Any, dan: Any, mod: Any
) -> None:
    eve = make_user("eve", "Eve")
    event = create_event(mod, "Autumn Lingo", "lingo")
    for user in (ann, bob, cat, dan, eve):
        assert "You are signed up" in sign_up(user, event).content.decode()
    house = computer_user("quick")
    events.sign_up(event.pk, house)
    start(mod, event)
    assert event.status == Event.Status.RUNNING
    tables = list(EventGame.objects.filter(event=event).select_related("game"))
    assert len(tables) == 15 and all(t.game and t.game.status == Game.Status.ACTIVE and t.game.rated for t in tables)
    assert {frozenset(t.entries) for t in tables} == {
        frozenset(p) for p in combinations(Entry.objects.filter(event=event).values_list("pk", flat=True), 2)
    }, "each pair meets once"
    games_with_house = [t.game for t in tables if Entry.objects.get(event=event, user=house).pk in t.entries]
    assert all(g is not None and g.has_computers for g in games_with_house), "the house player's turns are owed"

    run_owed_event_tasks()
    to_ann = [m for m in mail.outbox if m.to == ["ann@example.com"] and "Autumn Lingo" in m.subject]
    assert len(to_ann) == 1 and to_ann[0].body.count("/games/") == 5 and "against Bob" in to_ann[0].body

    # Who wins: ann beats everyone but eve; bob and cat draw (a moderator ends their game before a move, 0-0);
    # bob and cat beat dan, eve and the house; dan beats eve and the house; eve beats the house.
    beats = [
        (ann, bob),
        (ann, cat),
        (ann, dan),
        (ann, house),
        (eve, ann),
        (bob, dan),
        (bob, eve),
        (bob, house),
        (cat, dan),
        (cat, eve),
        (cat, house),
        (dan, eve),
        (dan, house),
        (eve, house),
    ]
    for winner, loser in beats:
        assert event.status == Event.Status.RUNNING
        resign(table_of(event, winner, loser).game, loser)  # type: ignore[arg-type]
        event.refresh_from_db()
    actions.end_game(table_of(event, bob, cat).game.pk, mod, "a draw agreed")  # type: ignore[union-attr]
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.finished

    # By hand: points, then Sonneborn–Berger (the points of those one beat, half of those one drew with),
    # then the score difference (every game ended before a word was played: 0).
    assert standings_rows(event) == [
        ["1", "Ann", "4", "5", "9", "0"],
        ["2", "Bob", "3.5", "5", "5.75", "0"],
        ["2", "Cat", "3.5", "5", "5.75", "0"],
        ["4", "Eve", "2", "5", "4", "0"],
        ["5", "Dan", "2", "5", "2", "0"],
        ["6", "computer-quick", "0", "5", "0", "0"],
    ]
    mail.outbox.clear()
    run_owed_event_tasks()
    final = [m for m in mail.outbox if m.to == ["cat@example.com"]]
    assert len(final) == 1 and "is over" in final[0].body and "2. Cat, 3.5 points" in final[0].body


@pytest.mark.django_db
def test_four_players_at_tables_of_three_meet_equally_and_the_event_ends_with_its_last_game(
    ann: Any, bob: Any, cat: Any, dan: Any, mod: Any
) -> None:
    event = create_event(mod, "Fences for four", "lingua-fences", table_size=3)
    for user in (ann, bob, cat, dan):
        sign_up(user, event)
    start(mod, event)
    tables = list(EventGame.objects.filter(event=event).select_related("game"))
    assert all(len(t.entries) == 3 and t.game is not None for t in tables)
    meetings = {pair: 0 for pair in combinations(sorted(Entry.objects.values_list("pk", flat=True)), 2)}
    for t in tables:
        for a, b in combinations(sorted(t.entries), 2):
            meetings[(a, b)] += 1
    assert min(meetings.values()) >= 1 and max(meetings.values()) - min(meetings.values()) <= 1
    users = {e.pk: e.user for e in Entry.objects.filter(event=event).select_related("user")}
    # At each table the player in the last seat resigns first, then the one in the middle seat: the first seat
    # wins, the middle is second, the last is third.
    for t in tables:
        assert event.status == Event.Status.RUNNING
        resign(t.game, users[t.entries[2]])  # type: ignore[arg-type]
        resign(t.game, users[t.entries[1]])  # type: ignore[arg-type]
        event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    # A game of three gives 1 to the first, 0.5 to the second, 0 to the third: each player's points are the
    # sum of (2 - their seat) / 2 over their tables.
    expected: dict[str, float] = {}
    for t in tables:
        for seat, entry in enumerate(t.entries):
            name = users[entry].username.capitalize()
            expected[name] = expected.get(name, 0) + (2 - seat) / 2
    rows = standings_rows(event)
    assert {row[1]: float(row[2]) for row in rows} == expected
    assert sum(expected.values()) == len(tables) * 1.5


@pytest.mark.django_db
def test_a_round_robin_of_five_sits_one_player_out_each_round_and_the_sitting_out_scores_nothing(
    ann: Any, bob: Any, cat: Any, dan: Any, mod: Any
) -> None:
    event = create_event(mod, "Five of Lingo", "lingo")
    players = [ann, bob, cat, dan, make_user("eve", "Eve")]
    for user in players:
        sign_up(user, event)
    start(mod, event)
    games = [t for t in EventGame.objects.filter(event=event).select_related("game") if t.game is not None]
    assert len(games) == 10, "each of the ten pairs meets once"
    assert {frozenset(t.entries) for t in games} == {
        frozenset(p) for p in combinations(Entry.objects.filter(event=event).values_list("pk", flat=True), 2)
    }
    users = {e.pk: e.user for e in Entry.objects.filter(event=event).select_related("user")}
    for t in games:  # the first mover wins every game
        resign(t.game, users[t.entries[1]])  # type: ignore[arg-type]
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    rows = standings_rows(event)
    assert sum(float(row[2]) for row in rows) == 10 and all(row[3] == "4" for row in rows)
