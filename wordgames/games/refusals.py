"""An engine's refusal, and its sentences about moves, worded in the reader's language.

The engines refuse with a code and values (``wordgames.engines.core.refusals``) and word it in English for
themselves; this is the one place the site words the same refusal in the active language. Prose is translated
(the template, reasons and names of kinds of cells among the values, the "or" of a list); what the player wrote
and the game's notation (words, cells, letters, names) are not.
"""

from __future__ import annotations

import logging
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext, ngettext

from wordgames.engines.core.engine import Engine, MoveOutcome, example_line
from wordgames.engines.core.errors import EngineRefusal
from wordgames.engines.core.refusals import Figure, Phrase, Value, render, render_value
from wordgames.engines.core.sentences import from_data, to_data

log = logging.getLogger(__name__)


def number(figure: Figure) -> str:
    """A number with decimals as the active language writes it (3.06; French 3,06)."""
    return number_format(figure.number, figure.places, use_l10n=True)


def word(refusal: EngineRefusal) -> str:
    """``refusal`` as a sentence in the active language (English where a catalogue has no translation).

    A translation that does not fit its values (a placeholder misspelt) must not turn a refused move into a
    server error: the reader gets the English sentence, and the log says which template to mend."""
    try:
        return render(refusal.code, refusal.values, gettext, ngettext, number)
    except (KeyError, ValueError, TypeError):
        log.exception("the translation of refusal %s does not fit its values", refusal.code.name)
        return str(refusal)


def spoken(data: Any, english: str = "") -> str:
    """An engine's sentence about a move or an ending (``core.sentences``), stored as data, in the active language.

    ``english`` is the sentence as the engine wrote it: what rows stored before sentences were data show, and
    the fallback when a code is unknown (an engine renamed it) or a translation does not fit its values."""
    if not data:
        return english
    try:
        return render_value(from_data(data), gettext, ngettext, number)
    except (KeyError, ValueError, TypeError, LookupError):
        log.exception("the engine's sentence %r cannot be worded", data)
        return english


def told(outcome: MoveOutcome) -> str:
    """A move's outcome (a preview, a hint) as its sentence in the active language."""
    return spoken(to_data(outcome.said), outcome.summary) if outcome.said is not None else outcome.summary


def worded(view: dict[str, Any]) -> dict[str, Any]:
    """An engine's view for JSON, its human fields in the active language (the reason a game ended)."""
    result = view.get("result")
    if result and result.get("reason_said"):
        view["result"] = {**result, "reason": spoken(result["reason_said"], result.get("reason", ""))}
    score = view.get("score")
    if isinstance(score, dict) and {"points", "words", "leftover", "text"} <= score.keys():  # Lexicon Crossing
        divisor = score["words"] + score["leftover"]
        ratio = number(Figure(score["points"] / divisor if divisor else 0.0, 2))
        view["score"] = {**score, "text": f"{score['points']}/{divisor}={ratio}"}
    return view


def examples(engine: Engine, state: Any, seat: int | None) -> list[str]:
    """How to write a move now (emails), each example's explanation in the active language."""
    return [
        example_line(notation, _phrase(said) if said is not None else "")
        for notation, said in engine.examples(state, seat)
    ]


def _phrase(said: Phrase) -> str:
    return line(said)


def line(value: Value) -> str:
    """A line of an engine's position as text (``Engine.position``), or any of its sentences' values, in the
    active language: a drawing's line as it is, a phrase worded (in English where its translation does not fit)."""
    try:
        return render_value(value, gettext, ngettext, number)
    except (KeyError, ValueError, TypeError):
        log.exception("the translation of %r does not fit its values", value)
        return str(value)
