"""The mover's turn: a word (or, with Supercells, a special cell), then two letters asked for; the endgame;
whose turn is next and when the game ends.

rules/keebble.md: "On your turn, you may place a word ... then ask new letters." Once at least 10 edge cells
hold a letter the endgame starts: words only (``pass`` when you cannot), and "once somebody is out of letters,
the game ends" (or when every player passes in a row).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from wordgames.engines.core.text import quote

from ..core.engine import EndReason, MoveOutcome, finish
from ..core.errors import IllegalMove
from ..core.refusals import Listing, Phrase
from ..core.sentences import Said, clauses, counted, phrase
from .asking import check_ask
from .board import edge_letters
from .expansions import apply_effects, place_special
from .hands import receive
from .refusals import KeebbleRefusal, SpecialName
from .said import KeebbleSaid
from .words import canonical, play_word

State = dict[str, Any]
ENDGAME_EDGE_LETTERS = 10
EFFECT_CLAUSES = ("steal", "destroy", "blockade")


@dataclass
class _Told:
    """What the turn did so far, in notation and in words."""

    parts: list[str] = field(default_factory=list)
    summary: list[Phrase] = field(default_factory=list)
    score: int = 0

    def outcome(self, state: State, seat: int) -> MoveOutcome:
        return MoveOutcome(
            seat=seat,
            move=" ".join(self.parts),
            said=clauses(self.summary),
            score=self.score,
            events={"last": state["last"]},
        )


def play_turn(state: State, seat: int, text: str) -> MoveOutcome:
    tokens = text.split()
    if [t.lower() for t in tokens] == ["pass"]:
        return _pass(state, seat)
    tokens, ask = _split_ask(tokens)
    clauses = parse_clauses(tokens)
    endgame = state["endgame"]
    if endgame and (ask or clauses.get("special")):
        raise IllegalMove(KeebbleRefusal.ENDGAME_WORD_ONLY)
    state["last"] = []
    told = _Told()
    effects: set[str] = set()
    if clauses.get("special"):
        _special(state, seat, clauses["special"], told)
    elif clauses.get("word"):
        effects = _word(state, seat, clauses, told)
    elif not ask:
        raise IllegalMove(KeebbleRefusal.WORD_OR_ASK)
    if state["finished"]:
        return told.outcome(state, seat)
    if endgame:  # a word (asking was refused above): the turn ends here
        state["again"] = "AGAIN" in effects
        next_turn(state)
        return told.outcome(state, seat)
    _ask(state, seat, ask, effects, told, placed=bool(clauses.get("word") or clauses.get("special")))
    return told.outcome(state, seat)


def _pass(state: State, seat: int) -> MoveOutcome:
    if not state["endgame"]:
        raise IllegalMove(KeebbleRefusal.NO_PASSING)
    state["passes"] += 1
    outcome = MoveOutcome(seat=seat, move="pass", said=phrase(Said.PASSED, name=state["players"][seat]))
    if state["passes"] >= sum(state["active"]):
        end_game(state, EndReason.NO_WORDS, phrase(KeebbleSaid.NO_WORDS))
    else:
        next_turn(state)
    return outcome


def _split_ask(tokens: list[str]) -> tuple[list[str], list[str]]:
    """``8D WORD ask E X`` -> (``8D WORD``, ``E X``)."""
    lower = [t.lower() for t in tokens]
    if "ask" not in lower:
        return tokens, []
    at = lower.index("ask")
    return tokens[:at], [t.upper() for t in tokens[at + 1 :]]


def _special(state: State, seat: int, special: tuple[str, str], told: _Told) -> None:
    cell_text, kind = special
    place_special(state, cell_text, kind)
    told.parts.append(f"special {cell_text.lower()} {kind}")
    told.summary.append(
        phrase(KeebbleSaid.SPECIAL, name=state["players"][seat], cell=cell_text.lower(), kind=SpecialName[kind])
    )


def _word(state: State, seat: int, clauses: dict[str, Any], told: _Told) -> set[str]:
    """Play the word and its Celldance effects; returns the effects still to come (big ask, go again...)."""
    before = state["scores"][seat]
    played = play_word(state, seat, clauses["word"])
    apply_effects(state, seat, played.covered, clauses)
    _check_endgame(state)
    told.parts.append(canonical(clauses["word"]))
    told.parts.extend(clauses[key + "_text"] for key in EFFECT_CLAUSES if clauses.get(key))
    if state["options"]["devils"]:  # each player scores their own cells: say what the score really did
        gained = state["scores"][seat] - before
        told.score = gained
        told.summary.append(
            phrase(
                KeebbleSaid.PLAYED_DEVILS,
                name=state["players"][seat],
                words=Listing(tuple(w for w, _ in played.words), "and"),
                change=f"{gained:+d}",
            )
        )
    else:
        told.score = played.total
        listed = Listing(tuple(phrase(KeebbleSaid.WORD_SCORE, word=w, score=p) for w, p in played.words), "and")
        told.summary.append(
            phrase(
                KeebbleSaid.PLAYED, name=state["players"][seat], words=listed, points=counted(Said.POINTS, played.total)
            )
        )
    name = state["players"][seat]
    if clauses.get("steal"):  # (refused above unless the word covered a thief cell and there was room)
        victim, letter = clauses["steal"]
        told.summary.append(phrase(KeebbleSaid.STOLE, name=name, letter=letter, victim=victim))
    if "AGAIN" in played.effects:
        told.summary.append(phrase(KeebbleSaid.GOES_AGAIN, name=name))
    state["passes"] = 0
    return played.effects


def _check_endgame(state: State) -> None:
    """The endgame starts once 10 edge cells hold a letter; in it, each word may empty the mover's hand."""
    if not state["endgame"] and edge_letters(state) >= ENDGAME_EDGE_LETTERS:
        state["endgame"] = True
    elif state["endgame"]:
        out_of_letters(state)


