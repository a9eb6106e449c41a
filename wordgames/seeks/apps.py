from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class SeeksConfig(AppConfig):
    name = "wordgames.seeks"
    label = "seeks"
    verbose_name = gettext_lazy("Seeks")

    def ready(self) -> None:
        from wordgames.accounts.models import digest_hour_moved

        from .actions import move_seek_mail

        digest_hour_moved.connect(move_seek_mail, dispatch_uid="seeks.move_seek_mail")
