"""Changing the email address: the password, then a link opened from the new address."""

from __future__ import annotations

import re

import pytest
from django.core import mail
from django.urls import reverse

from tests.conftest import PASSWORD

pytestmark = pytest.mark.django_db


def link_in(message) -> str:
    return re.search(r"https?://\S+(/accounts/email/confirm/\S+/)", message.body).group(1)


def test_a_new_address_needs_my_password(client_ann, ann):
    page = client_ann.post(reverse("change_email"), {"email": "new@example.com", "password": "wrong"})
    assert "That is not your password." in page.content.decode()
    assert mail.outbox == []
    ann.refresh_from_db()
    assert ann.email == "ann@example.com"


def test_the_new_address_is_set_only_when_its_link_is_opened(client_ann, ann, client):
    response = client_ann.post(reverse("change_email"), {"email": "new@example.com", "password": PASSWORD}, follow=True)
    assert "We sent a link to new@example.com" in response.content.decode()
    ann.refresh_from_db()
    assert ann.email == "ann@example.com"
    (sent,) = mail.outbox
    assert sent.to == ["new@example.com"]
    client.post(link_in(sent))  # whoever reads that mailbox, logged in or not
    ann.refresh_from_db()
    assert ann.email == "new@example.com"


def test_eve_cannot_take_carols_address_and_the_page_does_not_say_carol_has_it(client_ann, ann, bob):
    response = client_ann.post(reverse("change_email"), {"email": "BOB@example.com", "password": PASSWORD}, follow=True)
    assert "We sent a link to BOB@example.com" in response.content.decode()
    (sent,) = mail.outbox
    assert "/accounts/email/confirm/" not in sent.body and "It stays with yours (bob)" in sent.body
    ann.refresh_from_db()
    assert ann.email == "ann@example.com"


def test_a_link_works_once_and_an_older_link_dies_when_the_address_changes(client_ann, ann, client):
    for address in ("one@example.com", "two@example.com"):
        client_ann.post(reverse("change_email"), {"email": address, "password": PASSWORD})
    first, second = (link_in(m) for m in mail.outbox)
    client.post(second)
    response = client.post(first)
    assert response.status_code == 400 and "a newer one was sent" in response.content.decode()
    assert client.post(second).status_code == 400
    ann.refresh_from_db()
    assert ann.email == "two@example.com"


def test_a_tampered_link_is_refused(client, ann):
    response = client.post(reverse("confirm_email", args=["not-a-token"]))
    assert response.status_code == 400 and "This link is not valid" in response.content.decode()
