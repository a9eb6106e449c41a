"""The notifications page: a device added by its browser, listed, removed; the choices per kind saved."""

from __future__ import annotations

import json

import pytest

from tests.support.push_service import Device, b64
from wordgames.accounts.models import NONE
from wordgames.push.models import PushChoices, Subscription

pytestmark = pytest.mark.django_db
PHONE = (
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36"
)


def subscription(endpoint: str = "https://fcm.googleapis.com/fcm/send/abc123") -> dict:
    device = Device("phone")
    return {"endpoint": endpoint, "expirationTime": None, "keys": {"p256dh": device.p256dh, "auth": b64(device.auth)}}


def post(client, url: str, data: dict):
    return client.post(url, json.dumps(data), content_type="application/json", HTTP_USER_AGENT=PHONE)


def test_a_device_added_by_its_browser_is_listed_and_can_be_removed(client_ann, ann, client_bob):
    response = post(client_ann, "/accounts/notifications/subscribe/", subscription())
    assert response.json() == {"ok": True, "message": "Notifications are on for this device."}
    page = client_ann.get("/accounts/notifications/").content.decode()
    assert "Chrome on Android" in page
    device = Subscription.objects.get(user=ann)
    client_bob.post("/accounts/notifications/", {"remove": device.pk})  # not bob's to remove
    assert Subscription.objects.filter(pk=device.pk).exists()
    response = client_ann.post("/accounts/notifications/", {"remove": device.pk}, follow=True)
    assert "The device is removed" in response.content.decode()
    assert not Subscription.objects.exists()


@pytest.mark.parametrize(
    "endpoint",
    ["http://push.example.com/x", "https://127.0.0.1/x", "https://localhost:8000/x", "https://[::1]/x", "not a url"],
)
def test_an_address_that_is_no_push_service_is_refused_politely(client_ann, endpoint):
    response = post(client_ann, "/accounts/notifications/subscribe/", subscription(endpoint))
    assert response.status_code == 400
    assert response.json()["error"]
    assert not Subscription.objects.exists()


def test_bad_keys_and_bad_json_are_refused_politely(client_ann):
    bad = subscription()
    bad["keys"]["auth"] = "short"
    assert post(client_ann, "/accounts/notifications/subscribe/", bad).json() == {
        "error": "The device's secret is not valid."
    }
    response = client_ann.post("/accounts/notifications/subscribe/", "{nope", content_type="application/json")
    assert response.status_code == 400 and "not a subscription" in response.json()["error"]
    assert not Subscription.objects.exists()


def test_a_player_has_at_most_so_many_devices(client_ann, settings):
    settings.PUSH_DEVICES_PER_PLAYER = 1
    assert post(client_ann, "/accounts/notifications/subscribe/", subscription()).status_code == 200
    again = post(client_ann, "/accounts/notifications/subscribe/", subscription())  # the same device: fine
    assert again.status_code == 200
    other = post(client_ann, "/accounts/notifications/subscribe/", subscription("https://push.example.com/2"))
    assert other.status_code == 400 and "remove one first" in other.json()["error"]


def test_turning_off_this_device_removes_it(client_ann, ann):
    post(client_ann, "/accounts/notifications/subscribe/", subscription())
    post(client_ann, "/accounts/notifications/unsubscribe/", {"endpoint": subscription()["endpoint"]})
    assert not Subscription.objects.filter(user=ann).exists()


def test_choices_per_kind_are_saved(client_ann, ann):
    page = client_ann.get("/accounts/notifications/").content.decode()
    assert "Events you play in" in page and "Once a day, at the digest hour" in page
    data = {
        kind: "every"
        for kind in ("invitation", "start", "other_move", "game_over", "reminder", "timeout", "undo", "event")
    }
    response = client_ann.post(
        "/accounts/notifications/", {**data, "your_turn": "digest", "chat": NONE, "save_choices": "1"}, follow=True
    )
    assert "Your notification settings are saved." in response.content.decode()
    choices = PushChoices.objects.get(user=ann)
    assert choices.mode("your_turn") == "digest" and choices.mode("chat") == NONE and choices.mode("start") == "every"
