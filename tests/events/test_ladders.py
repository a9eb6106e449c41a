"""A ladder of Lingo: its first order by rating, challenges on the page and by email up to the event's reach,
one game at a time each, a win by the challenger swapping places, a newcomer at the bottom, a withdrawal closing
the gap, and no challenge across a block."""

from __future__ import annotations

import re
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from tests.conftest import logged_in, make_user
from tests.pbem.deliver import by_pipe
from tests.pbem.test_commands_by_email import latest_to, to_site
from tests.seeks.conftest import rate
from wordgames.accounts.models import Block
from wordgames.events.models import Event, EventGame
from wordgames.games.models import Game

from .conftest import create_event, resign, run_owed_event_tasks, sign_up, start
from .test_taking_part import said

VISITORS = count()


def ladder_of(event: Event) -> list[str]:
    html = logged_in(make_user(f"visitor{next(VISITORS)}")).get(f"/events/{event.pk}/").content.decode()
    body = html.split('<table class="standings ladder">')[1].split("</table>")[0].split("<tbody>")[1]
    return [
        re.sub(r"<[^>]+>|\s+", " ", re.findall(r"<td>(.*?)</td>", row, re.S)[1]).strip()
        for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
    ]


def challenge(user: Any, event: Event, opponent: str) -> Any:
    return logged_in(user).post(f"/events/{event.pk}/challenge/", {"opponent": opponent}, follow=True)


@pytest.mark.django_db(transaction=True)
def test_a_ladder_of_four_challenges_within_reach_and_a_win_swaps_places(
    mod: Any, ann: Any, bob: Any, cat: Any, tmp_path: Path
) -> None:
    dan = make_user("dan", "Dan")
    for n, user in enumerate((ann, bob, cat, dan)):
        rate(user, "lingo", 1700 - 100 * n)
    event = create_event(mod, "Lingo ladder", "lingo", format="ladder", reach=2)
    for user in (dan, cat, bob, ann):  # signed up weakest first: the ladder is ordered by rating
        sign_up(user, event)
    start(mod, event)
    assert event.status == Event.Status.RUNNING and not EventGame.objects.exists()
    assert ladder_of(event) == ["Ann", "Bob", "Cat", "Dan"]

    page = logged_in(dan).get(f"/events/{event.pk}/").content.decode()
    assert page.count(">Challenge</button>") == 2, "dan may challenge bob and cat, two places up, not ann"
    assert "You may challenge only the 2 players just above you." in said(challenge(dan, event, "ann"))
    landed = challenge(dan, event, "bob")
    assert "Your challenge is made" in said(landed)
    table = EventGame.objects.get(event=event)
    game = table.game
    assert game is not None and landed.redirect_chain[-1][0] == f"/games/{game.pk}/"
    assert game.status == Game.Status.ACTIVE and game.rated
    assert list(game.seats.order_by("position").values_list("user__username", flat=True)) == ["dan", "bob"]
    assert "Bob has a game of this ladder under way" in said(challenge(cat, event, "bob"))
    assert "You already have a game of this ladder under way" in said(challenge(dan, event, "cat"))
    run_owed_event_tasks()
    to_bob = [m.body for m in mail.outbox if m.to == ["bob@example.com"] and "a challenge" in m.subject]
    assert (
        len(to_bob) == 1 and "Dan has challenged you on Lingo ladder" in to_bob[0] and f"/games/{game.pk}/" in to_bob[0]
    )

    resign(game, bob)
    assert ladder_of(event) == ["Ann", "Dan", "Cat", "Bob"], "the challenger won: the two swap places"

    # By email: cat challenges dan (one place up) and loses: nothing moves.
    by_pipe(to_site("cat@example.com", f"challenge {event.pk} dan"), tmp_path)
    answer = latest_to("cat@example.com").body
    assert "Your challenge to dan is made" in answer
    second = EventGame.objects.filter(event=event).order_by("round").last()
    assert second is not None and second.game is not None and f"/games/{second.game.pk}/" in answer
    resign(second.game, cat)
    assert ladder_of(event) == ["Ann", "Dan", "Cat", "Bob"], "a defence changes nothing"

    # A newcomer starts at the bottom; a block stops a challenge; a withdrawal closes the gap.
    eve = make_user("eve", "Eve")
    assert "at its bottom" in said(sign_up(eve, event))
    assert ladder_of(event) == ["Ann", "Dan", "Cat", "Bob", "Eve"]
    Block.objects.create(blocker=cat, blocked=eve)
    assert "That player cannot be challenged." in said(challenge(eve, event, "cat"))
    logged_in(dan).post(f"/events/{event.pk}/withdraw/")
    assert ladder_of(event) == ["Ann", "Cat", "Bob", "Eve"]
    assert EventGame.objects.filter(event=event).count() == 2
