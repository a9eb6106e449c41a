from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PushConfig(AppConfig):
    name = "wordgames.push"
    label = "push"
    verbose_name = gettext_lazy("Notifications on devices")
