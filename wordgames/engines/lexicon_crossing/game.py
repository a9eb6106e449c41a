"""The Lexicon Crossing engine: private crosswords, green light, jaywalking, red light and the grace period.

Every player works on their own crossword at any time (``grid ...`` replaces it); ``green`` deals one tile
(or two) to every player once the caller's crossword is complete; ``jaywalk Q`` swaps a tile from the hand
with the pool once a round; when the pool can no longer serve a round, ``red`` (red light) starts the grace
period, in which the others finish and say ``done``. The waiting, the "seen" rule and the leeway of
asynchronous play are the service's (``wordgames.games.actions.greenlight``); this engine deals when told to.

This module holds the engine's doors (options, set-up, whose move, a move sent to its rule, resigning, the
result, what each seat sees); the rules live by concept: ``dealing`` (tile sets and the opening deal),
``table`` (the dictionary, a seat's hand, the pool), ``rearranging`` (the ``grid`` move), ``lights`` (green
light, red light and the grace period), ``jaywalking``, ``teams`` (team-mates' swaps), ``scoring`` (a seat's
score, the result and the winning team), ``seen`` (what each seat sees) and ``crossword`` (a crossword read
from text, checked and scored).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from wordgames.engines.core.rng import Seed
from wordgames.engines.core.text import quote

from ..core.engine import MOVE_MAX, EndReason, Engine, MoveOutcome, Option, State, english_lines, finish
from ..core.errors import IllegalMove, InvalidOptions
from ..core.legend import Legend, english
from ..core.letters import LetterSet
from ..core.lexicon import DEFAULT_LEXICON, Lexicon
from ..core.options import validate
from ..core.refusals import Phrase, Refusal, Value
from ..core.sentences import Said, phrase
from . import crossword, dealing, jaywalking, lights, rearranging, scoring, seen, table, teams
from .dealing import MINIMUM_START, STARTING_TILES
from .refusals import LexiconCrossingRefusal

__all__ = ["ENGINE", "MINIMUM_START", "OPTIONS", "STARTING_TILES", "LexiconCrossingEngine"]

OPTIONS: tuple[Option, ...] = (
    Option(
        "tiles",
        "choice",
        "lc120",
        "Tile set",
        "lc120: the 120-tile set proposed for the game (2-5 players); "
        "s98: a Scrabble set without blanks (2-4 players; 5 may play it, though the rules advise against it: "
        "15 tiles each leave 23 in the pool, 4 rounds).",
        choices=("lc120", "s98"),
    ),
    Option(
        "start_tiles",
        "int",
        0,
        "Starting tiles each",
        "0: the guide's number for the tile set and players; at least 15.",
        minimum=0,
        maximum=60,
    ),
    Option("per_green", "int", 1, "Tiles per green light", "1, or 2 for half as many rounds.", minimum=1, maximum=2),
    Option(
        "jaywalk",
        "choice",
        "one",
        "Jaywalking",
        "one: return a tile, draw one; two: return up to two, draw as many; 2for1: return one, draw two; off.",
        choices=("one", "two", "2for1", "off"),
    ),
    Option(
        "jaywalks",
        "int",
        1,
        "Jaywalks a round",
        "How often each player may jaywalk in one round.",
        minimum=1,
        maximum=5,
    ),
    Option(
        "jaywalk_who",
        "choice",
        "not_last",
        "Who may jaywalk",
        "not_last: everyone but the player who called "
        "the last green light (the rule); everyone: the green-lighter too.",
        choices=("not_last", "everyone"),
    ),
    Option(
        "face_up",
        "bool",
        False,
        "Returned tiles face up",
        "Jaywalked tiles lie face up in the pool: everyone sees them.",
    ),
    Option("blanks", "bool", False, "Blanks", "Add the two blanks of a Scrabble set (worth 0)."),
    Option("dictionary", "str", DEFAULT_LEXICON, "Dictionary", "The word list crosswords are checked against."),
    Option(
        "leeway",
        "int",
        5,
        "Green light leeway (minutes)",
        "A waiting green light is given this long after the last player has seen their newest tile.",
        minimum=0,
        maximum=1440,
    ),
    Option("requests_visible", "bool", True, "Waiting green lights visible", "Others see who asked for a green light."),
    Option(
        "reveal",
        "choice",
        "all",
        "Green-lighter sees their tile",
        "all: once every other player has seen theirs; one: once one other player has.",
        choices=("all", "one"),
    ),
    Option(
        "grace",
        "int",
        24,
        "Grace period (hours)",
        "After red light, the others have this long to finish.",
        minimum=1,
        maximum=720,
    ),
    Option(
        "teams",
        "str",
        "-",
        "Teams",
        "Collaborating players: a team letter per seat in seat order, e.g. AABB "
        "(each keeps their own crossword; team-mates may swap one tile per green light); - for none.",
    ),
    Option(
        "team_win",
        "choice",
        "combined",
        "Winning team",
        "combined: all the team's points / all its words; "
        "best: the highest individual score; worst: the best of each team's lowest score.",
        choices=("combined", "best", "worst"),
    ),
)


class LexiconCrossingEngine(Engine):
    name = "lexicon-crossing"
    title = "Lexicon Crossing"
    min_players = 2
    max_players = 5
    options = OPTIONS
    asynchronous_green = True  # the service queues green lights (wordgames.games.actions.greenlight)
    idle_clock = True  # before red light nobody is obliged to move, yet a silent seat is timed out

    def move_limit(self, state: State) -> int:
        """A ``grid`` move spells the whole crossword: its tiles, all connected, span at most a rows by b columns
        with a + b = tiles + 1 (never more than the rules' largest side), each row ended by a line break of up
        to two characters."""
        tiles = sum(len(hand) for hand in state.get("tiles", [])) + len(state.get("bag", []))
        rows = min(crossword.MAX_SIDE, (tiles + 1) // 2)
        cols = min(crossword.MAX_SIDE, tiles + 1 - rows)
        return max(MOVE_MAX, len("grid\r\n") + rows * (cols + 2))

    simultaneous = True
    teams = True

    # --- set-up -------------------------------------------------------------------------------------------

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        merged = validate(self.title, OPTIONS, options)
        teams = str(merged["teams"]).strip().upper()
        merged["teams"] = "-" if teams in ("", "-", "NONE") else teams
        if merged["teams"] != "-" and not merged["teams"].isalpha():
            raise InvalidOptions(LexiconCrossingRefusal.TEAMS_LETTERS)
        if 0 < merged["start_tiles"] < MINIMUM_START:
            raise InvalidOptions(LexiconCrossingRefusal.START_TILES_LEAST, least=MINIMUM_START)
        return merged

    def new_game(self, players: list[str], options: Mapping[str, Any], seed: Seed, bag: str | None = None) -> State:
        options = self.validate_options(options)
        self.check_players(len(players))
        return dealing.deal(players, options, seed, bag)

    # --- reading the state --------------------------------------------------------------------------------

    @staticmethod
    def lexicon(state: State) -> Lexicon:
        return table.lexicon(state)

    @staticmethod
    def letters(state: State) -> LetterSet:
        return table.letters(state)

    @staticmethod
    def hand(state: State, seat: int) -> list[str]:
        """The seat's tiles that are not on its crossword, in the order they came."""
        return table.hand(state, seat)

    def actors(self, state: State) -> set[int]:
        if state["finished"]:
            return set()
        active = {s for s, on in enumerate(state["active"]) if on}
        if state["phase"] == "red":
            return {s for s in active if not state["done"][s]}
        return active

    def waiting_for(self, state: State) -> set[int]:
        """Only the grace period waits for anyone: otherwise nobody is ever obliged to move."""
        return self.actors(state) if state["phase"] == "red" else set()

    def time_limit(self, state: State) -> float | None:
        return state["options"]["grace"] * 3600.0 if state["phase"] == "red" else None

    def pool_exhausted(self, state: State) -> bool:
        """ "Rounds repeat until the pickup pool is exhausted (or fewer remain than the number of players)"."""
        return table.pool_exhausted(state)

    def score(self, state: State, seat: int) -> crossword.Score:
        return scoring.score(state, seat)

    def current_scores(self, state: State) -> list[Any]:
        scores = super().current_scores(state)
        if any(score is None for score in scores):  # hidden until the end: score the crosswords now
            scores = [round(self.score(state, seat).value, 2) for seat in range(len(scores))]
        return scores

    def team_of(self, state: State, seat: int) -> str | None:
        return teams.team_of(state, seat)

    # --- moves --------------------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, move: str, conceal_latest: bool = False) -> tuple[State, MoveOutcome]:
        """``conceal_latest``: the green-lighter's newest tiles are still hidden from them (the asynchronous
        protocol). The move is then judged on the tiles they can see, so that no answer, accepted or refused,
        tells them what the hidden tiles are. The hidden tiles are the newest ones still in the hand, as the
        seat's view counts them (``seen``): one jaywalked or swapped away since is hidden no more."""
        if not 0 <= seat < len(state["players"]):
            raise IllegalMove(LexiconCrossingRefusal.NOT_SEATED)
        hidden = table.newest_held(state, seat) if conceal_latest and not state["finished"] else []
        if not hidden:
            return self._apply(state, seat, move)
        if _words(table.letters(state).fold_text(move)) == ("red", ""):
            raise IllegalMove(LexiconCrossingRefusal.NEWEST_HIDDEN)
        visible = copy.deepcopy(state)
        tiles = visible["tiles"][seat]
        for tile in hidden:  # the newest are at the end
            del tiles[len(tiles) - 1 - tiles[::-1].index(tile)]
        visible["latest"][seat] = []
        new, outcome = self._apply(visible, seat, move)
        new["tiles"][seat].extend(hidden)
        if new["deal_number"] == state["deal_number"]:
            new["latest"][seat] = list(state["latest"][seat])
        return new, outcome

    def _apply(self, state: State, seat: int, move: str) -> tuple[State, MoveOutcome]:
        if state["finished"]:
            raise IllegalMove(Refusal.GAME_OVER)
        move = table.letters(state).fold_text(move)
        command, rest = _words(move)
        if command == "resign":
            return self.resign(state, seat)
        if not state["active"][seat]:
            raise IllegalMove(LexiconCrossingRefusal.LEFT)
        if command == "grid":
            return rearranging.rearrange(state, seat, rest)
        if command in ("green", "red") and not rest:
            return lights.light(state, seat, command)
        if command == "jaywalk":
            return jaywalking.jaywalk(state, seat, rest)
        if command == "done" and not rest:
            return lights.done(state, seat)
        if command == "swap":
            return teams.swap(state, seat, rest)
        raise IllegalMove(LexiconCrossingRefusal.NOT_UNDERSTOOD, text=quote(move.strip()))

    def resign(self, state: State, seat: int) -> tuple[State, MoveOutcome]:
        if not state["active"][seat]:
            raise IllegalMove(Refusal.LEFT_ALREADY)
        new = copy.deepcopy(state)
        new["active"][seat] = False
        if sum(new["active"]) < 2 and new["phase"] == "play":
            finish(new, EndReason.RESIGNED, phrase(Said.TOO_FEW_LEFT))
            new["phase"] = "over"
        elif new["phase"] == "red":
            lights.finish_if_all_done(new)
        return new, MoveOutcome(seat=seat, move="resign", said=phrase(Said.RESIGNED, name=state["players"][seat]))

    def timeout_move(self, state: State, seat: int) -> str | None:
        # Before red light nothing is owed: the idle clock only counts the silence ("" plays nothing).
        return "done" if state["phase"] == "red" else ""

    def result(self, state: State) -> dict[str, Any] | None:
        return scoring.result(state)

    # --- what each seat sees ------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None, conceal_latest: bool = False) -> dict[str, Any]:
        return seen.view(state, seat, conceal_latest)

    def render_text(self, state: State, seat: int | None, legend: bool = True, conceal_latest: bool = False) -> str:
        lines = english_lines(self.position(state, seat, conceal_latest))
        if legend and (seat is not None or state["finished"]):
            lines.append(english(self.legend(state)))
        return "\n".join(lines)

    def position(self, state: State, seat: int | None, conceal_latest: bool = False) -> list[Value]:
        return seen.position(state, seat, conceal_latest)

    def legend(self, state: State) -> list[Legend]:
        return [Legend.EMPTY]

    def examples(self, state: State, seat: int | None) -> list[tuple[str, Phrase | None]]:
        return seen.examples(state, seat)


def _words(move: str) -> tuple[str, str]:
    """A move's command word (in lower case) and the rest."""
    words = move.strip().split(maxsplit=1)
    return (words[0].lower() if words else ""), (words[1] if len(words) > 1 else "")


ENGINE = LexiconCrossingEngine()
