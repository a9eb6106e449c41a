from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "wordgames.events"
    label = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        from wordgames.games import signals

        # The tasks the doors owe by name are registered in every process that hands them over (the web's too).
        from . import actions, tasks  # noqa: F401

        signals.game_finished.connect(actions.on_game_finished, dispatch_uid="events.game_finished")
