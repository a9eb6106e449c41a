from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class PbemConfig(AppConfig):
    """Play by email: replies that are moves (webhook, pipe, IMAP), reply addresses, unsubscribe links."""

    name = "wordgames.pbem"
    verbose_name = gettext_lazy("Play by email")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import signals, webhooks  # noqa: F401  (connects anymail's inbound signal)
