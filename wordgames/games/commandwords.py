"""The email command words in every language: the English words always, and the words of the writer's language
from the translation catalogue, so adding a language's commands is a matter of its ``.po`` file.

Each command's words are one catalogue entry (context ``email command words, separated by |``) whose translation
lists the language's words, e.g. ``help`` -> ``aide|?``. Words are compared without case or accents (NFKC,
casefold, Latin diacritics dropped): ``Hilfe`` = ``hilfe``, ``Révéler`` = ``reveler``.

Besides the commands, the catalogue gives each language's words for an answer to an undo request (``yes`` /
``no``), the politeness words a command may carry (``board please``) and the greetings that may head a message
(``Hi Bob,``): these may be several words (``s'il vous plaît``). The commands of messages to the site's own address
(``challenge``, ``seek``, ``join``, ``withdraw``, ``puzzle``) are read only there (``withdraw`` is a move in a game).

A mistyped command (``histroy``, ``chek``) is recognised by ``near``: one letter wrong, missing, extra or two
swapped (two for words of six letters or more), so the player can be asked "did you mean history?"; a typo as
near to two commands' words (``amelden``: ``anmelden`` or ``abmelden``) names both, never one of them by chance.

A localised word never hides a move: a word of any game's notation (``pass``, ``green``, ``take``...), an English
command word, or a word the game would read as a move in the position at hand is not taken as a command (the
move is played, or refused as a move). A word two commands share is no command at all.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field

from django.utils import translation
from django.utils.translation import pgettext

CONTEXT = "email command words, separated by |"

# The English words (they always work), in the order the help email lists them.
ENGLISH = ("help", "board", "history", "resign", "undo", "accept", "reject", "decline", "say", "check", "language")
# Words that some game reads as a move (``docs/notation.md``): never a localised command word.
NOTATION = frozenset(
    {
        "pass",
        "swap",
        "burn",
        "ask",
        "take",
        "wall",
        "claim",
        "grid",
        "green",
        "red",
        "done",
        "jaywalk",
        "withdraw",
        "steal",
        "resign",
    }
)
ALIASES = {"chat": "say", "?": "help"}  # English synonyms
# Answers to an undo request, the commands of the site's own address, and each one's English words.
ANSWERS = {"yes": ("yes", "y", "yeah", "yep", "ok", "okay", "sure", "agreed"), "no": ("no", "n", "nope")}
EVENTS = ("challenge", "seek", "join", "withdraw", "puzzle")
POLITE = ("please", "pls", "plz", "thanks", "thank you", "thanks a lot", "thx", "ty", "cheers", "kindly")
GREETINGS = (
    "hi",
    "hello",
    "hey",
    "hiya",
    "dear",
    "howdy",
    "greetings",
    "yo",
    "good morning",
    "good afternoon",
    "good evening",
    "morning",
    "evening",
)


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
        "challenge": pgettext("email command words, separated by |", "challenge"),
        "seek": pgettext("email command words, separated by |", "seek"),
        "join": pgettext("email command words, separated by |", "join"),
        "withdraw": pgettext("email command words, separated by |", "withdraw"),
        "puzzle": pgettext("email command words, separated by |", "puzzle"),
        "yes": pgettext("email command words, separated by |", "yes"),
        "no": pgettext("email command words, separated by |", "no"),
    }


def _phrases() -> dict[str, str]:
    """Words around a command in the active language: politeness (``please``, ``thanks``) and greetings
    (``hello``); each entry lists phrases of one or more words, ``|``-separated."""
    return {
        "please": pgettext("email politeness words, separated by |", "please"),
        "thanks": pgettext("email politeness words, separated by |", "thanks"),
        "hello": pgettext("email greeting words, separated by |", "hello"),
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
    reserved = set(ENGLISH) | set(ALIASES) | NOTATION | set(EVENTS) | {w for ws in ANSWERS.values() for w in ws}
    return {
        key: (next(iter(meant)), written[key])
        for key, meant in claims.items()
        if len(meant) == 1 and key not in reserved
    }


def _phrases_of(language: str) -> tuple[frozenset[str], frozenset[str]]:
    """The politeness phrases and the greetings of ``language`` (English's always among them), normalised."""
    polite, greetings = set(POLITE), set(GREETINGS)
    if language:
        with translation.override(language):
            local = _phrases()
        for english, phrases in local.items():
            found = {" ".join(_plain(p).split()) for p in phrases.split("|")} - {""}
            (greetings if english == "hello" else polite).update(found)
    return frozenset(polite), frozenset(greetings)


def distance(a: str, b: str) -> int:
    """Edits from ``a`` to ``b``: a letter changed, added or dropped, or two neighbours swapped (optimal string
    alignment), so ``histroy`` is one edit from ``history``."""
    previous2: list[int] = []
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, y in enumerate(b, start=1):
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y))
            if i > 1 and j > 1 and x == b[j - 2] and a[i - 2] == y:
                current[j] = min(current[j], previous2[j - 2] + 1)
        previous2, previous = previous, current
    return previous[-1]


def _allowed(word: str) -> int:
    """How many edits a typo of ``word`` may be: none under four letters (too many words of three letters are one
    edit apart: say, day, way), one up to five, two from six."""
    return 0 if len(word) < 4 else 1 if len(word) < 6 else 2


