"""The pages of accounts, players, ratings, seeks, the outbox and unsubscribing, and the admin's own texts,
rendered in the pseudo language: every word a person reads went through a translation (``bare_prose``), and so
do a form's refusals. Only data stands bare: usernames, display names, game titles, addresses."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import logged_in, make_user
from tests.ratings.conftest import rated_game
from tests.support.pseudo import PSEUDO, bare_prose, pseudo_available, pseudo_get, pseudo_language
from wordgames.accounts import confirm, moderators, relations, tasks
from wordgames.accounts.forms import ProfileForm, SignupForm
from wordgames.accounts.models import Profile, profile_for, time_zone_names
from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.lexicon import lexicon_names
from wordgames.games import actions
from wordgames.games.emails import address_unsubscribe_token, unsubscribe_token
from wordgames.mail.models import EmailOptOut, LocalEmail
from wordgames.pbem.models import InboundMessage
from wordgames.ratings.models import Rating
from wordgames.seeks import actions as seek_actions
from wordgames.seeks.emails import stop_token
from wordgames.seeks.forms import SeekForm
from wordgames.seeks.models import SeekMail

pytestmark = pytest.mark.django_db

PEOPLE = ["ann", "bob", "cat", "Ann", "Bob", "Cat", "moderator"]
ADDRESSES = [f"{name}@example.com" for name in ("ann", "bob", "cat", "moderator", "site")]
TITLES = [get_engine(name).title for name in engine_names()]
# Each language's name in that language (the profile's choice), and the time zones' names (IANA's, untranslated).
LANGUAGE_NAMES = [name for _, name in settings.LANGUAGES] + ["Pseudo"]
ZONES = [*time_zone_names(), *(name.replace("_", " ") for name in time_zone_names())]
DATA = [*PEOPLE, *ADDRESSES, *TITLES, *LANGUAGE_NAMES]
# The values a game's options take (presets, codes, numbers, dictionaries' names), as forms and seeks show them.
OPTION_VALUES = sorted(
    {
        *lexicon_names(),
        *(
            str(value)
            for name in engine_names()
            for option in get_engine(name).options
            for value in (*option.choices, option.default)
        ),
        *(preset for name in engine_names() for preset in get_engine(name).presets),
    },
    key=len,
    reverse=True,
)


# Words Django's admin itself writes untranslated: the search icon's alt text and the yes/no icons' (admin/
# search_form.html, ``_boolean_icon``).
DJANGO_ADMIN_BARE = ["Search", "True", "False", "None"]


def without_admin_sidebar(html: str) -> str:
    """An admin page without its sidebar, which lists every app's models (each app's own affair)."""
    return re.sub(r'<nav class="sticky" id="nav-sidebar".*?</nav>', "", html, flags=re.S)


def page(client: Client, url: str, status: int = 200) -> str:
    response = pseudo_get(client, url)
    assert response.status_code == status, (url, response.status_code)
    html = response.content.decode()
    assert f'<html lang="{PSEUDO}"' in html
    return html


def assert_translated(html: str, *data: str) -> None:
    findings = bare_prose(html, data=[*DATA, *data])
    assert findings == [], "\n".join(findings)


def in_pseudo(user: Any) -> Client:
    """A logged-in client whose player chose the pseudo language (their emails and pages are in it)."""
    with pseudo_available():
        profile = profile_for(user)
        profile.language = PSEUDO
        profile.save(update_fields=["language"])
    return logged_in(user)


# Accounts: signing up, logging in, passwords, the profile and its settings.


def test_sign_up_log_in_and_password_pages_are_translated() -> None:
    visitor = Client()
    for name in ("signup", "login", "password_reset", "password_reset_done", "password_reset_complete"):
        assert_translated(page(visitor, reverse(name)))
    bad_link = reverse("password_reset_confirm", args=["MQ", "not-a-token"])
    html = page(visitor, bad_link)
    assert "⟪This link has been used already or is too old.⟫" in html
    assert_translated(html)


def test_the_lockout_page_is_translated(ann: Any) -> None:
    client = Client()
    with pseudo_available():
        for password in ["wrong horse"] * 5 + ["right or wrong"]:
            response = client.post(
                reverse("login"), {"username": "ann", "password": password}, HTTP_ACCEPT_LANGUAGE=PSEUDO
            )
    html = response.content.decode()
    assert response.status_code == 429 and "⟪Please try again in 15 minutes.⟫" in html
    assert_translated(html)


def test_a_taken_or_reserved_username_is_refused_in_the_readers_language(ann: Any) -> None:
    with pseudo_available():
        for username in ("ann", "computer-me", "аnn"):  # the last with a Cyrillic а
            response = Client().post(
                reverse("signup"),
                {
                    "username": username,
                    "email": "new@example.com",
                    "password1": "a long pass phrase",
                    "password2": "a long pass phrase",
                },  # noqa: E501
                HTTP_ACCEPT_LANGUAGE=PSEUDO,
            )
            html = response.content.decode()
            assert response.status_code == 200 and 'class="errorlist"' in html
            assert_translated(html, username)
    assert not get_user_model().objects.filter(username="computer-me").exists()


def test_form_refusals_are_translated_outside_a_request_too(ann: Any, bob: Any) -> None:
    """The forms' own refusals and Django's, in the active language: a taken username, a display name that is
    another's username, a seek's rating range that is not one of the choices."""
    with pseudo_language():
        signup = SignupForm(
            {
                "username": "ANN",
                "email": "x@example.com",
                "password1": "a long pass phrase",
                "password2": "a long pass phrase",
            }
        )
        profile = ProfileForm({"display_name": "Bob", "time_zone": "UTC"}, instance=profile_for(ann))
        seek = SeekForm(get_engine("lingo"), {"game": "lingo", "players": "2", "clock": "3d", "band": "7"})
        for form, field in ((signup, "username"), (profile, "display_name"), (seek, "band")):
            assert not form.is_valid()
            (error,) = form.errors[field]
            assert error.startswith("⟪") and error.endswith("⟫"), error


def test_the_password_reset_email_is_in_its_readers_language(ann: Any) -> None:
    in_pseudo(ann)
    with pseudo_available():
        tasks.send_password_reset("ann@example.com")
    (sent,) = mail.outbox
    assert sent.subject.startswith("⟪Reset your")
    assert_translated(sent.subject)
    assert_translated(sent.body)


def test_a_logged_in_players_account_pages_are_translated(ann: Any) -> None:
    client = in_pseudo(ann)
    for name in ("profile", "email_settings", "change_email", "password_change", "password_change_done"):
        assert_translated(page(client, reverse(name)), *ZONES)


def test_confirming_an_address_and_a_refused_link_are_translated(ann: Any) -> None:
    client = in_pseudo(ann)
    token = confirm.make_token(ann, "ann@example.org")
    assert_translated(page(client, reverse("confirm_email", args=[token])))
    with pseudo_available():
        done = client.post(reverse("confirm_email", args=[token]), follow=True)
        refused = client.post(reverse("confirm_email", args=[token]))  # used already
    assert "⟪Your email address is now ann@example.org.⟫" in done.content.decode()
    assert refused.status_code == 400 and "⟪This link has been used already" in refused.content.decode()
    assert_translated(refused.content.decode())


def test_the_wait_page_of_a_throttled_sign_up_is_translated(settings: Any) -> None:
    settings.THROTTLE = {**settings.THROTTLE, "signup": (1, 3600)}
    with pseudo_available():
        for n in range(2):
            response = Client().post(
                reverse("signup"),
                {
                    "username": f"new{n}",
                    "email": f"new{n}@example.com",
                    "password1": "a long pass phrase",
                    "password2": "a long pass phrase",
                },
                HTTP_ACCEPT_LANGUAGE=PSEUDO,
            )
    html = response.content.decode()
    assert response.status_code == 429 and "⟪Please try again in 60 minutes.⟫" in html
    assert_translated(html)


def test_profile_refusals_and_messages_are_translated(ann: Any, bob: Any) -> None:
    client = in_pseudo(ann)
    with pseudo_available():
        refused = client.post(reverse("profile"), {"display_name": "bob", "time_zone": "UTC", "language": PSEUDO})
        assert_translated(refused.content.decode(), *ZONES)
        assert "⟪That is another player&#x27;s username" in refused.content.decode()
        saved = client.post(
            reverse("profile"), {"display_name": "Annie", "time_zone": "UTC", "language": PSEUDO}, follow=True
        )
    html = saved.content.decode()
    assert "⟪Your profile is saved.⟫" in html
    assert_translated(html, "Annie", *ZONES)


# Players: a public profile with ratings, the follow and block buttons, the blocked list.


def test_a_players_profile_with_ratings_is_translated(ann: Any, bob: Any, cat: Any) -> None:
    for seed, loser in ((1, bob), (2, ann)):
        game = rated_game(ann, [bob], seed=seed)
        actions.submit_move(game.pk, loser, "resign")
    running = actions.create_game(ann, "lingo", {"preset": "classic"}, ["cat"], internal=True)
    actions.join_game(running.pk, cat)
    for viewer in (Client(), in_pseudo(bob), in_pseudo(ann)):
        html = page(viewer, reverse("player", args=["ann"]))
        assert '<svg class="rating-plot"' in html and 'aria-label="⟪Rating over the last' in html
        assert_translated(html)


def test_follow_and_block_messages_and_the_blocked_list_are_translated(ann: Any, bob: Any) -> None:
    client = in_pseudo(ann)
    with pseudo_available():
        for action in ("follow", "unfollow", "block"):
            response = client.post(reverse("player_relation", args=["bob"]), {"action": action}, follow=True)
            assert_translated(response.content.decode())
    assert relations.blocks(ann, bob)
    assert_translated(page(client, reverse("blocked_players")))


# Ratings: the leaderboards.


def test_leaderboards_are_translated(ann: Any, bob: Any) -> None:
    for user, value in ((ann, 1620), (bob, 1580)):
        Rating.objects.create(
            user=user, kind="lingo", mu=28.0, sigma=3.0, value=value, games=12, last_played=timezone.now()
        )
    client = in_pseudo(ann)
    assert_translated(page(client, reverse("leaderboards")))
    html = page(client, reverse("leaderboard", args=["lingo"]))
    assert "1620" in html and "1580" in html
    assert_translated(html)


# Seeks: the list, a seek's page, the form, and its refusals.


def test_the_seeks_list_and_a_seeks_page_are_translated(ann: Any, bob: Any, cat: Any) -> None:
    seek = seek_actions.post_seek(ann, "lingo", {"preset": "pbem"}, players=3, band=200, move_time=timedelta(days=1))
    seek_actions.take_seat(seek.pk, cat)
    withdrawn = seek_actions.post_seek(bob, "lingo", {}, players=2)
    seek_actions.withdraw_seek(withdrawn.pk, bob)
    for client in (Client(), in_pseudo(bob), in_pseudo(ann), in_pseudo(cat)):
        for url in (
            reverse("seeks"),
            reverse("seeks") + "?game=lingo",
            seek.get_absolute_url(),
            withdrawn.get_absolute_url(),
        ):
            html = page(client, url)
            assert_translated(html, *OPTION_VALUES)


def test_the_lobbys_seeks_are_translated(ann: Any, bob: Any) -> None:
    seek_actions.post_seek(bob, "lingo", {"preset": "pbem"}, players=2, band=300)
    for client in (Client(), in_pseudo(ann), in_pseudo(bob)):
        html = page(client, reverse("lobby"))
        seeks = re.search(r'<section class="card" id="lobby-seeks">.*?</section>', html, re.S)
        assert seeks is not None
        assert_translated(seeks.group(0), *OPTION_VALUES)


def test_a_refused_seat_is_told_in_the_readers_language(ann: Any, bob: Any, cat: Any) -> None:
    seek = seek_actions.post_seek(ann, "lingo", {}, players=3)
    relations.block(ann, bob)
    refusals = [
        (in_pseudo(bob), "⟪That seat is not available.⟫"),
        (in_pseudo(ann), "⟪This is your own seek: it starts when others take its seats.⟫"),
    ]
    with pseudo_available():
        for client, refusal in refusals:
            html = client.post(reverse("take_seat", args=[seek.pk]), follow=True).content.decode()
            assert refusal in html
            assert_translated(html)
    assert not seek.seats.exists()


def test_the_new_seek_form_and_its_refusals_are_translated(ann: Any) -> None:
    client = in_pseudo(ann)
    assert_translated(page(client, reverse("new_seek")), *OPTION_VALUES)
    with pseudo_available():
        response = client.post(reverse("new_seek"), {"game": "lingo", "players": "2", "clock": "3d", "band": "7"})
    html = response.content.decode()
    assert response.status_code == 200 and 'class="errorlist"' in html
    assert_translated(html, "7", *OPTION_VALUES)
    assert not seek_actions.Seek.objects.exists()


def test_a_rated_games_rating_changes_are_translated(ann: Any, bob: Any) -> None:
    game = rated_game(ann, [bob])
    client = in_pseudo(ann)

    def rating_changes() -> str:
        html = page(client, game.get_absolute_url())
        return re.search(r'<section class="card rating-changes".*?</section>', html, re.S).group(0)  # type: ignore[union-attr]

    sections = [rating_changes()]  # under way
    actions.submit_move(game.pk, bob, "resign")
    sections.append(rating_changes())  # over: each player's rating before and after
    assert "→" in sections[1]
    for section in sections:
        assert_translated(section)


# The outbox, unsubscribing, the daily seeks email's stop page.


def test_the_outbox_and_a_message_are_translated(ann: Any, settings: Any) -> None:
    settings.LOCAL_MAIL_VISIBLE = True
    LocalEmail.objects.create(from_email="site@example.com", to="ann@example.com", subject="", raw="")
    message = LocalEmail.objects.create(
        from_email="site@example.com", to="ann@example.com", subject="Lingo #1", body="Your move.", raw=""
    )
    client = Client()
    assert_translated(page(client, reverse("local_mail")))
    html = page(client, reverse("local_mail_message", args=[message.pk]))
    body = re.sub(r'<pre class="mail-(text|raw)[^"]*">.*?</pre>', "", html, flags=re.S)  # the email itself
    assert_translated(body)


def test_unsubscribe_pages_are_translated(ann: Any) -> None:
    client = Client()
    kind_url = reverse("unsubscribe", args=[unsubscribe_token(ann, "your_turn")])
    address_url = reverse("unsubscribe", args=[address_unsubscribe_token("friend@example.org")])
    for url in (kind_url, address_url):
        assert_translated(page(client, url))
    with pseudo_available():
        for url in (kind_url, address_url):
            done = client.post(url, HTTP_ACCEPT_LANGUAGE=PSEUDO)
            assert_translated(done.content.decode())
    assert Profile.objects.get(user=ann).email_mode("your_turn") == "none"
    assert_translated(page(client, reverse("unsubscribe", args=["forged"]), status=400))


def test_the_stop_page_of_the_daily_seeks_email_is_translated(ann: Any) -> None:
    seek_actions.set_seek_mail(ann, True)
    client = Client()
    url = reverse("seek_mail_stop", args=[stop_token(ann)])
    assert_translated(page(client, url))
    with pseudo_available():
        done = client.post(url, HTTP_ACCEPT_LANGUAGE=PSEUDO)
    assert_translated(done.content.decode())
    assert not SeekMail.objects.exists()
    assert_translated(page(client, reverse("seek_mail_stop", args=["forged"]), status=400))


# The admin: changelists with their actions, a moderation action's reason page.


@pytest.fixture
def moderator(db: Any) -> Any:
    user = make_user("moderator")
    user.is_staff = user.is_superuser = True
    user.save()
    return user


def test_the_admins_changelists_and_forms_are_translated(moderator: Any, ann: Any, bob: Any) -> None:
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], internal=True)
    actions.join_game(game.pk, bob)
    relations.block(ann, bob)
    seek_actions.post_seek(bob, "lingo", {}, players=2)
    InboundMessage.objects.create(
        sender="ann@example.com",
        subject="8D WORD",
        via="local-mail",
        game=game,
        outcome=InboundMessage.Outcome.APPLIED,
        answered=True,
    )
    EmailOptOut.objects.create(address="friend@example.org")
    client = in_pseudo(moderator)
    for model in (
        "auth/user",
        "games/game",
        "seeks/seek",
        "ratings/rating",
        "mail/localemail",
        "seeks/seekmail",
        "ratings/ratingchange",
        "pbem/inboundmessage",
        "mail/emailoptout",
        "accounts/profile",
    ):
        html = without_admin_sidebar(page(client, f"/admin/{model}/"))
        # Data too: a group's name, the channel an email came by (webhook, pipe, lmtp, imap, local-mail), and the
        # games' engine codes in the games' filter.
        found = bare_prose(html, data=[*DATA, *DJANGO_ADMIN_BARE, moderators.GROUP, "local-mail", *engine_names()])
        assert found == [], f"{model}: " + "\n".join(found)
    profile = Profile.objects.get(user=ann)
    change = page(client, f"/admin/accounts/profile/{profile.pk}/change/")
    assert_translated(without_admin_sidebar(change), *ZONES, *DJANGO_ADMIN_BARE)
    with pseudo_available():
        reason = client.post(
            "/admin/accounts/profile/",
            {"action": "suspend", "_selected_action": [profile.pk]},
            HTTP_ACCEPT_LANGUAGE=PSEUDO,
        )
    html = without_admin_sidebar(reason.content.decode())
    assert reason.status_code == 200 and "⟪For:⟫" in html
    assert_translated(html)
