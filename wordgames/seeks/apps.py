from django.apps import AppConfig


class SeeksConfig(AppConfig):
    name = "wordgames.seeks"
    label = "seeks"
    verbose_name = "Seeks"
