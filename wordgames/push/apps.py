from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PushConfig(AppConfig):
    name = "wordgames.push"
    label = "push"
    verbose_name = gettext_lazy("Notifications on devices")

    def ready(self) -> None:
        from wordgames.accounts.models import digest_hour_moved

        from .models import follow_digest_hour

        digest_hour_moved.connect(follow_digest_hour, dispatch_uid="push.follow_digest_hour")