@dataclass
class Words:
    """The command words a writer may use: English, plus their language's. ``is_move`` tells whether the game at
    hand would read a word as a move (then it stays a move)."""

    language: str = ""
    is_move: Callable[[str], bool] = field(default=lambda word: False)
    local: dict[str, tuple[str, str]] = field(init=False)
    polite: frozenset[str] = field(init=False)
    greetings: frozenset[str] = field(init=False)

    def __post_init__(self) -> None:
        self.local = _words_of(self.language)
        self.polite, self.greetings = _phrases_of(self.language)

    def _meaning(self, word: str) -> str | None:
        lowered = unicodedata.normalize("NFKC", word).casefold()  # a full-width ＨＥＬＰ is help
        if lowered in ENGLISH or lowered in EVENTS:
            return lowered
        if lowered in ALIASES:
            return ALIASES[lowered]
        for answer, english in ANSWERS.items():
            if lowered in english:
                return answer
        meant = self.local.get(normal(word))
        if meant is None or self.is_move(word):
            return None
        return meant[0]

    def command(self, word: str) -> str | None:
        """The English command ``word`` means in a reply to a game's email, or None (a move, or nothing we know).
        ``yes`` and ``no`` (and their synonyms) are answers to an undo request."""
        meant = self._meaning(word)
        return None if meant in EVENTS else meant

    def event(self, word: str) -> str | None:
        """The command ``word`` means in a message to the site's own address: challenge, seek, join or withdraw."""
        meant = self._meaning(word)
        return meant if meant in EVENTS else None

    def near(self, word: str, *, among: tuple[str, ...] = ENGLISH) -> tuple[tuple[str, str], ...]:
        """The commands a mistyped ``word`` most likely means, each with the word to suggest: the writer's word
        it is nearest to (``historiqeu``: historique), or their language's word for the command when the English
        one is nearest (``histroy``: history, shown as ``historique`` to a French writer). ``among``: the commands
        it may be (a game's by default; the site's own address has others).

        One command when its words are nearer than any other command's; two when two commands' words are equally
        near (``amelden`` is one letter from ``anmelden``, join, and from ``abmelden``, withdraw: naming either
        alone could send the player the opposite way); none when more are, when it is no command's near miss, or
        when it is a command already or a word of the notation."""
        key = normal(word)
        if not key or key in NOTATION or self._meaning(word) is not None:
            return ()
        candidates = [(english, english, self.written(english)) for english in among]
        candidates += [
            (local, meant, written)
            for local, (meant, written) in self.local.items()
            if meant in among and not self.is_move(local)
        ]
        nearest: dict[str, tuple[int, str]] = {}  # each command's fewest edits, and the word to suggest for it
        for compared, meant, shown in candidates:
            edits = distance(key, compared)
            if edits <= _allowed(compared) and (meant not in nearest or edits < nearest[meant][0]):
                nearest[meant] = (edits, shown)
        if not nearest:
            return ()
        fewest = min(edits for edits, _shown in nearest.values())
        tied = tuple((meant, shown) for meant, (edits, shown) in nearest.items() if edits == fewest)
        return tied if len(tied) <= 2 else ()

    def courteous(self, words: str) -> bool:
        """Whether ``words`` (what follows a command on its line) are only politeness: ``please``, ``thanks!``,
        ``, merci``. Empty words are courteous too."""
        phrase = " ".join(_plain(words.replace(",", " ")).strip(TRAILING).split())
        if not phrase:
            return True
        return all(part.strip(TRAILING) in self.polite for part in _split_polite(phrase, self.polite))

    def greeting(self, line: str) -> bool:
        """Whether ``line`` is a salutation heading a message: a greeting and at most two more words (a name),
        no digit (moves name cells): ``Hi Bob,``, ``Bonjour Ann !``, ``Dear all``, ``こんにちは、ボブさん。`` (the
        commas, stops and exclamation marks of Chinese and Japanese separate words as a space does)."""
        text = " ".join(_GREETING_MARKS.sub(" ", _plain(line)).strip(TRAILING + " ").split())
        if not text or any(ch.isdigit() for ch in text):
            return False
        for greeting in self.greetings:
            if text == greeting or text.startswith(greeting + " "):
                return len(text[len(greeting) :].split()) <= 2
        return False

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


# Punctuation people end a command with (``Resign.``, ``Help!``, ``chek:``), full-width forms included.
TRAILING = ".!?,;:…。！？、，；：¡¿"
# What may separate a greeting from a name or from what follows it, in a normalised line (NFKC has made the
# full-width ，！～ and the half-width ､｡ into , ! ~ 、 。): ``Hi Bob,``, ``こんにちは、ボブさん``, ``你好，``, ``やあ！``.
GREETING_MARKS = ",、。!~〜"
_GREETING_MARKS = re.compile("[" + re.escape(GREETING_MARKS) + "]")


def _plain(text: str) -> str:
    """``normal`` text with typographic apostrophes made straight (``s’il`` = ``s'il``)."""
    return normal(text.replace("\u2019", "'").replace("\u02bc", "'"))


def _split_polite(phrase: str, polite: frozenset[str]) -> list[str]:
    """``phrase`` cut into known politeness phrases, longest first (``thank you``, ``s'il vous plait``); a
    leftover word stays a part of its own (and is no politeness)."""
    words, parts = phrase.split(), []
    while words:
        for size in range(len(words), 0, -1):
            candidate = " ".join(words[:size]).strip(TRAILING)
            if candidate in polite or size == 1:
                parts.append(candidate)
                words = words[size:]
                break
    return parts


ENGLISH_ONLY = Words()
