"""Notifications on devices and the app's pages in the pseudo language: every word a player reads on the
notifications page, the games page kept for offline, the manifest and in a push itself went through a
translation, and a push is in its reader's language whatever the language of the one who caused it."""

from __future__ import annotations

import json

import pytest
from django.urls import reverse

from tests.i18n.test_pseudo_site import assert_translated, in_pseudo, page
from tests.push.conftest import subscribe
from tests.support.pseudo import PSEUDO, pseudo_available, pseudo_get
from wordgames.games import actions
from wordgames.push.models import Subscription

pytestmark = pytest.mark.django_db(transaction=True)
PHONE = "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36"


def test_the_notifications_page_and_the_offline_games_page_are_translated(push_service, lingo_game, ann):
    client = in_pseudo(ann)
    subscribe(push_service, ann, "phone")
    Subscription.objects.update(label="")  # shown as "A browser"
    with pseudo_available():
        client.post(
            reverse("push_subscribe"),
            json.dumps(
                {
                    "endpoint": "https://push.example.com/1",
                    "keys": {"p256dh": push_service.device("x").p256dh, "auth": "AAAAAAAAAAAAAAAAAAAAAA"},
                }
            ),
            content_type="application/json",
            HTTP_USER_AGENT=PHONE,
        )
    assert_translated(page(client, reverse("push_settings")), "Chrome", "Android")
    assert_translated(page(client, reverse("offline")))
    manifest = json.loads(pseudo_get(client, reverse("manifest")).content)
    assert manifest["lang"] == PSEUDO and manifest["description"].startswith("⟪")


def test_a_push_is_written_in_its_reader_s_language(push_service, lingo_game, play_best, ann, bob):
    in_pseudo(bob)
    subscribe(push_service, bob, "phone")
    with pseudo_available():
        play_best(lingo_game, ann)  # ann reads English; bob's phone gets his language
        actions.post_message(lingo_game.pk, ann, "Good luck!")
    turn, chat = (p["body"] for p in push_service.payloads("phone"))
    assert turn == f"⟪Your turn in ⟪Lingo game {lingo_game.pk}⟫ against Ann⟫"
    assert chat == f"⟪Ann in ⟪Lingo game {lingo_game.pk}⟫: Good luck!⟫"
