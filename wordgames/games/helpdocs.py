"""The player's documents of ``docs/`` as pages of the site: the rules of each game as implemented, the move
notation, playing on the web and by email, records and dictionaries. One source: the Markdown files that ship
with the code, rendered once per process (again when a file changes)."""

from __future__ import annotations

import posixpath
import re
from functools import lru_cache
from pathlib import Path

import markdown
from django.conf import settings
from django.urls import reverse
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
}
BY_FILE = {path: slug for slug, path in PAGES.items()}
_LINK = re.compile(r'<a href="(?!https?:|mailto:|#)([^"#]+\.md)(#[^"]*)?">(.*?)</a>', re.S)


def docs_dir() -> Path:
    return Path(settings.BASE_DIR) / "docs"


def page(slug: str) -> tuple[str, SafeString]:
    """The page's title and HTML. ``KeyError`` for a slug that is not a player's page."""
    path = docs_dir() / PAGES[slug]
    return _render(slug, path.stat().st_mtime)


@lru_cache(maxsize=32)
def _render(slug: str, mtime: float) -> tuple[str, SafeString]:
    text = (docs_dir() / PAGES[slug]).read_text(encoding="utf-8")
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
