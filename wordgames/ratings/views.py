"""The leaderboards: one per game kind, fifty players a page."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from wordgames.engines import engine_names, get_engine

from . import queries


def _kinds() -> list[tuple[str, str]]:
    return [(name, get_engine(name).title) for name in engine_names()]


@require_safe
def leaderboards(request: HttpRequest) -> HttpResponse:
    return render(request, "ratings/leaderboards.html", {"kinds": _kinds()})


@require_safe
def leaderboard(request: HttpRequest, kind: str) -> HttpResponse:
    """``?page=N``; the pager's links add where the page begins (``after``/``before`` a neighbour's row), so a
    deep page costs what the first does."""
    if kind not in engine_names():
        raise Http404("No such game")
    number = request.GET.get("page", "1")
    cursors = {name: queries.parse_cursor(request.GET[name]) for name in ("after", "before") if name in request.GET}
    if not number.isdigit() or int(number) < 1 or None in cursors.values() or len(cursors) > 1:
        raise Http404("No such page")
    board = queries.leaderboard(kind, int(number), after=cursors.get("after"), before=cursors.get("before"))
    if not board.rows and board.page > 1:
        raise Http404("No such page")
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "board": board,
            "kind": kind,
            "title": get_engine(kind).title,
            "kinds": _kinds(),
            "active_days": queries.ACTIVE_DAYS,
        },
    )
