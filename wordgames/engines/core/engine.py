"""The contract every game engine fulfils.

A game's state is a plain JSON-serialisable dict that the engine owns; nothing outside the engine reads
inside it except through ``view``. Seats are integers 0..n-1 in seat order. Randomness comes only from
the seed (and optional fixed ``bag``) kept in the state, so replaying the same moves gives the same game.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .errors import InvalidOptions
from .legend import Legend, english
from .refusals import Phrase, Refusal, Value, render_value
from .rng import Seed
from .sentences import to_data

State = dict[str, Any]

MOVE_MAX = 500  # characters: the longest move a player types, unless a game's rules allow longer (``move_limit``)


class EndReason(StrEnum):
    """Why a game ended, for code: ``result()["end"]``. ``result()["reason"]`` stays the sentence players read."""

    OUT_OF_TILES = "out-of-tiles"  # Lingo: a pool ran dry; Keebble: a player placed their last letter
    NO_WORDS = "no-words"  # Keebble: a whole round went by without a word
    RESIGNED = "resigned"  # too few players left (a forfeit on time is a resignation)
    RED_LIGHT = "red-light"  # Lexicon Crossing: everyone is done after red light
    SHEETS_RETIRED = "sheets-retired"  # Lingua Fences: every sheet is out of the game
    MODERATOR = "moderator"  # ended by a moderator (the service, not an engine)


def english_lines(lines: list[Value]) -> list[str]:
    """``Engine.position``'s lines in the engines' own English."""
    return [render_value(line) for line in lines]


def example_line(notation: str, text: str) -> str:
    """An example of notation and what it does, in two columns: "13L YET          a word across, ..."."""
    if not text:
        return notation
    return f"{notation:<17}{text}" if len(notation) < 17 else f"{notation}   {text}"


def finish(state: State, end: EndReason, reason: Phrase) -> None:
    """Mark the game over: ``end`` for code, ``reason`` what players read ("ann ran out of tiles"): its English
    in ``state["reason"]``, its code and values in ``state["reason_said"]`` for the server to word."""
    state["finished"], state["end"], state["reason"] = True, end.value, str(reason)
    state["reason_said"] = to_data(reason)


def end_of(state: State) -> EndReason | None:
    """The typed end of a finished game (None while it runs, or for a game stored before the end was typed)."""
    return EndReason(state["end"]) if state.get("finished") and state.get("end") else None


@dataclass(frozen=True)
class Option:
    """One game option: its name, kind ("int", "bool", "choice", "str"), default and allowed values."""

    name: str
    kind: str
    default: Any
    label: str
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass
class MoveOutcome:
    """What ``apply`` reports about one move, for move lists, emails and records.

    ``summary`` is the sentence the rule texts write, e.g.
    "ann made the words HEW, EYE and NEW for a total of (18 + 12 + 12) x 3 = 126 pts."
    ``events`` holds anything else game specific (tiles drawn are never included: they may be secret).
    ``events["quiet"] = True`` marks a move the other players need not be emailed about (e.g. a player
    rearranging their private crossword). A quiet move must undo nothing but the seat's own earlier quiet
    moves: it replaces what they did (a whole crossword), so the service keeps only the seat's latest quiet
    move since the game's last public one (an autosave overwritten, not a growing list).
    """

    seat: int
    move: str  # the move in canonical notation, as stored in records
    score: int = 0
    words: list[dict[str, Any]] = field(default_factory=list)  # [{"word": "HEW", "score": 18, "cells": [...]}]
    summary: str = ""
    events: dict[str, Any] = field(default_factory=dict)
    # The summary as data (``core.sentences``), worded by the server in each reader's language; ``summary`` is
    # its English.
    said: Phrase | None = None

    def __post_init__(self) -> None:
        if self.said is not None and not self.summary:
            self.summary = str(self.said)

    def as_dict(self) -> dict[str, Any]:
        data = {
            "seat": self.seat,
            "move": self.move,
            "score": self.score,
            "words": self.words,
            "summary": self.summary,
            "events": self.events,
        }
        if self.said is not None:
            data["said"] = to_data(self.said)
        return data


class Engine:
    """Base class: each game subclasses it and registers an instance in ``core.catalogue.GAMES``."""

    name: str = ""  # "lingo", "lingua-fences", "keebble", "lexicon-crossing"
    title: str = ""  # "Lingo"
    min_players: int = 2
    max_players: int = 4
    options: tuple[Option, ...] = ()
    presets: Mapping[str, Mapping[str, Any]] = {}
    # Optional abilities, declared here so callers never probe for them:
    hints: bool = False  # ``best_move`` finds moves (hints in practice games, computer players, the demo)
    asynchronous_green: bool = False  # green lights are queued by the service (Lexicon Crossing)
    simultaneous: bool = False  # several seats may have to act at the same time
    # In phases where the game waits for nobody (``waiting_for`` is empty), each seat that may act has a clock
    # all the same, restarted by each of its own moves: a game nobody plays still comes to an end.
    idle_clock: bool = False
    teams: bool = False  # seats may play as teams (``team_of``)

    def move_limit(self, state: State) -> int:
        """The longest move the game's rules allow in ``state``, in characters."""
        return MOVE_MAX

    def check_players(self, count: int) -> None:
        if not self.min_players <= count <= self.max_players:
            raise InvalidOptions(Refusal.PLAYER_COUNT, title=self.title, least=self.min_players, most=self.max_players)

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Return the full option dict (defaults filled in, preset applied) or raise ``InvalidOptions``."""
        raise NotImplementedError

    def new_game(self, players: list[str], options: Mapping[str, Any], seed: Seed, bag: str | None = None) -> State:
        """A new game for these player names (seat order). ``seed``: the game's secret (a hex string of 128 bits
        or more) or, for a game begun before November 2026, its whole-number seed (``core.rng``). ``bag``
        fixes the first tiles drawn, in order."""
        raise NotImplementedError

    def apply(self, state: State, seat: int, move: str) -> tuple[State, MoveOutcome]:
        """Apply ``move`` (notation text) for ``seat``. Returns a new state (the input is not modified)
        and the outcome, or raises ``IllegalMove`` with a sentence saying what is wrong."""
        raise NotImplementedError

    def annotates(self, options: Mapping[str, Any]) -> bool:
        """Whether ``annotate`` has anything to add in a game with these options."""
        return False

    def annotate(self, before: State, outcome: MoveOutcome) -> None:
        """Add commentary to a move just played live (e.g. a missed better move) into ``outcome.events``.
        Called by the service after ``apply``, never during replays; the default adds nothing."""

    def preview(self, state: State, seat: int, move: str, **kwargs: Any) -> MoveOutcome:
        """What ``apply`` would score, without keeping anything. Raises ``IllegalMove`` like ``apply``
        (``kwargs``: what the game's ``apply`` takes besides, e.g. Lexicon Crossing's ``conceal_latest``)."""
        return self.apply(state, seat, move, **kwargs)[1]

    def best_move(self, state: State, seat: int) -> MoveOutcome | None:
        """The best legal move for ``seat`` as ``preview`` would report it, or None (none found, game over, or
        the engine has no move search: ``hints`` is False)."""
        return None

    def team_of(self, state: State, seat: int) -> str | None:
        """The seat's team letter, or None when it plays alone (always, unless ``teams``)."""
        return None

    def current_scores(self, state: State) -> list[Any]:
        """Every seat's score now, including scores the view hides until the end (a moderator ending the game
        needs them)."""
        return list(self.view(state, None)["scores"])

    def actors(self, state: State) -> set[int]:
        """The seats that may act now (empty when the game is over)."""
        raise NotImplementedError

    def waiting_for(self, state: State) -> set[int]:
        """The seats the game is waiting for: their clocks run. Usually the actors; a game where acting is
        optional (Lexicon Crossing between green lights) waits for nobody."""
        return self.actors(state)

    def time_limit(self, state: State) -> float | None:
        """Seconds a waited-for seat has in this phase, when the rules fix it (a grace period); None: the
        game's time per move."""
        return None

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything ``seat`` may see (``None`` for a spectator): never another seat's hidden tiles, never
        the bag's contents or order. JSON-serialisable."""
        raise NotImplementedError

    def render_text(self, state: State, seat: int | None, legend: bool = True) -> str:
        """The position as plain text (emails), readable in a fixed-width font and in a proportional one: each row
        of a board is one line with one sign per cell, separated by spaces. ``legend``: with the English line
        that says what the signs mean (``legend`` gives its codes, for a server that words it otherwise). The
        English of ``position``'s lines."""
        lines = english_lines(self.position(state, seat))
        if legend:
            lines.append(english(self.legend(state)))
        return "\n".join(lines)

    def position(self, state: State, seat: int | None) -> list[Value]:
        """The lines of ``render_text`` without the legend: the drawing's lines as text (signs, letters, names,
        numbers: no language), the prose lines as phrases (``core.refusals.Phrase``), which a server words in
        the reader's language (``wordgames.games.boardtext``)."""
        raise NotImplementedError

    def legend(self, state: State) -> list[Legend]:
        """The signs the text board of ``state`` uses, as codes (``core.legend``)."""
        return []

    def result(self, state: State) -> dict[str, Any] | None:
        """``None`` while the game runs; then {"scores": [...], "winners": [seats], "reason": "...",
        "end": an ``EndReason`` value, "reason_said": the reason as data (``finish``)}."""
        raise NotImplementedError

    def resign(self, state: State, seat: int) -> tuple[State, MoveOutcome]:
        """The seat leaves the game; the game ends if too few players remain."""
        raise NotImplementedError

    def move_examples(self, state: State, seat: int | None) -> list[str]:
        """A few lines showing how to write a move now, for emails: "13L YET      a word across from l13"."""
        return [
            example_line(notation, str(said) if said is not None else "")
            for notation, said in self.examples(state, seat)
        ]

    def examples(self, state: State, seat: int | None) -> list[tuple[str, Phrase | None]]:
        """``move_examples`` as data: each example's notation and what it does (``core.sentences``), for the
        server to word in the reader's language."""
        return []

    def timeout_move(self, state: State, seat: int) -> str | None:
        """The move made for ``seat`` when its time to move runs out, in notation (so records replay it
        like any other move): e.g. ``pass`` in a simultaneous round, or an answer chosen by the rules.
        ``None`` means the seat forfeits (the service resigns it); ``""`` that nothing is played and the seat's
        clock starts again. Either way the timeout counts: a seat that times out several times in a row is
        resigned (the service's setting). The default forfeits."""
        return None

    def clocked(self, state: State) -> set[int]:
        """The seats whose clock runs: those the game waits for, or, with ``idle_clock``, every seat that may
        act while the game waits for nobody."""
        waiting = self.waiting_for(state)
        return waiting if waiting or not self.idle_clock else self.actors(state)
