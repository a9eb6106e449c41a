"""The email command words in every language: the English words always, and the words of the writer's language
from the translation catalogue, so adding a language's commands is a matter of its ``.po`` file.

Each command's words are one catalogue entry (context ``email command words, separated by |``) whose translation
lists the language's words, e.g. ``help`` -> ``aide|?``. Words are compared without case or accents (NFKC,
casefold, Latin diacritics dropped): ``Hilfe`` = ``hilfe``, ``Révéler`` = ``reveler``.

A localised word never hides a move: a word of any game's notation (``pass``, ``green``, ``take``...), an English
command word, or a word the game would read as a move in the position at hand is not taken as a command (the
move is played, or refused as a move). A word two commands share is no command at all.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils import translation
from django.utils.translation import pgettext

CONTEXT = "email command words, separated by |"

# The English words (they always work), in the order the help email lists them.
ENGLISH = ("help", "board", "history", "resign", "undo", "accept", "reject", "decline", "say", "check", "language")
# Words that some game reads as a move (``docs/notation.md``): never a localised command word.
NOTATION = frozenset({"pass", "swap", "burn", "ask", "take", "wall", "claim", "grid", "green", "red", "done",
                      "jaywalk", "withdraw", "steal", "resign"})  # fmt: skip
ALIASES = {"chat": "say"}  # English synonyms


def _catalogue() -> dict[str, str]:
    """Each English command and its words in the active language (``|``-separated). Written out one call per
    word so that ``makemessages`` finds every one."""
    return {
        "help": pgettext("email command words, separated by |", "help"),
        "board": pgettext("email command words, separated by |", "board"),
        "history": pgettext("email command words, separated by |", "history"),
        "resign": pgettext("email command words, separated by |", "resign"),
        "undo": pgettext("email command words, separated by |", "undo"),
        "accept": pgettext("email command words, separated by |", "accept"),
        "reject": pgettext("email command words, separated by |", "reject"),
        "decline": pgettext("email command words, separated by |", "decline"),
        "say": pgettext("email command words, separated by |", "say"),
        "check": pgettext("email command words, separated by |", "check"),
        "language": pgettext("email command words, separated by |", "language"),
    }


def normal(word: str) -> str:
    """A word as commands compare it: NFKC, case folded, without the accents of Latin letters (``Aufgeben`` =
    ``aufgeben``, ``révéler`` = ``reveler``; a full-width ``ＨＥＬＰ`` = ``help``; Japanese kana keep their marks)."""
    decomposed = unicodedata.normalize("NFKD", word.strip())
    bare = "".join(ch for ch in decomposed if not "\u0300" <= ch <= "\u036f")
    return unicodedata.normalize("NFKC", bare).casefold()


def _words_of(language: str) -> dict[str, tuple[str, str]]:
    """The localised words of ``language``, normalised, each with the English command it means and the word as
    the catalogue writes it. English words, notation words and a word two commands claim are left out."""
    if not language:
        return {}
    with translation.override(language):
        catalogue = _catalogue()
    claims: dict[str, set[str]] = {}
    written: dict[str, str] = {}
    for english, words in catalogue.items():
        for word in words.split("|"):
            key = normal(word)
            if key and not any(ch.isspace() for ch in key):
                claims.setdefault(key, set()).add(english)
                written.setdefault(key, word.strip())
    reserved = set(ENGLISH) | set(ALIASES) | NOTATION
    return {key: (next(iter(meant)), written[key]) for key, meant in claims.items()
            if len(meant) == 1 and key not in reserved}  # fmt: skip


@dataclass
class Words:
    """The command words a writer may use: English, plus their language's. ``is_move`` tells whether the game at
    hand would read a word as a move (then it stays a move)."""

    language: str = ""
    is_move: Callable[[str], bool] = field(default=lambda word: False)
    local: dict[str, tuple[str, str]] = field(init=False)

    def __post_init__(self) -> None:
        self.local = _words_of(self.language)

    def command(self, word: str) -> str | None:
        """The English command ``word`` means, or None (a move, or nothing we know)."""
        lowered = unicodedata.normalize("NFKC", word).casefold()  # a full-width ＨＥＬＰ is help
        if lowered in ENGLISH:
            return lowered
        if lowered in ALIASES:
            return ALIASES[lowered]
        meant = self.local.get(normal(word))
        if meant is None or self.is_move(word):
            return None
        return meant[0]

    def written(self, english: str) -> str:
        """The writer's first word for a command as the catalogue writes it (``aide``), or the English word when
        their language has none (or every one could be a move in this game)."""
        for meant, word in self.local.values():
            if meant == english and not self.is_move(word):
                return word
        return english

    def shown(self, english: str) -> str:
        """How the help email names a command: the writer's word first and the English one beside it
        (``aide (help)``), or the English word alone."""
        word = self.written(english)
        return english if word == english else f"{word} ({english})"


ENGLISH_ONLY = Words()
