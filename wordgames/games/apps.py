from functools import partial
from pathlib import Path

from django.apps import AppConfig
from django.conf import settings


class GamesConfig(AppConfig):
    name = "wordgames.games"
    label = "games"
    verbose_name = "Games"

    def ready(self) -> None:
        from wordgames.lib.unavailable import watch_read_only

        from . import checks, signals, tasks  # noqa: F401  (tasks: registered, as actions owe some of them by name)
        from .actions import greenlight  # the app config sits above every room, so it may join them

        watch_read_only()  # a database read-only in a failover is "try again", on pages, in mail and in tasks

        register_dictionaries(Path(settings.DICTIONARY_DIR))
        signals.deal_shown.connect(greenlight.deal_shown, dispatch_uid="games.greenlight.deal_shown")


def register_dictionaries(folder: Path) -> list[str]:
    """Every ``NAME.txt`` or ``NAME.txt.gz`` word list in ``folder`` becomes dictionary NAME (loaded on first
    use). ENABLE, shipped with the engines, is always there as "enable"."""
    from wordgames.engines.core.lexicon import Lexicon, register_lexicon

    names = []
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            if path.name.endswith((".txt", ".txt.gz")):
                name = path.name.split(".")[0].lower()
                register_lexicon(name, partial(Lexicon.from_file, name, path))
                names.append(name)
    return names
