"""Ratings per game kind (openskill's Weng-Lin model), changed by the end of every rated game, and leaderboards."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class RatingsConfig(AppConfig):
    name = "wordgames.ratings"
    label = "ratings"
    verbose_name = gettext_lazy("Ratings")

    def ready(self) -> None:
        from wordgames.games import signals

        from . import update

        # Inside the transaction that ends (or reopens) the game: the rating commits or rolls back with it.
        signals.game_finished.connect(update.on_game_finished, dispatch_uid="ratings.rate_game")
        signals.game_reopened.connect(update.on_game_reopened, dispatch_uid="ratings.unrate_game")
