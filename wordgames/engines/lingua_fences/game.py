"""The Lingua Fences engine: one sheet per player, a word on the sheet in front of you each round, sheets
passed left together, areas enclosed by words claimed for points.

Sheet ``i`` starts in front of seat ``i`` and moves one seat on (to the left) every round, so in round ``r``
seat ``p`` holds sheet ``(p - r) mod n``. Every player writes at their own pace: the round ends the moment
the last active sheet has its word or pass. Nothing is hidden: every sheet is public.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from wordgames.engines.core.rng import Seed
from wordgames.engines.core.text import quote

from ..core.engine import EndReason, Engine, MoveOutcome, Option, State, finish
from ..core.errors import IllegalMove, InvalidOptions
from ..core.grid import cell_name, column_name, parse_cell
from ..core.legend import Legend
from ..core.letters import letter_set_for
from ..core.lexicon import DEFAULT_LEXICON, house_lexicon
from ..core.notation import WordMove, parse_move
from ..core.options import validate
from ..core.refusals import Listing, Phrase, Refusal, Value
from ..core.sentences import Said, clauses, counted, indented, phrase
from .refusals import LinguaFencesRefusal
from .said import LinguaFencesSaid
from .sheet import Sheet

EDGE_SIDES = {"one": 2, "none": 1, "any": 5}  # a part touching this many border sides is not enclosed

OPTIONS: tuple[Option, ...] = (
    Option("size", "int", 19, "Sheet size", "Squares a side (the official sheet: 19).", minimum=7, maximum=26),
    Option("start", "str", "c3", "Starting square", "The first word on every sheet covers it."),
    Option(
        "dictionary",
        "str",
        DEFAULT_LEXICON,
        "Dictionary",
        "Any loaded word list, or several "
        "joined by + to play in several languages at once (a word of any of them counts).",
    ),
    Option(
        "house_words",
        "str",
        "",
        "House words",
        "Words your table accepts besides the dictionary (names of "
        "fictional characters, onomatopoeia...), separated by spaces or commas.",
    ),
    Option(
        "edge",
        "choice",
        "one",
        "Edges",
        "one: the edge encloses on one side only (an area touching two "
        "sides is not enclosed); none: only letters enclose; any: edges enclose like letters.",
        choices=("one", "none", "any"),
    ),
    Option("claimed_open", "bool", False, "Claimed squares take letters", "Words may still cross claimed areas."),
)


class LinguaFencesEngine(Engine):
    name = "lingua-fences"
    simultaneous = True  # every sheet is written on in the same round
    title = "Lingua Fences"
    min_players = 2
    max_players = 6
    options = OPTIONS

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        merged = validate(self.title, OPTIONS, options)
        try:
            col, row = parse_cell(str(merged["start"]))
        except IllegalMove:
            raise InvalidOptions(LinguaFencesRefusal.START_NOT_A_SQUARE, value=quote(merged["start"])) from None
        if not (0 <= col < merged["size"] and 1 <= row <= merged["size"]):
            raise InvalidOptions(LinguaFencesRefusal.START_OFF_THE_SHEET, cell=merged["start"], size=merged["size"])
        merged["start"] = cell_name(col, row)
        house = merged["house_words"].replace(",", " ").split()
        odd = [word for word in house if not word.isalpha()]
        if odd:
            raise InvalidOptions(LinguaFencesRefusal.HOUSE_WORD_NOT_A_WORD, word=quote(odd[0]))
        merged["house_words"] = " ".join(sorted({word.upper() for word in house}))
        return merged

    def new_game(self, players: list[str], options: Mapping[str, Any], seed: Seed, bag: str | None = None) -> State:
        options = self.validate_options(options)
        n = len(players)
        self.check_players(n)
        sheets = [
            {"letters": {}, "claims": [], "longest": 3, "passes": 0, "retired": False, "double": False, "last": []}
            for _ in players
        ]
        return {
            "players": list(players),
            "options": options,
            "seed": seed,
            "sheets": sheets,
            "round": 0,
            "acted": [False] * n,
            "active": [True] * n,
            "scores": [0] * n,
            "finished": False,
            "reason": "",
        }

    # --- who holds what -----------------------------------------------------------------------------------

    @staticmethod
    def sheet_of(state: State, seat: int) -> int:
        n = len(state["players"])
        return (seat - state["round"]) % n

    @staticmethod
    def holder(state: State, sheet: int) -> int:
        return (sheet + state["round"]) % len(state["players"])

    def actors(self, state: State) -> set[int]:
        if state["finished"]:
            return set()
        waiting = set()
        for seat, on in enumerate(state["active"]):
            sheet = self.sheet_of(state, seat)
            if on and not state["sheets"][sheet]["retired"] and not state["acted"][sheet]:
                waiting.add(seat)
        return waiting

    def _sheet(self, state: State, index: int) -> Sheet:
        data = state["sheets"][index]
        options = state["options"]
        sheet = Sheet(
            options["size"],
            parse_cell(options["start"]),
            claimed_open=options["claimed_open"],
            edge_sides=EDGE_SIDES[options["edge"]],
        )
        sheet.letters = {parse_cell(name): letter for name, letter in data["letters"].items()}
        sheet.claimed = {parse_cell(name) for claim in data["claims"] for name in claim["cells"]}
        sheet.longest = data["longest"]
        return sheet

    # --- moves --------------------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, move: str) -> tuple[State, MoveOutcome]:
        if state["finished"]:
            raise IllegalMove(Refusal.GAME_OVER)
        text = letter_set_for(state["options"]["dictionary"]).fold_text(" ".join(move.split()))
        if text.lower() == "resign":
            return self.resign(state, seat)
        if seat not in self.actors(state):
            writing = ", ".join(state["players"][s] for s in sorted(self.actors(state)))
            raise IllegalMove(LinguaFencesRefusal.WAITING_FOR_WRITERS, players=writing)
        index = self.sheet_of(state, seat)
        data = state["sheets"][index]
        name = state["players"][seat]
        owner = state["players"][index]
        new = copy.deepcopy(state)
        sheet_new = new["sheets"][index]
        if text.lower() == "pass":
            sheet_new["passes"] += 1
            sheet_new["double"] = True
            sheet_new["last"] = []
            passed = LinguaFencesSaid.PASSED
            if sheet_new["passes"] >= 2:
                sheet_new["retired"] = True
                passed = LinguaFencesSaid.PASSED_OUT
            outcome = MoveOutcome(
                seat=seat, move="pass", said=phrase(passed, name=name, owner=owner), events={"sheet": index}
            )
        else:
            outcome = self._words(new, seat, index, text, name, owner, double=data["double"])
        new["acted"][index] = True
        self._advance(new)
        return new, outcome

    def _words(
        self, state: State, seat: int, index: int, text: str, name: str, owner: str, double: bool
    ) -> MoveOutcome:
        parts = [p.strip() for p in text.split(",") if p.strip()]
        if len(parts) > 2 or (len(parts) == 2 and not double):
            raise IllegalMove(LinguaFencesRefusal.ONE_WORD_A_TURN)
        sheet = self._sheet(state, index)
        lexicon = house_lexicon(state["options"]["dictionary"], state["options"].get("house_words", ""))
        canonical, written, gained, areas = [], [], 0, []
        notes: list[Phrase] = []
        last: list[str] = []
        for part in parts:
            tokens = part.split()
            claim = None
            if len(tokens) == 4 and tokens[2].lower() == "claim":
                claim = parse_cell(tokens[3])
                tokens = tokens[:2]
            if len(tokens) != 2:
                raise IllegalMove(LinguaFencesRefusal.UNREADABLE, text=quote(part))
            parsed = parse_move(" ".join(tokens))
            if not isinstance(parsed, WordMove) or any(letter.tile.blank for letter in parsed.letters):
                raise IllegalMove(LinguaFencesRefusal.UNREADABLE_WORD, text=quote(part))
            word = "".join(letter.tile.letter for letter in parsed.letters)
            cells = parsed.cells()
            new_cells = sheet.check_word(parsed.start, parsed.across, word, lexicon)
            sheet.write(cells, word, new_cells)
            enclosed = sheet.enclosures(new_cells, claim)
            for tie in sheet.ties:  # say there was a choice, and how to make it
                first, *others = [cell_name(*c) for c in tie]
                notes.append(phrase(LinguaFencesSaid.TIE, word=word, first=first, other=others[0]))
            for area in enclosed:
                sheet.claimed |= area
                label = min(area, key=lambda c: (c[1], c[0]))
                claim_record = {
                    "owner": seat,
                    "cells": sorted(cell_name(*c) for c in area),
                    "points": len(area),
                    "label": cell_name(*label),
                }
                state["sheets"][index]["claims"].append(claim_record)
                gained += len(area)
                areas.append(len(area))
            coordinate = (
                f"{parsed.start[1]}{column_name(parsed.start[0]).upper()}"
                if parsed.across
                else f"{column_name(parsed.start[0]).upper()}{parsed.start[1]}"
            )
            canonical.append(f"{coordinate} {word}" + (f" claim {cell_name(*claim)}" if claim else ""))
            written.append(word)
            last.extend(cell_name(*c) for c in new_cells)
        data = state["sheets"][index]
        data["letters"] = {cell_name(*c): letter for c, letter in sorted(sheet.letters.items())}
        data["longest"] = sheet.longest
        data["passes"], data["double"], data["last"] = 0, False, last
        state["scores"][seat] += gained
        words = Listing(tuple(written), "and")
        said = phrase(LinguaFencesSaid.WROTE, name=name, words=words, owner=owner)
        if areas:
            shown = Listing(tuple(counted(LinguaFencesSaid.SQUARES, a) for a in areas), "and")
            said = phrase(
                LinguaFencesSaid.WROTE_ENCLOSING,
                name=name,
                words=words,
                owner=owner,
                areas=shown,
                points=counted(Said.POINTS, gained),
            )
        if notes:
            said = phrase(LinguaFencesSaid.NOTED, move=said, notes=Listing(tuple(notes), "space"))
        said = clauses([said])
        return MoveOutcome(
            seat=seat,
            move=", ".join(canonical),
            score=gained,
            said=said,
            words=[{"word": w, "score": 0} for w in written],
            events={"sheet": index},
        )

    def _advance(self, state: State) -> None:
        """End the round when every active sheet has its word or pass; sheets move left; finish at the end."""
        for _ in range(len(state["players"]) + 1):
            if all(s["retired"] for s in state["sheets"]):
                finish(state, EndReason.SHEETS_RETIRED, phrase(LinguaFencesSaid.SHEETS_RETIRED))
                return
            if sum(state["active"]) < 2:
                finish(state, EndReason.RESIGNED, phrase(Said.TOO_FEW_LEFT))
                return
            for index in range(len(state["sheets"])):
                if not state["active"][self.holder(state, index)]:
                    state["acted"][index] = True  # a resigned player's turn is skipped (not a pass)
            if not all(state["acted"][i] or s["retired"] for i, s in enumerate(state["sheets"])):
                return
            state["round"] += 1
            state["acted"] = [False] * len(state["players"])

    def resign(self, state: State, seat: int) -> tuple[State, MoveOutcome]:
        if not state["active"][seat]:
            raise IllegalMove(Refusal.LEFT_ALREADY)
        new = copy.deepcopy(state)
        new["active"][seat] = False
        self._advance(new)
        return new, MoveOutcome(seat=seat, move="resign", said=phrase(Said.RESIGNED, name=state["players"][seat]))

    def timeout_move(self, state: State, seat: int) -> str | None:
        return "pass"

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["finished"]:
            return None
        scores = list(state["scores"])
        best = max(s for s, on in zip(scores, state["active"]) if on) if any(state["active"]) else max(scores)
        winners = [p for p, s in enumerate(scores) if s == best and state["active"][p]]
        return {
            "scores": scores,
            "winners": winners,
            "reason": state["reason"],
            "end": state.get("end"),
            "reason_said": state.get("reason_said"),
        }

    # --- what everyone sees (nothing is hidden) --------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        actors = self.actors(state)
        return {
            "players": state["players"],
            "options": state["options"],
            "round": state["round"] + 1,
            "sheets": [
                {**copy.deepcopy(s), "holder": self.holder(state, i), "owner": i} for i, s in enumerate(state["sheets"])
            ],
            "mine": self.sheet_of(state, seat) if seat is not None else None,
            "writing": sorted(actors),
            "scores": state["scores"],
            "active": state["active"],
            "result": self.result(state),
        }

    def position(self, state: State, seat: int | None) -> list[Value]:
        index = self.sheet_of(state, seat) if seat is not None else 0
        lines = [*self.sheet_text(state, index), ""]
        writing = [state["players"][s] for s in sorted(self.actors(state))]
        lines.append(
            phrase(LinguaFencesSaid.STILL_WRITING, round=state["round"] + 1, names=Listing(tuple(writing)))
            if writing
            else phrase(LinguaFencesSaid.NOBODY_WRITING, round=state["round"] + 1)
        )
        scores = Listing(tuple(f"{n} {s}" for n, s in zip(state["players"], state["scores"])))
        lines.append(phrase(LinguaFencesSaid.SCORES, scores=scores))
        return lines

    def legend(self, state: State) -> list[Legend]:
        return [Legend.EMPTY, Legend.START, Legend.CLAIMED]

    def sheet_text(self, state: State, index: int) -> list[Value]:
        """A sheet in a fixed-width font: letters in capitals, claimed squares with the claimer's initial; its
        heading and claims as phrases."""
        data = state["sheets"][index]
        size = state["options"]["size"]
        owner_of = {
            name: state["players"][claim["owner"]][0].lower() for claim in data["claims"] for name in claim["cells"]
        }
        start = state["options"]["start"]
        header = "     " + " ".join(column_name(c) for c in range(size))
        heading: list[Value] = [phrase(LinguaFencesSaid.SHEET, name=state["players"][index], longest=data["longest"])]
        if data["retired"]:
            heading.append(phrase(LinguaFencesSaid.SHEET_RETIRED))
        elif data["double"]:
            heading.append(phrase(LinguaFencesSaid.SHEET_DOUBLE))
        lines: list[Value] = [Listing(tuple(heading), "space"), header]
        for row in range(1, size + 1):
            cells = []
            for col in range(size):
                name = cell_name(col, row)
                cells.append(data["letters"].get(name) or owner_of.get(name) or ("+" if name == start else "."))
            lines.append(f"{row:>3}  " + " ".join(cells))
        for claim in data["claims"]:
            lines.append(
                indented(
                    phrase(
                        LinguaFencesSaid.CLAIMED,
                        name=state["players"][claim["owner"]],
                        points=claim["points"],
                        label=claim["label"],
                    )
                )
            )
        return lines

    def examples(self, state: State, seat: int | None) -> list[tuple[str, Phrase | None]]:
        lines: list[tuple[str, Phrase | None]] = [
            ("3C CAT", phrase(LinguaFencesSaid.EXAMPLE_ACROSS, cell="c3")),
            ("C3 CAT", phrase(LinguaFencesSaid.EXAMPLE_DOWN, cell="c3")),
            ("pass", phrase(LinguaFencesSaid.EXAMPLE_PASS)),
        ]
        if seat is not None and state["sheets"][self.sheet_of(state, seat)]["double"]:
            lines.insert(0, ("3C CAT, E3 TEN", phrase(LinguaFencesSaid.EXAMPLE_TWO)))
        return lines


ENGINE = LinguaFencesEngine()
