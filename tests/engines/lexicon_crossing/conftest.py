"""A dictionary of every word, registered as "every-word" (and as "every-word-fr", played with the French letter
set): for whole games played with random tiles, where the crosswords are laid out mechanically. The dictionary
check itself is tested with ENABLE."""

from __future__ import annotations

from wordgames.engines.core.letters import register_letter_set, shipped
from wordgames.engines.core.lexicon import Lexicon, register_lexicon


class EveryWord(Lexicon):
    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.isalpha()


register_lexicon("every-word", lambda: EveryWord("every-word", ["A"]))
register_lexicon("every-word-fr", lambda: EveryWord("every-word-fr", ["A"]))
register_letter_set("every-word-fr", shipped("fr"))


def lay_out(tiles: list[str]) -> str:
    """All tiles in one crossword: the first ones across, the rest down from the first tile (an L), so the
    first tile is the one crossing tile. Blanks stand for E."""
    letters = ["e" if t == "?" else t for t in tiles]
    cut = max(2, (len(letters) + 1) // 2)
    across, down = letters[:cut], letters[cut:]
    rows = ["".join(across)] + [ch + "." * (len(across) - 1) for ch in down]
    return "grid " + "/".join(rows)
