"""What players type (chat messages, display names, usernames) cannot reorder the text around it: pages isolate
it in <bdi> and write its invisible and reordering characters out as [U+202E]; emails, plain text, write them
all out, in the text part, the HTML part and the subject."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.conftest import logged_in
from wordgames.games import actions
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db

# An override that makes "exe.png" of "gnp.exe", the four isolates, a right-to-left mark, a zero-width space,
# and a zero-width joiner (a family emoji is three people joined by two of them).
MESSAGE = "evil\u202egnp.exe \u2066a\u2067b\u2068c\u2069 \u200fd\u200be \U0001f469\u200d\U0001f467"
ON_A_PAGE = "evil[U+202E]gnp.exe [U+2066]a[U+2067]b[U+2068]c[U+2069] [U+200F]d[U+200B]e \U0001f469\u200d\U0001f467"
IN_AN_EMAIL = ON_A_PAGE.replace("\u200d", "[U+200D]")
NAME = "Ann\u202egnp.exe"
NAME_SHOWN = "Ann[U+202E]gnp.exe"

# Characters that reorder text: embeddings, overrides, isolates and the marks.
REORDERING = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def reordering_in(text: str) -> list[str]:
    return [f"U+{ord(ch):04X}" for ch in REORDERING.findall(text)]


def say(user: Any, game: Game, text: str) -> None:
    assert logged_in(user).post(reverse("chat", args=[game.pk]), {"text": text}).status_code == 302


def rename(user: Any, name: str) -> None:
    data = {"display_name": name, "time_zone": "UTC"}
    assert logged_in(user).post(reverse("profile"), data).status_code == 302
    user.refresh_from_db()
    assert user.profile.display_name == name


def test_a_chat_message_is_isolated_on_the_game_page_and_written_out(lingo_game: Game, ann: Any, bob: Any) -> None:
    say(ann, lingo_game, MESSAGE)
    for url in (lingo_game.get_absolute_url(), reverse("game_live", args=[lingo_game.pk]) + "?since=0"):
        page = logged_in(bob).get(url).content.decode()
        assert f"<bdi>{ON_A_PAGE}</bdi>" in page, url
        assert (
            '<strong><a class="player" href="/players/ann/"><bdi>Ann</bdi></a></strong>' in page
        )  # who wrote it, linked to her profile
        assert reordering_in(page) == [], url


def test_a_chat_message_and_its_writers_name_are_written_out_in_the_email(
    lingo_game: Game, ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    rename(ann, NAME)
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        say(ann, lingo_game, MESSAGE + "\r\nsecond line")  # a browser's line break
    (to_bob,) = [m for m in mail.outbox if m.to == ["bob@example.com"]]
    assert to_bob.subject == f"Lingo game {lingo_game.pk}: {NAME_SHOWN} writes"
    assert f"{NAME_SHOWN} writes in Lingo game" in to_bob.body
    assert f"{IN_AN_EMAIL}\nsecond line" in to_bob.body  # the lines of the message kept
    html = to_bob.alternatives[0][0]
    assert NAME_SHOWN in html and "evil[U+202E]gnp.exe" in html
    for text in (to_bob.subject, to_bob.body, html):
        assert reordering_in(text) == [] and "\u200d" not in text and "\u200b" not in text


def test_a_display_name_is_isolated_in_the_header_and_written_out(client_ann: Client, ann: Any) -> None:
    rename(ann, NAME)
    page = client_ann.get(reverse("lobby")).content.decode()
    assert f'<span class="who"><bdi>{NAME_SHOWN}</bdi></span>' in page
    assert reordering_in(page) == []


def test_account_emails_write_out_the_display_name(client: Client, ann: Any) -> None:
    rename(ann, NAME)
    mail.outbox.clear()
    assert client.post(reverse("password_reset"), {"email": "ann@example.com"}).status_code == 302
    (reset,) = mail.outbox
    assert f"Hello {NAME_SHOWN}," in reset.body and reordering_in(reset.body) == []


def test_a_name_that_slipped_past_the_username_rules_is_isolated_wherever_seats_are_shown(bob: Any) -> None:
    # Usernames refuse these characters at sign-up; one made by a script or an old import still shows safely.
    eve = get_user_model().objects.create_user("eve\u202egnp.exe", "eve@example.com", "x")
    shown = '<a class="player" href="/players/eve%E2%80%AEgnp.exe/"><bdi>eve[U+202E]gnp.exe</bdi></a>'
    game = actions.create_game(eve, "lingo", {"preset": "classic"}, ["bob"], seed=7)
    lobby = logged_in(bob).get(reverse("lobby")).content.decode()
    assert f"{shown} invites you" in lobby and reordering_in(lobby) == []
    actions.join_game(game.pk, bob)
    say(eve, game, "hello")
    page = logged_in(bob).get(game.get_absolute_url()).content.decode()
    assert f"<strong>{shown}</strong>" in page  # the chat's writer
    assert f"<td>▶ {shown}<br>" in page  # the scores' table: eve to move
    assert f"Waiting for {shown} to move." in page
    assert reordering_in(page) == []


def test_the_lockout_page_writes_out_the_username_it_was_given(client: Client) -> None:
    for _ in range(5):
        response = client.post(reverse("login"), {"username": "ann\u202eevil", "password": "wrong horse"})
    page = response.content.decode()
    assert response.status_code == 429
    assert "<strong><bdi>ann[U+202E]evil</bdi></strong>" in page and reordering_in(page) == []


def test_the_admin_lists_isolate_display_names_and_messages(admin_client: Client, lingo_game: Game, ann: Any) -> None:
    rename(ann, NAME)
    say(ann, lingo_game, MESSAGE)
    profiles = admin_client.get(reverse("admin:accounts_profile_changelist")).content.decode()
    assert f"<bdi>{NAME_SHOWN}</bdi>" in profiles and reordering_in(profiles) == []
    chat = admin_client.get(reverse("admin:games_chatmessage_changelist")).content.decode()
    assert f"<bdi>{ON_A_PAGE}</bdi>" in chat and reordering_in(chat) == []
    games = admin_client.get(reverse("admin:games_game_changelist")).content.decode()
    assert "<bdi>ann</bdi>, <bdi>bob</bdi>" in games
