"""A pseudo language for finding text that was never marked for translation.

In the pseudo language ``xx`` every string that goes through gettext comes out wrapped in ⟪…⟫ (placeholders still
filled in, so ``⟪⟪Ann⟫ resigned.⟫`` nests). Render a page or an email in it, and whatever prose is left outside
the brackets was written in English and never marked: :func:`bare_prose` lists it.

- ``pseudo_get(client, url)``: GET a page as a browser that asks for the pseudo language;
- ``with pseudo_language(): ...``: render anything else (an email, a form error) in it;
- ``bare_prose(html_or_text, data=[...])``: the human-readable fragments that were not translated. ``data`` is
  what may stand bare: usernames, words played, titles players wrote.

What is not prose: numbers, punctuation, words in capitals (tiles, words on the board, cells such as ``DW``),
single letters, addresses and links, and text inside an element that says it is in another language (``lang``)
or must not be translated (``translate="no"``, e.g. notation).
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Iterable, Iterator
from contextlib import ExitStack, contextmanager
from gettext import NullTranslations
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from django.conf import settings
from django.test import override_settings
from django.utils import translation
from django.utils.translation import trans_real

PSEUDO = "xx"
OPEN, CLOSE = "⟪", "⟫"
_CONTEXT = "\x04"


def wrap(message: str) -> str:
    return f"{OPEN}{message}{CLOSE}"


class PseudoTranslation(trans_real.DjangoTranslation):
    """Every message comes back as itself, wrapped; with its context (pgettext) dropped."""

    def __init__(self) -> None:  # no catalogue to load: skip DjangoTranslation's
        NullTranslations.__init__(self)
        self._DjangoTranslation__language = PSEUDO  # type: ignore[attr-defined]
        self._DjangoTranslation__to_language = PSEUDO  # type: ignore[attr-defined]
        self.plural = lambda n: int(n != 1)
        self._catalog = None

    def gettext(self, message: str) -> str:
        return wrap(message.split(_CONTEXT, 1)[-1])

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return wrap((msgid1 if n == 1 else msgid2).split(_CONTEXT, 1)[-1])

    def language(self) -> str:
        return PSEUDO

    def to_language(self) -> str:
        return PSEUDO


_locale_dir: Path | None = None


def _locale_path() -> str:
    """A folder in which gettext finds a catalogue for ``xx``, so Django counts it as a language it has."""
    global _locale_dir
    if _locale_dir is None:
        _locale_dir = Path(tempfile.mkdtemp(prefix="pseudo-locale-"))
        (_locale_dir / PSEUDO / "LC_MESSAGES").mkdir(parents=True)
        (_locale_dir / PSEUDO / "LC_MESSAGES" / "django.mo").write_bytes(b"")
    return str(_locale_dir)


@contextmanager
def pseudo_available() -> Iterator[None]:
    """The site speaks the pseudo language too (in LANGUAGES, with a catalogue), for the duration."""
    with override_settings(
        LANGUAGES=[*settings.LANGUAGES, (PSEUDO, "Pseudo")],
        LOCALE_PATHS=[_locale_path(), *settings.LOCALE_PATHS],
    ):
        trans_real._translations[PSEUDO] = PseudoTranslation()
        try:
            yield
        finally:
            trans_real._translations.pop(PSEUDO, None)


@contextmanager
def pseudo_language() -> Iterator[None]:
    """Render in the pseudo language for the duration (emails, forms, anything outside a request)."""
    with pseudo_available(), translation.override(PSEUDO):
        yield


def pseudo_get(client: Any, url: str, **extra: Any) -> Any:
    """GET ``url`` as a browser asking for the pseudo language (a logged-in client's profile language, if set,
    wins, as it does for a player)."""
    with ExitStack() as stack:
        stack.enter_context(pseudo_available())
        client.cookies[settings.LANGUAGE_COOKIE_NAME] = PSEUDO
        try:
            return client.get(url, HTTP_ACCEPT_LANGUAGE=PSEUDO, **extra)
        finally:
            del client.cookies[settings.LANGUAGE_COOKIE_NAME]


_SKIPPED = {"script", "style"}
_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
_READ_ATTRIBUTES = {"title", "alt", "placeholder", "aria-label", "aria-description", "aria-roledescription"}


class _Reader(HTMLParser):
    """The texts a person reads in a page: its text, and the attributes that are read or shown."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._stack: list[bool] = []  # per open element: is its content skipped?

    def _skipping(self) -> bool:
        return bool(self._stack) and self._stack[-1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        foreign = "lang" in values and tag != "html" or values.get("translate") == "no"
        skipped = self._skipping() or tag in _SKIPPED or foreign
        if not skipped:
            for name, value in attrs:
                if value and (
                    name in _READ_ATTRIBUTES
                    or name == "value"
                    and values.get("type") in ("submit", "button", "reset")
                    or name == "content"
                    and values.get("name") == "description"
                ):
                    self.texts.append(value)
        if tag not in _VOID:
            self._stack.append(skipped)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in _VOID and self._stack:
            self._stack.pop()

    def handle_endtag(self, tag: str) -> None:
        if tag not in _VOID and self._stack:
            self._stack.pop()

    def handle_data(self, data: str) -> None:
        if not self._skipping():
            self.texts.append(data)


def _texts(document: str) -> list[str]:
    if "<" not in document:
        return [document]
    reader = _Reader()
    reader.feed(document)
    reader.close()
    # Text nodes are joined (a translated sentence may hold a link), attributes stay apart.
    return [" ".join(reader.texts)]


_INNERMOST = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_NOT_PROSE = re.compile(r"https?://\S+|\S+@\S+|/[\w./?=&%-]+")
_WORD = re.compile(r"[^\W\d_]{2,}")


def bare_prose(document: str, data: Iterable[str] = ()) -> list[str]:
    """The words of ``document`` (HTML or plain text) that a reader sees and that no translation went through.

    Each finding is the word with a little of the text around it, so a failure says where to look.
    """
    found: list[str] = []
    for text in _texts(document):
        text = text.replace(settings.SITE_NAME, " ")
        for item in sorted((d for d in data if d), key=len, reverse=True):
            text = text.replace(item, " ")
        previous = None
        while previous != text:
            previous, text = text, _INNERMOST.sub(" ", text)
        text = _NOT_PROSE.sub(" ", text)
        for match in _WORD.finditer(text):
            word = match.group()
            if word.isupper() or not any(c.islower() for c in word):
                continue
            start, end = max(0, match.start() - 30), match.end() + 30
            found.append(f"{word!r} in …{' '.join(text[start:end].split())}…")
    return found


def all_bare(documents: Iterable[str], data: Iterable[str] = ()) -> list[str]:
    data = list(data)
    return [finding for document in documents for finding in bare_prose(document, data)]
