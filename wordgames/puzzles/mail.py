"""Puzzles by email: the ``puzzle`` command of the site's own address, answered in the writer's language.

- ``puzzle``: today's puzzles, one line each, with how to ask for one and answer it;
- ``puzzle 12`` or ``puzzle lingo``: that puzzle's position as its mover saw it (today's of that game kind);
- ``puzzle 12 m13 GO``: the answer checked by the rules and compared with the best move and the move played.
"""

from __future__ import annotations

from django.conf import settings
from django.utils.translation import gettext as _

from wordgames.engines import engine_names

from . import actions
from .models import Puzzle


def _url(puzzle: Puzzle) -> str:
    return settings.SITE_ROOT.rstrip("/") + puzzle.get_absolute_url()


def _how(word: str, number: int | str) -> str:
    return _(
        "To answer, write a new message to this address (or reply to this one) with: %(word)s %(number)s YOUR MOVE"
    ) % {"word": word, "number": number}


def _today(word: str) -> str:
    puzzles = actions.of_the_day()
    if not puzzles:
        return _("No puzzle today: no finished game has offered one yet.")
    lines = [_("Puzzles of the day:")]
    lines += [
        _("%(title)s, puzzle %(number)s: find a move worth %(points)s points. %(url)s")
        % {"title": p.title, "number": p.pk, "points": p.best_points, "url": _url(p)}
        for p in puzzles
    ]
    lines += [
        "",
        _("To get one's position by email, write: %(word)s %(number)s") % {"word": word, "number": puzzles[0].pk},
        _how(word, puzzles[0].pk),
    ]
    return "\n".join(lines)


def _position(puzzle: Puzzle, word: str) -> str:
    return "\n".join(
        [
            _(
                "%(title)s, puzzle %(number)s: find a move worth %(points)s points in this position of a finished game, "
                "as its mover saw it."
            )
            % {"title": puzzle.title, "number": puzzle.pk, "points": puzzle.best_points},
            "",
            puzzle.board(),
            "",
            _how(word, puzzle.pk),
            _url(puzzle),
        ]
    )


def answer(text: str, word: str = "puzzle") -> str:
    """The reply to ``puzzle`` followed by ``text`` (``word``: the command as the writer's language writes it)."""
    head, _space, move = text.strip().partition(" ")
    head = head.lstrip("#").lower()
    if not head:
        return _today(word)
    if head in engine_names():
        found = actions.today_for(head)
        return _position(found, word) if found else _("No %(game)s puzzle today.") % {"game": head}
    puzzle = Puzzle.objects.filter(pk=int(head)).first() if head.isdigit() else None
    if puzzle is None:
        return _("There is no puzzle %(number)s.") % {"number": head} + "\n\n" + _today(word)
    if not move.strip():
        return _position(puzzle, word)
    verdict = actions.check(puzzle, move)
    return "\n".join([verdict.sentence(), "", _url(puzzle)])
