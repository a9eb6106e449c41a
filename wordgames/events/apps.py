from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class EventsConfig(AppConfig):
    name = "wordgames.events"
    label = "events"
    verbose_name = _("Events")

    def ready(self) -> None:
        from wordgames.games import signals

        # The tasks the doors owe by name are registered in every process that hands them over (the web's too).
        from . import actions, away, tasks  # noqa: F401

        signals.game_finished.connect(actions.on_game_finished, dispatch_uid="events.game_finished")
        signals.time_away.connect(away.limit_time_away, dispatch_uid="events.time_away")
