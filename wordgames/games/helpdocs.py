"""The player's documents of ``docs/`` as pages of the site: the rules of each game as implemented, the move
notation, playing on the web and by email, records and dictionaries. One source: the Markdown files that ship
with the code, rendered once per process (again when a file changes).

Translations sit beside the English under the language's code, with the same file names (``docs/fr/notation.md``,
``docs/es/rules/lingo.md``), so a link between two pages resolves the same way in every language. A page is shown
in the reader's language where it is translated, else in English with a note that says so."""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from pathlib import Path

import markdown
from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import SafeString, mark_safe

# slug -> file under docs/ (only what a player needs; operators read deployment and benchmarks in the repository)
PAGES: dict[str, str] = {
    "lingo": "rules/lingo.md",
    "lexicon-crossing": "rules/lexicon-crossing.md",
    "lingua-fences": "rules/lingua-fences.md",
    "keebble": "rules/keebble.md",
    "playing": "playing.md",
    "players": "players.md",
    "notation": "notation.md",
    "email": "email-commands.md",
    "records": "record-format.md",
    "dictionaries": "dictionaries.md",
    "accounts": "accounts.md",
    "seeks": "seeks.md",
    "events": "events.md",
    "ratings": "ratings.md",
    "puzzles": "puzzles.md",
}
BY_FILE = {path: slug for slug, path in PAGES.items()}
_LINK = re.compile(r'<a href="(?!https?:|mailto:|#)([^"#]+\.md)(#[^"]*)?">(.*?)</a>', re.S)


def docs_dir() -> Path:
    return Path(settings.BASE_DIR) / "docs"


ENGLISH = "en"


def source(slug: str, language: str | None = None) -> tuple[str, Path]:
    """The language a page is written in for a reader of ``language`` (default: the active one) and its file:
    the language's own (``pt-br``, then ``pt``), else English. ``KeyError`` for a slug that is not a player's page."""
    relative = PAGES[slug]
    code = (language or translation.get_language() or ENGLISH).lower()
    for candidate in dict.fromkeys([code, code.split("-")[0]]):
        if candidate.isalpha() or re.fullmatch(r"[a-z]+-[a-z]+", candidate):
            path = docs_dir() / candidate / relative
            if candidate != ENGLISH and path.is_file():
                return candidate, path
    return ENGLISH, docs_dir() / relative


def page(slug: str, language: str | None = None) -> tuple[str, SafeString]:
    """The page's title and HTML in the reader's language where translated, else in English.
    ``KeyError`` for a slug that is not a player's page."""
    _, path = source(slug, language)
    return _render(slug, str(path), path.stat().st_mtime)


def translated(slug: str, language: str | None = None) -> bool:
    """Whether the page is written in the reader's language (English readers always have theirs)."""
    code = (language or translation.get_language() or ENGLISH).lower()
    return code.split("-")[0] == ENGLISH or source(slug, code)[0] != ENGLISH


def language_name(language: str | None = None) -> str:
    """The reader's language by its own name (français, español): the note speaks to its reader."""
    code = language or translation.get_language() or ENGLISH
    try:
        return str(translation.get_language_info(code)["name_local"])
    except KeyError:  # a language Django does not know (the tests' pseudo language)
        return code


@lru_cache(maxsize=128)
def _render(slug: str, path: str, mtime: float) -> tuple[str, SafeString]:
    text = Path(path).read_text(encoding="utf-8")
    html = markdown.markdown(text, extensions=["tables", "fenced_code", "sane_lists"], output_format="html")
    here = posixpath.dirname(PAGES[slug])

    def link(match: re.Match[str]) -> str:  # a link to another document: its page here, if it is a player's
        target = posixpath.normpath(posixpath.join(here, match.group(1)))
        other = BY_FILE.get(target)
        if other is None:  # an operator's document: the words stay, the link goes
            return match.group(3)
        return f'<a href="{reverse("help_page", args=[other])}{match.group(2) or ""}">{match.group(3)}</a>'

    html = _LINK.sub(link, html)
    title_match = re.search(r"<h1>(.*?)</h1>", html)
    title = re.sub(r"<[^>]+>", "", title_match.group(1)) if title_match else slug
    return title, mark_safe(html)  # our own documents, shipped with the code
