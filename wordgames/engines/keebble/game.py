"""The Keebble engine (Pandaqi's Keebble, rules/keebble.md): play a word from your hand, ask two letters;
every other player answers at once by taking one of them or placing a wall.

A turn has two phases. ``turn``: the mover writes ``8D WORD ask E X`` (or ``ask E X`` alone, or with
Supercells ``special c3 DW ask E X``). ``answer``: every other active player writes ``take E`` or ``wall c3 c4``
(``pass`` only when neither is possible); the next turn starts when all have answered. Once at least 10 edge
cells hold a letter the endgame starts: turns are words only (``pass`` when you cannot), and the game ends when
somebody is out of letters, or when every player passes in a row.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from ..core.engine import EndReason, Engine, MoveOutcome, Option, State, finish
from ..core.errors import IllegalMove
from ..core.grid import cell_name, column_name, parse_cell
from ..core.lexicon import DEFAULT_LEXICON, get_lexicon
from ..core.notation import PlaceMove, WordLetter, WordMove, parse_move
from ..core.options import validate
from ..core.tiles import LETTER_VALUES
from .board import CELLDANCE_WEIGHTS, SIZES, SPECIAL_NAMES, SPECIAL_WEIGHTS, edge_cells, generate, wall_key

Cell = tuple[int, int]
VOWELS = set("AEIOU")
HAND_LIMIT = 7
BACKPACK_SLOTS = 16
ENDGAME_EDGE_LETTERS = 10
FRAUD_RULES = ("different", "not_held", "one_held", "line")

OPTIONS: tuple[Option, ...] = (
    Option("board", "choice", "8x8", "Board", "8x4, 8x8 or 16x8 cells.", choices=("8x4", "8x8", "16x8")),
    Option("start", "choice", "generated", "Start", "generated: like the website (star, starting letters, walls, "
           "special cells); empty: a blank page.", choices=("generated", "empty")),
    Option("reading", "choice", "ltr", "Direction of play", "How words are oriented and read: ltr (left to right "
           "and top to bottom), rtl (right to left and top to bottom, for right-to-left alphabets), or both (a line of "
           "letters may read either way along it).", choices=("ltr", "rtl", "both")),
    Option("turn_order", "choice", "clockwise", "Turn order", "The order of turns round the table.",
           choices=("clockwise", "counterclockwise")),
    Option("dictionary", "str", DEFAULT_LEXICON, "Dictionary", "The word list words are checked against."),
    Option("letterfraud", "choice", "off", "Letterfraud", "Asking rules: any (satisfy one of the four each turn), "
           "different, not_held, one_held, line; or off.", choices=("off", "any") + FRAUD_RULES),
    Option("devils", "bool", False, "Dictionary Devils", "Cells remember who wrote them; +1 a letter when your "
           "word uses another player's letter; the final score is the sum of your cells."),
    Option("backpacks", "bool", False, "Tiny Backpacks", "16 slots: once 16 letters have come to you, no more."),
    Option("supercells", "bool", False, "Supercells", "Instead of a word, place a special cell (double/triple "
           "letter/word)."),
    Option("celldance", "bool", False, "Celldance", "More special cells: big ask, thief, destroyer, go again, "
           "garbage, blockade, collector (needs Supercells: turned on with it)."),
    Option("scrabble_scoring", "bool", False, "Scrabble Scoring", "Letters score their Scrabble values."),
)  # fmt: skip


class KeebbleEngine(Engine):
    name = "keebble"
    simultaneous = True  # every other player answers an ask at once
    title = "Keebble"
    min_players = 2
    max_players = 6
    options = OPTIONS

    # --- set-up -------------------------------------------------------------------------------------------

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        options = dict(options)
        if options.get("direction") in ("clockwise", "counterclockwise"):  # the name before "reading" existed
            options["turn_order"] = options.pop("direction")
        merged = validate(self.title, OPTIONS, options)
        if merged["celldance"]:
            merged["supercells"] = True  # "Requires Supercells. The website automatically does this for you."
        return merged

    def new_game(self, players: list[str], options: Mapping[str, Any], seed: int, bag: str | None = None) -> State:
        options = self.validate_options(options)
        n = len(players)
        self.check_players(n)
        width, height = SIZES[options["board"]]
        rng = random.Random(seed)
        board = generate(width, height, n, rng, special=options["supercells"], celldance=options["celldance"],
                         generated=options["start"] == "generated")  # fmt: skip
        weights = {letter: 1 / value for letter, value in LETTER_VALUES.items() if letter.isalpha()}
        hands = [rng.choices(list(weights), list(weights.values()), k=board["start_count"]) for _ in players]
        if bag:  # a record may fix the starting hands: letters dealt in seat order
            letters = [ch for ch in bag.upper() if ch.isalpha()]
            hands = [letters[i * board["start_count"] : (i + 1) * board["start_count"]] for i in range(n)]
        order = list(range(n)) if options["turn_order"] == "clockwise" else [0] + list(range(n - 1, 0, -1))
        cells = {name: {"letter": letter, "owner": None, "value": 0} for name, letter in board["letters"].items()}
        return {
            "players": list(players), "options": options, "seed": seed, "width": width, "height": height,
            "cells": cells, "special": board["special"], "walls": board["walls"], "destroyed": [],
            "hand_cells": board["hand_cells"], "star": board["star"], "hands": hands,
            "received": [len(h) for h in hands], "scores": [0] * n, "order": order, "turn": order[0],
            "phase": "turn", "asked": [], "asker": None, "answered": [False] * n, "endgame": False,
            "first_word": True, "passes": 0, "again": False, "active": [True] * n, "finished": False,
            "reason": "", "last": [],
        }  # fmt: skip

    # --- the board --------------------------------------------------------------------------------------------

    @staticmethod
    def _inside(state: State, cell: Cell) -> bool:
        return 0 <= cell[0] < state["width"] and 1 <= cell[1] <= state["height"]

    @staticmethod
    def _wall(state: State, a: Cell, b: Cell) -> bool:
        return wall_key(a, b) in state["walls"]

    def _playable(self, state: State, cell: Cell) -> bool:
        name = cell_name(*cell)
        return self._inside(state, cell) and name not in state["hand_cells"] and name not in state["destroyed"]

    def _run(self, state: State, letters: dict[str, str], cell: Cell, step: tuple[int, int]) -> list[Cell]:
        """The letters in a line through ``cell`` along ``step``, stopping at walls, gaps and the border."""
        c = cell
        while True:
            prev = (c[0] - step[0], c[1] - step[1])
            if not self._inside(state, prev) or cell_name(*prev) not in letters or self._wall(state, prev, c):
                break
            c = prev
        run = [c]
        while True:
            nxt = (run[-1][0] + step[0], run[-1][1] + step[1])
            if not self._inside(state, nxt) or cell_name(*nxt) not in letters or self._wall(state, run[-1], nxt):
                break
            run.append(nxt)
        return run

    def _letter_score(self, state: State, seat: int, letter: str) -> int:
        if state["options"]["scrabble_scoring"]:
            return LETTER_VALUES[letter]
        others = {ch for s, hand in enumerate(state["hands"]) if s != seat and state["active"][s] for ch in hand}
        if letter not in others:
            return 5
        return 1 if letter in VOWELS else 3

    # --- moves --------------------------------------------------------------------------------------------

    def actors(self, state: State) -> set[int]:
        if state["finished"]:
            return set()
        if state["phase"] == "answer":
            return {s for s, done in enumerate(state["answered"]) if not done and state["active"][s]}
        return {state["turn"]}

    def apply(self, state: State, seat: int, move: str) -> tuple[State, MoveOutcome]:
        if state["finished"]:
            raise IllegalMove("The game is over.")
        text = " ".join(move.split())
        if text.lower() == "resign":
            return self.resign(state, seat)
        if seat not in self.actors(state):
            waiting = ", ".join(state["players"][s] for s in sorted(self.actors(state)))
            raise IllegalMove(f"It is not your turn: waiting for {waiting}.")
        new = copy.deepcopy(state)
        if state["phase"] == "answer":
            outcome = self._answer(new, seat, text)
        else:
            outcome = self._turn(new, seat, text)
        return new, outcome

    def _turn(self, state: State, seat: int, text: str) -> MoveOutcome:
        tokens = text.split()
        lower = [t.lower() for t in tokens]
        name = state["players"][seat]
        if lower == ["pass"]:
            if not state["endgame"]:
                raise IllegalMove("You cannot pass: ask for two letters (ask E X), with or without a word first.")
            state["passes"] += 1
            outcome = MoveOutcome(seat=seat, move="pass", summary=f"{name} passed.")
            if state["passes"] >= sum(state["active"]):
                self._finish(state, EndReason.NO_WORDS, "nobody could play a word")
            else:
                self._next_turn(state)
            return outcome
        ask: list[str] = []
        if "ask" in lower:
            at = lower.index("ask")
            ask = [t.upper() for t in tokens[at + 1 :]]
            tokens, lower = tokens[:at], lower[:at]
        clauses = self._clauses(tokens)
        if state["endgame"] and (ask or clauses.get("special")):
            raise IllegalMove("In the endgame you only play a word: no asking, no special cells.")
        parts: list[str] = []
        summary: list[str] = []
        effects: set[str] = set()
        score = 0
        was_endgame = state["endgame"]
        state["last"] = []
        if clauses.get("special"):
            if state["endgame"]:
                raise IllegalMove("In the endgame you can only play a word.")
            cell_text, kind = clauses["special"]
            self._place_special(state, cell_text, kind)
            parts.append(f"special {cell_text.lower()} {kind}")
            summary.append(f"{name} made {cell_text.lower()} a {SPECIAL_NAMES[kind]} cell")
        elif clauses.get("word"):
            word_text = clauses["word"]
            score, words, effects, _ = self._word(state, seat, word_text, clauses)
            parts.append(self._canonical(word_text))
            listed = " and ".join(f"{w} ({p})" for w, p in words)
            summary.append(f"{name} played {listed} for {score} point{'s' if score != 1 else ''}")
            state["passes"] = 0
            for key in ("steal", "destroy", "blockade"):
                if clauses.get(key):
                    parts.append(clauses[key + "_text"])
        elif not ask:
            raise IllegalMove("Write a word and the letters you ask for (8D WORD ask E X), or ask E X alone.")
        if state["finished"]:
            return MoveOutcome(seat=seat, move=" ".join(parts), summary="; ".join(summary) + ".",
                               score=score, events={"last": state["last"]})  # fmt: skip
        if was_endgame and not clauses.get("special"):
            if ask:
                raise IllegalMove("In the endgame you only play a word: no asking.")
            if not clauses.get("word"):
                raise IllegalMove("In the endgame play a word, or pass if you cannot.")
            self._end_turn(state, seat, effects)
            return MoveOutcome(seat=seat, move=" ".join(parts), summary="; ".join(summary) + ".",
                               score=score, events={"last": state["last"]})  # fmt: skip
        wanted = 6 if "BIG" in effects else 2
        if not (len(ask) == 2 or ("BIG" in effects and 1 <= len(ask) <= 6)):
            raise IllegalMove("Ask for two letters: end your move with ask and two letters, e.g. ask E X."
                              if wanted == 2 else "Your word covered a big ask cell: ask for up to six letters.")
        for letter in ask:
            if len(letter) != 1 or not letter.isalpha():
                raise IllegalMove(f"{letter!r} is not a letter: ask for letters A to Z.")
        self._check_fraud(state, seat, ask)
        got = self._receive(state, seat, ask, collector="COLLECT" in effects)
        parts.append("ask " + " ".join(ask))
        summary.append(f"{name} asks {' '.join(ask)}" + ("" if len(got) == len(ask) else
                                                          f" (got {' '.join(got) or 'none'}: hand full)"))  # fmt: skip
        state["phase"], state["asked"], state["asker"] = "answer", ask, seat
        state["answered"] = [s == seat or not state["active"][s] for s in range(len(state["players"]))]
        state["again"] = "AGAIN" in effects
        if all(state["answered"]):
            self._next_turn(state)
        return MoveOutcome(seat=seat, move=" ".join(parts), summary="; ".join(summary) + ".",
                           score=score, events={"last": state["last"]})  # fmt: skip

    @staticmethod
    def _canonical(word_text: tuple[str, str]) -> str:
        parsed = _word_move(word_text)
        if len(parsed.letters) == 1:  # one letter: placement notation, "f4 S"
            return f"{cell_name(*parsed.start)} {parsed.letters[0].tile.letter}"
        col, row = parsed.start
        coordinate = f"{row}{column_name(col).upper()}" if parsed.across else f"{column_name(col).upper()}{row}"
        return f"{coordinate} {''.join(letter.tile.letter for letter in parsed.letters)}"

    def _clauses(self, tokens: list[str]) -> dict[str, Any]:
        """Split ``8D WORD steal bob E destroy c1 c2 blockade c3 A`` (or ``special c3 DW``) into parts."""
        clauses: dict[str, Any] = {}
        i = 0
        lower = [t.lower() for t in tokens]
        if lower[:1] == ["special"]:
            if len(tokens) != 3:
                raise IllegalMove("Write a special cell as special c3 DW (DL, TL, DW or TW).")
            clauses["special"] = (tokens[1], tokens[2].upper())
            return clauses
        if len(tokens) >= 2 and lower[0] not in ("steal", "destroy", "blockade"):
            clauses["word"] = (tokens[0], tokens[1])
            i = 2
        while i < len(tokens):
            key = lower[i]
            if key == "steal" and i + 2 < len(tokens):
                clauses["steal"] = (tokens[i + 1], tokens[i + 2].upper())
                clauses["steal_text"] = f"steal {tokens[i + 1]} {tokens[i + 2].upper()}"
                i += 3
            elif key == "destroy" and i + 2 < len(tokens):
                clauses["destroy"] = (tokens[i + 1], tokens[i + 2])
                clauses["destroy_text"] = f"destroy {tokens[i + 1].lower()} {tokens[i + 2].lower()}"
                i += 3
            elif key == "blockade":
                pairs = []
                i += 1
                while i + 1 < len(tokens) and lower[i] not in ("steal", "destroy"):
                    pairs.append((tokens[i], tokens[i + 1].upper()))
                    i += 2
                clauses["blockade"] = pairs
                clauses["blockade_text"] = "blockade " + " ".join(f"{c.lower()} {letter}" for c, letter in pairs)
            else:
                raise IllegalMove(f"I cannot read {' '.join(tokens)!r}: write 8D WORD ask E X (a word across from "
                                  "d8, then two letters), D8 WORD ... (down), or ask E X.")  # fmt: skip
        return clauses

    def _word(self, state: State, seat: int, word_text: tuple[str, str],
              clauses: dict[str, Any]) -> tuple[int, list[tuple[str, int]], set[str], list[Cell]]:  # fmt: skip
        parsed = _word_move(word_text)
        across_step = _across_step(state)
        step = across_step if parsed.across else (0, 1)
        cells = [(parsed.start[0] + i * step[0], parsed.start[1] + i * step[1]) for i in range(len(parsed.letters))]
        word = "".join(letter.tile.letter for letter in parsed.letters)
        letters = {name: data["letter"] for name, data in state["cells"].items()}
        new: list[Cell] = []
        for cell, letter in zip(cells, word):
            name = cell_name(*cell)
            if not self._inside(state, cell):
                raise IllegalMove(f"{word} runs off the board at {name}.")
            if name in state["hand_cells"]:
                raise IllegalMove(f"{name} is a player's hand cell: no letters there.")
            if name in state["destroyed"]:
                raise IllegalMove(f"{name} was destroyed: it cannot be used.")
            if name in letters:
                if letters[name] != letter:
                    raise IllegalMove(f"{word} needs {letter} at {name}, where {letters[name]} is.")
            else:
                new.append(cell)
        for a, b in zip(cells, cells[1:]):
            if self._wall(state, a, b):
                raise IllegalMove(f"A wall stands between {cell_name(*a)} and {cell_name(*b)}: no word runs across it.")
        if not new:
            raise IllegalMove(f"{word} is on the board already: play at least one letter from your hand.")
        hand = Counter(state["hands"][seat])
        needed = Counter(letters.get(cell_name(*c)) or word[cells.index(c)] for c in new)
        short = needed - hand
        if short:
            raise IllegalMove(f"You do not have {' '.join(sorted(short.elements()))} in your hand.")
        for end, inner in ((( cells[0][0] - step[0], cells[0][1] - step[1]), cells[0]),
                           ((cells[-1][0] + step[0], cells[-1][1] + step[1]), cells[-1])):  # fmt: skip
            if len(cells) > 1 and self._inside(state, end) and cell_name(*end) in letters and not self._wall(state, end, inner):
                raise IllegalMove(f"{word} runs on into the {letters[cell_name(*end)]} at {cell_name(*end)}: write "
                                  "the whole word, including the letters already there.")  # fmt: skip
        placed = dict(letters)
        for cell in new:
            placed[cell_name(*cell)] = word[cells.index(cell)]
        if state["first_word"]:
            targets = [state["star"]] if state["star"] else [cell_name(*c) for c in _centre(state)]
            if not any(cell_name(*c) in targets for c in cells):
                where = state["star"] if state["star"] else "one of the four centre squares " + ", ".join(targets)
                raise IllegalMove(f"The first word must cover {where}.")
        else:
            touches = len(new) < len(cells) or any(
                self._inside(state, n) and cell_name(*n) in letters and not self._wall(state, c, n)
                for c in new for n in ((c[0] + 1, c[1]), (c[0] - 1, c[1]), (c[0], c[1] + 1), (c[0], c[1] - 1))
            )
            if not touches:
                raise IllegalMove(f"{word} must connect to letters already on the board.")
        lexicon = get_lexicon(state["options"]["dictionary"])
        formed: list[list[Cell]] = []
        main = self._run(state, placed, cells[0], step)
        if len(main) >= 2:
            formed.append(main)
        cross_step = (0, 1) if parsed.across else across_step
        for cell in new:
            run = self._run(state, placed, cell, cross_step)
            if len(run) >= 2:
                formed.append(run)
        if not formed:
            raise IllegalMove("A play must form at least one word of two or more letters.")
        read: list[str] = []
        for run in formed:
            text = "".join(placed[cell_name(*c)] for c in run)
            if text in lexicon:
                read.append(text)
            elif state["options"].get("reading") == "both" and text[::-1] in lexicon:
                read.append(text[::-1])
            else:
                either = f" (nor is {text[::-1]})" if state["options"].get("reading") == "both" else ""
                raise IllegalMove(f"{text} is not in the dictionary{either}.")
        # Apply: the letters leave the hand and go on the board; special cells under new letters take effect.
        for cell in new:
            state["hands"][seat].remove(word[cells.index(cell)])
        effects: set[str] = set()
        multipliers: dict[str, str] = {}
        for cell in new:
            name = cell_name(*cell)
            kind = state["special"].pop(name, None)
            if kind:
                multipliers[name] = kind
                if kind in CELLDANCE_WEIGHTS:
                    effects.add(kind)
        devils = state["options"]["devils"]
        total = 0
        words = []
        for run, text in zip(formed, read):
            names = [cell_name(*c) for c in run]
            value = 0
            factor = 1
            for n in names:
                letter_value = self._letter_score(state, seat, placed[n])
                kind = multipliers.get(n)
                letter_value *= {"DL": 2, "TL": 3}.get(kind or "", 1)
                factor *= {"DW": 2, "TW": 3}.get(kind or "", 1)
                value += letter_value
            value *= factor
            total += value
            words.append((text, value))
        for cell in new:
            name = cell_name(*cell)
            letter = word[cells.index(cell)]
            value = self._letter_score(state, seat, letter) * {"DL": 2, "TL": 3}.get(multipliers.get(name, ""), 1)
            state["cells"][name] = {"letter": letter, "owner": seat, "value": value}
        if devils:
            for run in formed:
                names = [cell_name(*c) for c in run]
                if any(state["cells"][n]["owner"] not in (None, seat) for n in names):
                    for n in names:
                        if state["cells"][n]["owner"] == seat:
                            state["cells"][n]["value"] += 1
            state["scores"] = [sum(c["value"] for c in state["cells"].values() if c["owner"] == s)
                               for s in range(len(state["players"]))]  # fmt: skip
        else:
            state["scores"][seat] += total
        state["first_word"] = False
        state["last"] = [cell_name(*c) for c in new]
        self._effects(state, seat, effects, clauses, multipliers)
        edge_letters = sum(1 for c in edge_cells(state["width"], state["height"]) if cell_name(*c) in state["cells"])
        triggering = edge_letters >= ENDGAME_EDGE_LETTERS and not state["endgame"]
        if triggering:
            state["endgame"] = True
        if state["endgame"] and not triggering:
            self._out_of_letters(state)
        return total, words, effects, new

    def _out_of_letters(self, state: State) -> None:
        """"Once somebody is out of letters, the game ends" (checked in the endgame after each word, and when
        the turn that started the endgame is over)."""
        out = [s for s, hand in enumerate(state["hands"]) if state["active"][s] and not hand]
        if out:
            self._finish(state, EndReason.OUT_OF_TILES, f"{state['players'][out[0]]} is out of letters")

    def _effects(self, state: State, seat: int, effects: set[str], clauses: dict[str, Any],
                 specials: dict[str, str]) -> None:  # fmt: skip
        """Celldance cells under the new letters: thief, destroyer, garbage, blockade (big ask, go again and
        collector act later in the turn)."""
        if "THIEF" in effects:
            if clauses.get("steal"):
                victim, letter = clauses["steal"]
                if victim not in state["players"] or state["players"].index(victim) == seat:
                    raise IllegalMove(f"Steal from another player: {victim!r} is not one.")
                hand = state["hands"][state["players"].index(victim)]
                if letter not in hand:
                    raise IllegalMove(f"{victim} has no {letter} to steal.")
                hand.remove(letter)
                state["hands"][seat].append(letter)
            elif any(state["hands"][s] for s in range(len(state["players"])) if s != seat):
                raise IllegalMove("Your word covers a thief cell: add steal NAME LETTER (e.g. steal bob E).")
        elif clauses.get("steal"):
            raise IllegalMove("You can only steal when your word covers a thief cell.")
        if "DESTROY" in effects:
            if not clauses.get("destroy"):
                raise IllegalMove("Your word covers a destroyer cell: add destroy and two empty cells (destroy c1 c2).")
            for text in clauses["destroy"]:
                cell = parse_cell(text)
                name = cell_name(*cell)
                if not self._playable(state, cell) or name in state["cells"]:
                    raise IllegalMove(f"{name} is not an empty cell that can be destroyed.")
                state["destroyed"].append(name)
                state["special"].pop(name, None)
        elif clauses.get("destroy"):
            raise IllegalMove("You can only destroy cells when your word covers a destroyer cell.")
        if "GARBAGE" in effects:
            garbage_cell = next(name for name, kind in specials.items() if kind == "GARBAGE")
            letter = state["cells"][garbage_cell]["letter"]
            for hand in state["hands"]:
                hand[:] = [ch for ch in hand if ch != letter]
        if "BLOCKADE" in effects:
            for text, letter in clauses.get("blockade", [])[:3]:
                cell = parse_cell(text)
                name = cell_name(*cell)
                if not self._playable(state, cell) or name in state["cells"]:
                    raise IllegalMove(f"{name} is not an empty cell for a blockade letter.")
                if letter not in state["hands"][seat]:
                    raise IllegalMove(f"You have no {letter} for the blockade.")
                state["hands"][seat].remove(letter)
                state["cells"][name] = {"letter": letter, "owner": seat, "value": 0}
            if len(clauses.get("blockade", [])) > 3:
                raise IllegalMove("A blockade places at most 3 letters.")
        elif clauses.get("blockade"):
            raise IllegalMove("You can only place blockade letters when your word covers a blockade cell.")

    def _place_special(self, state: State, cell_text: str, kind: str) -> None:
        if not state["options"]["supercells"]:
            raise IllegalMove("Special cells are for the Supercells expansion, which is off in this game.")
        allowed = set(SPECIAL_WEIGHTS) | (set(CELLDANCE_WEIGHTS) if state["options"]["celldance"] else set())
        if kind not in allowed:
            raise IllegalMove(f"{kind} is not a special cell: choose one of {', '.join(sorted(allowed))}.")
        cell = parse_cell(cell_text)
        name = cell_name(*cell)
        if not self._playable(state, cell) or name in state["cells"] or name in state["special"]:
            raise IllegalMove(f"{name} is not an empty cell.")
        if kind in state["special"].values():
            raise IllegalMove(f"A {SPECIAL_NAMES[kind]} cell is already waiting on the board: pick another type.")
        state["special"][name] = kind

    def _check_fraud(self, state: State, seat: int, ask: list[str]) -> None:
        rule = state["options"]["letterfraud"]
        if rule == "off":
            return
        hand = set(state["hands"][seat])
        checks = {
            "different": (len(set(ask)) == len(ask), "the letters must all be different"),
            "not_held": (not (set(ask) & hand), "you cannot ask for a letter you already have"),
            "one_held": (sum(1 for a in ask if a in hand) <= 1, "you may ask for at most one letter you have"),
            "line": (self._in_a_line(state, ask), "the letters must be in a straight line on the board"),
        }
        if rule == "any":
            if not any(ok for ok, _ in checks.values()):
                raise IllegalMove("Letterfraud: your letters break every rule: " +
                                  "; ".join(reason for _, reason in checks.values()) + ".")  # fmt: skip
            return
        ok, reason = checks[rule]
        if not ok:
            raise IllegalMove(f"Letterfraud: {reason}.")

    def _in_a_line(self, state: State, ask: list[str]) -> bool:
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

    def _room(self, state: State, seat: int, collector: bool = False) -> int:
        if state["options"]["backpacks"]:
            return max(0, BACKPACK_SLOTS - state["received"][seat])
        if collector:
            return 99
        return max(0, HAND_LIMIT - len(state["hands"][seat]))

    def _receive(self, state: State, seat: int, letters: list[str], collector: bool = False) -> list[str]:
        got = letters[: self._room(state, seat, collector)]
        state["hands"][seat].extend(got)
        state["received"][seat] += len(got)
        return got

    def _answer(self, state: State, seat: int, text: str) -> MoveOutcome:
        tokens = text.split()
        lower = [t.lower() for t in tokens]
        name = state["players"][seat]
        if lower[:1] == ["take"] and len(tokens) == 2:
            letter = tokens[1].upper()
            if letter not in state["asked"]:
                raise IllegalMove(f"{letter} was not asked for: take one of {' or '.join(state['asked'])}.")
            if not self._room(state, seat):
                raise IllegalMove("Your hand is full: place a wall instead (wall c3 c4).")
            self._receive(state, seat, [letter])
            summary, canonical = f"{name} took {letter}.", f"take {letter}"
        elif lower[:1] == ["wall"] and len(tokens) == 3:
            a, b = parse_cell(tokens[1]), parse_cell(tokens[2])
            if not (self._inside(state, a) and self._inside(state, b)) or abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
                raise IllegalMove("A wall goes on the edge between two side-by-side cells of the board, e.g. wall c3 c4.")
            if self._wall(state, a, b):
                raise IllegalMove(f"There is a wall between {cell_name(*a)} and {cell_name(*b)} already.")
            state["walls"] = sorted(state["walls"] + [wall_key(a, b)])
            summary, canonical = f"{name} placed a wall between {cell_name(*a)} and {cell_name(*b)}.", \
                f"wall {cell_name(*a)} {cell_name(*b)}"
        elif lower == ["pass"]:
            if self._room(state, seat) or self._free_wall(state):
                raise IllegalMove("Take one of the letters asked for, or place a wall: you can do one of them.")
            summary, canonical = f"{name} could neither take a letter nor place a wall.", "pass"
        else:
            raise IllegalMove(f"Answer with take and one of the asked letters ({' or '.join(state['asked'])}), or "
                              "place a wall: wall c3 c4.")  # fmt: skip
        state["answered"][seat] = True
        if all(state["answered"]):
            self._next_turn(state)
        return MoveOutcome(seat=seat, move=canonical, summary=summary)

    def _free_wall(self, state: State) -> str | None:
        for r in range(1, state["height"] + 1):
            for c in range(state["width"]):
                for other in ((c + 1, r), (c, r + 1)):
                    if self._inside(state, other) and not self._wall(state, (c, r), other):
                        return f"wall {cell_name(c, r)} {cell_name(*other)}"
        return None

    def _end_turn(self, state: State, seat: int, effects: set[str]) -> None:
        state["again"] = "AGAIN" in effects
        self._next_turn(state)

    def _next_turn(self, state: State) -> None:
        state["phase"], state["asked"], state["asker"] = "turn", [], None
        state["answered"] = [False] * len(state["players"])
        if state["endgame"] and not state["finished"]:
            self._out_of_letters(state)
        if state["finished"]:
            return
        if state.pop("again", False):
            state["again"] = False
            return  # "Once this turn is done, immediately take another one"
        state["again"] = False
        order = state["order"]
        i = order.index(state["turn"])
        for step in range(1, len(order) + 1):
            nxt = order[(i + step) % len(order)]
            if state["active"][nxt]:
                state["turn"] = nxt
                return

    def _finish(self, state: State, end: EndReason, reason: str) -> None:
        finish(state, end, reason)
        state["phase"] = "over"

    def resign(self, state: State, seat: int) -> tuple[State, MoveOutcome]:
        if not state["active"][seat]:
            raise IllegalMove("You have left this game already.")
        new = copy.deepcopy(state)
        new["active"][seat] = False
        outcome = MoveOutcome(seat=seat, move="resign", summary=f"{state['players'][seat]} resigned.")
        if sum(new["active"]) < 2:
            self._finish(new, EndReason.RESIGNED, "too few players left")
        elif new["phase"] == "answer":
            new["answered"][seat] = True
            if new["asker"] == seat or all(new["answered"]):
                self._next_turn(new)
        elif new["turn"] == seat:
            self._next_turn(new)
        return new, outcome

    def timeout_move(self, state: State, seat: int) -> str | None:
        if state["phase"] == "answer":
            if self._room(state, seat):
                return f"take {state['asked'][0]}"
            return self._free_wall(state) or "pass"
        if state["endgame"]:
            return "pass"
        hand = set(state["hands"][seat])
        fresh = [ch for ch in "ETAOINSRHL" if ch not in hand]
        return f"ask {fresh[0]} {fresh[1]}" if len(fresh) >= 2 else None

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["finished"]:
            return None
        scores = list(state["scores"])
        standing = [s for s, on in zip(scores, state["active"]) if on] or scores
        best = max(standing)
        winners = [p for p, s in enumerate(scores) if s == best and state["active"][p]]
        return {"scores": scores, "winners": winners, "reason": state["reason"], "end": state.get("end")}

    # --- what everyone sees: hands are public in Keebble -----------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "players": state["players"], "options": state["options"], "width": state["width"],
            "height": state["height"], "cells": state["cells"], "special": state["special"],
            "walls": state["walls"], "destroyed": state["destroyed"], "hand_cells": state["hand_cells"],
            "star": state["star"], "hands": state["hands"], "scores": state["scores"], "turn": state["turn"],
            "phase": state["phase"], "asked": state["asked"], "asker": state["asker"],
            "answered": state["answered"], "endgame": state["endgame"], "active": state["active"],
            "last": state["last"], "room": [self._room(state, s) for s in range(len(state["players"]))],
            "result": self.result(state),
        }  # fmt: skip

    def render_text(self, state: State, seat: int | None) -> str:
        w, h = state["width"], state["height"]
        hand_of = {name: state["players"][s][0].lower() for s, name in enumerate(state["hand_cells"])}
        short = {"DL": "2l", "TL": "3l", "DW": "2w", "TW": "3w"}
        lines = ["    " + "".join(f"{column_name(c):<4}" for c in range(w)).rstrip()]
        for r in range(1, h + 1):
            row, below = f"{r:>2}  ", "    "
            for c in range(w):
                name = cell_name(c, r)
                if name in state["cells"]:
                    mark = state["cells"][name]["letter"]
                elif name in hand_of:
                    mark = f"[{hand_of[name]}]"
                elif name in state["destroyed"]:
                    mark = "#"
                elif name in state["special"]:
                    kind = state["special"][name]
                    mark = short.get(kind, kind[:2].lower())
                else:
                    mark = "*" if name == state["star"] else "."
                wall_right = c + 1 < w and self._wall(state, (c, r), (c + 1, r))
                row += f"{mark:<3}" + ("|" if wall_right else " ")
                below += ("---" if r < h and self._wall(state, (c, r), (c, r + 1)) else "   ") + " "
            lines.append(row.rstrip())
            if below.strip():
                lines.append(below.rstrip())
        lines.append("Hands: " + "; ".join(f"{n} [{''.join(hand) or '-'}] {score} pts"
                                          for n, hand, score in zip(state["players"], state["hands"],
                                                                    state["scores"])))  # fmt: skip
        if state["phase"] == "answer":
            lines.append(f"{state['players'][state['asker']]} asked {' '.join(state['asked'])}: take one, or place "
                         "a wall.")  # fmt: skip
        if state["endgame"]:
            lines.append("Endgame: words only.")
        lines.append("[x]: x's hand cell; | and ---: walls; *: the star; 2l 3l 2w 3w: special cells; #: destroyed.")
        return "\n".join(lines)

    def move_examples(self, state: State, seat: int | None) -> list[str]:
        if state["phase"] == "answer":
            letters = state["asked"] or ["E"]
            return [f"{'take ' + letters[0]:<17}take one of the letters asked for",
                    f"{'wall c3 c4':<17}a wall on the edge between c3 and c4"]  # fmt: skip
        if state["endgame"]:
            return ["4D WORD          a word across from d4 (endgame: words only)", "pass"]
        lines = ["4D WORD ask E X  a word across from d4, then ask two letters", "D4 WORD ask E X  a word down",
                 "ask E X          ask two letters without playing a word"]  # fmt: skip
        if state["options"]["supercells"]:
            lines.append("special c3 DW ask E X   a special cell instead of a word")
        return lines


def _word_move(word_text: tuple[str, str]) -> WordMove:
    """``8D WORD`` / ``D8 WORD``, or a single letter in placement notation (``f4 S``)."""
    parsed = parse_move(" ".join(word_text))
    if isinstance(parsed, PlaceMove) and len(parsed.placements) == 1:
        placement = parsed.placements[0]
        return WordMove(placement.cell, True, (WordLetter(placement.tile),))
    if not isinstance(parsed, WordMove) or any(letter.tile.blank for letter in parsed.letters):
        raise IllegalMove(f"I cannot read {' '.join(word_text)!r} as a word: write 8D WORD (across from d8), "
                          "D8 WORD (down) or f4 S (one letter).")  # fmt: skip
    return parsed


def _across_step(state: State) -> Cell:
    """The way an across word is written and read: rightwards, or leftwards with the option ``reading: rtl``.
    (``both`` writes rightwards and accepts a line that reads as a word either way.)"""
    return (-1, 0) if state["options"].get("reading") == "rtl" else (1, 0)


def _centre(state: State) -> list[Cell]:
    from .board import centre_cells

    return centre_cells(state["width"], state["height"])


ENGINE = KeebbleEngine()
