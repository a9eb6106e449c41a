"""The engines' sentences about moves and endings, as data: a code with its English template, and plain values.

A move's summary ("ann made the word HEW for a total of 9 x 2 = 18 pts."), the better move a sporting opponent
names, the reason a game ended: all reach players who may read French, so an engine says them the way it refuses
a move (``core.refusals``): a ``Phrase`` of a code and values. ``str()`` of it is the English sentence, kept as
``MoveOutcome.summary`` for records, the command line and the logs; ``to_data`` turns it into JSON the server
stores beside the move, and ``from_data`` back, so the server words it in each reader's language when it shows
it (``wordgames.games.refusals.spoken``).
"""

from __future__ import annotations

from typing import Any

from .refusals import Figure, Listing, Phrase, Template, Value, gettext_noop, ngettext_lazy


class Said(Template):
    """What every game says alike: leaving, passing, sentences built of clauses, and the ends of games."""

    RESIGNED = gettext_noop("%(name)s resigned.")
    WOULD_RESIGN = gettext_noop("%(name)s would resign.")
    PASSED = gettext_noop("%(name)s passed.")
    # Translators: a sentence made of clauses (joined by semicolons), with its full stop.
    SENTENCE = gettext_noop("%(clauses)s.")
    POINTS = ngettext_lazy("%(count)s point", "%(count)s points")
    TILES = ngettext_lazy("%(count)s tile", "%(count)s tiles")
    A_TILE = gettext_noop("a tile")
    # Why a game ended (shown with its result).
    TOO_FEW_LEFT = gettext_noop("too few players left")
    ENDED_BY_RESIGNING = gettext_noop("%(name)s resigned")
    NO_TILES_LEFT = gettext_noop("no tiles left")
    RAN_OUT = gettext_noop("%(name)s ran out of tiles")
    HINT_STALE = gettext_noop("The game has moved on since this hint was asked.")
    # The position as text (emails, screen readers): the prose lines beside the drawing of the board.
    # Translators: in a list of tiles, when there are none.
    NO_TILES = gettext_noop("(none)")


_TEMPLATES: dict[str, type[Template]] = {}


def _template(name: str) -> type[Template]:
    """The enum of codes called ``name`` (looked up once: the engines define them all on import)."""
    if name not in _TEMPLATES:
        pending = list(Template.__subclasses__())
        while pending:
            kind = pending.pop()
            _TEMPLATES[kind.__name__] = kind
            pending.extend(kind.__subclasses__())
    if name not in _TEMPLATES:
        raise LookupError(f"no sentences called {name}")
    return _TEMPLATES[name]


def to_data(value: Value) -> Any:
    """``value`` as JSON: a phrase or code as ``{"code": "Enum.MEMBER", "values": {...}}``, a listing as
    ``{"items": [...], "joiner": ...}``, plain values as they are."""
    if isinstance(value, Phrase):
        return {
            "code": f"{type(value.code).__name__}.{value.code.name}",
            "values": {name: to_data(v) for name, v in value.values.items()},
        }
    if isinstance(value, Template):
        return {"code": f"{type(value).__name__}.{value.name}", "values": {}}
    if isinstance(value, Listing):
        return {"items": [to_data(item) for item in value.items], "joiner": value.joiner}
    if isinstance(value, Figure):
        return {"figure": value.number, "places": value.places}
    return value


def from_data(data: Any) -> Value:
    """The value ``to_data`` wrote; raises ``LookupError`` or ``ValueError`` for a code no engine knows."""
    if isinstance(data, dict) and "code" in data:
        kind, _, member = str(data["code"]).partition(".")
        code = _template(kind)[member]
        return Phrase(code, {name: from_data(v) for name, v in (data.get("values") or {}).items()})
    if isinstance(data, dict) and "items" in data:
        return Listing(tuple(from_data(item) for item in data["items"]), str(data.get("joiner", "comma")))
    if isinstance(data, dict) and "figure" in data:
        return Figure(float(data["figure"]), int(data.get("places", 2)))
    if isinstance(data, (str, int)):
        return data
    raise ValueError(f"not a value of a sentence: {data!r}")


def phrase(code: Template, **values: Value) -> Phrase:
    return Phrase(code, values)


def clauses(parts: list[Phrase]) -> Phrase:
    """Several clauses as one sentence: "ann played CAT (5) for 5 points; ann asks E X."."""
    return Phrase(Said.SENTENCE, {"clauses": Listing(tuple(parts), "semicolon")})


def counted(code: Template, n: int) -> Phrase:
    return Phrase(code, {"count": n})


def indented(line: Value) -> Listing:
    """A line of the position as text, indented two spaces (under its heading)."""
    return Listing(("  ", line), "none")


def tiles_or_none(tiles: list[str]) -> Value:
    """Tiles in a line of the position as text, one space between them: "E X ?", or "(none)"."""
    return Listing(tuple(tiles), "space") if tiles else phrase(Said.NO_TILES)
