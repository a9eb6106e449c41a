from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "wordgames.games"
    label = "games"
    verbose_name = "Games"
