from __future__ import annotations

import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.test import Client
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def signup_data(**overrides: str) -> dict[str, str]:
    data = {"username": "dan", "email": "dan@example.com", "password1": PASSWORD, "password2": PASSWORD}
    return {**data, **overrides}


def test_signing_up_logs_me_in_and_the_header_shows_my_name(client):
    response = client.post(reverse("signup"), signup_data())
    assert response.status_code == 302 and response.url == reverse("lobby")
    page = client.get(reverse("profile")).content.decode()
    assert '<span class="who"><bdi>dan</bdi></span>' in page
    assert "You are signed up and logged in" in page
    user = get_user_model().objects.get(username="dan")
    assert user.profile.time_zone == "UTC" and not user.profile.suspended
    # The address is dan's once he opens the link sent to it.
    assert user.email == "" and "We sent a link to dan@example.com" in page
    (sent,) = mail.outbox
    assert sent.to == ["dan@example.com"]
    link = re.search(r"https?://\S+(/accounts/email/confirm/\S+/)", sent.body).group(1)
    assert "Confirm this address" in client.get(link).content.decode()
    user.refresh_from_db()
    assert user.email == ""  # a mail scanner opening the link confirms nothing
    client.post(link)
    user.refresh_from_db()
    assert user.email == "dan@example.com"


def test_signup_with_different_passwords_says_they_differ(client):
    response = client.post(reverse("signup"), signup_data(password2="something else entirely"))
    assert response.status_code == 200
    assert "The two password fields didn’t match." in response.content.decode()
    assert not get_user_model().objects.filter(username="dan").exists()


def test_signup_with_a_taken_username_is_refused(client, ann):
    page = client.post(reverse("signup"), signup_data(username="Ann")).content.decode()
    assert "A user with that username already exists." in page
    assert get_user_model().objects.count() == 1


def test_signup_with_a_taken_address_answers_exactly_as_with_a_free_one_and_tells_its_owner(client, ann):
    taken = client.post(reverse("signup"), signup_data(email="ANN@example.com"), follow=True)
    Client().post(reverse("signup"), signup_data(username="eve", email="eve@example.com"))
    free = Client().post(reverse("signup"), signup_data(username="fay", email="fay@example.com"), follow=True)
    assert taken.status_code == free.status_code == 200

    def page(response, username, address):
        text = re.sub(r'value="[A-Za-z0-9]{64}"', "", response.content.decode())  # CSRF tokens differ anyway
        return text.replace(address, "ADDRESS").replace(username, "NAME")

    assert page(taken, "dan", "ANN@example.com") == page(free, "fay", "fay@example.com")
    dan = get_user_model().objects.get(username="dan")
    assert dan.email == "" and get_user_model().objects.get(username="ann").email == "ann@example.com"
    to_ann = next(m for m in mail.outbox if m.to == ["ANN@example.com"])
    assert "It stays with yours (ann)" in to_ann.body and "/accounts/email/confirm/" not in to_ann.body


def test_a_look_alike_username_is_refused(client, bob):
    for lookalike in ("b\u043eb", "\u0432ob".replace("\u0432", "b").replace("o", "\u03bf"), "\uff42\uff4f\uff42"):
        page = client.post(reverse("signup"), signup_data(username=lookalike)).content.decode()
        assert "looks too much like another player" in page or "already exists" in page, lookalike
    assert get_user_model().objects.count() == 1


def test_a_username_longer_than_30_characters_is_refused_with_the_limit(client):
    page = client.post(reverse("signup"), signup_data(username="d" * 31)).content.decode()
    assert "at most 30 characters" in page
    assert not get_user_model().objects.exists()


def test_the_sixth_signup_in_an_hour_from_one_address_is_refused_politely(client):
    for n in range(5):
        assert (
            Client().post(reverse("signup"), signup_data(username=f"user{n}", email=f"u{n}@x.org")).status_code == 302
        )
    response = client.post(reverse("signup"), signup_data(username="user9", email="u9@x.org"))
    assert response.status_code == 429
    assert "Too many sign-ups from your address. Please try again in 12 minutes." in response.content.decode()
    assert not get_user_model().objects.filter(username="user9").exists()


def test_signup_page_has_the_form_and_a_link_to_log_in(client):
    page = client.get(reverse("signup")).content.decode()
    assert 'name="password2"' in page and 'name="email"' in page
    assert reverse("login") in page
