"""The Lingo engine: turns, pools, the end of the game, and what each seat may see.

rules/lingo.md: "After each turn, new tiles are randomly selected to replenish the pool", "Players may not
pass", "The game ends when there are no more tiles to play." rules/lingo-pbem.md: "The game ends when any
player run out of tiles." Both read here as: the game ends when, after a move and the refill, the mover has
no tile left to play (the shared pool, or their own hidden pool, is empty).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from wordgames.engines.core.rng import Seed

from ..core.bag import draw, new_bag
from ..core.engine import EndReason, Engine, MoveOutcome, State, finish
from ..core.errors import IllegalMove, InvalidOptions
from ..core.grid import cell_name
from ..core.legend import Legend
from ..core.letters import ENGLISH, letter_set_for
from ..core.lexicon import Lexicon, get_lexicon
from ..core.notation import Placement, PlaceMove, WordCommand, format_move, parse_move
from ..core.refusals import Phrase, Refusal, Value
from ..core.sentences import Said, phrase, to_data
from ..core.tiles import BLANK, lingo_tile_set
from . import best, text
from .board import Board, grid_for
from .options import OPTIONS, PRESETS, validate_options
from .refusals import LingoRefusal
from .rules import check_placements, placements_of
from .said import LingoSaid
from .scoring import Score, score_move

MARGIN = 2


class LingoEngine(Engine):
    name = "lingo"
    hints = True
    title = "Lingo"
    min_players = 2
    max_players = 10  # a shared pool serves any number; hidden pools are checked against the tile set below
    options = OPTIONS
    presets = PRESETS

    # --- set-up -------------------------------------------------------------------------------------------

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        return validate_options(options)

    def new_game(self, players: list[str], options: Mapping[str, Any], seed: Seed, bag: str | None = None) -> State:
        """rules/lingo.md: "Four tiles are chosen at random and placed into a pool shared by all players."
        With hidden pools every seat draws its own, in seat order."""
        opts = validate_options(options)
        if not self.min_players <= len(players) <= self.max_players:
            raise InvalidOptions(
                Refusal.PLAYER_COUNT_NOT,
                title=self.title,
                least=self.min_players,
                most=self.max_players,
                count=len(players),
            )
        order = new_bag(lingo_tile_set(opts["tiles"], opts["blanks"]), seed, bag)
        if opts["not_shared"] and len(players) * opts["pool"] > len(order):
            most = len(order) // opts["pool"]
            raise InvalidOptions(
                LingoRefusal.TOO_FEW_TILES_FOR_HIDDEN_POOLS,
                pool=opts["pool"],
                tiles=len(order),
                most=most,
                count=len(players),
            )
        state: State = {
            "game": self.name,
            "options": opts,
            "players": list(players),
            "seed": seed,
            "bag": order,
            "pool": None,
            "pools": None,
            "board": {},
            "last": [],
            "scores": [0] * len(players),
            "active": [True] * len(players),
            "turn": 0,
            "move_number": 0,
            "finished": False,
            "reason": "",
        }
        if opts["not_shared"]:
            pools = []
            for _ in players:
                drawn, order = draw(order, opts["pool"])
                pools.append(list(drawn))
            state["pools"] = pools
        else:
            drawn, order = draw(order, opts["pool"])
            state["pool"] = list(drawn)
        state["bag"] = order
        return state

    # --- helpers ------------------------------------------------------------------------------------------

    @staticmethod
    def board(state: State) -> Board:
        return Board.from_state(grid_for(state["options"]), state["board"])

    @staticmethod
    def lexicon(state: State) -> Lexicon:
        return get_lexicon(state["options"]["dictionary"])

    @staticmethod
    def pool_of(state: State, seat: int) -> list[str]:
        return list(state["pools"][seat] if state["pools"] is not None else state["pool"])

    # --- moves --------------------------------------------------------------------------------------------

    def actors(self, state: State) -> set[int]:
        return set() if state["finished"] else {state["turn"]}

    def score(self, state: State, seat: int, move: str) -> tuple[list[Placement], Score, Board, str]:
        """Check a move for ``seat`` and score it: (placements in line order, score, board after, canonical)."""
        parsed = parse_move(letter_set_for(state["options"]["dictionary"]).fold_text(move))  # É: an E tile
        board = self.board(state)
        placements = placements_of(parsed, board)
        strange = sorted({p.tile.letter for p in placements} - ENGLISH.letters)
        if strange:  # Lingo plays English tiles whatever the word list (a blank cannot stand for Ñ either)
            raise IllegalMove(LingoRefusal.NOT_LINGO_TILES, letters=", ".join(strange))
        check_placements(
            placements,
            board,
            self.pool_of(state, seat),
            state["options"],
            self.lexicon(state),
            first_move=not state["board"],
            hidden=state["pools"] is not None,
        )
        placements.sort(key=lambda p: p.cell)
        after = board.placed((p.cell, p.tile) for p in placements)
        min_len = 3 if state["options"]["no_twos"] else 2
        scored = score_move(after, [p.cell for p in placements], self.lexicon(state), min_len)
        canonical = (
            format_move(parsed) if not isinstance(parsed, PlaceMove) else format_move(PlaceMove(tuple(placements)))
        )
        return placements, scored, after, canonical

    def apply(self, state: State, seat: int, move: str) -> tuple[State, MoveOutcome]:
        if state["finished"]:
            raise IllegalMove(Refusal.GAME_OVER)
        if move.strip().lower() == "resign":
            return self.resign(state, seat)
        if seat not in self.actors(state):
            raise IllegalMove(LingoRefusal.NOT_YOUR_TURN, player=state["players"][state["turn"]])
        placements, scored, after, canonical = self.score(state, seat, move)
        self._check_burn(state, seat, scored)
        new = copy.deepcopy(state)
        new["board"] = after.to_state()
        new["last"] = [cell_name(*p.cell) for p in placements]
        new["scores"][seat] += scored.total
        new["move_number"] += 1
        pool = self.pool_of(state, seat)
        for p in placements:
            pool.remove(BLANK if p.tile.blank else p.tile.letter)
        drawn, new["bag"] = draw(state["bag"], new["options"]["pool"] - len(pool))
        pool.extend(drawn)
        if new["pools"] is not None:
            new["pools"][seat] = pool
        else:
            new["pool"] = pool
        name = state["players"][seat]
        if not pool:
            finish(
                new,
                EndReason.OUT_OF_TILES,
                phrase(Said.NO_TILES_LEFT) if new["pools"] is None else phrase(Said.RAN_OUT, name=name),
            )
        else:
            new["turn"] = self._next_seat(new, seat)
        outcome = MoveOutcome(
            seat=seat,
            move=canonical,
            score=scored.total,
            words=[w.as_dict() for w in scored.words],
            said=text.move_summary(name, placements, scored),
            events={"placed": new["last"]},
        )
        return new, outcome

    def annotates(self, options: Mapping[str, Any]) -> bool:
        return bool(options.get("missed"))

    def annotate(self, before: State, outcome: MoveOutcome) -> None:
        """The "sporting opponent" (option ``missed``): name the better move the mover overlooked.

        Kept out of ``apply`` because the search takes a good fraction of a second, and replays (records,
        take-backs) need only the rules."""
        if not before["options"]["missed"] or outcome.move == "resign":
            return
        found = self.best_move(before, outcome.seat)
        if found is not None and found.score > outcome.score:
            name = before["players"][outcome.seat]
            missed = phrase(
                LingoSaid.MISSED, name=name, score=found.score, move=found.move, summary=found.said or found.summary
            )
            outcome.events["missed"] = {
                "move": found.move,
                "score": found.score,
                "summary": str(missed),
                "said": to_data(missed),
            }

    def preview(self, state: State, seat: int, move: str, **kwargs: Any) -> MoveOutcome:
        if move.strip().lower() == "resign":
            return MoveOutcome(seat=seat, move="resign", said=phrase(Said.WOULD_RESIGN, name=state["players"][seat]))
        outcome = self._outcome(state, seat, move)
        if not outcome.words:
            self._check_burn(state, seat, Score())
        return outcome

    def _outcome(self, state: State, seat: int, move: str) -> MoveOutcome:
        placements, scored, _, canonical = self.score(state, seat, move)
        said = text.move_summary(state["players"][seat], placements, scored)
        return MoveOutcome(
            seat=seat, move=canonical, score=scored.total, words=[w.as_dict() for w in scored.words], said=said
        )

    def _check_burn(self, state: State, seat: int, scored: Score) -> None:
        """rules/lingo.md: "If no new word can be made, then a single tile can be played for 0 pts." A tile that
        makes no word is refused when the move search finds a word this seat's pool can make (it is not named:
        that would be a hint)."""
        if scored.words or state["options"].get("burn", "no-word") == "always":
            return
        if self.word_possible(state, seat):
            raise IllegalMove(LingoRefusal.WORD_POSSIBLE)

    def word_possible(self, state: State, seat: int) -> bool:
        """Whether ``seat`` could make a new word now (a complete search that stops at the first word: never cut
        short by a clock, so a burn's legality does not depend on the machine)."""
        return best.word_possible(
            self.board(state), self.pool_of(state, seat), state["options"], self.lexicon(state), not state["board"]
        )

    def resign(self, state: State, seat: int) -> tuple[State, MoveOutcome]:
        """A player may resign at any time, in turn or not; they drop out, and with one player left the
        game ends."""
        if state["finished"]:
            raise IllegalMove(Refusal.GAME_OVER)
        if not 0 <= seat < len(state["players"]) or not state["active"][seat]:
            raise IllegalMove(LingoRefusal.NO_LONGER_PLAYING)
        new = copy.deepcopy(state)
        new["active"][seat] = False
        new["move_number"] += 1
        name = state["players"][seat]
        if sum(new["active"]) <= 1:
            finish(new, EndReason.RESIGNED, phrase(Said.ENDED_BY_RESIGNING, name=name))
        elif new["turn"] == seat:
            new["turn"] = self._next_seat(new, seat)
        return new, MoveOutcome(seat=seat, move="resign", said=phrase(Said.RESIGNED, name=name))

    @staticmethod
    def _next_seat(state: State, seat: int) -> int:
        n = len(state["players"])
        for step in range(1, n + 1):
            if state["active"][(seat + step) % n]:
                return (seat + step) % n
        return seat

    def result(self, state: State) -> dict[str, Any] | None:
        """rules/lingo.md: "The player with the highest score wins." Only players who have not resigned."""
        if not state["finished"]:
            return None
        playing = [s for s, active in enumerate(state["active"]) if active]
        top = max(state["scores"][s] for s in playing)
        winners = [s for s in playing if state["scores"][s] == top]
        return {
            "scores": list(state["scores"]),
            "winners": winners,
            "reason": state["reason"],
            "end": state.get("end"),
            "reason_said": state.get("reason_said"),
        }

    # --- best move ----------------------------------------------------------------------------------------

    def best_move(self, state: State, seat: int, budget_s: float | None = best.DEFAULT_BUDGET_S) -> MoveOutcome | None:
        """The highest-scoring legal move for ``seat`` (None if there is none, or the game is over), or the best
        found within ``budget_s`` seconds: see ``search``."""
        return self.search(state, seat, budget_s=budget_s).best

    def search(self, state: State, seat: int, *, budget_s: float | None) -> best.SearchResult:
        """The one move search of hints, the sporting opponent and computer players: the best move found within
        ``budget_s`` seconds (no limit when None), and whether the search looked at every legal move."""
        if state["finished"]:
            return best.SearchResult(None, 0, True, 0.0)
        found = best.search_board(
            self.board(state),
            self.pool_of(state, seat),
            state["options"],
            self.lexicon(state),
            not state["board"],
            budget_s=budget_s,
        )
        outcome = None
        if found.placements is not None:
            outcome = self._outcome(state, seat, format_move(PlaceMove(tuple(found.placements))))
        return best.SearchResult(outcome, found.candidates, found.complete, found.elapsed_s)

    # --- what a seat sees ---------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        board = self.board(state)
        grid = board.grid
        last = set(state["last"])
        tiles = [
            {
                "cell": cell_name(*cell),
                "col": cell[0],
                "row": cell[1],
                "letter": top.letter,
                "blank": top.blank,
                "height": board.height(cell),
                "last": cell_name(*cell) in last,
            }
            for cell, top in sorted(board.tops.items(), key=lambda kv: (kv[0][1], kv[0][0]))
        ]
        # Wide enough for every cell a move could reach: a new tile lies at most `place` cells beyond the
        # tiles on the table (place - 1 on either side of the centre for the first word).
        margin = max(MARGIN, state["options"]["place"])
        row_margin = margin * 2 if grid.shape == "hex" else margin
        cells = list(board.tops) or [grid.centre]
        bounds = {
            "min_col": max(0, min(c for c, _ in cells) - margin),
            "max_col": min(grid.columns - 1, max(c for c, _ in cells) + margin),
            "min_row": max(1, min(r for _, r in cells) - row_margin),
            "max_row": min(grid.rows, max(r for _, r in cells) + row_margin),
        }
        hidden = state["pools"] is not None
        if hidden:
            pool = list(state["pools"][seat]) if seat is not None and 0 <= seat < len(state["players"]) else None
        else:
            pool = list(state["pool"])
        return {
            "game": self.name,
            "players": list(state["players"]),
            "scores": list(state["scores"]),
            "to_move": sorted(self.actors(state)),
            "active": list(state["active"]),
            "board": {
                "shape": grid.shape,
                "columns": grid.columns,
                "rows": grid.rows,
                "centre": cell_name(*grid.centre),
                "tiles": tiles,
                "bounds": bounds,
            },
            "pool": pool,
            "pool_counts": [len(p) for p in state["pools"]] if hidden else None,
            "bag_count": len(state["bag"]),
            "place": state["options"]["place"],
            "options": dict(state["options"]),
            "move_number": state["move_number"],
            "result": self.result(state),
        }

    def render_text(self, state: State, seat: int | None, legend: bool = True) -> str:
        return text.render(self.view(state, seat), legend)

    def position(self, state: State, seat: int | None) -> list[Value]:
        return text.position(self.view(state, seat))

    def legend(self, state: State) -> list[Legend]:
        return text.legend(bool(state["options"]["hex"]))

    def examples(self, state: State, seat: int | None) -> list[tuple[str, Phrase | None]]:
        if state["options"]["hex"]:
            return [("m25 D m27 O", phrase(LingoSaid.EXAMPLE_HEX))]
        return [
            ("13L YET", phrase(LingoSaid.EXAMPLE_ACROSS, cell="l13")),
            ("L11 REPEAT", phrase(LingoSaid.EXAMPLE_DOWN, cell="l11")),
            ("b3 I c5 D", phrase(LingoSaid.EXAMPLE_CELLS)),
        ]


def build_state(
    players: list[str], options: Mapping[str, Any], tiles: Mapping[str, str], pool: str = "", seed: int = 0
) -> State:
    """A position for tests and examples: ``tiles`` maps cells to letters (``?E`` a blank, several letters
    a stack from the bottom up, e.g. ``"YP"``); ``pool`` is the shared pool (or every seat's hidden pool)."""
    engine = LingoEngine()
    state = engine.new_game(players, options, seed)
    board: dict[str, list[str]] = {}
    for name, letters in tiles.items():
        stack = [t for t in _tokens(letters)]
        board[name.lower()] = stack
    state["board"] = Board.from_state(grid_for(state["options"]), board).to_state()
    if pool:
        if state["pools"] is not None:
            state["pools"] = [list(pool.upper()) for _ in players]
        else:
            state["pool"] = list(pool.upper())
    return state


def _tokens(letters: str) -> list[str]:
    out: list[str] = []
    i = 0
    letters = letters.upper()
    while i < len(letters):
        if letters[i] == "?":
            out.append(letters[i : i + 2])
            i += 2
        else:
            out.append(letters[i])
            i += 1
    return out


__all__ = ["LingoEngine", "WordCommand", "build_state"]
