"""Letters in hands: what a letter scores, and the one door every letter comes into a hand through.

rules/keebble.md: "The hand limit is 7 letters. If full, you can't get more letters." Tiny Backpacks: "Once all
slots have been used, you can't receive any more letters!" Collector: "This turn, you may exceed the hand limit."
"""

from __future__ import annotations

from typing import Any

from ..core.letters import letter_set_for

State = dict[str, Any]
VOWELS = set("AEIOU")
HAND_LIMIT = 7
BACKPACK_SLOTS = 16


def letter_score(state: State, seat: int, letter: str) -> int:
    """ "Vowel = 1 point, Consonant = 3 points, Unique = 5 points" (nobody else holds it), or Scrabble's values
    (the game's letter set's: French Scrabble's for a French dictionary, with its vowels)."""
    letters = letter_set_for(state["options"]["dictionary"])
    if state["options"]["scrabble_scoring"]:
        return letters.value(letter)
    others = {ch for s, hand in enumerate(state["hands"]) if s != seat and state["active"][s] for ch in hand}
    if letter not in others:
        return 5
    return 1 if letter in letters.vowels else 3


def room(state: State, seat: int, collector: bool = False) -> int:
    """How many more letters ``seat`` may receive now: the hand limit (lifted by a collector cell) and, with
    Tiny Backpacks, the free slots too (the backpack adds a limit; it does not replace the hand limit)."""
    limit = 99 if collector else max(0, HAND_LIMIT - len(state["hands"][seat]))
    if state["options"]["backpacks"]:
        limit = min(limit, max(0, BACKPACK_SLOTS - state["received"][seat]))
    return limit


def receive(state: State, seat: int, letters: list[str], collector: bool = False) -> list[str]:
    """Give ``seat`` as many of ``letters`` as fit, in order; returns those it got. Every letter that comes into
    a hand (asked, taken or stolen) comes through here."""
    got = letters[: room(state, seat, collector)]
    state["hands"][seat].extend(got)
    state["received"][seat] += len(got)
    return got
