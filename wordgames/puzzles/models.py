"""A puzzle is one move of a finished public game that the analysis found far from the best; one puzzle of the
day per game kind, picked once and kept."""

from __future__ import annotations

from typing import Any

from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.analysis import unseen
from wordgames.games.boardtext import text_board


class Puzzle(models.Model):
    """The position before ``move``, as its mover saw it. ``state`` is the whole position (the others' tiles and
    the bag included) so that an answer is checked and scored by the rules: it never leaves the server."""

    move = models.OneToOneField("games.Move", verbose_name=_("move"), on_delete=models.CASCADE, related_name="puzzle")
    engine = models.CharField(
        verbose_name=_("engine"), max_length=32, choices=[(name, name) for name in engine_names()]
    )
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"), help_text=_("The mover's seat."))
    # The engine's state before the move (JSON), typed Any as the engines take it.
    state: Any = models.JSONField(verbose_name=_("position"), editable=False)
    played = models.TextField(verbose_name=_("move played"))
    points = models.IntegerField(verbose_name=_("points of the move played"))
    best = models.TextField(verbose_name=_("best move"))
    best_points = models.IntegerField(verbose_name=_("best move's points"))
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")

    def __str__(self) -> str:
        return f"puzzle {self.pk} ({self.engine})"

    @property
    def title(self) -> str:
        return get_engine(self.engine).title

    def get_absolute_url(self) -> str:
        return reverse("puzzle", args=[self.pk])

    @property
    def unseen(self) -> dict[str, Any]:
        """The engine's arguments that hide what the mover had not seen yet (as the analysis hid it)."""
        return unseen(get_engine(self.engine), self.state, self.seat)

    def board(self) -> str:
        """The position as its mover saw it, as text in the reader's language."""
        return text_board(self.engine, self.state, self.seat, **self.unseen)


class DailyPuzzle(models.Model):
    """The puzzle of one day for one game kind; ``puzzle`` empty when no game offered one that day (so the lobby
    asks once a day, not on every visit)."""

    day = models.DateField(verbose_name=_("day"))
    engine = models.CharField(
        verbose_name=_("engine"), max_length=32, choices=[(name, name) for name in engine_names()]
    )
    puzzle = models.ForeignKey(
        Puzzle, verbose_name=_("puzzle"), null=True, blank=True, on_delete=models.CASCADE, related_name="days"
    )

    class Meta:
        verbose_name = _("puzzle of the day")
        verbose_name_plural = _("puzzles of the day")
        constraints = [models.UniqueConstraint(fields=["day", "engine"], name="puzzle_once_a_day_a_kind")]

    def __str__(self) -> str:
        return f"{self.engine} puzzle of {self.day}"
