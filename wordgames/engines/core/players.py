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
BUDGETS = {"quick": 0.1, "strong": 1.0, "random": 0.05}  # seconds a choice may take, by level
# A crossword of 25 tiles or more cannot be built in a tenth of a second: Lexicon Crossing's own budgets.
GAME_BUDGETS = {"lexicon-crossing": {"quick": 0.5, "strong": 2.0, "random": 0.25}}

# (game, level) -> "module:function"; each game's computer.py holds its levels.
PLAYERS: dict[tuple[str, str], str] = {
    (game, level): f"wordgames.engines.{package}.computer:{level}"
    for game, package in (
        ("lingo", "lingo"),
        ("lingua-fences", "lingua_fences"),
        ("keebble", "keebble"),
        ("lexicon-crossing", "lexicon_crossing"),
    )
    for level in LEVELS
}
# The yardstick of the strength bench (bench/selfplay.py): a uniformly random legal move of those a short look
# finds. Never offered to players (``levels`` lists only ``LEVELS``), but ``get_player`` knows it.
BENCH_PLAYERS: dict[tuple[str, str], str] = {
    (game, "random"): target.replace(":quick", ":random_move")
    for (game, level), target in PLAYERS.items()
    if level == "quick"
}


class ComputerPlayer(Protocol):
    def __call__(
        self, engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock
    ) -> str | None: ...


class Clock:
    """A time budget in CPU seconds of the searching thread (``time.thread_time``), not wall seconds: on a
    machine loaded by other processes a search gets the same work done, only later, so a busy machine does
    not weaken the computer players. ``over()`` once it is spent; searches check it between candidates.

    Reading a thread's CPU clock costs a system call (about 0.7 µs, 13 times the wall clock), and searches ask
    ``over()`` hundreds of thousands of times. A thread cannot use more CPU time than wall time passes, so the
    CPU clock is read only once the wall clock says the budget could be spent, and then again only when the
    CPU time still left could have passed."""

    def __init__(self, budget: float) -> None:
        self.budget = budget
        self.deadline = time.thread_time() + budget  # on the thread's CPU clock
        self._not_before = time.monotonic() + budget  # on the wall clock: not over before this

    def over(self) -> bool:
        now = time.monotonic()
        if now < self._not_before:
            return False
        left = self.deadline - time.thread_time()
        if left <= 0:
            return True
        self._not_before = now + left
        return False

    def left(self) -> float:
        return self.deadline - time.thread_time()

    def extend(self, seconds: float) -> None:
        """Give back ``seconds`` of CPU time spent on something that is not this choice's work."""
        self.deadline += seconds
        self._not_before += seconds


def warm(lexicon: Lexicon, clock: Clock) -> None:
    """Build the word list's prefix set without charging it to the budget of the move that happens to come
    first. A worker builds it before it starts serving (``preload``), so this only happens in a process that
    did not (a test, a script)."""
    started = time.thread_time()
    prefixes(lexicon)
    clock.extend(time.thread_time() - started)


def levels(game: str) -> list[str]:
    return [level for (name, level) in PLAYERS if name == game]


def get_player(game: str, level: str) -> ComputerPlayer:
    try:
        target = PLAYERS.get((game, level)) or BENCH_PLAYERS[(game, level)]
    except KeyError:
        known = ", ".join(levels(game)) or "none"
        raise KeyError(f"No {level!r} computer player for {game!r}; its levels: {known}.") from None
    module_name, attribute = target.split(":")
    player: ComputerPlayer = getattr(import_module(module_name), attribute)
    return player


def choose_move(
    engine: Engine,
    view: dict[str, Any],
    seat: int,
    *,
    level: str = "strong",
    rng: random.Random | None = None,
    budget: float | None = None,
) -> str | None:
    """The move the computer player of ``level`` makes for ``seat`` seeing ``view``, in the game's notation,
    or None when it has nothing to do. ``budget``: seconds (default by level)."""
    player = get_player(engine.name, level)
    if budget is None:
        budget = GAME_BUDGETS.get(engine.name, BUDGETS).get(level, 1.0)
    clock = Clock(budget)
    return player(engine, view, seat, rng=rng or random.Random(0), clock=clock)


# --- word finding shared by the games ---------------------------------------------------------------------

_prefixes: dict[int, tuple[Lexicon, frozenset[str]]] = {}


def prefixes(lexicon: Lexicon) -> frozenset[str]:
    """Every prefix of every word of ``lexicon`` (the words included), built once per word list: a set
    answers "does a word start so?" some ten times faster than the trie, which a search asks millions of
    times. About 40 MB for ENABLE, so only the last few word lists are kept."""
    known = _prefixes.get(id(lexicon))
    if known is not None and known[0] is lexicon:
        return known[1]
    found = frozenset(word[:i] for word in lexicon for i in range(1, len(word) + 1))
    if len(_prefixes) >= 3:
        _prefixes.pop(next(iter(_prefixes)))
    _prefixes[id(lexicon)] = (lexicon, found)
    return found


Slot = str | None  # a letter already there, or None for a free cell
ORDER_BITS = 3
ORDERS = 1 << ORDER_BITS  # shuffled letter orders a walk with an rng draws from, one at each letter


def fit_words(
    lexicon: Lexicon,
    slots: list[Slot],
    letters: Counter[str] | None,
    *,
    min_len: int = 2,
    max_len: int = 99,
    can_end: Callable[[int], bool] | None = None,
    usable: Callable[[int], bool] | None = None,
    clock: Clock | None = None,
    rng: random.Random | None = None,
) -> Iterator[tuple[str, list[int]]]:
    """Words written from ``slots[0]`` on: fixed letters kept, free cells filled from ``letters`` (any letter
    when None). Yields (word, positions of the new letters). ``usable(i)``: a free cell may take a letter;
    ``can_end(n)``: a word of length ``n`` may stop there (e.g. the next cell is not a letter). With ``rng``
    the letters are tried in a shuffled order, so a search cut short by the clock samples every word, not the
    first ones in the alphabet. (Each letter of the walk draws one of ``ORDERS`` orders shuffled once a call:
    shuffling afresh at every letter took a third of Lexicon Crossing's search.)"""
    pool = Counter(letters) if letters is not None else None
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    new: list[int] = []
    orders: list[list[str]] = []
    if rng is not None:
        for _ in range(ORDERS):
            shuffled = list(alphabet if pool is None else pool)
            rng.shuffle(shuffled)
            orders.append(shuffled)
    has_prefix = prefixes(lexicon).__contains__
    size = len(slots)

    def grow(i: int, word: str) -> Iterator[tuple[str, list[int]]]:
        if i >= min_len and new and (can_end is None or can_end(i)) and word in lexicon:
            yield word, list(new)
        if i >= size or i >= max_len or (clock is not None and clock.over()):
            return
        fixed = slots[i]
        if fixed is not None:
            if has_prefix(word + fixed):
                yield from grow(i + 1, word + fixed)
            return
        if usable is not None and not usable(i):
            return
        if rng is not None:
            order = orders[rng.getrandbits(ORDER_BITS)]
        else:
            order = list(alphabet) if pool is None else list(pool)
        for letter in order:
            if pool is not None and pool[letter] <= 0:
                continue
            longer = word + letter
            if has_prefix(longer):
                if pool is not None:
                    pool[letter] -= 1
                new.append(i)
                yield from grow(i + 1, longer)
                new.pop()
                if pool is not None:
                    pool[letter] += 1

    yield from grow(0, "")
