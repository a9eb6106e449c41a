"""Computer players: one function per game and level, chosen by name.

A computer player is handed exactly what its seat may see (``engine.view(state, seat)``), never the state,
so it cannot peek at the bag or another player's hidden tiles. Its randomness comes from the ``rng`` it is
given (the service derives it from the game's secret and the move number), so the same view and the same
rng give the same move. Every choice stops searching when its time budget runs out and plays the best move
found so far.

    choose_move(engine, view, seat, level="strong", rng=random.Random(7)) -> "8D WORD ask E X" | None

``None`` means the seat has nothing it wants to do now (Lexicon Crossing between green lights).
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from importlib import import_module
from typing import Any, Protocol

from .engine import Engine
from .lexicon import Lexicon

LEVELS = ("quick", "strong")
BUDGETS = {"quick": 0.1, "strong": 1.0}  # seconds a choice may take, by level

# (game, level) -> "module:function"; each game's computer.py holds its levels.
PLAYERS: dict[tuple[str, str], str] = {
    (game, level): f"wordgames.engines.{package}.computer:{level}"
    for game, package in (("lingo", "lingo"), ("lingua-fences", "lingua_fences"), ("keebble", "keebble"),
                          ("lexicon-crossing", "lexicon_crossing"))
    for level in LEVELS
}  # fmt: skip


class ComputerPlayer(Protocol):
    def __call__(self, engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random,
                 clock: Clock) -> str | None: ...  # fmt: skip


class Clock:
    """A time budget: ``over()`` once it is spent. Searches check it between candidates."""

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self.deadline = time.monotonic() + budget

    def over(self) -> bool:
        return time.monotonic() >= self.deadline

    def left(self) -> float:
        return self.deadline - time.monotonic()


def levels(game: str) -> list[str]:
    return [level for (name, level) in PLAYERS if name == game]


def get_player(game: str, level: str) -> ComputerPlayer:
    try:
        target = PLAYERS[(game, level)]
    except KeyError:
        known = ", ".join(levels(game)) or "none"
        raise KeyError(f"No {level!r} computer player for {game!r}; its levels: {known}.") from None
    module_name, attribute = target.split(":")
    player: ComputerPlayer = getattr(import_module(module_name), attribute)
    return player


def choose_move(engine: Engine, view: dict[str, Any], seat: int, *, level: str = "strong",
                rng: random.Random | None = None, budget: float | None = None) -> str | None:  # fmt: skip
    """The move the computer player of ``level`` makes for ``seat`` seeing ``view``, in the game's notation,
    or None when it has nothing to do. ``budget``: seconds (default by level)."""
    player = get_player(engine.name, level)
    clock = Clock(BUDGETS.get(level, 1.0) if budget is None else budget)
    return player(engine, view, seat, rng=rng or random.Random(0), clock=clock)


# --- word finding shared by the games ---------------------------------------------------------------------

Slot = str | None  # a letter already there, or None for a free cell


def fit_words(lexicon: Lexicon, slots: list[Slot], letters: Counter[str] | None, *, min_len: int = 2,
              max_len: int = 99, can_end: Callable[[int], bool] | None = None,
              usable: Callable[[int], bool] | None = None, clock: Clock | None = None,
              ) -> Iterator[tuple[str, list[int]]]:  # fmt: skip
    """Words written from ``slots[0]`` on: fixed letters kept, free cells filled from ``letters`` (any letter
    when None). Yields (word, positions of the new letters). ``usable(i)``: a free cell may take a letter;
    ``can_end(n)``: a word of length ``n`` may stop there (e.g. the next cell is not a letter)."""
    pool = Counter(letters) if letters is not None else None
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    new: list[int] = []
    word: list[str] = []
    has_prefix = lexicon.has_prefix

    def grow(i: int) -> Iterator[tuple[str, list[int]]]:
        if clock is not None and clock.over():
            return
        n = len(word)
        if n >= min_len and new and (can_end is None or can_end(n)):
            text = "".join(word)
            if text in lexicon:
                yield text, list(new)
        if i >= len(slots) or n >= max_len:
            return
        fixed = slots[i]
        if fixed is not None:
            word.append(fixed)
            if has_prefix("".join(word)):
                yield from grow(i + 1)
            word.pop()
            return
        if usable is not None and not usable(i):
            return
        choices = alphabet if pool is None else "".join(sorted(k for k, v in pool.items() if v > 0))
        for letter in choices:
            word.append(letter)
            if has_prefix("".join(word)):
                if pool is not None:
                    pool[letter] -= 1
                new.append(i)
                yield from grow(i + 1)
                new.pop()
                if pool is not None:
                    pool[letter] += 1
            word.pop()

    yield from grow(0)
