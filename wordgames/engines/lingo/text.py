"""What players read: the move sentences of the rule texts, and the board as plain text for email.

rules/lingo-pbem.md: "fred made the words IT and BIZ for a total of (2 + 28) x 2 = 60 pts." and
"the tile just played is upper case" (older tiles lower case).
"""

from __future__ import annotations

from typing import Any

from ..core.engine import english_lines
from ..core.grid import cell_name, column_name
from ..core.legend import Legend, english
from ..core.notation import Placement
from ..core.refusals import Listing, Phrase, Value
from ..core.sentences import phrase, tiles_or_none
from ..core.tiles import LETTER_VALUES
from .said import LingoSaid
from .scoring import Score


def move_summary(player: str, placements: list[Placement], score: Score) -> Phrase:
    """ "ann made the words HEW, EYE and NEW for a total of (18 + 12 + 12) x 3 = 126 pts." """
    words = score.words
    if not words:
        p = placements[0]
        what: Value = Phrase(LingoSaid.A_BLANK_AS, {"letter": p.tile.letter}) if p.tile.blank else p.tile.letter
        return Phrase(LingoSaid.BURNED, {"name": player, "tile": what, "cell": cell_name(*p.cell)})
    if len(words) == 1:
        w = words[0]
        return Phrase(
            LingoSaid.ONE_WORD,
            {"name": player, "word": w.text, "letters": w.letters, "times": len(w.cells) - 1, "score": w.score},
        )
    parts = " + ".join(str(w.score) for w in words)
    return Phrase(
        LingoSaid.WORDS,
        {
            "name": player,
            "words": Listing(tuple(w.text for w in words), "and"),
            "parts": parts,
            "count": len(words),
            "score": score.total,
        },
    )


def _cell_text(tile: dict[str, Any] | None, exists: bool) -> str:
    if not exists:  # a sign, not a blank: in a proportional font a row's cells are counted, not lined up
        return " · "
    if tile is None:
        return " . "
    letter = tile["letter"] if tile["last"] else tile["letter"].lower()
    mark = "?" if tile["blank"] else " "
    height = str(tile["height"]) if tile["height"] > 1 else " "
    return f"{mark}{letter}{height}"[:3] if tile["height"] < 10 else f"{mark}{letter}+"


TEXT_MARGIN = 1  # cells shown around the tiles in an email: enough to see the edges, short enough to read


def _text_bounds(board: dict[str, Any]) -> dict[str, int]:
    """The tiles' bounding box plus a one-cell margin (the web page shows every reachable cell instead)."""
    if not board["tiles"]:
        return board["bounds"]
    rows_per_cell = 2 if board["shape"] == "hex" else 1
    cols = [t["col"] for t in board["tiles"]]
    rows = [t["row"] for t in board["tiles"]]
    return {
        "min_col": max(0, min(cols) - TEXT_MARGIN),
        "max_col": min(board["columns"] - 1, max(cols) + TEXT_MARGIN),
        "min_row": max(1, min(rows) - TEXT_MARGIN * rows_per_cell),
        "max_row": min(board["rows"], max(rows) + TEXT_MARGIN * rows_per_cell),
    }


def render_board(board: dict[str, Any]) -> list[str]:
    """The board around its tiles, labelled with the table's own coordinates."""
    b = _text_bounds(board)
    tiles = {(t["col"], t["row"]): t for t in board["tiles"]}
    cols = range(b["min_col"], b["max_col"] + 1)
    rows = range(b["min_row"], b["max_row"] + 1)
    hexes = board["shape"] == "hex"
    header = "    " + "".join(f"  {column_name(c):<2}" for c in cols)
    lines = [header.rstrip()]
    for row in rows:
        cells = "".join(" " + _cell_text(tiles.get((col, row)), not hexes or (col + row) % 2 == 1) for col in cols)
        lines.append(f"{row:>3} {cells}  {row}".rstrip())
    lines.append(header.rstrip())
    return lines


def legend(hexes: bool) -> list[Legend]:
    """The signs of the board: cells, the last move, blanks, stacks (and the gaps of a hex board)."""
    return [Legend.EMPTY, Legend.LAST, Legend.BLANK, Legend.STACK, *([Legend.NO_CELL] if hexes else [])]


def render(view: dict[str, Any], with_legend: bool = True) -> str:
    """The whole position for an email: board, legend (unless the caller words it), pool, bag and scores."""
    lines = english_lines(position(view))
    if with_legend:
        lines.insert(len(render_board(view["board"])) + 1, english(legend(view["board"]["shape"] == "hex")))
    return "\n".join(lines) + "\n"


def position(view: dict[str, Any]) -> list[Value]:
    """The board's drawing, then the pool, the bag and the scores as phrases (worded by the server)."""
    lines: list[Value] = [*render_board(view["board"]), ""]
    if view["pool"] is not None:
        # Each tile with its value, as pbmserv printed them (a blank, "?", is worth 0): E1 N1 O1 S1 V4.
        tiles = tiles_or_none([f"{t}{0 if t == '?' else LETTER_VALUES.get(t, 0)}" for t in view["pool"]])
        lines.append(phrase(LingoSaid.YOUR_TILES if view["pool_counts"] is not None else LingoSaid.POOL, tiles=tiles))
    if view["pool_counts"] is not None:
        counts = Listing(tuple(f"{name} {n}" for name, n in zip(view["players"], view["pool_counts"])))
        lines.append(phrase(LingoSaid.TILES_IN_HAND, counts=counts))
    lines.append(phrase(LingoSaid.BAG, count=view["bag_count"], place=view["place"]))
    for seat, (name, score) in enumerate(zip(view["players"], view["scores"])):
        if seat in view["to_move"]:
            code = LingoSaid.SCORE_TO_MOVE if view["active"][seat] else LingoSaid.SCORE_RESIGNED_TO_MOVE
        else:
            code = LingoSaid.SCORE if view["active"][seat] else LingoSaid.SCORE_RESIGNED
        lines.append(phrase(code, name=name, score=score))
    return lines
