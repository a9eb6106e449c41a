"""The computer crosses its words on the letters worth most: a crossing tile scores its value."""

from __future__ import annotations

import random
from collections import Counter

from wordgames.engines.core.lexicon import Lexicon
from wordgames.engines.core.players import Clock
from wordgames.engines.lexicon_crossing import crossword
from wordgames.engines.lexicon_crossing.computer import _best_crossing, _rows


def test_a_word_crosses_the_dear_letter_rather_than_the_cheap_one() -> None:
    # ZOE across; the A in hand makes ZA down from the Z (10 points crossed) or EA down from the E (1 point).
    lexicon = Lexicon("enable", ["ZOE", "ZA", "EA"])
    grid = crossword.letters(["ZOE"])
    for seed in range(12):
        move = _best_crossing(grid, Counter("A"), lexicon, random.Random(seed), Clock(5.0))
        assert move is not None
        rows = _rows(grid | dict(move))
        assert rows == ["ZOE", "A.."], seed
        assert crossword.score(rows, 0, lexicon).value == 5.0  # 10 points / 2 words (EA would give 0.5)
