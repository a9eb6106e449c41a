from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class MailConfig(AppConfig):
    name = "wordgames.mail"
    label = "mail"
    verbose_name = gettext_lazy("Mail")
