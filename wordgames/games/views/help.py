"""The help pages: the rules of each game and the guides, in the reader's language where translated."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from wordgames.engines import get_engine

from .. import helpdocs


@require_safe
def help_index(request: HttpRequest) -> HttpResponse:
    games = [
        (engine.title, slug)
        for slug in ("lingo", "lexicon-crossing", "lingua-fences", "keebble")
        for engine in [get_engine(slug)]
    ]
    english_only = {slug for slug in helpdocs.PAGES if not helpdocs.translated(slug)}  # none for an English reader
    return render(request, "games/help_index.html", {"games": games, "english_only": english_only})


@require_safe
def help_page(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        title, html = helpdocs.page(slug)
    except (KeyError, FileNotFoundError):
        raise Http404("No such page") from None
    translated = helpdocs.translated(slug)
    context = {
        "title": title,
        "html": html,
        "slug": slug,
        "translated": translated,
        "language": "" if translated else helpdocs.language_name(),
    }
    return render(request, "games/help_page.html", context)
