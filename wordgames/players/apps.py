from django.apps import AppConfig


class PlayersConfig(AppConfig):
    name = "wordgames.players"
    label = "players"
    verbose_name = "Players"
