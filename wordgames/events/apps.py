from django.apps import AppConfig


class EventsConfig(AppConfig):
    name = "wordgames.events"
    label = "events"
    verbose_name = "Events"

    def ready(self) -> None:
        from wordgames.games import signals

        from . import actions

        signals.game_finished.connect(actions.on_game_finished, dispatch_uid="events.game_finished")
