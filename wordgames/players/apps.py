from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PlayersConfig(AppConfig):
    name = "wordgames.players"
    label = "players"
    verbose_name = gettext_lazy("Players")
