"""The help pages' frame (the index, the breadcrumb, the note on a page not yet translated) is marked for
translation; the documents themselves are translated as files (docs/<language>/), not through the catalogue."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.support.pseudo import bare_prose, pseudo_get
from wordgames.games import helpdocs

pytestmark = pytest.mark.django_db


GAMES = ["Lingo", "Lexicon Crossing", "Lingua Fences", "Keebble"]  # the games' names: data


def test_the_help_index_is_translated() -> None:
    assert bare_prose(pseudo_get(Client(), "/help/").content.decode(), data=GAMES) == []


@pytest.mark.parametrize("slug", ["events", "notation", "keebble"])
def test_a_help_pages_frame_and_its_note_are_translated(slug: str) -> None:
    page = pseudo_get(Client(), f"/help/{slug}/").content.decode()
    title = helpdocs.page(slug, "en")[0]  # the document's own title, in <title>: the document is English here
    assert bare_prose(page, data=GAMES + [title]) == []
    assert "⟪This page is not yet translated into" in page  # the pseudo language has no documents of its own
