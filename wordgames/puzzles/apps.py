from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PuzzlesConfig(AppConfig):
    name = "wordgames.puzzles"
    label = "puzzles"
    verbose_name = gettext_lazy("Puzzles")
