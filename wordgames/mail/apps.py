from django.apps import AppConfig


class MailConfig(AppConfig):
    name = "wordgames.mail"
    label = "mail"
    verbose_name = "Mail"
