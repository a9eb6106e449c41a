"""The Keebble engine (Pandaqi's Keebble, rules/keebble.md): play a word from your hand, ask two letters;
every other player answers at once by taking one of them or placing a wall.

A turn has two phases. ``turn``: the mover writes ``8D WORD ask E X`` (or ``ask E X`` alone, or with
Supercells ``special c3 DW ask E X``). ``answer``: every other active player writes ``take E`` or ``wall c3 c4``
(``pass`` only when neither is possible); the next turn starts when all have answered. Once at least 10 edge
cells hold a letter the endgame starts: turns are words only (``pass`` when you cannot), and the game ends when
somebody is out of letters, or when every player passes in a row.

This module holds the engine's doors (set-up, whose move, resigning, what each seat sees); the rules live by
concept: ``words`` (placing and scoring a word), ``turn`` (the mover's turn, the endgame, the next turn),
``answers`` (take or wall), ``asking`` (Letterfraud), ``hands`` (the hand limit and backpacks), ``expansions``
(Supercells and Celldance) and ``board`` (the generator and the board's geometry).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from wordgames.engines.core.rng import Seed, draws

from ..core.engine import EndReason, Engine, MoveOutcome, Option, State
from ..core.errors import IllegalMove
from ..core.grid import cell_name, column_name
from ..core.legend import Legend
from ..core.letters import letter_set_for
from ..core.lexicon import DEFAULT_LEXICON
from ..core.options import validate
from ..core.refusals import Listing, Phrase, Refusal, Value
from ..core.sentences import Said, phrase
from .answers import answer, free_wall, reveal
from .asking import FRAUD_RULES
from .board import SIZES, generate, letter_weights, wall_between
from .hands import room
from .refusals import KeebbleRefusal
from .said import KeebbleSaid
from .turn import end_game, next_turn, play_turn

OPTIONS: tuple[Option, ...] = (
    Option("board", "choice", "8x8", "Board", "8x4, 8x8 or 16x8 cells.", choices=("8x4", "8x8", "16x8")),
    Option(
        "start",
        "choice",
        "generated",
        "Start",
        "generated: like the website (star, starting letters, walls, special cells); empty: a blank page.",
        choices=("generated", "empty"),
    ),
    Option(
        "reading",
        "choice",
        "ltr",
        "Direction of play",
        "How words are oriented and read: ltr (left to right "
        "and top to bottom), rtl (right to left and top to bottom, for right-to-left alphabets), or both (a line of "
        "letters may read either way along it).",
        choices=("ltr", "rtl", "both"),
    ),
    Option(
        "turn_order",
        "choice",
        "clockwise",
        "Turn order",
        "The order of turns round the table.",
        choices=("clockwise", "counterclockwise"),
    ),
    Option("dictionary", "str", DEFAULT_LEXICON, "Dictionary", "The word list words are checked against."),
    Option(
        "wall_edges",
        "choice",
        "empty",
        "Walls",
        "Where an answering player may place a wall: empty (on an "
        "empty edge, never between two letters already on the board) or any (any edge without a wall, also "
        "between two letters).",
        choices=("empty", "any"),
    ),
    Option(
        "letterfraud",
        "choice",
        "off",
        "Letterfraud",
        "Asking rules: any (satisfy one of the four each turn), different, not_held, one_held, line; or off.",
        choices=("off", "any") + FRAUD_RULES,
    ),
    Option(
        "devils",
        "bool",
        False,
        "Dictionary Devils",
        "Cells remember who wrote them; +1 a letter when your "
        "word uses another player's letter; the final score is the sum of your cells.",
    ),
    Option("backpacks", "bool", False, "Tiny Backpacks", "16 slots: once 16 letters have come to you, no more."),
    Option(
        "supercells",
        "bool",
        False,
        "Supercells",
        "Instead of a word, place a special cell (double/triple letter/word).",
    ),
    Option(
        "celldance",
        "bool",
        False,
        "Celldance",
        "More special cells: big ask, thief, destroyer, go again, "
        "garbage, blockade, collector (needs Supercells: turned on with it).",
    ),
    Option("scrabble_scoring", "bool", False, "Scrabble Scoring", "Letters score their Scrabble values."),
)


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

    def new_game(self, players: list[str], options: Mapping[str, Any], seed: Seed, bag: str | None = None) -> State:
        options = self.validate_options(options)
        n = len(players)
        self.check_players(n)
        width, height = SIZES[options["board"]]
        rng = draws(seed, "board", legacy=seed)
        letter_set = letter_set_for(options["dictionary"])
        board = generate(
            width,
            height,
            n,
            rng,
            special=options["supercells"],
            celldance=options["celldance"],
            generated=options["start"] == "generated",
            letter_set=letter_set,
        )
        weights = letter_weights(letter_set)
        hands = [rng.choices(list(weights), list(weights.values()), k=board["start_count"]) for _ in players]
        if bag:  # a record may fix the starting hands: letters dealt in seat order
            letters = [ch for ch in letter_set.normalise(bag) if ch.isalpha()]
            hands = [letters[i * board["start_count"] : (i + 1) * board["start_count"]] for i in range(n)]
        order = list(range(n)) if options["turn_order"] == "clockwise" else [0] + list(range(n - 1, 0, -1))
        cells = {name: {"letter": letter, "owner": None, "value": 0} for name, letter in board["letters"].items()}
        return {
            "players": list(players),
            "options": options,
            "seed": seed,
            "width": width,
            "height": height,
            "cells": cells,
            "special": board["special"],
            "walls": board["walls"],
            "destroyed": [],
            "hand_cells": board["hand_cells"],
            "star": board["star"],
            "hands": hands,
            "received": [len(h) for h in hands],
            "scores": [0] * n,
            "order": order,
            "turn": order[0],
            "phase": "turn",
            "asked": [],
            "asker": None,
            "answered": [False] * n,
            "endgame": False,
            "first_word": True,
            "passes": 0,
            "again": False,
            "active": [True] * n,
            "finished": False,
            "reason": "",
            "last": [],
        }

    # --- moves --------------------------------------------------------------------------------------------

    def actors(self, state: State) -> set[int]:
        if state["finished"]:
            return set()
        if state["phase"] == "answer":
            return {s for s, done in enumerate(state["answered"]) if not done and state["active"][s]}
        return {state["turn"]}

    def apply(self, state: State, seat: int, move: str) -> tuple[State, MoveOutcome]:
        if state["finished"]:
            raise IllegalMove(Refusal.GAME_OVER)
        text = letter_set_for(state["options"]["dictionary"]).fold_text(" ".join(move.split()))
        if text.lower() == "resign":
            return self.resign(state, seat)
        if seat not in self.actors(state):
            waiting = ", ".join(state["players"][s] for s in sorted(self.actors(state)))
            raise IllegalMove(KeebbleRefusal.NOT_YOUR_TURN, players=waiting)
        new = copy.deepcopy(state)
        if state["phase"] == "answer":
            outcome = answer(new, seat, text)
        else:
            outcome = play_turn(new, seat, text)
        return new, outcome

    def resign(self, state: State, seat: int) -> tuple[State, MoveOutcome]:
        if not state["active"][seat]:
            raise IllegalMove(Refusal.LEFT_ALREADY)
        new = copy.deepcopy(state)
        new["active"][seat] = False
        name = state["players"][seat]
        outcome = MoveOutcome(seat=seat, move="resign", said=phrase(Said.RESIGNED, name=name))
        if sum(new["active"]) < 2:
            end_game(new, EndReason.RESIGNED, phrase(Said.TOO_FEW_LEFT))
        elif new["phase"] == "answer":
            new["answered"][seat] = True
            new.get("sealed", {}).pop(str(seat), None)
            if new["asker"] == seat or all(new["answered"]):
                told = reveal(new)
                if told:
                    outcome = MoveOutcome(
                        seat=seat,
                        move="resign",
                        said=phrase(KeebbleSaid.RESIGNED_ANSWERS, name=name, answers=Listing(tuple(told), "space")),
                    )
                next_turn(new)
        elif new["turn"] == seat:
            next_turn(new)
        return new, outcome

    def timeout_move(self, state: State, seat: int) -> str | None:
        if state["phase"] == "answer":
            if room(state, seat):
                return f"take {state['asked'][0]}"
            return free_wall(state) or "pass"
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
        return {
            "scores": scores,
            "winners": winners,
            "reason": state["reason"],
            "end": state.get("end"),
            "reason_said": state.get("reason_said"),
        }

    # --- what everyone sees: hands are public in Keebble -----------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return {
            "players": state["players"],
            "options": state["options"],
            "width": state["width"],
            "height": state["height"],
            "cells": state["cells"],
            "special": state["special"],
            "walls": state["walls"],
            "destroyed": state["destroyed"],
            "hand_cells": state["hand_cells"],
            "star": state["star"],
            "hands": state["hands"],
            "scores": state["scores"],
            "turn": state["turn"],
            "phase": state["phase"],
            "asked": state["asked"],
            "asker": state["asker"],
            "answered": state["answered"],
            "endgame": state["endgame"],
            "active": state["active"],
            "last": state["last"],
            "room": [room(state, s) for s in range(len(state["players"]))],
            # This seat's own sealed answer (the others' are shown once everyone has answered).
            "my_answer": state.get("sealed", {}).get(str(seat)) if seat is not None else None,
            "result": self.result(state),
        }

    def position(self, state: State, seat: int | None) -> list[Value]:
        w, h = state["width"], state["height"]
        hand_of = {name: state["players"][s][0].lower() for s, name in enumerate(state["hand_cells"])}
        short = {"DL": "2l", "TL": "3l", "DW": "2w", "TW": "3w"}
        lines: list[Value] = ["    " + "".join(f"{column_name(c):<4}" for c in range(w)).rstrip()]
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
                wall_right = c + 1 < w and wall_between(state, (c, r), (c + 1, r))
                row += f"{mark:<3}" + ("|" if wall_right else " ")
                # A sign under every cell, so that in a proportional font the wall is counted to its cell.
                below += ("---" if r < h and wall_between(state, (c, r), (c, r + 1)) else "·  ") + " "
            lines.append(row.rstrip())
            if "-" in below:
                lines.append(below.rstrip())
        hands = [
            phrase(KeebbleSaid.HAND, name=n, tiles="".join(hand) or "-", score=score)
            for n, hand, score in zip(state["players"], state["hands"], state["scores"])
        ]
        lines.append(phrase(KeebbleSaid.HANDS, hands=Listing(tuple(hands), "semicolon")))
        if state["phase"] == "answer":
            lines.append(
                phrase(
                    KeebbleSaid.ASKED,
                    name=state["players"][state["asker"]],
                    tiles=Listing(tuple(state["asked"]), "space"),
                )
            )
        if state["endgame"]:
            lines.append(phrase(KeebbleSaid.ENDGAME))
        return lines

    def legend(self, state: State) -> list[Legend]:
        return [Legend.EMPTY, Legend.HAND, Legend.WALLS, Legend.STAR, Legend.SPECIAL, Legend.DESTROYED]

    def examples(self, state: State, seat: int | None) -> list[tuple[str, Phrase | None]]:
        if state["phase"] == "answer":
            letters = state["asked"] or ["E"]
            return [
                ("take " + letters[0], phrase(KeebbleSaid.EXAMPLE_TAKE)),
                ("wall c3 c4", phrase(KeebbleSaid.EXAMPLE_WALL, first="c3", second="c4")),
            ]
        if state["endgame"]:
            return [("4D WORD", phrase(KeebbleSaid.EXAMPLE_ENDGAME, cell="d4")), ("pass", None)]
        lines: list[tuple[str, Phrase | None]] = [
            ("4D WORD ask E X", phrase(KeebbleSaid.EXAMPLE_WORD_ASK, cell="d4")),
            ("D4 WORD ask E X", phrase(KeebbleSaid.EXAMPLE_DOWN)),
            ("ask E X", phrase(KeebbleSaid.EXAMPLE_ASK)),
        ]
        if state["options"]["supercells"]:
            lines.append(("special c3 DW ask E X", phrase(KeebbleSaid.EXAMPLE_SPECIAL)))
        return lines


ENGINE = KeebbleEngine()
