"""Pushes from a move to a device, end to end: the site encrypts and signs each message, a push service on
localhost receives it, and the test reads it as the device would, decrypted with the device's own keys."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core import mail

from tests.push.conftest import subscribe
from tests.support.push_service import vapid_claims
from wordgames.accounts.models import NONE, profile_for
from wordgames.games import actions, presence, pushes, relay
from wordgames.games.models import OwedTask
from wordgames.push import keys
from wordgames.push.models import PushChoices, Subscription

pytestmark = pytest.mark.django_db(transaction=True)


def test_bob_s_phone_is_told_it_is_his_turn_and_nothing_of_the_position(
    push_service, lingo_game, play_best, ann, bob, settings
):
    subscribe(push_service, bob, "bobs-phone")
    play_best(lingo_game, ann)
    [message] = push_service.received
    assert message.payload == {
        "title": "Wordgames",
        "body": f"Your turn in Lingo game {lingo_game.pk} against Ann",
        "url": f"/games/{lingo_game.pk}/",
        "tag": f"game-{lingo_game.pk}",
        "kind": "your_turn",
    }
    assert message.headers["content-encoding"] == "aes128gcm"
    assert int(message.headers["ttl"]) == settings.PUSH_TTL
    claims = vapid_claims(message.headers, keys.signing_key().public_key)  # signed with the site's key
    assert claims["aud"] == push_service.origin and claims["sub"] == settings.VAPID_SUBJECT


def test_every_device_of_the_player_gets_it_and_only_once(push_service, lingo_game, play_best, ann, bob):
    subscribe(push_service, bob, "phone")
    subscribe(push_service, bob, "laptop")
    subscribe(push_service, ann, "anns-phone")
    play_best(lingo_game, ann)
    assert [r.device for r in push_service.received] == ["phone", "laptop"]  # ann moved: nothing for her
    lingo_game.refresh_from_db()
    key = f"push:your_turn:{lingo_game.pk}:{lingo_game.version}:{bob.pk}"
    assert pushes.send(bob.pk, key, {"body": "again"}) == 0  # the task run twice: no device gets it again
    assert len(push_service.received) == 2


def test_a_device_the_push_service_says_is_gone_is_deleted(push_service, lingo_game, play_best, ann, bob):
    subscribe(push_service, bob, "old-phone")
    push_service.status = 410
    play_best(lingo_game, ann)
    assert not Subscription.objects.filter(user=bob).exists()


def test_a_push_service_that_is_down_gets_the_push_when_it_is_back(push_service, bob):
    subscribe(push_service, bob, "phone")
    push_service.status = 503
    with pytest.raises(Exception, match="503"):
        pushes.send(bob.pk, "push:test:1", {"body": "Your turn"})
    push_service.status = 201
    assert pushes.send(bob.pk, "push:test:1", {"body": "Your turn"}) == 1  # the retry: the claim was let go
    assert push_service.payloads("phone") == [{"body": "Your turn"}]


def test_a_push_owed_while_the_broker_is_down_is_sent_by_the_relay(push_service, bob, settings):
    subscribe(push_service, bob, "phone")
    settings.OWED_RELAY_AFTER = 0
    with mock.patch.object(relay.send_push, "apply_async", side_effect=ConnectionError("broker down")):
        relay.owe_pushes([pushes.Push(bob.pk, "push:test:2", {"body": "Your turn"})])
    assert not push_service.received
    assert OwedTask.objects.filter(task="wordgames.games.relay.send_push").count() == 1
    assert relay.relay_owed() == 1
    assert push_service.payloads("phone") == [{"body": "Your turn"}]
    assert not OwedTask.objects.exists()


def test_a_player_watching_the_game_gets_neither_push_nor_email(push_service, lingo_game, play_best, ann, bob):
    subscribe(push_service, bob, "phone")
    presence.mark_watching(bob.pk, lingo_game.pk)
    mail.outbox.clear()
    play_best(lingo_game, ann)
    assert not push_service.received
    assert not [m for m in mail.outbox if "bob@example.com" in m.to]


def test_choices_for_devices_are_apart_from_email(push_service, lingo_game, play_best, ann, bob):
    subscribe(push_service, bob, "phone")
    PushChoices.objects.create(user=bob, modes={"your_turn": NONE})
    mail.outbox.clear()
    play_best(lingo_game, ann)
    assert not push_service.received
    assert [m for m in mail.outbox if "bob@example.com" in m.to]  # the email still comes
    profile = profile_for(bob)
    profile.email_modes = {"your_turn": NONE}
    profile.save()
    PushChoices.objects.filter(user=bob).update(modes={})
    mail.outbox.clear()
    play_best(lingo_game, bob)
    play_best(lingo_game, ann)
    assert [p["kind"] for p in push_service.payloads("phone")] == ["your_turn"]
    assert not [m for m in mail.outbox if "bob@example.com" in m.to and "bob to move" in m.subject]


def test_chat_is_pushed_in_the_reader_s_language_with_the_writer_s_words(push_service, lingo_game, ann, bob):
    subscribe(push_service, bob, "phone")
    actions.post_message(lingo_game.pk, ann, "Good luck!")
    [payload] = push_service.payloads("phone")
    assert payload["body"] == f"Ann in Lingo game {lingo_game.pk}: Good luck!"
    assert payload["kind"] == "chat"


def test_without_a_vapid_key_nothing_is_sent_and_the_page_says_so(
    push_service, lingo_game, play_best, ann, bob, settings, client_bob
):
    subscribe(push_service, bob, "phone")
    settings.VAPID_PRIVATE_KEY = ""
    settings.DEBUG = False
    keys.forget()
    play_best(lingo_game, ann)
    assert not push_service.received
    assert "not set up on this server" in client_bob.get("/accounts/notifications/").content.decode()


def test_a_player_who_chose_once_a_day_gets_one_push_at_their_digest_hour(
    push_service, lingo_game, play_best, ann, bob
):
    from wordgames.games import tasks

    subscribe(push_service, bob, "phone")
    PushChoices.objects.create(user=bob, modes={"your_turn": "digest"})
    profile = profile_for(bob)
    profile.digest_hour = 0
    profile.save()
    play_best(lingo_game, ann)
    assert not push_service.received  # not at once
    tasks.send_digests()
    tasks.send_digests()  # the sweep runs every few minutes: still one a day
    [payload] = push_service.payloads("phone")
    assert payload["body"] == f"Your turn in Lingo game {lingo_game.pk} against Ann"
    assert payload["url"] == f"/games/{lingo_game.pk}/"


def test_a_game_that_comes_to_wait_after_the_digest_hour_is_pushed_that_day(
    push_service, lingo_game, play_best, ann, bob
):
    """Bob takes the daily push; his hour (6 in the morning, in a zone where it is now about noon) has passed with
    nothing waiting for him (ann to move), so the sweep pushed nothing. Ann moves: today's push goes out at the
    next sweep, once."""
    from django.utils import timezone

    from wordgames.games import tasks

    subscribe(push_service, bob, "phone")
    offset = 12 - timezone.now().hour
    profile = profile_for(bob)
    profile.time_zone, profile.digest_hour = (
        (f"Etc/GMT{'-' if offset > 0 else '+'}{abs(offset)}" if offset else "UTC"),
        6,
    )
    profile.save()
    PushChoices.objects.create(user=bob, modes={"your_turn": "digest"})
    tasks.send_digests()  # nothing waits for bob: moved on to tomorrow
    assert PushChoices.objects.get(user=bob).digest_due > timezone.now()
    play_best(lingo_game, ann)
    assert not push_service.received  # not at once
    tasks.send_digests()
    tasks.send_digests()  # still one a day
    [payload] = push_service.payloads("phone")
    assert payload["body"] == f"Your turn in Lingo game {lingo_game.pk} against Ann"
