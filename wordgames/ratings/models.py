"""A player's rating in one game kind, and every change a rated game made to it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from wordgames.engines import engine_names, get_engine

# openskill's defaults: a newcomer is mu 25, sigma 25/3. Players read a number on the familiar scale of chess
# sites: 1500 for a newcomer, 40 points per unit of mu.
MU, SIGMA = 25.0, 25.0 / 3
BASE, SCALE = 1500, 40


def shown(mu: float) -> int:
    """The rating players read for a skill estimate ``mu``."""
    return round(BASE + SCALE * (mu - MU))


# The computer players anchor the scale: each level is worth a fixed skill, known to within a small sigma, that no
# game moves. A person's number therefore means the same next year as today: what they would score against the
# site's computers. quick (best move of at most two tiles, a tenth of a second) 1300; strong (a second's search,
# weighing what a move leaves) 1700. A level not listed here counts as a newcomer's skill.
COMPUTER_MU = {"quick": 20.0, "strong": 30.0}
COMPUTER_SIGMA = 1.0

# A rating is provisional (shown with a "?") for its first ``settings.RATING_PROVISIONAL_GAMES`` games, or while
# its uncertainty stays above this sigma (7 x 40 = 280 points on the shown scale; a newcomer starts at 8.3, and ten
# games against established players bring it to about 6).
PROVISIONAL_SIGMA = 7.0


def computer_mu(level: str) -> float:
    return COMPUTER_MU.get(level, MU)


KINDS = [(name, get_engine(name).title) for name in engine_names()]  # each game by its name (a proper noun)


class Rating(models.Model):
    """``user``'s current rating in ``kind`` (a game's engine name). No row: never played a rated game of it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="ratings", verbose_name=gettext_lazy("player")
    )
    kind = models.CharField(gettext_lazy("kind of game"), max_length=32, choices=KINDS)
    mu = models.FloatField(gettext_lazy("mu"), default=MU)
    sigma = models.FloatField(gettext_lazy("sigma"), default=SIGMA)
    value = models.IntegerField(
        gettext_lazy("rating"), default=BASE, help_text=gettext_lazy("The rating players read (from mu).")
    )
    games = models.PositiveIntegerField(
        gettext_lazy("rated games"), default=0, help_text=gettext_lazy("Rated games played in this kind.")
    )
    last_played = models.DateTimeField(gettext_lazy("last played"), null=True, blank=True)

    class Meta:
        verbose_name = gettext_lazy("rating")
        verbose_name_plural = gettext_lazy("ratings")
        constraints = [models.UniqueConstraint(fields=["user", "kind"], name="rating_once_per_kind")]
        # The leaderboard reads a kind's ratings from the best down, ties in a fixed order (pages never overlap).
        indexes = [models.Index(fields=["kind", "-value", "user"], name="rating_board")]

    def __str__(self) -> str:
        return _("%(player)s in %(game)s: %(rating)s") % {"player": self.user, "game": self.kind, "rating": self.value}


class RatingChange(models.Model):
    """What one rated game did to one player's rating (a team's players each have their own row)."""

    game = models.ForeignKey(
        "games.Game", models.CASCADE, related_name="rating_changes", verbose_name=gettext_lazy("game")
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, related_name="rating_changes", verbose_name=gettext_lazy("player")
    )
    kind = models.CharField(gettext_lazy("kind of game"), max_length=32, choices=KINDS)
    mu_before = models.FloatField(gettext_lazy("mu before"))
    sigma_before = models.FloatField(gettext_lazy("sigma before"))
    mu_after = models.FloatField(gettext_lazy("mu after"))
    sigma_after = models.FloatField(gettext_lazy("sigma after"))
    value_before = models.IntegerField(gettext_lazy("rating before"))
    value_after = models.IntegerField(gettext_lazy("rating after"))
    games = models.PositiveIntegerField(
        gettext_lazy("rated games"),
        default=0,
        help_text=gettext_lazy("Rated games of this kind the player had played, this one included (0: a computer)."),
    )
    created = models.DateTimeField(gettext_lazy("when"), auto_now_add=True)

    class Meta:
        verbose_name = gettext_lazy("rating change")
        verbose_name_plural = gettext_lazy("rating changes")
        constraints = [models.UniqueConstraint(fields=["game", "user"], name="rating_change_once_per_game")]
        indexes = [models.Index(fields=["user", "kind", "created"], name="rating_history")]

    def __str__(self) -> str:
        return _("%(player)s in %(game)s: %(before)s → %(after)s (game %(number)s)") % {
            "player": self.user,
            "game": self.kind,
            "before": self.value_before,
            "after": self.value_after,
            "number": self.game_id,
        }
