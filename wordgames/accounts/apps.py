from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AccountsConfig(AppConfig):
    name = "wordgames.accounts"
    label = "accounts"
    verbose_name = gettext_lazy("Accounts")

    def ready(self) -> None:
        from . import signals  # noqa: F401
