"""Choosing puzzles, the puzzle of the day, and checking an answer.

A move is a puzzle when the analysis of its finished public game found a best move that scored at least
``PUZZLE_MIN_MISSED`` points more than the move played and at least twice as much
(``docs/puzzles.md``). The puzzle of the day of a game kind is picked once a day from those moves, by a hash of
the day and the kind (the same pick on every machine), preferring moves never used yet, and kept: the lobby then
reads it in one query. An answer is played by the rules on the position as it was, and only its legality and
score are told, never the position after it (which would show tiles the mover could not see).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.utils import timezone
from django.utils.translation import gettext as _

from wordgames.analysis.models import MoveAnalysis
from wordgames.engines import IllegalMove, engine_names, get_engine
from wordgames.games.models import Game, Move
from wordgames.games.queries import live_moves, player_names
from wordgames.games.refusals import word

from .models import DailyPuzzle, Puzzle


def candidates(engine: str) -> QuerySet[MoveAnalysis]:
    """The analysed moves of finished public games of ``engine`` that make a puzzle, oldest first."""
    return (
        MoveAnalysis.objects.filter(
            analysis__done=True,
            analysis__game__engine=engine,
            analysis__game__status=Game.Status.FINISHED,
            analysis__game__private=False,
            move__taken_back=False,
            missed__gte=settings.PUZZLE_MIN_MISSED,
            best_points__gte=2 * F("points"),
        )
        .exclude(best="")
        .order_by("pk")
    )


def _index(day: date, engine: str, count: int) -> int:
    digest = hashlib.sha256(f"puzzle:{day.isoformat()}:{engine}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def pick(day: date, engine: str) -> MoveAnalysis | None:
    """The move that makes ``engine``'s puzzle of ``day``: a fresh one if any is left, else any."""
    for pool in (candidates(engine).filter(move__puzzle__isnull=True), candidates(engine)):
        count = pool.count()
        if count:
            return pool.select_related("move__game")[_index(day, engine, count)]
    return None


def puzzle_for(row: MoveAnalysis) -> Puzzle:
    """The puzzle of an analysed move (made once): the position is rebuilt by replaying the game's moves."""
    existing = Puzzle.objects.filter(move_id=row.move_id).first()
    if existing is not None:
        return existing
    move: Move = row.move
    game: Game = move.game
    engine = get_engine(game.engine)
    state = engine.new_game(player_names(game), game.options, game.deal_seed, game.bag or None)
    for earlier in live_moves(game).filter(seq__lt=move.seq):
        state, _outcome = engine.apply(state, earlier.seat, earlier.text)
    puzzle, _created = Puzzle.objects.get_or_create(
        move=move,
        defaults={
            "engine": game.engine,
            "seat": move.seat,
            "state": state,
            "played": move.text,
            "points": row.points,
            "best": row.best,
            "best_points": row.best_points,
        },
    )
    return puzzle


def kept(day: date | None = None) -> list[Puzzle] | None:
    """The puzzles of ``day`` (today by default) as picked already, in one query (the lobby's); None when
    nothing is picked for that day yet."""
    rows = {d.engine: d for d in DailyPuzzle.objects.filter(day=day or timezone.localdate()).select_related("puzzle")}
    if not rows:
        return None
    return [rows[e].puzzle for e in engine_names() if e in rows and rows[e].puzzle is not None]  # type: ignore[misc]


def of_the_day(day: date | None = None) -> list[Puzzle]:
    """Each game kind's puzzle of ``day`` (today by default), in the engines' order, the kinds without one left
    out. Picked and kept by the first reader of the day or by the periodic task (``pick_puzzles``), whichever
    comes first; later readers cost one query."""
    day = day or timezone.localdate()
    kept = {d.engine: d for d in DailyPuzzle.objects.filter(day=day).select_related("puzzle")}
    for engine in engine_names():
        if engine not in kept:
            row = pick(day, engine)
            try:
                with transaction.atomic():
                    kept[engine] = DailyPuzzle.objects.create(
                        day=day, engine=engine, puzzle=puzzle_for(row) if row else None
                    )
            except IntegrityError:  # another reader kept it (or made the same puzzle) first
                again = DailyPuzzle.objects.select_related("puzzle").filter(day=day, engine=engine).first()
                if again is not None:
                    kept[engine] = again
    return [kept[e].puzzle for e in engine_names() if e in kept and kept[e].puzzle is not None]  # type: ignore[misc]


def today_for(engine: str) -> Puzzle | None:
    """``engine``'s puzzle of today, or None."""
    return next((p for p in of_the_day() if p.engine == engine), None)


@dataclass
class Verdict:
    """An answer checked: ``refusal`` says why it is no legal move; else the move in notation and its points."""

    puzzle: Puzzle
    answer: str
    move: str = ""
    points: int = 0
    refusal: str = ""

    @property
    def legal(self) -> bool:
        return not self.refusal

    @property
    def found_best(self) -> bool:
        return self.legal and self.points >= self.puzzle.best_points

    @property
    def beat_played(self) -> bool:
        return self.legal and self.points > self.puzzle.points

    def sentence(self) -> str:
        """How the answer compares with the best move and with the move played, in the reader's language."""
        puzzle = self.puzzle
        if not self.legal:
            return _("%(answer)s is not a legal move here: %(reason)s") % {
                "answer": self.answer,
                "reason": self.refusal,
            }
        values = {
            "move": self.move,
            "points": self.points,
            "best": puzzle.best,
            "best_points": puzzle.best_points,
            "played": puzzle.played,
            "played_points": puzzle.points,
        }
        if self.points > puzzle.best_points:
            first = (
                _(
                    "%(move)s scores %(points)s: better than the best move the computer found, %(best)s "
                    "(%(best_points)s)."
                )
                % values
            )
        elif self.points == puzzle.best_points:
            first = _("%(move)s scores %(points)s: as much as the best move, %(best)s.") % values
        else:
            first = _("%(move)s scores %(points)s. The best move found was %(best)s, for %(best_points)s.") % values
        return first + " " + _("In the game, %(played)s was played, for %(played_points)s.") % values


def check(puzzle: Puzzle, answer: str) -> Verdict:
    """``answer`` played by the rules in the puzzle's position: legal or not, and its points. Nothing is stored."""
    answer = " ".join(answer.split())[:2000]
    if not answer:
        return Verdict(puzzle, answer, refusal=_("write a move."))
    if answer.lower() == "resign":
        return Verdict(puzzle, answer, refusal=_("resigning solves no puzzle."))
    try:
        _after, outcome = get_engine(puzzle.engine).apply(puzzle.state, puzzle.seat, answer, **puzzle.unseen)
    except IllegalMove as e:
        return Verdict(puzzle, answer, refusal=word(e))
    return Verdict(puzzle, answer, move=outcome.move, points=int(outcome.score or 0))
