"""A Swiss event of Keebble, eight players (one a house computer) and three rounds, run from sign-up to its
final standings. Results are set by strength: in every game the weaker player resigns. Whatever pairs a
correct Swiss pairing chooses, eight players and strict results end with one on 3 points, three on 2, three on
1 and one on 0; the strongest first, the weakest last; and the tiebreaks are those of the games played."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from tests.conftest import make_user
from tests.seeks.conftest import rate
from wordgames.events import actions as events
from wordgames.events.models import Entry, Event, EventGame
from wordgames.games.actions.computers import computer_user
from wordgames.games.models import Game

from .conftest import create_event, resign, run_owed_event_tasks, sign_up, start
from .test_round_robin import standings_rows


@pytest.mark.django_db
def test_an_eight_player_swiss_of_three_rounds_pairs_by_score_without_repeats_and_ends(mod: Any) -> None:
    people = [make_user(name, name.capitalize()) for name in ("ann", "bob", "cat", "dan", "eve", "fay", "gus")]
    house = computer_user("strong")
    strongest_first = [people[3], people[0], house, people[5], people[1], people[6], people[2], people[4]]
    for n, user in enumerate(people):
        rate(user, "keebble", 1400 + 37 * n)  # a seeding that is not the strength order
    event = create_event(mod, "Keebble Swiss", "keebble", format="swiss", rounds=3)
    for user in people:
        sign_up(user, event)
    events.sign_up(event.pk, house)
    start(mod, event)
    entry_of = {e.user_id: e.pk for e in Entry.objects.filter(event=event)}
    user_of = {e.pk: e.user for e in Entry.objects.filter(event=event).select_related("user")}
    strength = {entry_of[u.pk]: -n for n, u in enumerate(strongest_first)}
    points = dict.fromkeys(user_of, 0.0)
    met: set[frozenset[int]] = set()
    opponents: dict[int, list[int]] = {e: [] for e in user_of}
    beaten: dict[int, list[int]] = {e: [] for e in user_of}

    for number in (1, 2, 3):
        event.refresh_from_db()
        assert (event.status, event.current_round) == (Event.Status.RUNNING, number)
        tables = list(EventGame.objects.filter(event=event, round=number).select_related("game"))
        assert len(tables) == 4 and not EventGame.objects.filter(event=event, round=number + 1).exists()
        for t in tables:
            a, b = t.entries
            assert frozenset((a, b)) not in met, "no pair meets twice"
            assert points[a] == points[b], "pairs within a score group"
            met.add(frozenset((a, b)))
        mail.outbox.clear()
        run_owed_event_tasks()
        to_ann = [m.body for m in mail.outbox if m.to == ["ann@example.com"]]
        assert len(to_ann) == 1 and f"Round {number} of Keebble Swiss has begun" in to_ann[0]
        if number > 1:
            ann_points = points[entry_of[people[0].pk]]
            assert f"After round {number - 1} you are number " in to_ann[0]
            assert f"of 8, with {ann_points:g} point" in to_ann[0]
        for t in tables:
            a, b = t.entries
            winner, loser = (a, b) if strength[a] > strength[b] else (b, a)
            resign(t.game, user_of[loser])  # type: ignore[arg-type]
            points[winner] += 1
            opponents[a].append(b)
            opponents[b].append(a)
            beaten[winner].append(loser)
            if t is not tables[-1]:
                event.refresh_from_db()
                assert event.current_round == number, "the next round waits for the round's last game"
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and EventGame.objects.filter(event=event).count() == 12
    assert all(t.game.status == Game.Status.FINISHED for t in EventGame.objects.filter(event=event))  # type: ignore[union-attr]
    assert sorted(points.values()) == [0, 1, 1, 1, 2, 2, 2, 3]

    rows = standings_rows(event)
    names = [row[1] for row in rows]
    assert names[0] == "Dan" and names[-1] == "Eve", "the strongest first, the weakest last"
    # The tiebreaks as a person would add them up from the games above: Buchholz the sum of one's opponents'
    # points, Sonneborn–Berger the sum of the points of those one beat; every game resigned before a word.
    name = {e: user_of[e].username.capitalize() if user_of[e] != house else "computer-strong" for e in user_of}
    by_hand = {
        name[e]: [
            f"{points[e]:g}",
            "3",
            f"{sum(points[o] for o in opponents[e]):g}",
            f"{sum(points[o] for o in beaten[e]):g}",
            "0",
        ]
        for e in user_of
    }
    assert {row[1]: row[2:] for row in rows} == by_hand
    keys = [(-float(row[2]), -float(row[4]), -float(row[5])) for row in rows]
    assert keys == sorted(keys), "ranked by points, then Buchholz, then Sonneborn–Berger"
    for row, key in zip(rows, keys, strict=True):
        assert int(row[0]) == 1 + sum(1 for k in keys if k < key), "ties share a rank"
    run_owed_event_tasks()
    final = [m for m in mail.outbox if m.to == ["ann@example.com"] and "final standings" in m.subject]
    assert len(final) == 1
