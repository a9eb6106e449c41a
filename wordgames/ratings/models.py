"""A player's rating in one game kind, and every change a rated game made to it."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from wordgames.engines import engine_names

# openskill's defaults: a newcomer is mu 25, sigma 25/3. Players read a number on the familiar scale of chess
# sites: 1500 for a newcomer, 40 points per unit of mu.
MU, SIGMA = 25.0, 25.0 / 3
BASE, SCALE = 1500, 40


def shown(mu: float) -> int:
    """The rating players read for a skill estimate ``mu``."""
    return round(BASE + SCALE * (mu - MU))


KINDS = [(name, name) for name in engine_names()]


class Rating(models.Model):
    """``user``'s current rating in ``kind`` (a game's engine name). No row: never played a rated game of it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="ratings")
    kind = models.CharField(max_length=32, choices=KINDS)
    mu = models.FloatField(default=MU)
    sigma = models.FloatField(default=SIGMA)
    value = models.IntegerField(default=BASE, help_text="The rating players read (from mu).")
    games = models.PositiveIntegerField(default=0, help_text="Rated games played in this kind.")
    last_played = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="rating_once_per_kind")]
        indexes = [models.Index(fields=["kind", "-value"], name="rating_board")]

    def __str__(self) -> str:
        return f"{self.user} {self.kind} {self.value}"


class RatingChange(models.Model):
    """What one rated game did to one player's rating (a team's players each have their own row)."""

    game = models.ForeignKey("games.Game", models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="rating_changes")
    kind = models.CharField(max_length=32, choices=KINDS)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    value_before = models.IntegerField()
    value_after = models.IntegerField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="rating_change_once_per_game")]
        indexes = [models.Index(fields=["user", "kind", "created"], name="rating_history")]

    def __str__(self) -> str:
        return f"{self.user} {self.kind} {self.value_before} -> {self.value_after} (game {self.game_id})"
