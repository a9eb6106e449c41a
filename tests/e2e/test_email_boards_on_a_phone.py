"""The board in every mail client (issue 31): the HTML part of a game email, opened in Chromium at a phone's 390
pixels, never overflows sideways and its legend and score lines are on the screen (only a board's drawing may
scroll, inside its own block); the plain-text board is readable in a proportional font, each row one line with
one sign per cell, for every game and board (square and hex Lingo, Keebble, Lexicon Crossing, Lingua Fences)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.boardtext import text_board
from wordgames.games.models import Game

BOARDS = {
    "lingo square": ("lingo", {"preset": "classic"}),
    "lingo hex": ("lingo", {"preset": "pbem", "hex": True}),
    "keebble": ("keebble", {}),
    "lexicon crossing": ("lexicon-crossing", {}),
    "lingua fences": ("lingua-fences", {}),
}

# Every line of prose in the email (a line with a word of four letters: a legend, a score, a sentence; not a row
# of a board's drawing, which may scroll in its own block): where is its right edge?
OVERFLOW = r"""() => {
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const out = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent;
    let start = 0;
    for (const line of text.split("\n")) {
      if (/\p{L}{4,}/u.test(line)) {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, start + line.length);
        for (const rect of range.getClientRects()) {
          if (rect.right > window.innerWidth + 0.5) { out.push(line.trim().slice(0, 60)); break; }
        }
      }
      start += line.length + 1;
    }
  }
  return {page: document.documentElement.scrollWidth, lines: out};
}"""


def started(engine: str, options: dict[str, Any], ann: Any, bob: Any) -> Game:
    game = actions.create_game(ann, engine, options, ["bob"], seed=11, internal=True)
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    if engine == "lingo":  # tiles on the board, a score to show
        best = get_engine("lingo").best_move(game.state, 0)  # type: ignore[attr-defined]
        actions.submit_move(game.pk, ann, best.move, expected_version=game.version)
        game.refresh_from_db()
    return game


@pytest.mark.parametrize("board", BOARDS)
def test_a_game_email_fits_a_390_pixel_phone(browser: Any, ann: Any, bob: Any, board: str) -> None:
    engine, options = BOARDS[board]
    started(engine, options, ann, bob)
    letter = [m for m in mail.outbox if m.to == ["bob@example.com"]][-1]
    html = letter.alternatives[0][0]
    page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.set_content(html)
    measured = page.evaluate(OVERFLOW)
    assert measured["page"] <= 390, f"the email is {measured['page']} px wide"
    assert measured["lines"] == [], f"off the screen: {measured['lines']}"
    legend = get_engine(engine).legend(Game.objects.get().state)[0].value
    assert legend in page.inner_text("body")


def cells_per_row(text: str) -> list[int]:
    """The signs on each line of the drawing (a line without a word of four letters), counted as a reader of a
    proportional font counts them: separated by spaces."""
    return [
        len(line.split())
        for line in text.split("\n")
        if line.strip()
        and not any(len(word) >= 4 and word.isalpha() for word in line.replace(".", " ").replace(":", " ").split())
    ]


@pytest.mark.parametrize("board", BOARDS)
def test_the_plain_text_board_has_one_sign_per_cell_on_every_row(
    ann: Any, bob: Any, board: str, transactional_db: Any
) -> None:
    engine, options = BOARDS[board]
    game = started(engine, options, ann, bob)
    text = text_board(engine, game.state, 1)
    counts = cells_per_row(text)
    header = counts[0] if counts else 0
    if engine == "lingo":  # the column letters, then each row: its number, a sign per column, its number
        assert all(n == header + 2 for n in counts[1:-1]) and counts[-1] == header, text
    elif engine in ("keebble", "lingua-fences"):  # the row's number, a sign per column; walls under a row: a sign each
        assert all(n in (header, header + 1) for n in counts[1:]) and header + 1 in counts, text
    else:  # Lexicon Crossing: the crossword's rows, a sign per cell (sent back as drawn after "grid")
        game.state["grids"][1] = ["..C.....", "KEYBOARD", "..K....."]
        assert "\n  . . C . . . . .\n  K E Y B O A R D\n  . . K . . . . .\n" in text_board(engine, game.state, 1)
    # The letters of the email are the engine's: the text board is the one sent.
    assert text in [m for m in mail.outbox if m.to == ["bob@example.com"]][-1].body or engine == "lexicon-crossing"