def _ask(state: State, seat: int, ask: list[str], effects: set[str], told: _Told, *, placed: bool) -> None:
    check_ask(state, seat, ask, big="BIG" in effects)
    got = receive(state, seat, ask, collector="COLLECT" in effects)
    # Whether this turn changed anything (a word or special cell, a letter received; the answers may add a
    # letter taken or a wall): a round of turns that change nothing ends the game (``next_turn``).
    state["changed"] = placed or bool(got)
    told.parts.append("ask " + " ".join(ask))
    name, letters = state["players"][seat], " ".join(ask)
    told.summary.append(
        phrase(KeebbleSaid.ASKS, name=name, letters=letters)
        if len(got) == len(ask)
        else phrase(
            KeebbleSaid.ASKS_HAND_FULL, name=name, letters=letters, got=" ".join(got) if got else KeebbleSaid.NONE
        )
    )
    state["phase"], state["asked"], state["asker"] = "answer", ask, seat
    state["answered"] = [s == seat or not state["active"][s] for s in range(len(state["players"]))]
    state["again"] = "AGAIN" in effects
    if all(state["answered"]):
        next_turn(state)


def parse_clauses(tokens: list[str]) -> dict[str, Any]:
    """Split ``8D WORD steal bob E destroy c1 c2 blockade c3 A`` (or ``special c3 DW``) into parts."""
    lower = [t.lower() for t in tokens]
    if lower[:1] == ["special"]:
        if len(tokens) != 3:
            raise IllegalMove(KeebbleRefusal.SPECIAL_NOTATION)
        return {"special": (tokens[1], tokens[2].upper())}
    clauses: dict[str, Any] = {}
    i = 0
    if len(tokens) >= 2 and lower[0] not in EFFECT_CLAUSES:
        clauses["word"] = (tokens[0], tokens[1])
        i = 2
    while i < len(tokens):
        i = _clause(tokens, lower, i, clauses)
    return clauses


def _clause(tokens: list[str], lower: list[str], i: int, clauses: dict[str, Any]) -> int:
    """Read the effect clause starting at ``tokens[i]`` into ``clauses``; returns where the next one starts."""
    key = lower[i]
    if key in ("steal", "destroy") and i + 2 < len(tokens):
        first, second = tokens[i + 1], tokens[i + 2]
        if key == "steal":
            clauses["steal"], clauses["steal_text"] = (first, second.upper()), f"steal {first} {second.upper()}"
        else:
            clauses["destroy"], clauses["destroy_text"] = (first, second), f"destroy {first.lower()} {second.lower()}"
        return i + 3
    if key == "blockade":
        pairs = []
        i += 1
        while i + 1 < len(tokens) and lower[i] not in ("steal", "destroy"):
            pairs.append((tokens[i], tokens[i + 1].upper()))
            i += 2
        clauses["blockade"] = pairs
        clauses["blockade_text"] = "blockade " + " ".join(f"{c.lower()} {letter}" for c, letter in pairs)
        return i
    raise IllegalMove(KeebbleRefusal.TURN_UNREADABLE, text=quote(" ".join(tokens)))


def out_of_letters(state: State) -> None:
    """ "Once somebody is out of letters, the game ends" (checked in the endgame after each word, and when
    the turn that started the endgame is over)."""
    out = [s for s, hand in enumerate(state["hands"]) if state["active"][s] and not hand]
    if out:
        end_game(state, EndReason.OUT_OF_TILES, phrase(KeebbleSaid.OUT_OF_LETTERS, name=state["players"][out[0]]))


def end_game(state: State, end: EndReason, reason: Phrase) -> None:
    finish(state, end, reason)
    state["phase"] = "over"


def next_turn(state: State) -> None:
    """Answers are in (or there was nothing to answer): the next active player in turn order moves, unless the
    mover covered a go again cell ("Once this turn is done, immediately take another one")."""
    state["phase"], state["asked"], state["asker"] = "turn", [], None
    state["answered"] = [False] * len(state["players"])
    changed = state.pop("changed", None)
    if changed is False and not state["finished"]:
        # Nothing moved: no word, every hand full, no wall left to build. A whole round of that and the game
        # is blocked for good: it ends as when everyone passes in the endgame.
        state["passes"] += 1
        if state["passes"] >= sum(state["active"]):
            end_game(state, EndReason.NO_WORDS, phrase(KeebbleSaid.BLOCKED))
            return
    elif changed:
        state["passes"] = 0
    if state["endgame"] and not state["finished"]:
        out_of_letters(state)
    if state["finished"]:
        return
    if state.pop("again", False):
        state["again"] = False
        return
    state["again"] = False
    order = state["order"]
    i = order.index(state["turn"])
    for step in range(1, len(order) + 1):
        nxt = order[(i + step) % len(order)]
        if state["active"][nxt]:
            state["turn"] = nxt
            return
