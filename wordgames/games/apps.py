from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from django.apps import AppConfig
from django.conf import settings
from django.utils.translation import gettext_lazy

if TYPE_CHECKING:
    from wordgames.engines.core.letters import LetterSet
    from wordgames.engines.core.lexicon import Lexicon


class GamesConfig(AppConfig):
    name = "wordgames.games"
    label = "games"
    verbose_name = gettext_lazy("Games")

    def ready(self) -> None:
        from wordgames.lib.unavailable import watch_read_only

        from . import checks, signals, tasks  # noqa: F401  (tasks: registered, as actions owe some of them by name)
        from .actions import greenlight  # the app config sits above every room, so it may join them

        watch_read_only()  # a database read-only in a failover is "try again", on pages, in mail and in tasks

        register_dictionaries(Path(settings.DICTIONARY_DIR))
        signals.deal_shown.connect(greenlight.deal_shown, dispatch_uid="games.greenlight.deal_shown")


def register_dictionaries(folder: Path) -> list[str]:
    """Every ``NAME.txt`` or ``NAME.txt.gz`` word list in ``folder`` becomes dictionary NAME (loaded on first
    use), played with the letter set of ``NAME.json`` beside it if there is one (else English's). ENABLE, shipped
    with the engines, is always there as "enable"."""
    from wordgames.engines.core.letters import LetterSet, register_letter_set
    from wordgames.engines.core.lexicon import Lexicon, register_lexicon

    names = []
    if folder.is_dir():
        for path in sorted(folder.iterdir()):
            if path.name.endswith((".txt", ".txt.gz")):
                name = path.name.split(".")[0].lower()
                letters = folder / f"{name}.json"
                if letters.is_file():  # checked when it was added; a broken file stops the start, loudly
                    letter_set = LetterSet.from_file(name, letters)
                    register_letter_set(name, letter_set)
                    register_lexicon(name, partial(_folded, name, path, letter_set))
                else:
                    register_lexicon(name, partial(Lexicon.from_file, name, path))
                names.append(name)
    return names


def _folded(name: str, path: Path, letter_set: LetterSet) -> Lexicon:
    """A word list spelt as its letter set's tiles spell it (a list put in the folder by hand may keep its
    accents: ``ÉTÉ`` is the word ``ETE`` of French tiles)."""
    from wordgames.engines.core.lexicon import Lexicon, read_words

    return Lexicon(name, [letter_set.normalise(word) for word in read_words(path)])
