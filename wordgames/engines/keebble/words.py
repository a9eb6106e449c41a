"""Playing a word: where its letters may go, which words it forms, and what they score.

rules/keebble.md, Placement: "All letters must be on the same line ... You must form at least one new word.
Every word you form must be valid. You score for all new words formed." "The first word (of the game) must cover
one of the four center squares" (the star, on a generated board). "After that, words must connect to existing
letters." Walls make two cells not adjacent.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from wordgames.engines.core.text import quote

from ..core.errors import IllegalMove
from ..core.grid import cell_name, column_name
from ..core.lexicon import get_lexicon
from ..core.notation import PlaceMove, WordLetter, WordMove, parse_move
from .board import CELLDANCE_WEIGHTS, across_step, centre_cells, inside, run, wall_between
from .hands import letter_score
from .refusals import KeebbleRefusal

State = dict[str, Any]
Cell = tuple[int, int]
LETTER_FACTORS = {"DL": 2, "TL": 3}
WORD_FACTORS = {"DW": 2, "TW": 3}


@dataclass
class Played:
    """A word on the board: its points, the words formed with theirs, the special cells its letters covered."""

    total: int
    words: list[tuple[str, int]]
    covered: dict[str, str]  # cell name -> special cell kind

    @property
    def effects(self) -> set[str]:
        """The Celldance cells covered (their effects follow the word)."""
        return {kind for kind in self.covered.values() if kind in CELLDANCE_WEIGHTS}


def parse_word(word_text: tuple[str, str]) -> WordMove:
    """``8D WORD`` / ``D8 WORD``, or a single letter in placement notation (``f4 S``)."""
    parsed = parse_move(" ".join(word_text))
    if isinstance(parsed, PlaceMove) and len(parsed.placements) == 1:
        placement = parsed.placements[0]
        return WordMove(placement.cell, True, (WordLetter(placement.tile),))
    if not isinstance(parsed, WordMove) or any(letter.tile.blank for letter in parsed.letters):
        raise IllegalMove(KeebbleRefusal.WORD_UNREADABLE, text=quote(" ".join(word_text)))
    return parsed


def canonical(word_text: tuple[str, str]) -> str:
    parsed = parse_word(word_text)
    if len(parsed.letters) == 1:  # one letter: placement notation, "f4 S"
        return f"{cell_name(*parsed.start)} {parsed.letters[0].tile.letter}"
    col, row = parsed.start
    coordinate = f"{row}{column_name(col).upper()}" if parsed.across else f"{column_name(col).upper()}{row}"
    return f"{coordinate} {''.join(letter.tile.letter for letter in parsed.letters)}"


def play_word(state: State, seat: int, word_text: tuple[str, str]) -> Played:
    """Check the word for ``seat``, put it on the board and score it (``state`` is changed only if it is legal,
    up to the Celldance effects, which the turn applies next)."""
    parsed = parse_word(word_text)
    step = across_step(state) if parsed.across else (0, 1)
    cells = [(parsed.start[0] + i * step[0], parsed.start[1] + i * step[1]) for i in range(len(parsed.letters))]
    word = "".join(letter.tile.letter for letter in parsed.letters)
    letters = {name: data["letter"] for name, data in state["cells"].items()}
    new = _new_cells(state, cells, word, letters)
    _check_hand(state, seat, [word[cells.index(c)] for c in new])
    _check_whole_word(state, cells, step, word, letters)
    _check_connected(state, cells, new, word, letters)
    placed = dict(letters) | {cell_name(*c): word[cells.index(c)] for c in new}
    cross_step = (0, 1) if parsed.across else across_step(state)
    formed = [
        line
        for line in [run(state, placed, cells[0], step)] + [run(state, placed, c, cross_step) for c in new]
        if len(line) >= 2
    ]
    if not formed:
        raise IllegalMove(KeebbleRefusal.NO_WORD_FORMED)
    read = _read(state, formed, placed)
    for cell in new:
        state["hands"][seat].remove(word[cells.index(cell)])
    covered = {cell_name(*c): kind for c in new if (kind := state["special"].pop(cell_name(*c), None))}
    scored = _word_scores(state, seat, formed, placed, covered)
    _write(state, seat, {cell_name(*c): word[cells.index(c)] for c in new}, covered)
    total = sum(scored)
    _settle_scores(state, seat, formed, total)
    state["first_word"] = False
    state["last"] = [cell_name(*c) for c in new]
    return Played(total, list(zip(read, scored)), covered)


def _new_cells(state: State, cells: list[Cell], word: str, letters: dict[str, str]) -> list[Cell]:
    """The cells the word's new letters go to; the letters already there must match."""
    new: list[Cell] = []
    for cell, letter in zip(cells, word):
        name = cell_name(*cell)
        if not inside(state, cell):
            raise IllegalMove(KeebbleRefusal.OFF_THE_BOARD, word=word, cell=name)
        if name in state["hand_cells"]:
            raise IllegalMove(KeebbleRefusal.HAND_CELL, cell=name)
        if name in state["destroyed"]:
            raise IllegalMove(KeebbleRefusal.DESTROYED_CELL, cell=name)
        if name not in letters:
            new.append(cell)
        elif letters[name] != letter:
            raise IllegalMove(KeebbleRefusal.LETTER_MISMATCH, word=word, letter=letter, cell=name, there=letters[name])
    for a, b in zip(cells, cells[1:]):
        if wall_between(state, a, b):
            raise IllegalMove(KeebbleRefusal.WALL_ACROSS_WORD, first=cell_name(*a), second=cell_name(*b))
    if not new:
        raise IllegalMove(KeebbleRefusal.NOTHING_NEW, word=word)
    return new


