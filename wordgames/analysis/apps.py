from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class AnalysisConfig(AppConfig):
    name = "wordgames.analysis"
    label = "analysis"
    verbose_name = gettext_lazy("Analysis")

    def ready(self) -> None:
        from wordgames.games import signals

        from . import actions, tasks  # noqa: F401  (tasks: registered, as the actions owe one by name)

        # Inside the transaction that ends (or reopens) the game: the analysis is owed exactly when the end commits.
        signals.game_finished.connect(actions.on_game_finished, dispatch_uid="analysis.owe")
        signals.game_reopened.connect(actions.on_game_reopened, dispatch_uid="analysis.forget")
        signals.record_sections.connect(actions.record_section, dispatch_uid="analysis.record")
