"""The Lexicon Crossing engine: private crosswords, green light, jaywalking, red light and the grace period.

Every player works on their own crossword at any time (``grid ...`` replaces it); ``green`` deals one tile
(or two) to every player once the caller's crossword is complete; ``jaywalk Q`` swaps a tile from the hand
with the pool once a round; when the pool can no longer serve a round, ``red`` (red light) starts the grace
period, in which the others finish and say ``done``. The waiting, the "seen" rule and the leeway of
asynchronous play are the service's (``wordgames.games.actions.greenlight``); this engine deals when told to.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Mapping
from typing import Any

from wordgames.engines.core.rng import Seed, draws
from wordgames.engines.core.text import quote

from ..core.engine import MOVE_MAX, EndReason, Engine, MoveOutcome, Option, State, english_lines, finish
from ..core.errors import IllegalMove, InvalidOptions
from ..core.legend import Legend, english
from ..core.letters import ENGLISH, LetterSet, letter_set_for
from ..core.lexicon import DEFAULT_LEXICON, Lexicon, get_lexicon
from ..core.options import validate
from ..core.refusals import Listing, Phrase, Refusal, Value
from ..core.sentences import Said, counted, indented, phrase, tiles_or_none
from ..core.tiles import BLANK, get_tile_set
from . import crossword
from .refusals import LexiconCrossingRefusal
from .said import LexiconCrossingSaid

# rules/lexicon-crossing.md, "Starting tiles guide": tiles each by player count ("LC98" is the S98 set).
STARTING_TILES = {"s98": {2: 25, 3: 17, 4: 15, 5: 15}, "lc120": {2: 30, 3: 20, 4: 15, 5: 15}}
MINIMUM_START = 15

OPTIONS: tuple[Option, ...] = (
    Option("tiles", "choice", "lc120", "Tile set", "lc120: the 120-tile set proposed for the game (2-5 players); "
           "s98: a Scrabble set without blanks (2-4 players; 5 may play it, though the rules advise against it: "
           "15 tiles each leave 23 in the pool, 4 rounds).", choices=("lc120", "s98")),
    Option("start_tiles", "int", 0, "Starting tiles each", "0: the guide's number for the tile set and players; "
           "at least 15.", minimum=0, maximum=60),
    Option("per_green", "int", 1, "Tiles per green light", "1, or 2 for half as many rounds.", minimum=1, maximum=2),
    Option("jaywalk", "choice", "one", "Jaywalking", "one: return a tile, draw one; two: return up to two, draw as "
           "many; 2for1: return one, draw two; off.", choices=("one", "two", "2for1", "off")),
    Option("jaywalks", "int", 1, "Jaywalks a round", "How often each player may jaywalk in one round.",
           minimum=1, maximum=5),
    Option("jaywalk_who", "choice", "not_last", "Who may jaywalk", "not_last: everyone but the player who called "
           "the last green light (the rule); everyone: the green-lighter too.", choices=("not_last", "everyone")),
    Option("face_up", "bool", False, "Returned tiles face up", "Jaywalked tiles lie face up in the pool: everyone "
           "sees them."),
    Option("blanks", "bool", False, "Blanks", "Add the two blanks of a Scrabble set (worth 0)."),
    Option("dictionary", "str", DEFAULT_LEXICON, "Dictionary", "The word list crosswords are checked against."),
    Option("leeway", "int", 5, "Green light leeway (minutes)", "A waiting green light is given this long after "
           "the last player has seen their newest tile.", minimum=0, maximum=1440),
    Option("requests_visible", "bool", True, "Waiting green lights visible", "Others see who asked for a green "
           "light."),
    Option("reveal", "choice", "all", "Green-lighter sees their tile", "all: once every other player has seen "
           "theirs; one: once one other player has.", choices=("all", "one")),
    Option("grace", "int", 24, "Grace period (hours)", "After red light, the others have this long to finish.",
           minimum=1, maximum=720),
    Option("teams", "str", "-", "Teams", "Collaborating players: a team letter per seat in seat order, e.g. AABB "
           "(each keeps their own crossword; team-mates may swap one tile per green light); - for none."),
    Option("team_win", "choice", "combined", "Winning team", "combined: all the team's points / all its words; "
           "best: the highest individual score; worst: the best of each team's lowest score.",
           choices=("combined", "best", "worst")),
)  # fmt: skip


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
        count = len(players)
        self.check_players(count)
        letters = letter_set_for(options["dictionary"])
        if letters is ENGLISH:
            tile_set = get_tile_set("scrabble98" if options["tiles"] == "s98" else "lc120")
        else:  # another language's full set (blanks apart) for s98, scaled to 120 tiles for lc120
            tile_set = letters.tile_set(None if options["tiles"] == "s98" else 120)
        if options["blanks"]:
            tile_set = tile_set.with_blanks(2)
        if options["teams"] != "-" and (len(options["teams"]) != count or len(set(options["teams"])) < 2):
            raise InvalidOptions(LexiconCrossingRefusal.TEAMS_PER_SEAT, count=count)
        start = options["start_tiles"] or STARTING_TILES[options["tiles"]][count]
        if start * count > tile_set.size:
            raise InvalidOptions(LexiconCrossingRefusal.START_TILES_TOO_MANY, start=start, count=count, size=tile_set.size)
        tiles = _ordered_bag(tile_set, seed, bag)
        hands = [tiles[i * start : (i + 1) * start] for i in range(count)]
        return {
            "players": list(players), "options": options, "seed": seed,
            "bag": tiles[start * count :], "tiles": hands, "grids": [[] for _ in players],
            "latest": [list(hand) for hand in hands], "deal_number": 0, "round": 1, "last_green": None,
            "jaywalked": [0] * count, "swapped": [False] * count, "shuffles": 0, "phase": "play", "done": [False] * count,
            "red_by": None, "active": [True] * count, "finished": False, "reason": "",
        }  # fmt: skip

    # --- reading the state --------------------------------------------------------------------------------

    @staticmethod
    def lexicon(state: State) -> Lexicon:
        return get_lexicon(state["options"]["dictionary"])

    @staticmethod
    def letters(state: State) -> LetterSet:
        return letter_set_for(state["options"]["dictionary"])

    @staticmethod
    def hand(state: State, seat: int) -> list[str]:
        """The seat's tiles that are not on its crossword, in the order they came."""
        on_grid = crossword.tiles_of(state["grids"][seat])
        hand = []
        for tile in state["tiles"][seat]:
            if on_grid[tile]:
                on_grid[tile] -= 1
            else:
                hand.append(tile)
        return hand

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

    def _need(self, state: State) -> int:
        return state["options"]["per_green"] * sum(state["active"])

    def pool_exhausted(self, state: State) -> bool:
        """"Rounds repeat until the pickup pool is exhausted (or fewer remain than the number of players)"."""
        return len(state["bag"]) < self._need(state)

    def score(self, state: State, seat: int) -> crossword.Score:
        return crossword.score(state["grids"][seat], len(self.hand(state, seat)), self.lexicon(state),
                               self.letters(state).values)

    def current_scores(self, state: State) -> list[Any]:
        scores = super().current_scores(state)
        if any(score is None for score in scores):  # hidden until the end: score the crosswords now
            scores = [round(self.score(state, seat).value, 2) for seat in range(len(scores))]
        return scores

    # --- moves --------------------------------------------------------------------------------------------

    def apply(self, state: State, seat: int, move: str, conceal_latest: bool = False) -> tuple[State, MoveOutcome]:
        """``conceal_latest``: the green-lighter's newest tiles are still hidden from them (the asynchronous
        protocol). The move is then judged on the tiles they can see, so that no answer, accepted or refused,
        tells them what the hidden tiles are."""
        hidden = state["latest"][seat] if conceal_latest and 0 <= seat < len(state["latest"]) else []
        if not hidden or state["finished"]:
            return self._apply(state, seat, move)
        if move.strip().lower() == "red":
            raise IllegalMove(LexiconCrossingRefusal.NEWEST_HIDDEN)
        visible = copy.deepcopy(state)
        tiles = visible["tiles"][seat]
        for tile in hidden:  # the newest are at the end
            del tiles[len(tiles) - 1 - tiles[::-1].index(tile)]
        visible["latest"][seat] = []
        new, outcome = self._apply(visible, seat, move)
        new["tiles"][seat].extend(hidden)
        if new["deal_number"] == state["deal_number"]:
            new["latest"][seat] = list(hidden)
        return new, outcome

    def _apply(self, state: State, seat: int, move: str) -> tuple[State, MoveOutcome]:
        if state["finished"]:
            raise IllegalMove(Refusal.GAME_OVER)
        move = self.letters(state).fold_text(move)
        words = move.strip().split(maxsplit=1)
        command = words[0].lower() if words else ""
        rest = words[1] if len(words) > 1 else ""
        if command == "resign":
            return self.resign(state, seat)
        if not state["active"][seat]:
            raise IllegalMove(LexiconCrossingRefusal.LEFT)
        if command == "grid":
            return self._grid(state, seat, rest)
        if command in ("green", "red") and not rest:
            return self._light(state, seat, command)
        if command == "jaywalk":
            return self._jaywalk(state, seat, rest)
        if command == "done" and not rest:
            return self._done(state, seat)
        if command == "swap":
            return self._swap(state, seat, rest)
        raise IllegalMove(LexiconCrossingRefusal.NOT_UNDERSTOOD, text=quote(move.strip()))

    def _grid(self, state: State, seat: int, text: str) -> tuple[State, MoveOutcome]:
        if state["phase"] == "red" and state["done"][seat]:
            raise IllegalMove(LexiconCrossingRefusal.CROSSWORD_FINAL)
        rows = crossword.parse(text)
        needed = crossword.tiles_of(rows)
        held = Counter(state["tiles"][seat])
        missing = needed - held
        if missing:
            blanks = missing.pop(BLANK, 0)
            shown: list[Value] = list(sorted(missing.elements()))
            if blanks:
                shown.append(LexiconCrossingRefusal.A_BLANK if blanks == 1 else
                             Phrase(LexiconCrossingRefusal.BLANKS, {"count": blanks}))  # fmt: skip
            raise IllegalMove(LexiconCrossingRefusal.TILES_NOT_HELD, tiles=Listing(tuple(shown), "space"))
        new = copy.deepcopy(state)
        new["grids"][seat] = rows
        name = state["players"][seat]
        outcome = MoveOutcome(seat=seat, move=crossword.notation(rows), said=phrase(LexiconCrossingSaid.REARRANGED, name=name),
                              events={"quiet": True, "private": True})  # fmt: skip
        return new, outcome

    def _light(self, state: State, seat: int, which: str) -> tuple[State, MoveOutcome]:
        if state["phase"] != "play":
            raise IllegalMove(LexiconCrossingRefusal.RED_LIGHT_CALLED)
        exhausted = self.pool_exhausted(state)
        if which == "green" and exhausted:
            raise IllegalMove(LexiconCrossingRefusal.POOL_EXHAUSTED, count=len(state["bag"]))
        if which == "red" and not exhausted:
            raise IllegalMove(LexiconCrossingRefusal.RED_TOO_SOON)
        crossword.check_complete(state["grids"][seat], self.hand(state, seat), self.lexicon(state))
        new = copy.deepcopy(state)
        name = state["players"][seat]
        if which == "red":
            new["phase"], new["red_by"] = "red", seat
            new["done"][seat] = True
            outcome = MoveOutcome(seat=seat, move="red", said=phrase(LexiconCrossingSaid.RED_LIGHT, name=name,
                                                                     hours=state["options"]["grace"]))
            self._finish_if_all_done(new)
            return new, outcome
        per = state["options"]["per_green"]
        for s, on in enumerate(new["active"]):
            new["latest"][s] = []
            if on:
                drawn, new["bag"] = new["bag"][:per], new["bag"][per:]
                drawn = [t.rstrip("*") for t in drawn]
                new["tiles"][s].extend(drawn)
                new["latest"][s] = drawn
        new["deal_number"] += 1
        new["round"] += 1
        new["last_green"] = seat
        new["jaywalked"] = [0] * len(state["players"])
        new["swapped"] = [False] * len(state["players"])
        tiles = phrase(Said.A_TILE) if per == 1 else counted(Said.TILES, per)
        outcome = MoveOutcome(seat=seat, move="green", said=phrase(LexiconCrossingSaid.GREEN_LIGHT, name=name, tiles=tiles),
                              events={"deal": new["deal_number"]})  # fmt: skip
        return new, outcome

    def _jaywalk(self, state: State, seat: int, text: str) -> tuple[State, MoveOutcome]:
        rule = state["options"]["jaywalk"]
        if rule == "off":
            raise IllegalMove(LexiconCrossingRefusal.JAYWALKING_OFF)
        if state["phase"] != "play":
            raise IllegalMove(LexiconCrossingRefusal.JAYWALK_AFTER_RED)
        options = state["options"]
        if state["last_green"] == seat and options.get("jaywalk_who", "not_last") == "not_last":
            raise IllegalMove(LexiconCrossingRefusal.JAYWALK_LAST_GREEN)
        allowed = options.get("jaywalks", 1)
        if state["jaywalked"][seat] >= allowed:
            raise IllegalMove(LexiconCrossingRefusal.JAYWALKED_ALREADY, count=allowed)
        returned = [t.upper() for t in text.split()]
        if not returned or len(returned) > (2 if rule == "two" else 1):
            raise IllegalMove(LexiconCrossingRefusal.JAYWALK_NAME_TILES if rule == "two" else
                              LexiconCrossingRefusal.JAYWALK_NAME_TILE)  # fmt: skip
        hand = Counter(self.hand(state, seat))
        held = Counter(state["tiles"][seat])
        for tile in returned:
            if len(tile) != 1 or not (tile.isalpha() or tile == BLANK):
                raise IllegalMove(LexiconCrossingRefusal.JAYWALK_NOT_A_TILE, text=quote(tile))
        for tile, count in Counter(returned).items():
            if held[tile] < count:
                if not held[tile]:
                    raise IllegalMove(LexiconCrossingRefusal.NO_TILE_TO_RETURN, tile=tile)
                raise IllegalMove(LexiconCrossingRefusal.ONLY_SO_MANY, count=held[tile], tile=tile)
            if hand[tile] < count:
                raise IllegalMove(LexiconCrossingRefusal.RETURN_FROM_HAND, tile=tile)
        drawn_count = 2 if rule == "2for1" else len(returned)
        if len(state["bag"]) < drawn_count:
            raise IllegalMove(LexiconCrossingRefusal.JAYWALK_POOL_LOW)
        new = copy.deepcopy(state)
        drawn = [t.rstrip("*") for t in new["bag"][:drawn_count]]
        new["bag"] = new["bag"][drawn_count:]
        label = f"jaywalk:{state['shuffles']}"
        rng = draws(state["seed"], label, legacy=f"{state['seed']}:{label}")
        for tile in returned:
            new["tiles"][seat].remove(tile)
            new["bag"].insert(rng.randrange(len(new["bag"]) + 1), tile + ("*" if state["options"]["face_up"] else ""))
        new["tiles"][seat].extend(drawn)
        new["shuffles"] += 1
        new["jaywalked"][seat] = int(state["jaywalked"][seat]) + 1  # (older games kept True for once)
        name = state["players"][seat]
        what: Value = Listing(tuple(returned), "and") if state["options"]["face_up"] else (
            phrase(Said.A_TILE) if len(returned) == 1 else counted(Said.TILES, len(returned)))  # fmt: skip
        drew = phrase(Said.A_TILE) if drawn_count == 1 else counted(Said.TILES, drawn_count)
        outcome = MoveOutcome(seat=seat, move="jaywalk " + " ".join(returned),
                              said=phrase(LexiconCrossingSaid.JAYWALKED, name=name, returned=what, drawn=drew),
                              events={"private": not state["options"]["face_up"]})  # fmt: skip
        return new, outcome

    def team_of(self, state: State, seat: int) -> str | None:
        teams = state["options"]["teams"]
        return None if teams == "-" else teams[seat]

    def _swap(self, state: State, seat: int, text: str) -> tuple[State, MoveOutcome]:
        """``swap E X bob``: give E from your hand to your team-mate bob and take X from theirs; once each per
        green light (rules: "may swap one tile with their team member per green light")."""
        team = self.team_of(state, seat)
        if team is None:
            raise IllegalMove(LexiconCrossingRefusal.SWAP_TEAMS_ONLY)
        if state["phase"] != "play":
            raise IllegalMove(LexiconCrossingRefusal.SWAP_AFTER_RED)
        parts = text.split()
        if len(parts) != 3:
            raise IllegalMove(LexiconCrossingRefusal.SWAP_NOTATION)
        give, take, mate_name = parts[0].upper(), parts[1].upper(), parts[2]
        if mate_name not in state["players"]:
            raise IllegalMove(LexiconCrossingRefusal.NO_SUCH_PLAYER, name=quote(mate_name))
        mate = state["players"].index(mate_name)
        if mate == seat or self.team_of(state, mate) != team or not state["active"][mate]:
            raise IllegalMove(LexiconCrossingRefusal.NOT_TEAM_MATE, name=mate_name)
        if state["swapped"][seat] or state["swapped"][mate]:
            raise IllegalMove(LexiconCrossingRefusal.ONE_SWAP)
        if give not in self.hand(state, seat):
            raise IllegalMove(LexiconCrossingRefusal.NOTHING_TO_GIVE, tile=give)
        if take not in self.hand(state, mate):
            raise IllegalMove(LexiconCrossingRefusal.MATE_LACKS, name=mate_name, tile=take)
        new = copy.deepcopy(state)
        new["tiles"][seat].remove(give)
        new["tiles"][mate].remove(take)
        new["tiles"][seat].append(take)
        new["tiles"][mate].append(give)
        new["swapped"][seat] = new["swapped"][mate] = True
        name = state["players"][seat]
        return new, MoveOutcome(seat=seat, move=f"swap {give} {take} {mate_name}",
                                said=phrase(LexiconCrossingSaid.SWAPPED, name=name, mate=mate_name), events={"private": True})

    def _done(self, state: State, seat: int) -> tuple[State, MoveOutcome]:
        if state["phase"] != "red":
            raise IllegalMove(LexiconCrossingRefusal.DONE_TOO_SOON)
        if state["done"][seat]:
            raise IllegalMove(LexiconCrossingRefusal.DONE_ALREADY)
        new = copy.deepcopy(state)
        new["done"][seat] = True
        outcome = MoveOutcome(seat=seat, move="done", said=phrase(LexiconCrossingSaid.DONE, name=state["players"][seat]))
        self._finish_if_all_done(new)
        return new, outcome

    def _finish_if_all_done(self, state: State) -> None:
        if all(state["done"][s] or not on for s, on in enumerate(state["active"])):
            finish(state, EndReason.RED_LIGHT, phrase(LexiconCrossingSaid.ENDED_RED_LIGHT))
            state["phase"] = "over"

    def resign(self, state: State, seat: int) -> tuple[State, MoveOutcome]:
        if not state["active"][seat]:
            raise IllegalMove(Refusal.LEFT_ALREADY)
        new = copy.deepcopy(state)
        new["active"][seat] = False
        if sum(new["active"]) < 2 and new["phase"] == "play":
            finish(new, EndReason.RESIGNED, phrase(Said.TOO_FEW_LEFT))
            new["phase"] = "over"
        elif new["phase"] == "red":
            self._finish_if_all_done(new)
        return new, MoveOutcome(seat=seat, move="resign", said=phrase(Said.RESIGNED, name=state["players"][seat]))

    def timeout_move(self, state: State, seat: int) -> str | None:
        # Before red light nothing is owed: the idle clock only counts the silence ("" plays nothing).
        return "done" if state["phase"] == "red" else ""

    def result(self, state: State) -> dict[str, Any] | None:
        if not state["finished"]:
            return None
        scores = [self.score(state, s) for s in range(len(state["players"]))]
        values = [round(s.value, 2) for s in scores]
        standing = [v for v, on in zip(values, state["active"]) if on]
        best = max(standing) if standing else 0
        winners = [s for s, v in enumerate(values) if state["active"][s] and v == best]
        result = {"scores": values, "winners": winners, "reason": state["reason"], "end": state.get("end"),
                "reason_said": state.get("reason_said"),
                  "details": [s.text for s in scores]}  # fmt: skip
        if state["options"]["teams"] != "-":
            result.update(self._team_result(state, scores))
        return result

    def _team_result(self, state: State, scores: list[crossword.Score]) -> dict[str, Any]:
        """The three "winning team" rules: combined (all points / all words), best individual, or the best of
        each team's lowest score. Every member of the winning team(s) wins."""
        rule = state["options"]["team_win"]
        teams: dict[str, list[int]] = {}
        for seat, team in enumerate(state["options"]["teams"]):
            if state["active"][seat]:
                teams.setdefault(team, []).append(seat)
        values: dict[str, float] = {}
        for team, seats in teams.items():
            if rule == "combined":
                points = sum(scores[s].points for s in seats)
                words = sum(scores[s].words + scores[s].leftover for s in seats)
                values[team] = round(points / words, 2) if words else 0.0
            elif rule == "best":
                values[team] = max(round(scores[s].value, 2) for s in seats)
            else:
                values[team] = min(round(scores[s].value, 2) for s in seats)
        best = max(values.values()) if values else 0
        winning = [t for t, v in values.items() if v == best]
        return {"winners": sorted(s for t in winning for s in teams[t]), "teams": values, "team_rule": rule}

    # --- what each seat sees ------------------------------------------------------------------------------

    def view(self, state: State, seat: int | None, conceal_latest: bool = False) -> dict[str, Any]:
        over = state["finished"]
        result = self.result(state)
        view: dict[str, Any] = {
            "players": state["players"], "phase": state["phase"], "round": state["round"],
            "deal_number": state["deal_number"], "pool_count": len(state["bag"]),
            "pool_exhausted": self.pool_exhausted(state), "last_green": state["last_green"],
            "tile_counts": [len(t) for t in state["tiles"]], "jaywalked": state["jaywalked"], "swapped": state["swapped"],
            "done": state["done"], "red_by": state["red_by"], "active": state["active"],
            "options": state["options"], "result": result,
            "scores": result["scores"] if result else [None] * len(state["players"]),
            "face_up": [t.rstrip("*") for t in state["bag"] if t.endswith("*")] if state["options"]["face_up"] else [],
        }  # fmt: skip
        if over:
            view["grids"] = state["grids"]
            view["hands"] = [self.hand(state, s) for s in range(len(state["players"]))]
            view["score_texts"] = result["details"] if result else []
        if seat is not None:
            hand = self.hand(state, seat)
            new_tiles = list(state["latest"][seat])
            hidden = 0
            if conceal_latest and not over:
                for tile in new_tiles:
                    if tile in hand:
                        hand.remove(tile)
                        hidden += 1
                new_tiles = []
            scored = crossword.score(state["grids"][seat], len(hand) + hidden, self.lexicon(state),
                                     self.letters(state).values)
            view.update(
                seat=seat, hand=hand, grid=state["grids"][seat], new_tiles=new_tiles, hidden_new=hidden,
                score={"points": scored.points, "words": scored.words, "leftover": scored.leftover,
                       "value": round(scored.value, 2), "text": scored.text, "invalid": scored.invalid},
                can_jaywalk=self._may_jaywalk(state, seat),
                can_green=state["phase"] == "play" and not self.pool_exhausted(state),
            )  # fmt: skip
        return view

    def _may_jaywalk(self, state: State, seat: int) -> bool:
        options = state["options"]
        return (options["jaywalk"] != "off" and state["phase"] == "play" and state["active"][seat]
                and (state["last_green"] != seat or options.get("jaywalk_who", "not_last") == "everyone")
                and state["jaywalked"][seat] < options.get("jaywalks", 1)
                and len(state["bag"]) >= (2 if options["jaywalk"] == "2for1" else 1))  # fmt: skip

    def render_text(self, state: State, seat: int | None, legend: bool = True, conceal_latest: bool = False) -> str:
        lines = english_lines(self.position(state, seat, conceal_latest))
        if legend and (seat is not None or state["finished"]):
            lines.append(english(self.legend(state)))
        return "\n".join(lines)

    def position(self, state: State, seat: int | None, conceal_latest: bool = False) -> list[Value]:
        view = self.view(state, seat, conceal_latest)
        lines: list[Value] = []
        if seat is not None:
            grid = view["grid"]
            mine = crossword.Score(view["score"]["points"], view["score"]["words"], view["score"]["leftover"])
            lines.append(phrase(LexiconCrossingSaid.YOUR_CROSSWORD, score=mine.said))
            lines.extend(f"  {' '.join(row)}" for row in grid) if grid else lines.append(indented(phrase(LexiconCrossingSaid.EMPTY_GRID)))
            lines.append(phrase(LexiconCrossingSaid.TILES_NOT_ON_IT, tiles=tiles_or_none(view["hand"])))
            if view["hidden_new"]:
                lines.append(counted(LexiconCrossingSaid.NEW_WAITING, view["hidden_new"]))
            elif view["new_tiles"] and not state["finished"]:
                lines.append(phrase(LexiconCrossingSaid.NEWEST, count=len(view["new_tiles"]),
                                    tiles=Listing(tuple(view["new_tiles"]), "space")))  # fmt: skip
            if view["score"]["invalid"]:
                lines.append(phrase(LexiconCrossingSaid.NOT_IN_DICTIONARY, words=Listing(tuple(view["score"]["invalid"]))))
        if state["finished"] and view["result"]:
            for s, name in enumerate(state["players"]):
                lines.append(phrase(LexiconCrossingSaid.PLAYER_SCORE, name=name, score=self.score(state, s).said))
                lines.extend(f"  {' '.join(row)}" for row in state["grids"][s])
        else:
            if state["phase"] == "play":
                lines.append(phrase(LexiconCrossingSaid.ROUND, round=state["round"], count=len(state["bag"])))
            else:
                lines.append(phrase(LexiconCrossingSaid.GRACE_PERIOD, count=len(state["bag"])))
            others = [phrase(LexiconCrossingSaid.HOLDS, name=n, count=view["tile_counts"][s])
                      for s, n in enumerate(state["players"]) if s != seat]  # fmt: skip
            lines.append(phrase(LexiconCrossingSaid.TILES_HELD, holds=Listing(tuple(others))))
            if view["face_up"]:
                lines.append(phrase(LexiconCrossingSaid.FACE_UP, tiles=Listing(tuple(view["face_up"]), "space")))
        return lines

    def legend(self, state: State) -> list[Legend]:
        return [Legend.EMPTY]

    def examples(self, state: State, seat: int | None) -> list[tuple[str, Phrase | None]]:
        lines: list[tuple[str, Phrase | None]] = [("grid", phrase(LexiconCrossingSaid.EXAMPLE_GRID))]
        if state["phase"] == "play":
            lines.append(("green", phrase(LexiconCrossingSaid.EXAMPLE_GREEN)) if not self.pool_exhausted(state)
                         else ("red", phrase(LexiconCrossingSaid.EXAMPLE_RED)))  # fmt: skip
            if seat is not None and self._may_jaywalk(state, seat):
                lines.append(("jaywalk Q", phrase(LexiconCrossingSaid.EXAMPLE_JAYWALK, tile="Q")))
            lines.append(("withdraw", phrase(LexiconCrossingSaid.EXAMPLE_WITHDRAW)))
        elif state["phase"] == "red":
            lines.append(("done", phrase(LexiconCrossingSaid.EXAMPLE_DONE)))
        return lines


def _ordered_bag(tile_set: Any, seed: Seed, first: str | None) -> list[str]:
    from ..core.bag import new_bag

    return list(new_bag(tile_set, seed, first))


ENGINE = LexiconCrossingEngine()
