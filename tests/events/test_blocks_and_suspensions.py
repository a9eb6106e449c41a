"""Blocks and suspensions in Swiss events: two players who block each other are not paired while another
pairing exists (they still meet when nothing else pairs the field); a player suspended during the event is
withdrawn and paired no more."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import logged_in, make_user
from tests.seeks.conftest import rate
from wordgames.accounts.models import Block
from wordgames.events.models import Entry, Event, EventGame
from wordgames.events.pairing import swiss_round
from wordgames.games import actions

from .conftest import create_event, resign, sign_up, start


def test_a_blocked_pair_is_kept_apart_when_another_pairing_exists_and_met_when_none_does() -> None:
    ratings = {1: 1800, 2: 1700, 3: 1600, 4: 1500}
    pairs, _ = swiss_round([1, 2, 3, 4], [], ratings, 1)
    assert sorted(pairs) == [(1, 3), (2, 4)], "top half meets bottom half"
    pairs, _ = swiss_round([1, 2, 3, 4], [], ratings, 1, {frozenset((1, 3))})
    assert frozenset((1, 3)) not in {frozenset(p) for p in pairs} and len(pairs) == 2
    # Two players left and a block between them: they meet rather than not play.
    assert [frozenset(p) for p in swiss_round([1, 3], [], ratings, 1, {frozenset((1, 3))})[0]] == [frozenset((1, 3))]


@pytest.mark.django_db
def test_a_swiss_event_does_not_pair_two_players_who_block_each_other(mod: Any, ann: Any, bob: Any, cat: Any) -> None:
    dan = make_user("dan", "Dan")
    for n, user in enumerate((ann, bob, cat, dan)):
        rate(user, "keebble", 1800 - 100 * n)
    Block.objects.create(blocker=cat, blocked=ann)  # ann against cat is what the ratings would pair first
    event = create_event(mod, "Keebble Swiss", "keebble", format="swiss", rounds=2)
    for user in (ann, bob, cat, dan):
        sign_up(user, event)
    start(mod, event)
    entry = {e.user_id: e.pk for e in Entry.objects.filter(event=event)}
    tables = [set(t.entries) for t in EventGame.objects.filter(event=event, round=1)]
    assert len(tables) == 2 and {entry[ann.pk], entry[cat.pk]} not in tables


@pytest.mark.django_db
def test_a_player_suspended_during_a_swiss_event_is_withdrawn_and_not_paired_again(
    mod: Any, ann: Any, bob: Any, cat: Any
) -> None:
    dan = make_user("dan", "Dan")
    event = create_event(mod, "Lingo Swiss", "lingo", format="swiss", rounds=3)
    for user in (ann, bob, cat, dan):
        sign_up(user, event)
    start(mod, event)
    users = {e.pk: e.user for e in Entry.objects.filter(event=event).select_related("user")}
    dans = Entry.objects.get(event=event, user=dan).pk
    first = list(EventGame.objects.filter(event=event, round=1).select_related("game"))
    for t in first:  # dan's opponent resigns: dan wins his game, then is suspended before the round ends
        loser = next(users[e] for e in t.entries if e != dans) if dans in t.entries else users[t.entries[1]]
        if t is first[-1]:
            actions.set_suspended(dan, mod, "abuse in chat")
        resign(t.game, loser)  # type: ignore[arg-type]
    event.refresh_from_db()
    assert event.current_round == 2
    second = list(EventGame.objects.filter(event=event, round=2))
    assert all(dans not in t.entries for t in second) and len(second) == 2, "three players: one game and a bye"
    assert Entry.objects.get(pk=dans).withdrawn
    page = logged_in(ann).get(f"/events/{event.pk}/").content.decode()
    assert 'Dan <span class="muted">(withdrawn)</span>' in page
    for t in EventGame.objects.filter(event=event, round=2, game__isnull=False).select_related("game"):
        resign(t.game, users[t.entries[1]])  # type: ignore[arg-type]
    event.refresh_from_db()
    assert event.current_round == 3 and all(dans not in t.entries for t in EventGame.objects.filter(round=3))
    assert event.status == Event.Status.RUNNING
