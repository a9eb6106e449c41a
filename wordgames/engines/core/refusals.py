"""Refusals as data: a code with its English template, and the named values that fill it.

The engines speak no language but English and import no Django, yet a refusal must reach a French reader in
French. So a refusal is a code (a member of one of the enums below, grouped by game where the rule is the game's
own) and plain values (words played, cells, numbers, names). ``str()`` of the error is the English sentence;
the server renders the same code and values through its own ``gettext`` (``wordgames.games.refusals.word``).

Templates are marked with ``gettext_noop`` and, for the few that count something, ``ngettext_lazy``: those are
the names Django's ``makemessages`` extracts, so the catalogues see every template without the engines
importing Django. Placeholders are named (``%(word)s``) so a translation may put them in any order.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum


def gettext_noop(message: str) -> str:
    """Mark ``message`` for extraction and return it unchanged (the server translates it when it words it)."""
    return message


@dataclass(frozen=True)
class Plural:
    """A template that counts: the singular, the plural, and the name of the value that chooses between them."""

    singular: str
    plural: str
    count: str


def ngettext_lazy(singular: str, plural: str, count: str = "count") -> Plural:
    """Mark a plural pair for extraction. Named after Django's ``ngettext_lazy`` only because ``makemessages``
    extracts calls of that name as one plural entry; nothing here is lazy and nothing is translated here."""
    return Plural(singular, plural, count)


class Template(Enum):
    """Base of every enum of refusal codes and phrases: a member's value is its English template."""

    @property
    def template(self) -> str | Plural:
        value: str | Plural = self.value
        return value


@dataclass(frozen=True)
class Phrase:
    """Prose inside a refusal's values (a reason, the name of a kind of cell): worded with the refusal, in the
    same language."""

    code: Template
    values: Mapping[str, Value] = field(default_factory=dict)

    def __str__(self) -> str:
        return render(self.code, self.values)


@dataclass(frozen=True)
class Listing:
    """Several values read as one: ``joiner`` is ``comma`` (a, b, c), ``and`` (a, b and c), ``or`` (a or b or c),
    ``semicolon`` (a; b; c), ``space`` (tiles: A B ?) or ``none`` (notes that bring their own spaces). The
    joining words are translated with the rest."""

    items: tuple[Value, ...]
    joiner: str = "comma"

    def __str__(self) -> str:
        return render_value(self)


@dataclass(frozen=True)
class Figure:
    """A number with decimals that a person reads (Lexicon Crossing's score, 3.06): English writes it with a
    point; the server formats it for the reader's language (3,06 in French)."""

    number: float
    places: int = 2

    def __str__(self) -> str:
        return f"{self.number:.{self.places}f}"


Value = str | int | Phrase | Template | Listing | Figure
Translate = Callable[[str], str]
TranslatePlural = Callable[[str, str, int], str]
FormatNumber = Callable[[Figure], str]


class Joiner(Template):
    """How a ``Listing`` joins its items, one pair at a time from the left."""

    # Translators: joins a list, one item at a time: "E, X" (items: what is joined so far; next: the next item).
    COMMA = gettext_noop("%(items)s, %(next)s")
    # Translators: the last item of a list: "waiting for ann, bob and cat".
    AND = gettext_noop("%(items)s and %(next)s")
    # Translators: the last item of a list of alternatives: "take one of E or X".
    OR = gettext_noop("%(items)s or %(next)s")
    SEMICOLON = gettext_noop("%(items)s; %(next)s")


def _english_plural(singular: str, plural: str, n: int) -> str:
    return singular if n == 1 else plural


def render(
    code: Template,
    values: Mapping[str, Value],
    gettext: Translate = gettext_noop,
    ngettext: TranslatePlural = _english_plural,
    number: FormatNumber = str,
) -> str:
    """``code``'s template filled with ``values``, every piece of prose in it passed through ``gettext`` (English
    by default: the engines' own sentence; the server passes Django's)."""
    template = code.template
    if isinstance(template, Plural):
        count = values[template.count]
        if not isinstance(count, int):
            raise TypeError(f"{code.name} counts {template.count}, which must be a number, not {count!r}")
        text = ngettext(template.singular, template.plural, count)
    else:
        text = gettext(template)
    return text % {name: render_value(value, gettext, ngettext, number) for name, value in values.items()}