def _check_hand(state: State, seat: int, needed: list[str]) -> None:
    short = Counter(needed) - Counter(state["hands"][seat])
    if short:
        raise IllegalMove(KeebbleRefusal.NOT_IN_HAND, letters=" ".join(sorted(short.elements())))


def _check_whole_word(state: State, cells: list[Cell], step: Cell, word: str, letters: dict[str, str]) -> None:
    """A word written from the middle of a longer line would hide the letters it runs on into."""
    if len(cells) < 2:
        return
    for end, inner in (
        ((cells[0][0] - step[0], cells[0][1] - step[1]), cells[0]),
        ((cells[-1][0] + step[0], cells[-1][1] + step[1]), cells[-1]),
    ):
        if inside(state, end) and cell_name(*end) in letters and not wall_between(state, end, inner):
            raise IllegalMove(KeebbleRefusal.RUNS_ON, word=word, letter=letters[cell_name(*end)], cell=cell_name(*end))


def _check_connected(state: State, cells: list[Cell], new: list[Cell], word: str, letters: dict[str, str]) -> None:
    if state["first_word"]:
        targets = (
            [state["star"]] if state["star"] else [cell_name(*c) for c in centre_cells(state["width"], state["height"])]
        )
        if not any(cell_name(*c) in targets for c in cells):
            if state["star"]:
                raise IllegalMove(KeebbleRefusal.FIRST_WORD_STAR, cell=state["star"])
            raise IllegalMove(KeebbleRefusal.FIRST_WORD_CENTRE, cells=", ".join(targets))
        return
    touches = len(new) < len(cells) or any(
        inside(state, n) and cell_name(*n) in letters and not wall_between(state, c, n)
        for c in new
        for n in ((c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1), (c[0], c[1] - 1))
    )
    if not touches:
        raise IllegalMove(KeebbleRefusal.MUST_CONNECT, word=word)


def _read(state: State, formed: list[list[Cell]], placed: dict[str, str]) -> list[str]:
    """Each word formed as the dictionary knows it (with ``reading: both``, a line may read backwards)."""
    lexicon = get_lexicon(state["options"]["dictionary"])
    both = state["options"].get("reading") == "both"
    read: list[str] = []
    for line in formed:
        text = "".join(placed[cell_name(*c)] for c in line)
        if text in lexicon:
            read.append(text)
        elif both and text[::-1] in lexicon:
            read.append(text[::-1])
        else:
            if both:
                raise IllegalMove(KeebbleRefusal.NOT_IN_DICTIONARY_EITHER_WAY, word=text, reversed=text[::-1])
            raise IllegalMove(KeebbleRefusal.NOT_IN_DICTIONARY, word=text)
    return read


def _word_scores(
    state: State, seat: int, formed: list[list[Cell]], placed: dict[str, str], covered: dict[str, str]
) -> list[int]:
    """Each word's points. A letter cell counts in every word through it; a word cell "doubles (triples) the
    value of the first word that uses it": the word as written, else the first cross word through it."""
    used: set[str] = set()
    scores = []
    for line in formed:
        value, factor = 0, 1
        for name in (cell_name(*c) for c in line):
            kind = covered.get(name, "")
            value += letter_score(state, seat, placed[name]) * LETTER_FACTORS.get(kind, 1)
            if kind in WORD_FACTORS and name not in used:
                factor *= WORD_FACTORS[kind]
                used.add(name)
        scores.append(value * factor)
    return scores


def _write(state: State, seat: int, new: dict[str, str], covered: dict[str, str]) -> None:
    """The new letters go on the board, each cell remembering its writer and its letter's value (Devils)."""
    for name, letter in new.items():
        value = letter_score(state, seat, letter) * LETTER_FACTORS.get(covered.get(name, ""), 1)
        state["cells"][name] = {"letter": letter, "owner": seat, "value": value}


def _settle_scores(state: State, seat: int, formed: list[list[Cell]], total: int) -> None:
    """Dictionary Devils: "any letter from another player makes all your letters worth +1 point", and the score
    is the sum of your cells; otherwise the word's points are added."""
    if not state["options"]["devils"]:
        state["scores"][seat] += total
        return
    for line in formed:
        names = [cell_name(*c) for c in line]
        if any(state["cells"][n]["owner"] not in (None, seat) for n in names):
            for n in names:
                if state["cells"][n]["owner"] == seat:
                    state["cells"][n]["value"] += 1
    state["scores"] = [
        sum(c["value"] for c in state["cells"].values() if c["owner"] == s) for s in range(len(state["players"]))
    ]
