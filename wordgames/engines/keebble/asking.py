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

State = dict[str, Any]
FRAUD_RULES = ("different", "not_held", "one_held", "line")


def check_ask(state: State, seat: int, ask: list[str], big: bool) -> None:
    """Two letters (one to six after a big ask cell), each A to Z, within the game's Letterfraud rule."""
    if not (len(ask) == 2 or (big and 1 <= len(ask) <= 6)):
        raise IllegalMove("Your word covered a big ask cell: ask for up to six letters." if big else
                          "Ask for two letters: end your move with ask and two letters, e.g. ask E X.")  # fmt: skip
    letters = letter_set_for(state["options"]["dictionary"]).letters
    for letter in ask:
        if len(letter) != 1 or letter not in letters:
            raise IllegalMove(f"{quote(letter)} is not a letter: ask for letters {' '.join(sorted(letters))}."
                              if len(letters) != 26 else f"{quote(letter)} is not a letter: ask for letters A to Z.")
    check_fraud(state, seat, ask)


def check_fraud(state: State, seat: int, ask: list[str]) -> None:
    rule = state["options"]["letterfraud"]
    if rule == "off":
        return
    hand = set(state["hands"][seat])
    checks = {
        "different": (len(set(ask)) == len(ask), "the letters must all be different"),
        "not_held": (not (set(ask) & hand), "you cannot ask for a letter you already have"),
        "one_held": (sum(1 for a in ask if a in hand) <= 1, "you may ask for at most one letter you have"),
        "line": (in_a_line(state, ask), "the letters must be in a straight line on the board"),
    }
    if rule == "any":
        if not any(ok for ok, _ in checks.values()):
            raise IllegalMove("Letterfraud: your letters break every rule: " +
                              "; ".join(reason for _, reason in checks.values()) + ".")  # fmt: skip
        return
    ok, reason = checks[rule]
    if not ok:
        raise IllegalMove(f"Letterfraud: {reason}.")


def in_a_line(state: State, ask: list[str]) -> bool:
    """The asked letters all stand in one row or one column of the board (if no such line exists at all,
    the rule is ignored)."""
    lines: list[list[str]] = []
    for r in range(1, state["height"] + 1):
        lines.append([state["cells"][n]["letter"] for n in (cell_name(c, r) for c in range(state["width"]))
                      if n in state["cells"]])  # fmt: skip
    for c in range(state["width"]):
        lines.append([state["cells"][n]["letter"] for n in (cell_name(c, r) for r in range(1, state["height"] + 1))
                      if n in state["cells"]])  # fmt: skip
    if not any(len(line) >= len(ask) for line in lines):
        return True
    return any(not (Counter(ask) - Counter(line)) for line in lines)
