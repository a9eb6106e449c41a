"""A moderator puts another player in an event game's seat: the newcomer plays on for the entry seated there
(the result counts for that entry, the page says who plays for whom), and the entry's withdrawal resigns the
seat whoever sits in it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import logged_in, make_user
from wordgames.events.models import Entry, Event
from wordgames.games import actions
from wordgames.games.models import Game

from .conftest import create_event, resign, sign_up, start
from .test_round_robin import standings_rows, table_of


@pytest.mark.django_db
def test_a_stand_in_plays_on_for_the_entry_and_its_result_counts_for_it(mod: Any, ann: Any, bob: Any, cat: Any) -> None:
    zed = make_user("zed", "Zed")
    event = create_event(mod, "Three of Lingo", "lingo")
    for user in (ann, bob, cat):
        sign_up(user, event)
    start(mod, event)
    with_bob, with_cat = table_of(event, ann, bob), table_of(event, ann, cat)
    ann_entry = Entry.objects.get(event=event, user=ann).pk
    for table in (with_bob, with_cat):
        actions.replace_player(table.game.pk, table.entries.index(ann_entry), zed, mod, "ann is away for months")  # type: ignore[union-attr]

    resign(with_bob.game, bob)  # type: ignore[arg-type]
    rows = {row[1].split()[0]: row for row in standings_rows(event)}
    assert rows["Ann"][2] == "1" and rows["Bob"][2] == "0", "zed's win is ann's entry's point"
    assert "Zed" not in rows
    page = logged_in(bob).get(f"/events/{event.pk}/").content.decode()
    assert "Zed (for Ann)" in page

    logged_in(ann).post(f"/events/{event.pk}/withdraw/")
    game = with_cat.game
    assert game is not None
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.moves.get(text="resign").user == zed, "the entry's seat resigned, whoever sits in it"
    resign(table_of(event, bob, cat).game, cat)  # type: ignore[arg-type]
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
