"""The language a person reads: the switcher, the browser's, the profile's, and the fallback to English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.conftest import logged_in
from tests.support.pseudo import PSEUDO, bare_prose, pseudo_get, pseudo_language
from wordgames.accounts.languages import language_of, speaking
from wordgames.accounts.models import Profile, profile_for

pytestmark = pytest.mark.django_db


def stored(user: Any) -> Profile:
    return Profile.objects.get(user=user)


def page_language(response: Any) -> str:
    match = re.search(r'<html lang="([^"]+)" dir="(ltr|rtl)">', response.content.decode())
    assert match, "the page has no <html lang dir>"
    return match.group(1)


def test_the_browser_language_is_used_and_said_in_html_lang() -> None:
    client = Client()
    assert page_language(client.get("/help/", HTTP_ACCEPT_LANGUAGE="fr-FR,fr;q=0.9,en;q=0.5")) == "fr"
    assert page_language(client.get("/help/", HTTP_ACCEPT_LANGUAGE="pt-BR")) == "pt-br"
    assert page_language(client.get("/help/", HTTP_ACCEPT_LANGUAGE="ja")) == "ja"


def test_an_unknown_language_falls_back_to_english_never_to_an_error() -> None:
    client = Client()
    for header in ("tlh", "xx-nonsense;q=1", "", "*", "fr;q=garbage"):
        response = client.get("/help/", HTTP_ACCEPT_LANGUAGE=header)
        assert response.status_code == 200
        assert page_language(response) in ("en-gb", "fr")  # a malformed weight may still name French


def test_translations_reach_the_page() -> None:
    """Django's own French catalogue shows that a French reader gets French text (form errors here)."""
    response = Client().post(reverse("login"), {"username": "", "password": ""}, HTTP_ACCEPT_LANGUAGE="fr")
    assert "Ce champ est obligatoire." in response.content.decode()


def test_a_visitor_switches_language_on_any_page() -> None:
    client = Client()
    response = client.post(reverse("choose_language"), {"language": "de", "next": "/help/"})
    assert response.status_code == 302 and response["Location"] == "/help/"
    assert page_language(client.get("/help/", HTTP_ACCEPT_LANGUAGE="fr")) == "de"  # the choice beats the browser


def test_the_switcher_refuses_to_send_anyone_elsewhere() -> None:
    client = Client()
    response = client.post(reverse("choose_language"), {"language": "es", "next": "https://evil.example/"})
    assert response.status_code == 302 and "evil.example" not in response["Location"]


def test_the_switcher_is_on_every_page_and_names_languages_in_their_own_language() -> None:
    html = Client().get("/help/").content.decode()
    assert 'action="/accounts/language/"' in html
    assert '<option value="fr" lang="fr">Français</option>' in html
    assert 'lang="ja">日本語</option>' in html


def test_a_players_profile_language_wins_and_the_switcher_saves_it(ann: Any) -> None:
    client = logged_in(ann)
    client.post(reverse("choose_language"), {"language": "es", "next": "/"})
    assert stored(ann).language == "es"
    other_browser = logged_in(ann)  # a second device, whose browser asks for French, without the cookie
    assert page_language(other_browser.get("/help/", HTTP_ACCEPT_LANGUAGE="fr")) == "es"
    ann.refresh_from_db()
    assert language_of(ann) == "es"


def test_the_profile_form_sets_the_language(ann: Any) -> None:
    client = logged_in(ann)
    profile = profile_for(ann)
    response = client.post(reverse("profile"), {"display_name": "", "time_zone": profile.time_zone, "language": "ja"})
    assert response.status_code == 302
    assert stored(ann).language == "ja"
    assert page_language(client.get("/help/")) == "ja"
    client.post(reverse("profile"), {"display_name": "", "time_zone": profile.time_zone, "language": "klingon"})
    assert stored(ann).language == "ja"  # refused, unchanged


def test_without_a_choice_emails_follow_the_browser_last_seen(ann: Any, bob: Any) -> None:
    assert language_of(ann) == "en-gb"
    logged_in(ann).get("/help/", HTTP_ACCEPT_LANGUAGE="de-AT,de;q=0.8")
    ann.refresh_from_db()
    assert stored(ann).browser_language == "de" and language_of(ann) == "de"
    assert language_of(bob) == "en-gb"
    assert language_of(None) == "en-gb"


def test_a_removed_language_falls_back_to_english(ann: Any, settings: Any) -> None:
    profile = profile_for(ann)
    profile.language = "ko"
    profile.save()
    assert language_of(ann) == "en-gb"
    assert page_language(logged_in(ann).get("/help/")) == "en-gb"


def test_speaking_activates_the_readers_language(ann: Any) -> None:
    from django.utils import translation

    profile = profile_for(ann)
    profile.language = "fr"
    profile.save()
    with speaking(ann) as code:
        assert code == "fr" and translation.get_language() == "fr"
    with speaking("pt-BR"):
        assert translation.get_language() == "pt-br"
    with speaking("tlh"):
        assert translation.get_language() == "en-gb"


def test_the_layout_is_translated_in_the_pseudo_language() -> None:
    response = pseudo_get(Client(), "/help/")
    assert page_language(response) == PSEUDO
    html = response.content.decode()
    header = html.split("<body>")[1].split('<main id="main"')[0]  # the page's own title is the help pages' affair
    footer = html.split("</main>")[1]
    assert bare_prose(header) == [] and bare_prose(footer) == []
    assert "⟪Lobby⟫" in header


def test_the_pseudo_harness_finds_what_was_not_marked() -> None:
    """The harness must be able to fail: unmarked prose is found, marked prose, data and notation are not."""
    with pseudo_language():
        from django.template import Context, Template

        html = Template(
            '{% load i18n %}<p>{% translate "Your turn" %}, ann. Not marked.</p>'
            '<b title="A tooltip">8D</b><span translate="no">8D WORD ask E X</span>'
            '<button value="x">{% blocktranslate %}Play <i>now</i>{% endblocktranslate %}</button>'
        ).render(Context())
    findings = bare_prose(html, data=["ann"])
    assert [finding.split()[0] for finding in findings] == ["'Not'", "'marked'", "'tooltip'"]
