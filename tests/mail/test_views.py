from __future__ import annotations

import pytest
from django.urls import reverse

from wordgames.mail.models import LocalEmail

pytestmark = pytest.mark.django_db


@pytest.fixture
def visible(settings):
    settings.LOCAL_MAIL_VISIBLE = True
    settings.EMAIL_BACKEND = "wordgames.mail.backends.LocalMailBackend"


def send(subject: str, text: str, html: str = "") -> LocalEmail:
    from django.core.mail import EmailMultiAlternatives

    message = EmailMultiAlternatives(subject, text, to=["bob@example.com"])
    if html:
        message.attach_alternative(html, "text/html")
    message.send()
    return LocalEmail.objects.latest("id")


def test_local_mail_lists_messages_newest_first_and_the_header_links_to_it(client, visible):
    send("First", "1")
    send("Second", "2")
    page = client.get(reverse("local_mail")).content.decode()
    assert page.index("Second") < page.index("First")
    assert f'href="{reverse("local_mail")}"' in page


def test_reading_a_message_shows_headers_text_and_sandboxed_html(client, visible):
    message = send("Your turn", "Board:\n  a b c\n1 . . <X>", "<p>Your <script>alert(1)</script>turn</p>")
    page = client.get(reverse("local_mail_message", args=[message.pk])).content.decode()
    assert "bob@example.com" in page and "Wordgames &lt;games@localhost&gt;" in page
    assert '<pre class="mail-text">Board:\n  a b c\n1 . . &lt;X&gt;</pre>' in page
    assert '<iframe class="mail-html" sandbox=""' in page
    assert 'srcdoc="&lt;p&gt;Your &lt;script&gt;alert(1)&lt;/script&gt;turn&lt;/p&gt;"' in page
    assert "<script>alert(1)</script>" not in page


def test_an_empty_local_mail_says_so(client, visible):
    assert "No email has been sent yet." in client.get(reverse("local_mail")).content.decode()


def test_local_mail_pages_are_not_found_when_the_local_mail_is_hidden(client, admin_client, settings):
    settings.LOCAL_MAIL_VISIBLE = False
    message = LocalEmail.objects.create(from_email="a@b", to="c@d", subject="Secret", raw="")
    for c in (client, admin_client):
        assert c.get(reverse("local_mail")).status_code == 404
        assert c.get(reverse("local_mail_message", args=[message.pk])).status_code == 404
    assert f'href="{reverse("local_mail")}"' not in client.get(reverse("login")).content.decode()


def test_a_message_that_does_not_exist_is_not_found(client, visible):
    assert client.get(reverse("local_mail_message", args=[999])).status_code == 404


def test_admin_shows_local_mail_messages_read_only(admin_client, visible):
    message = send("Hello", "Hi")
    assert admin_client.get(reverse("admin:mail_localemail_changelist")).status_code == 200
    page = admin_client.get(reverse("admin:mail_localemail_change", args=[message.pk])).content.decode()
    assert "Hello" in page and 'name="subject"' not in page
    assert admin_client.get(reverse("admin:mail_localemail_add")).status_code == 403


def test_the_old_outbox_addresses_lead_to_the_local_mail(client, visible):
    message = send("Hello", "Hi")
    listing = client.get("/outbox/?page=1")
    assert listing.status_code == 301 and listing["Location"] == "/mail/?page=1"
    one = client.get(f"/outbox/{message.pk}/", follow=True)
    assert one.redirect_chain == [(f"/mail/{message.pk}/", 301)] and "Hello" in one.content.decode()
