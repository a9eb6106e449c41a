"""The scripts' catalogue (/jsi18n/) is cached by browsers and proxies: what it holds must depend only on what the
cache keys it by."""

from __future__ import annotations

from django.conf import settings
from django.test import Client


def test_the_language_in_the_address_wins_over_the_cookie_and_the_browser() -> None:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "de"
    for _ in range(2):  # the second answer comes from the cache: still French
        response = client.get("/jsi18n/?lang=fr", HTTP_ACCEPT_LANGUAGE="es")
        body = response.content.decode()
        assert "Quelle lettre le joker remplace-t-il" in body and "welchen Buchstaben" not in body
        assert response["Content-Language"] == "fr"
    german = client.get("/jsi18n/?lang=de", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "welchen Buchstaben steht der Joker" in german


def test_without_a_language_in_the_address_the_answer_varies_with_cookie_and_browser() -> None:
    client = Client()
    response = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="de")
    assert "welchen Buchstaben steht der Joker" in response.content.decode()
    vary = {v.strip().lower() for v in response["Vary"].split(",")}
    assert {"cookie", "accept-language"} <= vary
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    assert "Quelle lettre le joker" in client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
