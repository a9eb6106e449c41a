"""The puzzles' pages: today's puzzles, and one puzzle with its answer form (anyone may solve one)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from . import actions
from .models import Puzzle


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "puzzles/index.html", {"puzzles": actions.of_the_day()})


def puzzle(request: HttpRequest, puzzle_id: int) -> HttpResponse:
    """The position as its mover saw it; a posted answer is checked and compared (nothing is stored)."""
    found = get_object_or_404(Puzzle, pk=puzzle_id)
    verdict = actions.check(found, request.POST.get("move", "")) if request.method == "POST" else None
    return render(
        request,
        "puzzles/puzzle.html",
        {"puzzle": found, "board": found.board(), "verdict": verdict, "answer": verdict.answer if verdict else ""},
    )
