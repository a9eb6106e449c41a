"""The players' pages under /help/ stand on their own: a player cannot open the project's source files, its
tests, its design notes or the rule texts it was built from, so no page cites them."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from wordgames.games.helpdocs import PAGES, page

# What only someone with the repository could open. Rendered pages are checked, so a link to another player's
# page (rewritten to /help/...) is fine, while the same file named in the text is not.
CITATIONS = {
    "a source file": re.compile(
        r"\b(?!manage\.py)[\w/]+\.py\b|\b(wordgames|templates|static)/"
    ),  # a site's commands are fine
    "a test": re.compile(r"\btests?/|\btest_\w+"),
    "the design notes": re.compile(r"\b(DESIGN|STYLE)\.md\b"),
    "the shared folder": re.compile(r"\.\./shared|\bshared/"),
    "a rule text's file": re.compile(r"\brules/[\w-]+\.md\b"),
    "an operator's document": re.compile(r"\bdocs/[\w/-]+\.md\b"),
}


@pytest.mark.parametrize("slug", list(PAGES))
def test_a_help_page_cites_nothing_a_player_cannot_open(slug: str, db: None) -> None:
    title, text = page(slug)  # the document as the site renders it, without the site's own frame
    assert title in Client().get(f"/help/{slug}/").content.decode()
    found = {what: pattern.findall(text) for what, pattern in CITATIONS.items()}
    assert {what: hits for what, hits in found.items() if hits} == {}
