"""An address invited by email is the inviter's to know: the game's pages, its live part and JSON, the lobby and
its live part, and the invitation page show it to the game's creator only. Everyone else, the invitee included,
reads "a player invited by email"."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.core import mail
from django.test import Client

from tests.conftest import logged_in, make_user
from wordgames.games import actions

pytestmark = pytest.mark.django_db

ADDRESS = "secret.friend@example.org"


def _pages(game_pk: int, link: str) -> list[str]:
    return ["/", "/?part=live", f"/games/{game_pk}/", f"/games/{game_pk}/live/", f"/games/{game_pk}/state.json", link]


def test_an_invited_address_is_shown_to_the_games_creator_only(
    ann: Any, bob: Any, cat: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = actions.create_game(ann, "lingo", {"preset": "classic"}, [f"Secret Friend <{ADDRESS}>", "", ""])
    link = re.search(r"https?://[^/\s]+(/invitations/accept/\S+/)", mail.outbox[-1].body).group(1)  # type: ignore[union-attr]
    actions.join_game(game.pk, bob)  # another player, in one of the open seats; the other stays open (listed)
    invitee = make_user("fay")
    invitee.email = ADDRESS.upper()  # the account that has confirmed the invited address
    invitee.save()
    viewers = {
        "another player": logged_in(bob),
        "a stranger": logged_in(cat),
        "a visitor": Client(),
        "the invitee": logged_in(invitee),
    }
    for who, client in viewers.items():
        for url in _pages(game.pk, link):
            response = client.get(url)
            body = response.content.decode().lower()
            assert response.status_code in (200, 302), (who, url)
            assert ADDRESS not in body and "secret friend" not in body, f"{who} reads the address on {url}"
    page = viewers["a stranger"].get(f"/games/{game.pk}/").content.decode()
    assert "invited: a player invited by email" in page
    assert "invited: you, by email" in viewers["the invitee"].get(f"/games/{game.pk}/").content.decode()
    assert f"invited: <bdi>{ADDRESS}</bdi>" in logged_in(ann).get(f"/games/{game.pk}/").content.decode()
    assert f"invited: <bdi>{ADDRESS}</bdi>" in logged_in(ann).get(f"/games/{game.pk}/live/").content.decode()
