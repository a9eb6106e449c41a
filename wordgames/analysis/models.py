"""One analysis a finished game, one row a move of it."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class GameAnalysis(models.Model):
    """A game's analysis: owed when it ends (``done`` false), filled by a worker on the ``analysis`` queue."""

    game = models.OneToOneField("games.Game", verbose_name=_("game"), on_delete=models.CASCADE, related_name="analysis")
    done = models.BooleanField(verbose_name=_("done"), default=False)
    budget = models.FloatField(verbose_name=_("seconds a move"), default=0)
    seconds = models.FloatField(verbose_name=_("seconds in all"), default=0)
    summary = models.JSONField(
        verbose_name=_("summary"),
        default=list,
        help_text=_("Per seat: moves analysed, moves that matched the best, points missed."),
    )
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)
    updated = models.DateTimeField(verbose_name=_("updated"), auto_now=True)

    class Meta:
        verbose_name = _("game analysis")
        verbose_name_plural = _("game analyses")

    def __str__(self) -> str:
        return f"analysis of game {self.game_id}"


class MoveAnalysis(models.Model):
    """One move beside the strong player's best move in the same position, as the mover saw it."""

    analysis = models.ForeignKey(
        GameAnalysis, verbose_name=_("analysis"), on_delete=models.CASCADE, related_name="moves"
    )
    move = models.OneToOneField("games.Move", verbose_name=_("move"), on_delete=models.CASCADE, related_name="analysis")
    points = models.IntegerField(verbose_name=_("points scored"), default=0)
    best = models.TextField(verbose_name=_("best move"), blank=True)
    best_points = models.IntegerField(verbose_name=_("best move's points"), default=0)
    missed = models.IntegerField(verbose_name=_("points missed"), default=0)
    matched = models.BooleanField(verbose_name=_("matched the best"), default=False)

    class Meta:
        verbose_name = _("move analysis")
        verbose_name_plural = _("move analyses")

    def __str__(self) -> str:
        return f"analysis of move {self.move_id}"


class PracticeReview(models.Model):
    """A practice game's player asked how their moves so far compare with the best: their moves only, each
    beside the strong player's best move seeing what they saw. Made by a worker; one per seat and position."""

    game = models.ForeignKey(
        "games.Game", verbose_name=_("game"), on_delete=models.CASCADE, related_name="practice_reviews"
    )
    seat = models.PositiveSmallIntegerField(verbose_name=_("seat"))
    version = models.PositiveIntegerField(
        verbose_name=_("version"), help_text=_("The game's version when it was asked.")
    )
    done = models.BooleanField(verbose_name=_("done"), default=False)
    rows = models.JSONField(
        verbose_name=_("moves"),
        default=list,
        help_text=_("The seat's moves: number, move, points, best move, its points, points missed."),
    )
    created = models.DateTimeField(verbose_name=_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("practice review")
        verbose_name_plural = _("practice reviews")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat", "version"], name="practice_review_once_a_position")
        ]

    def __str__(self) -> str:
        return f"review of seat {self.seat + 1} of game {self.game_id} at version {self.version}"

    @property
    def missed(self) -> int:
        return sum(row["missed"] for row in self.rows)
