"""Keebble's computer players. Hands are public in Keebble, so the seat's view is the whole position but
for the seed; every candidate move is checked by the engine's own ``preview`` on that position.

quick: the best-scoring word it finds in a short look (or none), asks two common letters; answers by taking
the first letter asked, or a wall when its hand is full.
strong: looks for the best word, then looks ahead for its ask: the pair of letters that gives its best word
next turn on the board its word leaves, counting the letter the others will take from it as no longer unique
(falling back on a pair that completes its hand: vowels when short of them, letters nobody else holds);
takes the asked letter that gives its best next word, and walls off the last word played when its hand is
full or neither letter helps.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from ..core.engine import Engine, State
from ..core.errors import IllegalMove
from ..core.grid import cell_name, column_name
from ..core.letters import letter_set_for
from ..core.lexicon import get_lexicon
from ..core.players import Clock, fit_words, warm
from .answers import empty_edge
from .board import wall_key
from .hands import BACKPACK_SLOTS, VOWELS, room
from .refusals import LETTERFRAUD_REFUSALS

COMMON = "ESARTINOLDUCGPMHBYFKWV"
MINIMUM_LOOK = 0.2  # seconds past its budget a mover may look for a first word
PROBE_ASKS = ("E E", "E A", "Q Z", "J X", "A I")  # with pairs from the board: one suits any Letterfraud rule


def _position(view: dict[str, Any]) -> State:
    """A position the engine can judge moves on, from the view (nothing in it is hidden but the seed)."""
    state = copy.deepcopy(view)
    n = len(view["players"])
    order = list(range(n)) if view["options"]["turn_order"] == "clockwise" else [0] + list(range(n - 1, 0, -1))
    received = (
        [BACKPACK_SLOTS - r for r in view["room"]] if view["options"]["backpacks"] else [len(h) for h in view["hands"]]
    )
    state.update(
        seed=0,
        order=order,
        passes=0,
        again=False,
        received=received,
        finished=False,
        reason="",
        first_word=not any(c["owner"] is not None for c in view["cells"].values()),
    )
    return state


def _words(
    engine: Engine, state: State, seat: int, hand: list[str], clock: Clock, rng: random.Random, insist: bool = False
) -> list[tuple[int, str]]:
    """(score, word text) of legal words from ``hand``, best first, found until the clock runs out."""
    width, height = state["width"], state["height"]
    letters = {name: c["letter"] for name, c in state["cells"].items()}
    blocked = set(state["hand_cells"]) | set(state["destroyed"])
    walls = set(state["walls"])
    across_step = (-1, 0) if state["options"].get("reading") == "rtl" else (1, 0)
    lexicon = get_lexicon(state["options"]["dictionary"])
    starts = [((c, r), across) for across in (True, False) for c in range(width) for r in range(1, height + 1)]
    rng.shuffle(starts)
    probe = copy.deepcopy(state)
    asks = _probe_asks(state)
    probe["hands"][seat] = list(hand)
    probe["phase"], probe["turn"], probe["endgame"] = "turn", seat, state["endgame"]
    found: dict[str, int] = {}
    # Past the budget it looks on until it has some word (up to a hard limit): a mover who misses every word
    # must ask, and a table where nobody ever plays a word never reaches the endgame.
    hard = Clock(clock.left() + (MINIMUM_LOOK if insist else 0))
    for (col, row), across in starts:
        if (clock.over() and found) or hard.over():
            break
        step = across_step if across else (0, 1)
        prev = (col - step[0], row - step[1])
        inside = lambda c: 0 <= c[0] < width and 1 <= c[1] <= height  # noqa: E731
        if inside(prev) and cell_name(*prev) in letters and wall_key(prev, (col, row)) not in walls:
            continue
        cells = [(col, row)]
        while True:
            nxt = (cells[-1][0] + step[0], cells[-1][1] + step[1])
            if not inside(nxt) or cell_name(*nxt) in blocked or wall_key(cells[-1], nxt) in walls:
                break
            cells.append(nxt)
        if cell_name(*cells[0]) in blocked:
            continue
        slots = [letters.get(cell_name(*c)) for c in cells]

        def can_end(n: int, cells: list[tuple[int, int]] = cells, slots: list[str | None] = slots) -> bool:
            return n >= len(cells) or slots[n] is None

        for word, _ in fit_words(lexicon, slots, Counter(hand), can_end=can_end, clock=hard):
            coordinate = f"{row}{column_name(col).upper()}" if across else f"{column_name(col).upper()}{row}"
            text = f"{coordinate} {word}"
            if text in found:
                continue
            score = _score(engine, probe, seat, text, () if state["endgame"] else asks)
            if score is not None:
                found[text] = score
    return sorted(((score, text) for text, score in found.items()), key=lambda st: (-st[0], st[1]))


def _probe_asks(state: State) -> list[str]:
    """Asks to judge a word with (a turn must end with one): common pairs, then pairs of letters standing in one
    row or column of the board, so that one of them suits whatever Letterfraud rule the game plays."""
    asks = list(PROBE_ASKS)
    for r in range(1, state["height"] + 1):
        for c in range(state["width"]):
            letter = state["cells"].get(cell_name(c, r), {}).get("letter")
            right = state["cells"].get(cell_name(c + 1, r), {}).get("letter")
            below = state["cells"].get(cell_name(c, r + 1), {}).get("letter")
            asks += [f"{letter} {other}" for other in (right, below) if letter and other]
    return asks[:12]


def _score(engine: Engine, state: State, seat: int, text: str, asks: tuple[str, ...] | list[str]) -> int | None:
    """The score of the word ``text`` (None if illegal), judged with the first of ``asks`` the game's
    Letterfraud rule allows once the word is down."""
    for ask in asks or [""]:
        try:
            return engine.preview(state, seat, f"{text} ask {ask}" if ask else text).score
        except IllegalMove as e:
            if e.code not in LETTERFRAUD_REFUSALS:
                return None  # the word itself
    return None


def _after_word(engine: Engine, state: State, seat: int, prefix: str) -> tuple[State, list[str], int] | None:
    """The position once its word is played, its hand then, and how many letters it may receive."""
    for probe in _probe_asks(state):  # any ask the expansions allow; the letters it brings are taken back below
        try:
            after, _ = engine.apply(state, seat, f"{prefix}ask {probe}")
            break
        except IllegalMove:
            continue
    else:
        return None
    got = after["received"][seat] - state["received"][seat]
    hand = after["hands"][seat][: len(after["hands"][seat]) - got]
    after["hands"][seat] = list(hand)
    after["received"][seat] = state["received"][seat]
    return after, hand, room(after, seat)


def _ask_ahead(engine: Engine, state: State, seat: int, word: str, rng: random.Random, clock: Clock) -> str | None:
    """The strong player's ask: the pair of letters that gives its best word next turn, judged on the board
    after its word, its hand as it will be, and the other players holding the first letter asked (the one an
    answerer takes by default), so that a letter it makes them share no longer counts as unique. Single
    letters are rated first; pairs are made of the four best."""
    prefix = f"{word} " if word else ""
    found = _after_word(engine, state, seat, prefix)
    if found is None or found[2] <= 0:
        return None
    after, hand, space = found
    share = Clock(clock.left() / 18)

    def best_word(hand_then: list[str], shared: str = "") -> int:
        probe = after
        if shared:
            probe = copy.deepcopy(after)
            for other, held in enumerate(probe["hands"]):
                if other != seat and room(probe, other) > 0:
                    held.append(shared)
        words = _words(engine, probe, seat, hand_then, Clock(share.budget), random.Random(rng.random()))
        return words[0][0] if words else 0

    rated = sorted(
        (-best_word(hand + [ch]), ch) for ch in [ch for ch in COMMON[:14] if ch not in hand][:10] if not clock.over()
    )
    top = [letter for _, letter in rated[:4]]
    pairs = [(a, b) for a in top for b in top if a <= b and (space >= 2 or a == b)]
    scored = [(best_word(hand + [a, b][:space], shared=a), a, b) for a, b in pairs if not clock.over()]
    if not scored:
        return None
    _, a, b = max(scored, key=lambda t: (t[0], -top.index(t[1]), -top.index(t[2])))
    for first, second in ((a, b), (b, a)):
        try:
            engine.preview(state, seat, f"{prefix}ask {first} {second}")  # an expansion's rule (Letterfraud)
            return f"{prefix}ask {first} {second}"
        except IllegalMove:
            continue
    return None


def _ask(engine: Engine, state: State, seat: int, word: str, rng: random.Random, strong: bool) -> str:
    hand = state["hands"][seat]
    pairs: list[tuple[str, str]] = []
    if strong:
        vowels = sum(1 for ch in hand if ch in VOWELS)
        others = {ch for s, h in enumerate(state["hands"]) if s != seat for ch in h}
        rare = [ch for ch in COMMON[:12] if ch not in others and ch not in hand]
        first = [v for v in "EAIO" if v not in hand] if vowels < 2 else rare or list(COMMON[:8])
        second = rare or [ch for ch in COMMON[:10] if ch not in hand] or list(COMMON[:10])
        pairs = [(a, b) for a in first[:3] for b in second[:3]]
    common = list(COMMON[:10])
    rng.shuffle(common)
    pairs += [(a, b) for a in common for b in common if a < b]
    pairs += [(a, a) for a in COMMON]
    prefix = f"{word} " if word else ""
    for a, b in pairs:
        text = f"{prefix}ask {a} {b}"
        try:
            engine.preview(state, seat, text)
            return text
        except IllegalMove:
            continue
    return f"{prefix}ask E A"


def _free_walls(state: State) -> list[str]:
    walls = set(state["walls"])
    out = []
    for r in range(1, state["height"] + 1):
        for c in range(state["width"]):
            for other in ((c + 1, r), (c, r + 1)):
                if (
                    other[0] < state["width"]
                    and other[1] <= state["height"]
                    and wall_key((c, r), other) not in walls
                    and empty_edge(state, (c, r), other)
                ):
                    out.append(f"wall {cell_name(c, r)} {cell_name(*other)}")
    return out


def _answer(engine: Engine, state: State, seat: int, rng: random.Random, clock: Clock, strong: bool) -> str:
    room = state["room"][seat]
    walls = _free_walls(state)
    if room and not strong:
        return f"take {state['asked'][0]}"
    if room:
        hand = state["hands"][seat]
        share = Clock(clock.left() / (len(set(state["asked"])) + 1))
        base = _words(engine, state, seat, hand, share, random.Random(rng.random()))
        best_now = base[0][0] if base else 0
        ranked = []
        for letter in sorted(set(state["asked"])):
            found = _words(engine, state, seat, hand + [letter], Clock(share.budget), random.Random(rng.random()))
            ranked.append((found[0][0] if found else 0, letter in VOWELS, letter))
        top = max(ranked)
        if top[0] > best_now or len(hand) < 6 or not walls:
            return f"take {top[2]}"
    if not walls:
        return "pass"
    if strong and state["last"]:
        near = [w for w in walls if set(w.split()[1:]) & set(state["last"])]
        if near:
            return rng.choice(near)
    return rng.choice(walls) if strong else walls[0]


def _choose(
    engine: Engine, view: dict[str, Any], seat: int, rng: random.Random, clock: Clock, strong: bool
) -> str | None:
    if view["result"] is not None:
        return None
    state = _position(view)
    warm(get_lexicon(view["options"]["dictionary"]), clock)
    if seat not in engine.actors(state):
        return None
    if state["phase"] == "answer":
        return _answer(engine, state, seat, rng, clock, strong)
    search = Clock(clock.left() * (0.5 if strong else 0.6))
    found = _words(engine, state, seat, state["hands"][seat], search, rng, insist=True)
    word = found[0][1] if found else ""
    if state["endgame"]:
        return word or "pass"
    if strong:
        ahead = _ask_ahead(engine, state, seat, word, rng, Clock(max(0.0, clock.left() * 0.9)))
        if ahead is not None:
            return ahead
    return _ask(engine, state, seat, word, rng, strong)


def quick(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    return _choose(engine, view, seat, rng, clock, strong=False)


def strong(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    return _choose(engine, view, seat, rng, clock, strong=True)


def random_move(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    """The strength bench's yardstick, never offered to players: each choice picked uniformly at random among
    the legal ones it sees. Its turn: no word or one of the words its look finds within its budget, then a
    legal ask of two letters drawn at random; its answer: one of the asked letters, a wall on any empty edge,
    or a pass, whichever is legal."""
    if view["result"] is not None:
        return None
    state = _position(view)
    warm(get_lexicon(view["options"]["dictionary"]), clock)
    if seat not in engine.actors(state):
        return None
    if state["phase"] == "answer":
        answers = [f"take {letter}" for letter in sorted(set(state["asked"]))] + _free_walls(state) + ["pass"]
        return _first_legal(engine, state, seat, rng.sample(answers, len(answers))) or "pass"
    found = _words(engine, state, seat, state["hands"][seat], clock, rng, insist=True)
    words = [text for _, text in found]
    if state["endgame"]:
        return _first_legal(engine, state, seat, rng.sample(words, len(words)) + ["pass"]) or "pass"
    word = rng.choice(words + [""])
    prefix = f"{word} " if word else ""
    letters = sorted(letter_set_for(view["options"]["dictionary"]).letters)
    asks = [f"{prefix}ask {rng.choice(letters)} {rng.choice(letters)}" for _ in range(40)]
    return _first_legal(engine, state, seat, asks) or _ask(engine, state, seat, word, rng, strong=False)


def _first_legal(engine: Engine, state: State, seat: int, moves: list[str]) -> str | None:
    for text in moves:
        try:
            engine.preview(state, seat, text)
            return text
        except IllegalMove:
            continue
    return None
