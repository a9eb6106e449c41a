"""Asking for letters at the end of a turn, and Letterfraud's rules on which letters may be asked.

rules/keebble.md: "Call out 2 letters. Anything!" Big Ask: "You can name six letters at the end of this turn."
Letterfraud: "pick one of the rules below" (or, with ``any``, satisfy one of them each turn).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from wordgames.engines.core.text import quote

from ..core.errors import IllegalMove
from ..core.grid import cell_name
from ..core.letters import letter_set_for
from ..core.refusals import Listing
from .refusals import KeebbleRefusal, Letterfraud

State = dict[str, Any]
FRAUD_RULES = ("different", "not_held", "one_held", "line")


def check_ask(state: State, seat: int, ask: list[str], big: bool) -> None:
    """Two letters (one to six after a big ask cell), each A to Z, within the game's Letterfraud rule."""
    if not (len(ask) == 2 or (big and 1 <= len(ask) <= 6)):
        raise IllegalMove(KeebbleRefusal.BIG_ASK_COUNT if big else KeebbleRefusal.ASK_TWO)
    letters = letter_set_for(state["options"]["dictionary"]).letters
    for letter in ask:
        if len(letter) != 1 or letter not in letters:
            if len(letters) == 26:
                raise IllegalMove(KeebbleRefusal.ASK_NOT_A_LETTER, text=quote(letter))
            raise IllegalMove(KeebbleRefusal.ASK_NOT_IN_SET, text=quote(letter), letters=" ".join(sorted(letters)))
    check_fraud(state, seat, ask)


def check_fraud(state: State, seat: int, ask: list[str]) -> None:
    rule = state["options"]["letterfraud"]
    if rule == "off":
        return
    hand = set(state["hands"][seat])
    checks = {
        "different": (len(set(ask)) == len(ask), Letterfraud.different),
        "not_held": (not (set(ask) & hand), Letterfraud.not_held),
        "one_held": (sum(1 for a in ask if a in hand) <= 1, Letterfraud.one_held),
        "line": (in_a_line(state, ask), Letterfraud.line),
    }
    if rule == "any":
        if not any(ok for ok, _ in checks.values()):
            raise IllegalMove(
                KeebbleRefusal.LETTERFRAUD_EVERY_RULE,
                reasons=Listing(tuple(reason for _, reason in checks.values()), "semicolon"),
            )
        return
    ok, reason = checks[rule]
    if not ok:
        raise IllegalMove(KeebbleRefusal.LETTERFRAUD, reason=reason)


def in_a_line(state: State, ask: list[str]) -> bool:
    """The asked letters all stand in one row or one column of the board (if no such line exists at all,
    the rule is ignored)."""
    lines: list[list[str]] = []
    for r in range(1, state["height"] + 1):
        lines.append(
            [
                state["cells"][n]["letter"]
                for n in (cell_name(c, r) for c in range(state["width"]))
                if n in state["cells"]
            ]
        )
    for c in range(state["width"]):
        lines.append(
            [
                state["cells"][n]["letter"]
                for n in (cell_name(c, r) for r in range(1, state["height"] + 1))
                if n in state["cells"]
            ]
        )
    if not any(len(line) >= len(ask) for line in lines):
        return True
    return any(not (Counter(ask) - Counter(line)) for line in lines)
