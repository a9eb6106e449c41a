"""Behind a proxy, the client is the address the trusted proxies appended to X-Forwarded-For: the login
lockout and the limits per address follow each visitor, and what a visitor writes into the header themselves
chooses nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from tests.accounts.test_signup import signup_data
from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.2"  # the nginx in front of the site: every request reaches Django from it


def behind_the_proxy(forwarded: str) -> Client:
    """A browser whose requests reach the site through the proxy, which appended ``forwarded``'s last entry
    (the entries before it are what the browser itself sent)."""
    return Client(REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=forwarded)


def log_in(client: Client, password: str = PASSWORD, username: str = "ann") -> int:
    return client.post(reverse("login"), {"username": username, "password": password}).status_code


def lock_out(client: Client) -> None:
    for _ in range(5):
        log_in(client, "wrong horse")


def test_behind_one_proxy_a_strangers_wrong_passwords_lock_out_the_stranger_only(ann, settings):
    settings.PROXY_COUNT = 1
    stranger, ann_at_home = behind_the_proxy("203.0.113.5"), behind_the_proxy("198.51.100.7")
    lock_out(stranger)
    assert log_in(stranger) == 429
    assert log_in(ann_at_home) == 302


def test_a_forged_forwarded_address_neither_escapes_the_lockout_nor_locks_out_the_forged_address(ann, settings):
    from axes.models import AccessAttempt

    settings.PROXY_COUNT = 1
    # The stranger (203.0.113.5) writes "X-Forwarded-For: 1.2.3.4"; the proxy appends the real address.
    lock_out(behind_the_proxy("1.2.3.4, 203.0.113.5"))
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["203.0.113.5"]
    # Another forged address changes nothing: the lockout follows the address the proxy saw.
    assert log_in(behind_the_proxy("5.6.7.8, 203.0.113.5")) == 429
    assert log_in(behind_the_proxy("203.0.113.5")) == 429
    # Whoever really is at 1.2.3.4 was never locked out.
    assert log_in(behind_the_proxy("1.2.3.4")) == 302


def test_with_two_proxies_the_client_is_the_second_entry_from_the_right(ann, settings):
    settings.PROXY_COUNT = 2  # a CDN, then nginx: each appends the address it got the request from
    lock_out(behind_the_proxy("1.2.3.4, 203.0.113.5, 192.0.2.80"))
    assert log_in(behind_the_proxy("9.9.9.9, 203.0.113.5, 192.0.2.81")) == 429
    assert log_in(behind_the_proxy("203.0.113.6, 192.0.2.80")) == 302


def test_without_a_proxy_count_the_header_is_not_read_at_all(ann, settings):
    settings.PROXY_COUNT = 0
    for n in range(5):
        log_in(Client(REMOTE_ADDR="203.0.113.5", HTTP_X_FORWARDED_FOR=f"1.2.3.{n}"), "wrong horse")
    assert log_in(Client(REMOTE_ADDR="203.0.113.5", HTTP_X_FORWARDED_FOR="4.3.2.1")) == 429


def test_a_request_with_fewer_entries_than_proxies_counts_as_the_address_it_came_from(ann, settings):
    from axes.models import AccessAttempt

    settings.PROXY_COUNT = 2
    # Straight to nginx, round the CDN: one entry, and nothing in it to trust more than the connection.
    lock_out(behind_the_proxy("1.2.3.4"))
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == [PROXY]
    for forwarded in ("5.6.7.8", "", "not an address, 10.9.9.9"):
        assert log_in(behind_the_proxy(forwarded)) == 429


def test_sign_ups_are_limited_per_client_behind_the_proxy(settings):
    settings.PROXY_COUNT = 1
    for n in range(5):
        forged = f"1.2.3.{n}, 203.0.113.5"  # a new forged address each time: still one client
        data = signup_data(username=f"user{n}", email=f"u{n}@x.org")
        assert behind_the_proxy(forged).post(reverse("signup"), data).status_code == 302
    refused = behind_the_proxy("203.0.113.5").post(reverse("signup"), signup_data(username="user8", email="u8@x.org"))
    assert refused.status_code == 429
    assert "Too many sign-ups from your address." in refused.content.decode()
    other = behind_the_proxy("198.51.100.7").post(reverse("signup"), signup_data(username="user9", email="u9@x.org"))
    assert other.status_code == 302
    assert set(get_user_model().objects.values_list("username", flat=True)) == {
        *(f"user{n}" for n in range(5)),
        "user9",
    }


def test_password_reset_asks_are_limited_per_client_behind_the_proxy(settings):
    settings.PROXY_COUNT = 1
    for n in range(5):
        page = behind_the_proxy(f"1.2.3.{n}, 203.0.113.5").post(reverse("password_reset"), {"email": f"u{n}@x.org"})
        assert page.status_code == 302
    refused = behind_the_proxy("203.0.113.5").post(reverse("password_reset"), {"email": "u8@x.org"})
    assert refused.status_code == 429
    other = behind_the_proxy("198.51.100.7").post(reverse("password_reset"), {"email": "u9@x.org"})
    assert other.status_code == 302
