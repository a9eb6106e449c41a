"""Game records, ``wordgames-record/1``: one JSON object that replays a game exactly.

    {"format": "wordgames-record/1", "game": "lingo", "options": {"pool": 4},
     "players": ["ann", "bob"], "seed": 7, "bag": "ETVYOENHEWRPATEXRT",
     "moves": [{"player": "ann", "move": "13L YET"}, {"player": "bob", "move": "14J OVEN"}]}

``players`` are in seat order; ``bag``, when given, fixes the first tiles drawn, in order.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from wordgames.engines.core.text import quote

from .catalogue import engine_names, get_engine
from .errors import IllegalMove, InvalidOptions, InvalidRecord
from .rng import Seed, is_secret

FORMAT = "wordgames-record/1"
GAMES = ("lingo", "lingua-fences", "keebble", "lexicon-crossing")


def make_record(
    game_name: str,
    options: Mapping[str, Any],
    players: list[str],
    seed: Seed,
    bag: str | None,
    moves: list[dict[str, str]],
) -> dict[str, Any]:
    """A record dict ready for ``json.dumps``; ``moves`` are ``{"player": name, "move": text}``."""
    return {
        "format": FORMAT,
        "game": game_name,
        "options": dict(options),
        "players": list(players),
        "seed": seed,
        "bag": bag or "",
        "moves": [{"player": m["player"], "move": m["move"]} for m in moves],
    }


def validate_record(record: Any) -> dict[str, Any]:
    """Check the shape of a record; raise ``InvalidRecord`` with a sentence naming what is wrong."""
    if not isinstance(record, dict):
        raise InvalidRecord("A record is a JSON object.")
    if record.get("format") != FORMAT:
        raise InvalidRecord(f"The record's format must be {quote(FORMAT)}, not {quote(record.get('format'))}.")
    if record.get("game") not in engine_names():
        raise InvalidRecord(
            f"The record's game must be one of {', '.join(engine_names())}, not {quote(record.get('game'))}."
        )
    players = record.get("players")
    if not isinstance(players, list) or not players or not all(isinstance(p, str) and p for p in players):
        raise InvalidRecord("The record's players must be a list of names, in seat order.")
    if len(set(players)) != len(players):
        raise InvalidRecord("The record names a player twice.")
    seed = record.get("seed")
    if not (is_secret(seed) or (isinstance(seed, int) and not isinstance(seed, bool))):
        raise InvalidRecord("The record's seed must be the game's secret (hex, 32 digits or more) or a whole number.")
    if not isinstance(record.get("options", {}), dict):
        raise InvalidRecord("The record's options must be an object.")
    if not isinstance(record.get("bag") or "", str):
        raise InvalidRecord("The record's bag must be a string of letters.")
    moves = record.get("moves", [])
    if not isinstance(moves, list):
        raise InvalidRecord("The record's moves must be a list.")
    for n, move in enumerate(moves, start=1):
        if not isinstance(move, dict) or move.get("player") not in players or not isinstance(move.get("move"), str):
            raise InvalidRecord(f"Move {n} must name one of the players and a move.")
    return record


def replay(record: Mapping[str, Any]) -> Iterator[dict[str, Any]]:
    """Replay a record: one dict per move (``n`` from 1, ``player``, ``move``, ``score``, ``words``,
    ``totals``, ``summary``), then ``{"result": ...}``. An illegal move raises ``InvalidRecord`` naming
    the move number and the reason."""
    validate_record(record)
    engine = get_engine(record["game"])
    players = list(record["players"])
    try:
        state = engine.new_game(players, record.get("options") or {}, record["seed"], record.get("bag") or None)
    except InvalidOptions as e:
        raise InvalidRecord(str(e)) from None
    for n, entry in enumerate(record.get("moves", []), start=1):
        seat = players.index(entry["player"])
        try:
            state, outcome = engine.apply(state, seat, entry["move"])
        except IllegalMove as e:
            raise InvalidRecord(f"Move {n} ({entry['player']}: {entry['move']}) is illegal: {e}") from None
        yield {
            "n": n,
            "player": entry["player"],
            "move": outcome.move,
            "score": outcome.score,
            "words": [w["word"] for w in outcome.words],
            "totals": engine.view(state, None)["scores"],
            "summary": outcome.summary,
        }
    yield {"result": engine.result(state)}


def final_state(record: Mapping[str, Any]) -> dict[str, Any]:
    """The state after every move of the record."""
    validate_record(record)
    engine = get_engine(record["game"])
    state = engine.new_game(
        list(record["players"]), record.get("options") or {}, record["seed"], record.get("bag") or None
    )
    for entry in record.get("moves", []):
        state, _ = engine.apply(state, list(record["players"]).index(entry["player"]), entry["move"])
    return state
