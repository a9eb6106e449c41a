"""The players' pages under /help/ in the reader's language: French and Spanish where translated, English with a
note where not, English for a language the site does not speak; each translation keeps its English page's
sections and its worked examples' notation to the letter."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from tests.games.test_help_pages import CITATIONS
from wordgames.games import helpdocs

pytestmark = pytest.mark.django_db

TRANSLATED = ["playing", "email", "notation", "lingo", "lexicon-crossing", "lingua-fences", "keebble"]
NOT_YET = ["events", "seeks", "ratings", "players", "accounts"]
LANGUAGES = ["fr", "es"]
NOTE = "This page is not yet translated into %(language)s: here it is in English."


def note(language: str) -> str:
    """The note as the reader's catalogue words it (until the catalogues hold it, its English)."""
    with translation.override(language):
        name = translation.get_language_info(language)["name_local"]
        return escape(translation.gettext(NOTE) % {"language": name})


def get(slug: str, accept: str) -> str:
    response = Client().get(f"/help/{slug}/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 200
    return response.content.decode()


def english_title(slug: str) -> str:
    return helpdocs.page(slug, "en")[0]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", TRANSLATED)
def test_a_translated_page_is_served_in_the_browsers_language(slug: str, language: str) -> None:
    title, _ = helpdocs.page(slug, language)
    assert title != english_title(slug) or slug in ("lingo", "keebble")  # a game's name is its title's core
    page = get(slug, f"{language}-{language.upper()},{language};q=0.9,en;q=0.5")
    assert f"<title>{title}" in page or f"{title}</h1>" in page
    assert note(language) not in page and 'lang="en"' not in page.split("<article", 1)[1]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_rules_page_in_french_or_spanish_is_not_the_english(language: str) -> None:
    english = get("lingo", "en")
    local = get("lingo", language)
    assert "Scoring" in english and "Scoring" not in local
    assert {"fr": "Décompte des points", "es": "Puntuación"}[language] in local


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", NOT_YET)
def test_a_page_not_yet_translated_shows_the_english_with_a_note_in_the_readers_language(
    slug: str, language: str
) -> None:
    page = get(slug, language)
    assert note(language) in page
    assert english_title(slug) in page  # the English page itself
    assert '<article class="card doc" lang="en">' in page  # marked as English for screen readers


def test_translation_override_serves_the_translated_page_too() -> None:
    with translation.override("es"):
        title, html = helpdocs.page("notation")
        assert helpdocs.translated("notation") and not helpdocs.translated("events")
    assert title == helpdocs.page("notation", "es")[0] != english_title("notation")


@pytest.mark.parametrize("accept", ["tlh", "xx-nonsense", "", "de-CH"])
def test_an_unknown_or_untranslated_language_is_served_english(accept: str) -> None:
    page = get("notation", accept)
    assert english_title("notation") in page
    if accept == "de-CH":  # the site speaks German, but this page has no German yet: the note, in German's words
        assert note("de") in page and 'lang="en"' in page
    else:
        assert 'role="note"' not in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_help_index_is_in_the_readers_language(language: str) -> None:
    page = Client().get("/help/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert 'href="/help/notation/"' in page and 'href="/help/lingo/"' in page


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", TRANSLATED)
def test_links_between_pages_keep_working_in_each_language(slug: str, language: str) -> None:
    _, html = helpdocs.page(slug, language)
    english = set(re.findall(r'href="(/help/[^"#]*)', helpdocs.page(slug, "en")[1]))
    local = set(re.findall(r'href="(/help/[^"#]*)', html))
    assert local == english
    client = Client()
    for url in local:
        assert client.get(url, HTTP_ACCEPT_LANGUAGE=language).status_code == 200


# --- faithful to the English ------------------------------------------------------------------------------------


def headings(html: str) -> list[str]:
    return re.findall(r"<(h[1-6])>", html)


def blocks(html: str) -> list[str]:
    return re.findall(r"<pre>(.*?)</pre>", html, re.S)


def spans(html: str) -> Counter[str]:
    return Counter(re.findall(r"<code>(.*?)</code>", re.sub(r"<pre>.*?</pre>", "", html, flags=re.S), re.S))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", TRANSLATED)
def test_a_translation_has_its_english_pages_sections(slug: str, language: str) -> None:
    assert headings(helpdocs.page(slug, language)[1]) == headings(helpdocs.page(slug, "en")[1])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", TRANSLATED)
def test_a_translations_worked_examples_and_notation_are_the_englishs(slug: str, language: str) -> None:
    english, local = helpdocs.page(slug, "en")[1], helpdocs.page(slug, language)[1]
    if slug != "email":  # the email page's quoted emails are worded in the reader's language
        assert blocks(local) == blocks(english)
    missing = spans(english) - spans(local)
    assert missing == Counter(), f"notation of the English page missing from the {language} one"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_email_page_names_the_localised_command_words_beside_the_english(language: str) -> None:
    _, html = helpdocs.page("email", language)
    words = {"fr": ("aide", "plateau", "abandonner"), "es": ("ayuda", "tablero", "abandonar")}[language]
    for word in words + ("help", "board", "resign"):
        assert f"<code>{word}</code>" in html


def test_the_translations_live_beside_the_english_under_the_same_names() -> None:
    docs = Path(helpdocs.docs_dir())
    for language in LANGUAGES:
        assert sorted(str(p.relative_to(docs / language)) for p in (docs / language).rglob("*.md")) == sorted(
            helpdocs.PAGES[slug] for slug in TRANSLATED
        )


def test_the_help_index_says_which_pages_are_still_in_english() -> None:
    def marked(accept: str) -> set[str]:
        page = Client().get("/help/", HTTP_ACCEPT_LANGUAGE=accept).content.decode()
        items = re.findall(r"<li>(.*?)</li>", page, re.S)
        with translation.override(accept):
            note = translation.gettext("(in English)")  # as the reader's catalogue words it ("(en anglais)")
        return {slug for item in items if note in item for slug in re.findall(r'href="/help/([\w-]+)/"', item)}

    assert marked("fr") >= set(NOT_YET) and marked("fr").isdisjoint(TRANSLATED)
    assert marked("en") == set()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", TRANSLATED)
def test_a_translated_page_cites_nothing_a_player_cannot_open(slug: str, language: str) -> None:
    _, html = helpdocs.page(slug, language)
    found = {what: pattern.findall(html) for what, pattern in CITATIONS.items()}
    assert {what: hits for what, hits in found.items() if hits} == {}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("slug", TRANSLATED)
def test_a_translation_is_complete_paragraph_for_paragraph(slug: str, language: str) -> None:
    """A paragraph, item, row or example added to the English shows here until the translation has it too."""

    def shape(html: str) -> tuple[int, ...]:
        return tuple(html.count(tag) for tag in ("<p>", "<li>", "<tr>", "<pre>", "<a href"))

    extra = (1, 0, 0, 0, 0) if slug == "email" else (0,) * 5  # the email page's paragraph on localised commands
    english, local = shape(helpdocs.page(slug, "en")[1]), shape(helpdocs.page(slug, language)[1])
    assert tuple(a - b for a, b in zip(local, english)) == extra
