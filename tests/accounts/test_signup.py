from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
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
    assert '<span class="who">dan</span>' in page
    assert "You are signed up and logged in" in page
    user = get_user_model().objects.get(username="dan")
    assert user.email == "dan@example.com"
    assert user.profile.time_zone == "UTC" and not user.profile.suspended


def test_signup_with_different_passwords_says_they_differ(client):
    response = client.post(reverse("signup"), signup_data(password2="something else entirely"))
    assert response.status_code == 200
    assert "The two password fields didn’t match." in response.content.decode()
    assert not get_user_model().objects.filter(username="dan").exists()


def test_signup_with_a_taken_email_or_username_is_refused(client, ann):
    page = client.post(reverse("signup"), signup_data(email="ANN@example.com")).content.decode()
    assert "Someone has signed up with this email address already" in page
    page = client.post(reverse("signup"), signup_data(username="Ann")).content.decode()
    assert "A user with that username already exists." in page
    assert get_user_model().objects.count() == 1


def test_signup_page_has_the_form_and_a_link_to_log_in(client):
    page = client.get(reverse("signup")).content.decode()
    assert 'name="password2"' in page and 'name="email"' in page
    assert reverse("login") in page
