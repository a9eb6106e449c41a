"""Lingo's sentences about moves: codes and their English templates (see ``core.sentences``).

rules/lingo-pbem.md: "fred made the words IT and BIZ for a total of (2 + 28) x 2 = 60 pts."
"""

from __future__ import annotations

from ..core.refusals import Template, gettext_noop


class LingoSaid(Template):
    BURNED = gettext_noop("%(name)s placed %(tile)s on %(cell)s for 0 pts: it makes no word.")
    A_BLANK_AS = gettext_noop("a blank as %(letter)s")
    ONE_WORD = gettext_noop("%(name)s made the word %(word)s for a total of %(letters)s x %(times)s = %(score)s pts.")
    WORDS = gettext_noop("%(name)s made the words %(words)s for a total of (%(parts)s) x %(count)s = %(score)s pts.")
    # What an example of notation does (emails: "13L YET   a word across, starting at l13").
    EXAMPLE_HEX = gettext_noop("cells and letters (hex boards take only this form)")
    EXAMPLE_ACROSS = gettext_noop("a word across, starting at %(cell)s")
    EXAMPLE_DOWN = gettext_noop("a word down, starting at %(cell)s")
    EXAMPLE_CELLS = gettext_noop("cells and letters (a different letter on a tile stacks on it)")
    # Translators: the sporting opponent's comment on a move; "summary" is the better move's own sentence.
    MISSED = gettext_noop("%(name)s could have scored %(score)s pts with %(move)s: %(summary)s")
    # The position as text (emails, screen readers): the lines under the drawing of the board.
    # Translators: "tiles" are the player's tiles, each with its value (E1 N1 ?0), or "(none)".
    YOUR_TILES = gettext_noop("Your tiles: %(tiles)s")
    # Translators: the shared pool of tiles, each with its value (E1 N1 ?0), or "(none)".
    POOL = gettext_noop("Pool: %(tiles)s")
    # Translators: each player's name and how many tiles they hold: "ann 7, bob 5".
    TILES_IN_HAND = gettext_noop("Tiles in hand: %(counts)s")
    # Translators: "place" is the most tiles a player may place in one turn.
    BAG = gettext_noop("Tiles left in the bag: %(count)s. At most %(place)s placed a turn.")
    SCORE = gettext_noop("%(name)s's score is %(score)s.")
    SCORE_RESIGNED = gettext_noop("%(name)s's score is %(score)s. (resigned)")
    SCORE_TO_MOVE = gettext_noop("%(name)s's score is %(score)s. - to move")
    SCORE_RESIGNED_TO_MOVE = gettext_noop("%(name)s's score is %(score)s. (resigned) - to move")
