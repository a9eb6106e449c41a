from __future__ import annotations

import re

import pytest
from django.core import mail
from django.test import override_settings
from django.urls import reverse

from tests.conftest import PASSWORD
from wordgames.mail.models import LocalEmail

pytestmark = pytest.mark.django_db

NEW_PASSWORD = "purple staple elephant"


def reset_path(text: str) -> str:
    match = re.search(r"http://localhost:8000(/accounts/password/reset/\S+/\S+/)", text)
    assert match, text
    return match.group(1)


def choose_new_password(client, path: str) -> None:
    # Django swaps the token in the link for one kept in the session, then redirects to a "set-password" URL.
    form_page = client.get(path, follow=True)
    assert "Choose a new password" in form_page.content.decode()
    done = client.post(
        form_page.redirect_chain[-1][0], {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}, follow=True
    )
    assert done.redirect_chain[-1][0] == reverse("password_reset_complete")
    assert "Your new password is set." in done.content.decode()


@override_settings(EMAIL_BACKEND="wordgames.mail.backends.LocalMailBackend", SITE_ROOT="http://localhost:8000")
def test_reset_email_lands_in_the_outbox_and_its_link_sets_a_new_password(client, ann):
    response = client.post(reverse("password_reset"), {"email": "ann@example.com"}, follow=True)
    assert "Check your email" in response.content.decode()

    sent = LocalEmail.objects.get()
    assert sent.to == "ann@example.com"
    assert sent.subject == "Reset your Wordgames password"
    assert "Hello Ann," in sent.body and not sent.html
    parsed = sent.parsed()
    assert parsed["To"] == "ann@example.com" and parsed["Subject"] == "Reset your Wordgames password"

    choose_new_password(client, reset_path(sent.body))
    assert client.login(username="ann", password=NEW_PASSWORD)
    assert not client.login(username="ann", password=PASSWORD)


@override_settings(SITE_ROOT="http://localhost:8000")
def test_reset_link_works_once(client, ann):
    client.post(reverse("password_reset"), {"email": "ANN@example.com"})
    assert len(mail.outbox) == 1
    path = reset_path(mail.outbox[0].body)
    choose_new_password(client, path)
    page = client.get(path, follow=True).content.decode()
    assert "This link has been used already or is too old." in page


def test_reset_for_an_unknown_address_sends_nothing_but_says_the_same(client, ann):
    response = client.post(reverse("password_reset"), {"email": "nobody@example.com"}, follow=True)
    assert "If an account uses that address" in response.content.decode()
    assert mail.outbox == []


def test_changing_my_password_keeps_me_logged_in(client_ann):
    data = {"old_password": PASSWORD, "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    response = client_ann.post(reverse("password_change"), data, follow=True)
    assert response.redirect_chain[-1][0] == reverse("password_change_done")
    assert "Your password is changed." in response.content.decode()
    assert client_ann.get(reverse("profile")).status_code == 200


def test_changing_my_password_with_a_wrong_old_one_is_refused(client_ann):
    data = {"old_password": "not it", "new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD}
    page = client_ann.post(reverse("password_change"), data).content.decode()
    assert "Your old password was entered incorrectly." in page
