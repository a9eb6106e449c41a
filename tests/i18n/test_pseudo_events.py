"""Every text of the events' pages and emails is marked for translation: rendered in the pseudo language, no
English prose is left outside the ⟪…⟫ that translation puts round what it touched. Names (players, events, the
games' own titles) are data."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import Group
from django.core import mail

from tests.conftest import logged_in, make_user
from tests.events.conftest import create_event, resign, run_owed_event_tasks, sign_up, start
from tests.support.pseudo import OPEN, PSEUDO, bare_prose, pseudo_available, pseudo_get
from wordgames.accounts.models import profile_for
from wordgames.accounts.moderators import GROUP, ensure_moderators_group
from wordgames.engines import engine_names, get_engine
from wordgames.events import ladders
from wordgames.events.models import Entry, Event, EventGame
from wordgames.games.forms import CLOCKS

pytestmark = pytest.mark.django_db


@pytest.fixture
def mod(db: Any) -> Any:
    """A moderator, in the Moderators group the migrations make (as the events' own tests have one)."""
    user = make_user("mod", "Mod")
    user.groups.add(Group.objects.filter(name=GROUP).first() or ensure_moderators_group(apps))
    return user


NAMES = ["Ann", "Bob", "Cat", "Dan", "ann", "bob", "cat", "dan", "mod", "Mod", "reader", "Zed", "zed"]
GAMES = [get_engine(name).title for name in engine_names()]


def main(html: str) -> str:
    """The page's own part (the site's header and footer are the base template's)."""
    return html.split('<main id="main" class="wrap">', 1)[1].split("</main>", 1)[0]


def page(url: str) -> str:
    response = pseudo_get(logged_in(make_user(f"reader{next(READERS)}")), url)
    assert response.status_code == 200 and OPEN in response.content.decode()
    return main(response.content.decode())


READERS = iter(range(1000))


def bare(text: str, event: Event | None = None) -> list[str]:
    return bare_prose(text, data=[*NAMES, *GAMES, *([event.name] if event else []), *_readers(text)])


def _readers(text: str) -> list[str]:
    return re.findall(r"reader\d+", text)


def players(mod: Any, ann: Any, bob: Any, cat: Any) -> list[Any]:
    dan = make_user("dan", "Dan")
    everyone = [ann, bob, cat, dan]
    for user in everyone:  # they read their emails in the pseudo language
        profile = profile_for(user)
        profile.language = PSEUDO
        profile.save()
    return everyone


def emails_in_pseudo() -> list[str]:
    mail.outbox.clear()
    with pseudo_available():
        run_owed_event_tasks()
    letters = [f"{m.subject}\n{m.body}" for m in mail.outbox if "/events/" in m.body]
    assert all(letter.startswith(OPEN) for letter in letters), "written in the reader's (pseudo) language"
    return letters


def test_the_events_list_and_the_new_event_form_are_translated(mod: Any, ann: Any) -> None:
    create_event(mod, "Autumn Lingo", "lingo", format="swiss", rounds=3)
    create_event(mod, "Winter league", "lingo", format="league", rounds=2, division_size=4, promoted=1)
    assert bare_prose(page("/events/"), data=[*NAMES, *GAMES, "Autumn Lingo", "Winter league"]) == []
    response = pseudo_get(logged_in(mod), "/events/new/?kind=keebble")
    form = main(response.content.decode())
    # The game's own option fields are the new-game form's (the games room marks them): only this form's are ours.
    # The times per move are the new-game form's choices too (``games.forms.CLOCKS``), reused as they are.
    ours = form.split("<fieldset>", 1)[0]
    assert bare_prose(ours, data=[*NAMES, *GAMES, *(str(label) for label, _time, _reminder in CLOCKS.values())]) == []


def test_a_round_robin_and_a_swiss_page_and_their_emails_are_translated(mod: Any, ann: Any, bob: Any, cat: Any) -> None:
    everyone = players(mod, ann, bob, cat)
    robin = create_event(mod, "Three of Lingo", "lingo", table_size=3)
    swiss = create_event(mod, "Keebble Swiss", "keebble", format="swiss", rounds=2)
    for event in (robin, swiss):
        assert bare(page(f"/events/{event.pk}/"), event) == [], "open for sign-up"
        for user in everyone:
            sign_up(user, event)
        start(mod, event)
    letters = emails_in_pseudo()
    assert len(letters) == 8 and [bare(letter) for letter in letters] == [[]] * 8
    users = {e.pk: e.user for e in Entry.objects.select_related("user")}
    for t in EventGame.objects.filter(event=swiss, round=1).select_related("game"):
        resign(t.game, users[t.entries[1]])
    assert [bare(letter) for letter in emails_in_pseudo()] == [[]] * 4, "round 2, with where each stands"
    for event in (robin, swiss):
        assert bare(page(f"/events/{event.pk}/"), event) == []
    for event in (robin, swiss):
        for t in EventGame.objects.filter(event=event, game__status="active").select_related("game"):
            resign(t.game, users[t.entries[-1]])
    for t in EventGame.objects.filter(event=robin, game__status="active").select_related("game"):
        resign(t.game, users[t.entries[-2]])
    finals = emails_in_pseudo()
    assert finals and [bare(letter) for letter in finals] == [[]] * len(finals)
    assert bare(page(f"/events/{swiss.pk}/"), swiss) == []


def test_a_league_and_a_ladder_page_and_their_emails_are_translated(mod: Any, ann: Any, bob: Any, cat: Any) -> None:
    everyone = players(mod, ann, bob, cat)
    league = create_event(mod, "Lingo league", "lingo", format="league", rounds=1, division_size=3, promoted=1)
    ladder = create_event(mod, "Lingo ladder", "lingo", format="ladder", reach=2)
    for event in (league, ladder):
        assert bare(page(f"/events/{event.pk}/"), event) == [], "open for sign-up"
        for user in everyone:
            sign_up(user, event)
        start(mod, event)
    letters = emails_in_pseudo()
    assert len(letters) == 4 and [bare(letter) for letter in letters] == [[]] * 4
    ladders.challenge(ladder.pk, everyone[3], "bob")
    letters = emails_in_pseudo()
    assert len(letters) == 2 and [bare(letter) for letter in letters] == [[]] * 2
    for event in (league, ladder):
        assert bare(page(f"/events/{event.pk}/"), event) == []
    users = {e.pk: e.user for e in Entry.objects.select_related("user")}
    for t in EventGame.objects.filter(event=league, game__isnull=False).select_related("game"):
        resign(t.game, users[t.entries[1]])
    finals = emails_in_pseudo()
    assert len(finals) == 4 and [bare(letter) for letter in finals] == [[]] * 4
    assert bare(page(f"/events/{league.pk}/?season=1"), league) == []
