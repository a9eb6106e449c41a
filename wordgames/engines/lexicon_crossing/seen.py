"""What each seat sees: its own crossword, hand and newest tiles; of the others, only how many tiles they hold,
until the game ends and every crossword is shown.

``conceal_latest``: the green-lighter's newest tiles are still hidden from them (the asynchronous protocol):
they are counted, not shown.
"""

from __future__ import annotations

from typing import Any

from ..core.engine import State
from ..core.refusals import Listing, Phrase, Value
from ..core.sentences import counted, indented, phrase, tiles_or_none
from . import crossword
from .jaywalking import may_jaywalk
from .said import LexiconCrossingSaid
from .scoring import result, score
from .table import hand, letters, lexicon, newest_held, pool_exhausted


def view(state: State, seat: int | None, conceal_latest: bool = False) -> dict[str, Any]:
    over = state["finished"]
    outcome = result(state)
    seen: dict[str, Any] = {
        "players": state["players"],
        "phase": state["phase"],
        "round": state["round"],
        "deal_number": state["deal_number"],
        "pool_count": len(state["bag"]),
        "pool_exhausted": pool_exhausted(state),
        "last_green": state["last_green"],
        "tile_counts": [len(t) for t in state["tiles"]],
        "jaywalked": state["jaywalked"],
        "swapped": state["swapped"],
        "done": state["done"],
        "red_by": state["red_by"],
        "active": state["active"],
        "options": state["options"],
        "result": outcome,
        "scores": outcome["scores"] if outcome else [None] * len(state["players"]),
        "face_up": [t.rstrip("*") for t in state["bag"] if t.endswith("*")] if state["options"]["face_up"] else [],
    }
    if over:
        seen["grids"] = state["grids"]
        seen["hands"] = [hand(state, s) for s in range(len(state["players"]))]
        seen["score_texts"] = outcome["details"] if outcome else []
    if seat is not None:
        seen.update(_own(state, seat, conceal_latest and not over))
    return seen


def _own(state: State, seat: int, conceal: bool) -> dict[str, Any]:
    """What only the seat itself sees: its hand, crossword, newest tiles (or how many are hidden) and score."""
    held = hand(state, seat)
    new_tiles = list(state["latest"][seat])
    hidden = 0
    if conceal:
        for tile in newest_held(state, seat):
            held.remove(tile)
            hidden += 1
        new_tiles = []
    scored = crossword.score(state["grids"][seat], len(held) + hidden, lexicon(state), letters(state).values)
    return dict(
        seat=seat,
        hand=held,
        grid=state["grids"][seat],
        new_tiles=new_tiles,
        hidden_new=hidden,
        score={
            "points": scored.points,
            "words": scored.words,
            "leftover": scored.leftover,
            "value": round(scored.value, 2),
            "text": scored.text,
            "invalid": scored.invalid,
        },
        can_jaywalk=may_jaywalk(state, seat),
        can_green=state["phase"] == "play" and not pool_exhausted(state),
    )


def position(state: State, seat: int | None, conceal_latest: bool = False) -> list[Value]:
    """The position as lines: the seat's own crossword first; then, while the game runs, the round and what the
    others hold, or once it is over every player's crossword and score."""
    seen = view(state, seat, conceal_latest)
    lines: list[Value] = _own_lines(state, seen) if seat is not None else []
    if state["finished"] and seen["result"]:
        for s, name in enumerate(state["players"]):
            lines.append(phrase(LexiconCrossingSaid.PLAYER_SCORE, name=name, score=score(state, s).said))
            lines.extend(f"  {' '.join(row)}" for row in state["grids"][s])
    else:
        if state["phase"] == "play":
            lines.append(phrase(LexiconCrossingSaid.ROUND, round=state["round"], count=len(state["bag"])))
        else:
            lines.append(phrase(LexiconCrossingSaid.GRACE_PERIOD, count=len(state["bag"])))
        others = [
            phrase(LexiconCrossingSaid.HOLDS, name=n, count=seen["tile_counts"][s])
            for s, n in enumerate(state["players"])
            if s != seat
        ]
        lines.append(phrase(LexiconCrossingSaid.TILES_HELD, holds=Listing(tuple(others))))
        if seen["face_up"]:
            lines.append(phrase(LexiconCrossingSaid.FACE_UP, tiles=Listing(tuple(seen["face_up"]), "space")))
    return lines


def _own_lines(state: State, seen: dict[str, Any]) -> list[Value]:
    grid = seen["grid"]
    mine = crossword.Score(seen["score"]["points"], seen["score"]["words"], seen["score"]["leftover"])
    lines: list[Value] = [phrase(LexiconCrossingSaid.YOUR_CROSSWORD, score=mine.said)]
    lines.extend(f"  {' '.join(row)}" for row in grid) if grid else lines.append(
        indented(phrase(LexiconCrossingSaid.EMPTY_GRID))
    )
    lines.append(phrase(LexiconCrossingSaid.TILES_NOT_ON_IT, tiles=tiles_or_none(seen["hand"])))
    if seen["hidden_new"]:
        lines.append(counted(LexiconCrossingSaid.NEW_WAITING, seen["hidden_new"]))
    elif seen["new_tiles"] and not state["finished"]:
        lines.append(
            phrase(
                LexiconCrossingSaid.NEWEST,
                count=len(seen["new_tiles"]),
                tiles=Listing(tuple(seen["new_tiles"]), "space"),
            )
        )
    if seen["score"]["invalid"]:
        lines.append(phrase(LexiconCrossingSaid.NOT_IN_DICTIONARY, words=Listing(tuple(seen["score"]["invalid"]))))
    return lines


def examples(state: State, seat: int | None) -> list[tuple[str, Phrase | None]]:
    lines: list[tuple[str, Phrase | None]] = [("grid", phrase(LexiconCrossingSaid.EXAMPLE_GRID))]
    if state["phase"] == "play":
        lines.append(
            ("green", phrase(LexiconCrossingSaid.EXAMPLE_GREEN))
            if not pool_exhausted(state)
            else ("red", phrase(LexiconCrossingSaid.EXAMPLE_RED))
        )
        if seat is not None and may_jaywalk(state, seat):
            lines.append(("jaywalk Q", phrase(LexiconCrossingSaid.EXAMPLE_JAYWALK, tile="Q")))
        lines.append(("withdraw", phrase(LexiconCrossingSaid.EXAMPLE_WITHDRAW)))
    elif state["phase"] == "red":
        lines.append(("done", phrase(LexiconCrossingSaid.EXAMPLE_DONE)))
    return lines
