"""The local outbox keeps every email as the real MIME message a mail server would have received."""

from __future__ import annotations

import email
from email import policy

import pytest
from anymail.message import AnymailMessage
from django.core import mail
from django.core.mail import EmailMessage, EmailMultiAlternatives

from wordgames.mail.models import LocalEmail

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("outbox_backend")]


@pytest.fixture
def outbox_backend(settings):
    settings.EMAIL_BACKEND = "wordgames.mail.backends.LocalMailBackend"


def parse(stored: LocalEmail) -> email.message.EmailMessage:
    parsed = email.message_from_bytes(stored.raw.encode(), policy=policy.default)
    assert parsed.as_string() == stored.parsed().as_string()
    return parsed


def test_a_plain_email_is_stored_and_parses_back_with_subject_to_and_body():
    sent = mail.send_mail("Your turn in Lingo", "Ann played YET for 12.\n", None, ["bob@example.com"])
    assert sent == 1
    stored = LocalEmail.objects.get()
    assert stored.to == "bob@example.com"
    assert stored.subject == "Your turn in Lingo"
    assert stored.from_email == "Wordgames <games@localhost>"
    assert stored.body == "Ann played YET for 12.\n" and stored.html == ""
    parsed = parse(stored)
    assert parsed["Subject"] == "Your turn in Lingo"
    assert parsed["To"] == "bob@example.com"
    assert parsed.get_content() == "Ann played YET for 12.\n"
    assert stored.message_id and parsed["Message-ID"] == stored.message_id


def test_a_text_and_html_email_keeps_both_parts():
    message = EmailMultiAlternatives("Game over", "Bob won, 120 to 97.", to=["ann@example.com"], cc=["cat@example.com"])
    message.attach_alternative("<p>Bob <b>won</b>, 120 to 97.</p>", "text/html")
    message.send()
    stored = LocalEmail.objects.get()
    assert stored.body == "Bob won, 120 to 97."
    assert stored.html == "<p>Bob <b>won</b>, 120 to 97.</p>"
    assert stored.to == "ann@example.com, cat@example.com"
    parsed = parse(stored)
    assert parsed.get_content_type() == "multipart/alternative"
    assert parsed.get_body(("plain",)).get_content().strip() == "Bob won, 120 to 97."
    assert "<b>won</b>" in parsed.get_body(("html",)).get_content()


def test_non_ascii_subject_and_body_survive_the_round_trip():
    mail.send_mail("Tuo vuoro: ÄÖ", "Sana: SÄKÖ — 14 pistettä", None, ["ann@example.com"])
    parsed = parse(LocalEmail.objects.get())
    assert parsed["Subject"] == "Tuo vuoro: ÄÖ"
    assert parsed.get_content().strip() == "Sana: SÄKÖ — 14 pistettä"


def test_an_anymail_message_with_tags_and_metadata_is_stored():
    message = AnymailMessage("Invitation", "Ann invites you.", to=["dan@example.com"], tags=["invitation"])
    message.metadata = {"game": 7}
    assert message.send() == 1
    assert LocalEmail.objects.get().subject == "Invitation"


def test_an_html_only_email_is_kept_as_html():
    message = EmailMessage("News", "<h1>Hello</h1>", to=["ann@example.com"])
    message.content_subtype = "html"
    message.send()
    stored = LocalEmail.objects.get()
    assert stored.html == "<h1>Hello</h1>" and stored.body == ""


def test_several_messages_on_one_connection_are_counted_and_a_message_without_recipients_is_skipped():
    messages = [
        EmailMessage("One", "1", to=["ann@example.com"]),
        EmailMessage("None", "x"),
        EmailMessage("Two", "2", bcc=["bob@example.com"]),
    ]
    assert mail.get_connection().send_messages(messages) == 2
    assert list(LocalEmail.objects.values_list("subject", "to")) == [
        ("Two", "bob@example.com"),
        ("One", "ann@example.com"),
    ]
    assert "bob@example.com" not in LocalEmail.objects.get(subject="Two").raw
