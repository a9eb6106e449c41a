"""Lexicon Crossing's computer players: build a crossword of all the seat's tiles, then call green light.

A crossword is grown word by word: a first word from the tiles, then words crossing letters already down,
each new letter clear of letters beside it (so no accidental words). Both levels start from the crossword they
have and add the newest tiles; when that fails they rebuild from scratch, again and again with the rng while
the budget lasts (taking words off its best crossword to make room, or starting afresh), keeping the best: all
tiles used first, then the score (points per word). Each word is chosen for the tiles it places and for the
value of the letters it crosses (the score counts the tiles in two words). quick adds the new tiles, then takes a
word off its best crossword and grows it again, and keeps the better of the two; strong keeps rebuilding for a
higher score. When the newest tiles do not simply fit (a Q with no U free, late in the game when the hand holds
nothing else), both levels first make room: a word comes off the crossword with whatever hangs on it alone, and
its letters and the hand go back, the hardest tile first (``_settle``). Without this, two computers each holding
a tile that fit nowhere could call neither green nor red light, and the idle clock resigned one of them in
about a game in five. A move is made only when it changes something: a better crossword (``grid``), ``green``
(or ``red`` when the pool is exhausted) once complete, a ``jaywalk`` of the tile it could not place when that is
allowed, ``done`` in the grace period; otherwise nothing.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..core.engine import Engine
from ..core.letters import letter_set_for
from ..core.lexicon import Lexicon, get_lexicon
from ..core.players import Clock, fit_words, warm
from ..core.tiles import BLANK
from . import crossword

Cell = tuple[int, int]  # (row, column)
Letters = dict[Cell, str]
LONGEST = 8
HARD = 5  # a tile worth this much (K, J, X, Q, Z) is hard to place: room is made for it with the letters it needs
SPELL = 5  # the longest words looked at to judge whether some letters could give a hard tile a place
LEAD = 3  # new letters before the first letter a word crosses: more is rarely needed, and slow


def _grow(grid: Letters, tiles: Counter[str], lexicon: Lexicon, rng: random.Random, clock: Clock) -> Letters:
    """Add words to ``grid`` from ``tiles`` (taken from it as they are used) until none fits."""
    grid = dict(grid)
    if not grid:
        first = _first_word(tiles, lexicon, rng, clock)
        if first is None:
            return grid
        for i, letter in enumerate(first):
            grid[(0, i)] = letter
            tiles[letter] -= 1
    while sum(tiles.values()) and not clock.over():
        move = _best_crossing(grid, tiles, lexicon, rng, clock)
        if move is None:
            break
        for cell, letter in move:
            grid[cell] = letter
            tiles[letter] -= 1
    return grid


def _value(lexicon: Lexicon) -> Callable[[str], int]:
    """A tile's points in the game's own letter set (its dictionary's: a French Q is not an English one)."""
    return letter_set_for(lexicon.name).value


def _score(rows: list[str], hand: int, lexicon: Lexicon) -> crossword.Score:
    """The crossword scored as the game scores it: by its letter set's values (English's would not know a
    Spanish Ñ)."""
    return crossword.score(rows, hand, lexicon, letter_set_for(lexicon.name).values)


def _hardest(tiles: Iterable[str], lexicon: Lexicon) -> str:
    """The tile hardest to place: the one worth most in the game's letter set."""
    value = _value(lexicon)
    return max(tiles, key=lambda t: (value(t), t))


def _worth(word: str, letters: list[str], value: Callable[[str], int]) -> float:
    return len(letters) + sum(value(ch) for ch in letters) / 10


def _first_word(tiles: Counter[str], lexicon: Lexicon, rng: random.Random, clock: Clock) -> str | None:
    share = Clock(min(clock.left(), clock.budget) / 4)
    value = _value(lexicon)
    found = [
        (w, _worth(w, list(w), value) + rng.random())
        for w, _ in fit_words(lexicon, [None] * 7, tiles, clock=share, rng=rng)
    ]
    return max(found, key=lambda f: f[1])[0] if found else None


def _best_crossing(
    grid: Letters, tiles: Counter[str], lexicon: Lexicon, rng: random.Random, clock: Clock, must: str | None = None
) -> list[tuple[Cell, str]] | None:
    """The best word crossing ``grid`` made of ``tiles`` (one that places ``must``, when given)."""
    worth = _value(lexicon)
    best: tuple[float, list[tuple[Cell, str]]] | None = None
    step = Clock(min(clock.left(), max(0.02, clock.budget / 10)))  # one word need not take the whole budget
    for window in _windows(grid, rng):
        if clock.over() or (step.over() and (best is not None or must is not None)):
            break
        for cells, word, new in _window_words(grid, window, tiles, lexicon, clock, rng):
            placed = [(cells[i], word[i]) for i in new]
            if must is not None and all(letter != must for _, letter in placed):
                continue
            # A letter crossed scores its value (rules: tiles in two words count): cross the dear ones.
            crossed = sum(worth(word[i]) for i in range(len(word)) if i not in new)
            value = _worth(word, [word[i] for i in new], worth) + crossed + rng.random()
            if best is None or value > best[0]:
                best = (value, placed)
    return best[1] if best else None


def _prune(grid: Letters, rng: random.Random, lexicon: Lexicon) -> Letters:
    """The crossword without one word's own letters (those it shares with no other word), when what is left
    is still one piece of valid words: room to place the tiles that would not fit."""
    words = crossword.words_of(_rows(grid))
    if len(words) < 2:
        return {}
    r0, c0 = min(r for r, _ in grid), min(c for _, c in grid)
    counts = Counter(cell for w in words for cell in w.cells)
    for word in rng.sample(words, len(words)):
        trial = dict(grid)
        for r, c in word.cells:
            if counts[(r, c)] == 1:
                del trial[(r + r0, c + c0)]
        rows = _rows(trial)
        if (
            trial
            and crossword.connected(rows)
            and not crossword.loose_tiles(rows)
            and not _score(rows, 0, lexicon).invalid
        ):
            return trial
    return {}


def _leaves(grid: Letters, lexicon: Lexicon) -> list[tuple[Letters, Counter[str]]]:
    """Every crossword left by taking one word's own letters off ``grid`` (those it shares with no other
    word), and with them every word that hung only on it (the largest piece stays), when what stays is still
    valid words; with the letters taken off."""
    rows = _rows(grid)
    words = crossword.words_of(rows)
    if len(words) < 2:
        return []
    r0, c0 = min(r for r, _ in grid), min(c for _, c in grid)
    counts = Counter(cell for w in words for cell in w.cells)
    found = []
    for word in words:
        trial = dict(grid)
        for r, c in word.cells:
            if counts[(r, c)] == 1:
                del trial[(r + r0, c + c0)]
        trial = _largest_piece(trial)
        rest = _rows(trial)
        if trial and not crossword.loose_tiles(rest) and not _score(rest, 0, lexicon).invalid:
            found.append((trial, Counter(grid.values()) - Counter(trial.values())))
    return found


def _largest_piece(grid: Letters) -> Letters:
    pieces: list[set[Cell]] = []
    seen: set[Cell] = set()
    for cell in grid:
        if cell in seen:
            continue
        piece, stack = {cell}, [cell]
        while stack:
            r, c = stack.pop()
            for near in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if near in grid and near not in piece:
                    piece.add(near)
                    stack.append(near)
        seen |= piece
        pieces.append(piece)
    keep = max(pieces, key=len, default=set())
    return {cell: grid[cell] for cell in keep}


def _hard_first(grid: Letters, tiles: Counter[str], lexicon: Lexicon, rng: random.Random, clock: Clock) -> Letters:
    """Like ``_grow``, but each word must place the hardest tile left (the highest value: Q, Z, J, X...) while
    one can. When a hard one (``HARD``) finds no place, give up: the next start is likelier to give it one
    than the other tiles are, and time is short; for an easier one, place any word, which may give it a place."""
    grid = dict(grid)
    while sum(tiles.values()) and not clock.over():
        hardest = _hardest(tiles.elements(), lexicon)
        move = _best_crossing(grid, tiles, lexicon, rng, clock, must=hardest)
        if move is None and _value(lexicon)(hardest) < HARD:
            move = _best_crossing(grid, tiles, lexicon, rng, clock)
        if move is None:
            break
        for cell, letter in move:
            grid[cell] = letter
            tiles[letter] -= 1
    return grid


def _settle(rows: list[str], hand: list[str], lexicon: Lexicon, rng: random.Random, clock: Clock) -> list[str] | None:
    """A complete crossword of the tiles of ``rows`` and ``hand``, when they will not simply fit (often one
    hard tile: a Q with no U free): take a word off the crossword, with any words hanging on it alone, and
    place its letters and the hand again, hardest first; each word in turn (first those whose letters make a
    word with the hardest tile, then the smallest changes), then two. The end of a game hangs on this: red
    light needs a complete crossword, and a tile that fits nowhere leaves both computers silent until the
    idle clock resigns one."""
    grid = crossword.letters(rows)
    if not grid or BLANK in hand:
        return None
    hardest = _hardest(hand, lexicon)
    started = time.thread_time()
    spellings = _spellings(lexicon, hardest) if _value(lexicon)(hardest) >= HARD else None
    clock.extend(time.thread_time() - started)  # once a process, like the prefix set (players.warm)

    def order(leaves: list[tuple[Letters, Counter[str]]]) -> list[tuple[Letters, Counter[str]]]:
        """Those whose letters could spell a word with the hardest tile (when it is hard), smallest first."""
        rng.shuffle(leaves)
        if spellings is not None:
            leaves = [
                (start, freed)
                for start, freed in leaves
                if _could_spell(spellings, freed + Counter(hand), set(start.values()))
            ]
        return sorted(leaves, key=lambda leaf: sum(leaf[1].values()))

    as_it_stands = [(grid, Counter[str]())] if spellings is not None else []  # (else the caller has tried it)
    singles = order(as_it_stands + _leaves(grid, lexicon))
    for start, freed in singles:
        if clock.over():
            return None
        found = _refill(start, Counter(hand) + freed, lexicon, rng, clock)
        if found is not None:
            return found
    for first, freed in singles:  # then two words off
        for start, more in order(_leaves(first, lexicon) if not clock.over() else []):
            if clock.over():
                return None
            found = _refill(start, Counter(hand) + freed + more, lexicon, rng, clock)
            if found is not None:
                return found
    return None


def _refill(
    start: Letters, tiles: Counter[str], lexicon: Lexicon, rng: random.Random, clock: Clock
) -> list[str] | None:
    built = _rows(_hard_first(start, tiles, lexicon, random.Random(rng.random()), clock))
    return built if not sum(tiles.values()) and _rank(built, 0, lexicon)[0] else None


_spelled: dict[tuple[str, str], list[Counter[str]]] = {}


def _spellings(lexicon: Lexicon, letter: str) -> list[Counter[str]]:
    """The letters of the words of ``lexicon`` with ``letter`` in them, up to ``SPELL`` long, leaving out any
    that holds the letters of a shorter one (what a set of tiles can spell with the shorter is all that is
    asked): a few dozen for Q. Kept for the last few (word list, letter) pairs."""
    key = (lexicon.name, letter)
    if key not in _spelled:
        if len(_spelled) >= 8:
            _spelled.pop(next(iter(_spelled)))
        spelt = {"".join(sorted(word)) for word in lexicon if letter in word and len(word) <= SPELL}
        fewest: list[Counter[str]] = []
        for letters in sorted(spelt, key=len):
            word = Counter(letters)
            if all(shorter - word for shorter in fewest):
                fewest.append(word)
        _spelled[key] = fewest
    return _spelled[key]


def _could_spell(spellings: list[Counter[str]], letters: Counter[str], anchors: set[str]) -> bool:
    """Some word of ``spellings`` is made of ``letters`` and at most one of the ``anchors`` (a letter on the
    crossword it would cross)."""
    for word in spellings:
        missing = word - letters
        if not missing or (sum(missing.values()) == 1 and next(iter(missing)) in anchors):
            return True
    return False


def _rows(grid: Letters) -> list[str]:
    if not grid:
        return []
    r0, c0 = min(r for r, _ in grid), min(c for _, c in grid)
    r1, c1 = max(r for r, _ in grid), max(c for _, c in grid)
    return ["".join(grid.get((r, c), ".") for c in range(c0, c1 + 1)) for r in range(r0, r1 + 1)]


def _rank(rows: list[str], hand: int, lexicon: Lexicon) -> tuple[bool, float]:
    """(complete, score): complete crosswords first, then points per word, the points by the game's letter set."""
    score = _score(rows, hand, lexicon)
    complete = (
        hand == 0 and bool(rows) and crossword.connected(rows) and not crossword.loose_tiles(rows) and not score.invalid
    )
    return complete, score.value


def _choose(view: dict[str, Any], seat: int, rng: random.Random, clock: Clock, tries: int) -> str | None:
    if view["result"] is not None or not view["active"][seat] or view["done"][seat]:
        return None
    lexicon = get_lexicon(view["options"]["dictionary"])
    warm(lexicon, clock)
    rows = list(view["grid"])
    hand = list(view["hand"])
    current = _rank(rows, len(hand), lexicon)
    if current[0] and (view["phase"] == "red" or not hand):
        light = _light(view)
        if light is not None:
            return light
    everything = crossword.tiles_of(rows) + Counter(hand)
    best_rows, best_rank = rows, current
    # A few tiles with a hard one among them (a Q late in the game) rarely fit as the crossword stands, and a
    # search for a place among its letters alone can take a short budget whole: make room for them first.
    value = _value(lexicon)
    stranded = bool(rows) and 0 < len(hand) <= 3 and max(value(t) for t in hand) >= HARD
    if stranded:
        settled = _settle(rows, hand, lexicon, random.Random(rng.random()), clock)
        if settled is not None:
            best_rows, best_rank = settled, _rank(settled, 0, lexicon)
    attempts = 0
    grid = crossword.letters(rows)
    while attempts < tries and not clock.over():
        # First: keep the crossword and add the new tiles; then rebuild from nothing.
        # Then, in turn: take a word off the best crossword yet and grow it again, or start afresh.
        start = grid if attempts == 0 else {}
        if attempts % 2 == 1 and best_rows:
            start = _prune(crossword.letters(best_rows), random.Random(rng.random()), lexicon)
        tiles = Counter(everything) - Counter(start.values())
        tiles[BLANK] = 0  # blanks stay in the hand (a jaywalk returns them)
        built = _grow(start, tiles, lexicon, random.Random(rng.random()), clock)
        candidate = _rows(built)
        left = sum(everything.values()) - sum(1 for _ in built)
        rank = _rank(candidate, left, lexicon)
        if rank > best_rank:
            best_rows, best_rank = candidate, rank
        attempts += 1
        if attempts == 1 and not best_rank[0] and hand and not stranded:  # the tiles did not simply fit
            settled = _settle(rows, hand, lexicon, random.Random(rng.random()), clock)
            if settled is not None and _rank(settled, 0, lexicon) > best_rank:
                best_rows, best_rank = settled, _rank(settled, 0, lexicon)
    if best_rows != rows and best_rank > current:
        return crossword.notation(best_rows)
    if view["phase"] == "red":
        return "done"
    if not current[0] and view["can_jaywalk"] and hand:
        worst = max(hand, key=lambda t: (t == BLANK, value(t), t))
        return f"jaywalk {worst}"
    return None


def _light(view: dict[str, Any]) -> str | None:
    """What a complete crossword calls for: done in the grace period, else green light, or red light."""
    if view["phase"] == "red":
        return "done"
    if view["can_green"]:
        return "green"
    return "red" if view["pool_exhausted"] else None


def quick(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    return _choose(view, seat, rng, clock, tries=2)


def strong(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    return _choose(view, seat, rng, clock, tries=1000)


def random_move(engine: Engine, view: dict[str, Any], seat: int, *, rng: random.Random, clock: Clock) -> str | None:
    """The strength bench's yardstick, never offered to players: it keeps its crossword and adds the new tiles
    word by word, each word picked uniformly at random among the crossings its look finds (not the best), and
    starts afresh at random when they will not all fit. Complete, it calls the light the rules allow; stuck, it
    jaywalks a random tile when it may, says ``done`` in the grace period, or plays what it placed."""
    if view["result"] is not None or not view["active"][seat] or view["done"][seat]:
        return None
    lexicon = get_lexicon(view["options"]["dictionary"])
    warm(lexicon, clock)
    rows = list(view["grid"])
    hand = list(view["hand"])
    current = _rank(rows, len(hand), lexicon)
    if current[0] and (view["phase"] == "red" or not hand):
        return _light(view)
    everything = crossword.tiles_of(rows) + Counter(hand)
    everything[BLANK] = 0  # blanks stay in the hand (a jaywalk returns them)
    best_rows, best_left = rows, len(hand)
    for start in (crossword.letters(rows), {}, {}):
        if clock.over():
            break
        tiles = Counter(everything) - Counter(start.values())
        built = _random_grow(start, tiles, lexicon, random.Random(rng.random()), clock)
        left = sum(everything.values()) - len(built) + hand.count(BLANK)
        if left < best_left and _rank(_rows(built), left, lexicon)[1] > float("-inf"):
            best_rows, best_left = _rows(built), left
        if left == 0:
            break
    if best_rows != rows and _rank(best_rows, best_left, lexicon) != current:
        return crossword.notation(best_rows)
    if view["phase"] == "red":
        return "done"
    if view["can_jaywalk"] and hand:
        return f"jaywalk {rng.choice(hand)}"
    return None


def _random_grow(grid: Letters, tiles: Counter[str], lexicon: Lexicon, rng: random.Random, clock: Clock) -> Letters:
    """``_grow`` with each word picked at random among those found, not the best."""
    grid = dict(grid)
    if not grid:
        words = [w for w, _ in fit_words(lexicon, [None] * 7, tiles, clock=Clock(clock.left() / 4), rng=rng)]
        if not words:
            return grid
        for i, letter in enumerate(rng.choice(words)):
            grid[(0, i)] = letter
            tiles[letter] -= 1
    while sum(tiles.values()) and not clock.over():
        moves = _crossings(grid, tiles, lexicon, rng, Clock(min(clock.left(), max(0.02, clock.budget / 10))))
        if not moves:
            break
        for cell, letter in rng.choice(moves):
            grid[cell] = letter
            tiles[letter] -= 1
    return grid


def _windows(grid: Letters, rng: random.Random) -> list[tuple[bool, int, int]]:
    """Where a word crossing ``grid`` may start (across or down, its line, its first cell), in a random order."""
    rows = [r for r, _ in grid]
    cols = [c for _, c in grid]
    windows = []
    for across in (True, False):
        lines = range(min(rows) - 1, max(rows) + 2) if across else range(min(cols) - 1, max(cols) + 2)
        span = (min(cols), max(cols)) if across else (min(rows), max(rows))
        for line in lines:
            for start in range(span[0] - LEAD, span[1] + 1):
                windows.append((across, line, start))
    rng.shuffle(windows)
    return windows


def _window_words(
    grid: Letters,
    window: tuple[bool, int, int],
    tiles: Counter[str],
    lexicon: Lexicon,
    clock: Clock,
    rng: random.Random,
) -> Iterator[tuple[list[Cell], str, list[int]]]:
    """The words of ``tiles`` written from ``window`` through a letter of ``grid`` (none when the window does not
    start a word there): the window's cells, the word, and the positions of its new letters."""
    across, line, start = window
    cells = [((line, start + i) if across else (start + i, line)) for i in range(LONGEST)]
    if ((line, start - 1) if across else (start - 1, line)) in grid:
        return
    slots = [grid.get(c) for c in cells]
    fixed = [i for i, s in enumerate(slots) if s]
    if not fixed or fixed[0] > LEAD:
        return

    def usable(i: int) -> bool:
        r, c = cells[i]
        sides = ((r - 1, c), (r + 1, c)) if across else ((r, c - 1), (r, c + 1))
        return not any(s in grid for s in sides)

    def can_end(n: int) -> bool:
        if n <= fixed[0]:
            return False
        if n < len(cells):
            return slots[n] is None
        r, c = cells[-1]
        return ((r, c + 1) if across else (r + 1, c)) not in grid

    for word, new in fit_words(lexicon, slots, tiles, usable=usable, can_end=can_end, clock=clock, rng=rng):
        yield cells, word, new


def _crossings(
    grid: Letters, tiles: Counter[str], lexicon: Lexicon, rng: random.Random, clock: Clock
) -> list[list[tuple[Cell, str]]]:
    """Words crossing ``grid`` made of ``tiles`` (the new letters of each), as many as the clock allows."""
    found: list[list[tuple[Cell, str]]] = []
    for window in _windows(grid, rng):
        if clock.over() and found:
            break
        for cells, word, new in _window_words(grid, window, tiles, lexicon, clock, rng):
            found.append([(cells[i], word[i]) for i in new])
    return found
