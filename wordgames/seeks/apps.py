from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class SeeksConfig(AppConfig):
    name = "wordgames.seeks"
    label = "seeks"
    verbose_name = gettext_lazy("Seeks")