def render_value(
    value: Value,
    gettext: Translate = gettext_noop,
    ngettext: TranslatePlural = _english_plural,
    number: FormatNumber = str,
) -> str:
    """One value as the reader sees it: phrases and names translated, numbers with decimals formatted for the
    language (``number``), words played and notation as they are."""
    if isinstance(value, Phrase):
        return render(value.code, value.values, gettext, ngettext, number)
    if isinstance(value, Template):
        return render(value, {}, gettext, ngettext, number)
    if isinstance(value, Figure):
        return number(value)
    if isinstance(value, Listing):
        parts = [render_value(item, gettext, ngettext, number) for item in value.items]
        if not parts or value.joiner in ("space", "none"):
            return (" " if value.joiner == "space" else "").join(parts)
        last = {"comma": Joiner.COMMA, "and": Joiner.AND, "or": Joiner.OR, "semicolon": Joiner.SEMICOLON}[value.joiner]
        between = Joiner.COMMA if value.joiner == "and" else last
        text = parts[0]
        for i, part in enumerate(parts[1:], start=1):
            joiner = last if i == len(parts) - 1 else between
            text = gettext(joiner.value) % {"items": text, "next": part}
        return text
    return str(value)


def placeholders(template: str | Plural) -> set[str]:
    """The names a template fills (both forms of a plural, which must agree, and its count)."""
    texts = [template] if isinstance(template, str) else [template.singular, template.plural]
    names = [set(re.findall(r"%\((\w+)\)", text)) for text in texts]
    if isinstance(template, Plural):
        return names[0] | names[1] | {template.count}
    return names[0]


class Refusal(Template):
    """Refusals every game shares: the game's state, reading notation and cells, options."""

    GAME_OVER = gettext_noop("The game is over.")
    LEFT_ALREADY = gettext_noop("You have left this game already.")
    NOT_A_CELL = gettext_noop("%(text)s is not a cell: write a column letter and a row number, like c3.")
    NOT_A_TILE = gettext_noop("%(token)s is not a tile: write one letter, or ? and a letter for a blank.")
    MOVE_EMPTY = gettext_noop("The move is empty: write a word or cells and letters, %(examples)s.")
    MOVE_UNREADABLE = gettext_noop("I cannot read %(text)s as a move: %(examples)s.")
    EXAMPLES = gettext_noop("e.g. 13L YET (across), L11 REPEAT (down) or c5 D c9 C")
    NOT_A_START_SQUARE = gettext_noop(
        "%(text)s is not a starting square: write the row first for a word across (8H) or the column first for "
        "a word down (H8)."
    )
    ROWS_FROM_ONE = gettext_noop("%(text)s is not a starting square: rows count from 1.")
    WORD_UNREADABLE = gettext_noop(
        "%(text)s is not a word I can read: use letters, ? before a letter for a blank, and parentheses around "
        "letters already on the board."
    )
    # Options (the new-game form, a seek, an event, an email's options).
    PLAYER_COUNT = gettext_noop("%(title)s is for %(least)s to %(most)s players.")
    PLAYER_COUNT_NOT = gettext_noop("%(title)s is for %(least)s to %(most)s players, not %(count)s.")
    OPTION_NOT_BOOLEAN = gettext_noop("Option %(option)s must be true or false, not %(value)s.")
    OPTION_NOT_WHOLE = gettext_noop("Option %(option)s must be a whole number, not %(value)s.")
    OPTION_OUT_OF_RANGE = gettext_noop("Option %(option)s must be between %(least)s and %(most)s, not %(value)s.")
    OPTION_NOT_A_CHOICE = gettext_noop("Option %(option)s must be one of %(choices)s, not %(value)s.")
    OPTION_NOT_A_NAME = gettext_noop("Option %(option)s must be a name, not %(value)s.")
    OPTION_UNKNOWN = gettext_noop("%(title)s has no option %(option)s; its options are %(options)s.")
    DICTIONARY_MISSING = gettext_noop("Option dictionary: name a word list.")
    DICTIONARY_UNKNOWN = gettext_noop("Option dictionary: there is no dictionary called %(name)s; known: %(known)s.")
    BAG_NOT_TILE = gettext_noop("The bag %(bag)s holds %(char)s, which is not a tile: use letters and ? for a blank.")
    BAG_DOES_NOT_FIT = gettext_noop("The bag %(bag)s does not fit the tile set: %(reason)s.")
