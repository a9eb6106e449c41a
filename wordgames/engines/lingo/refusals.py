"""Lingo's own refusals: codes and their English templates (see ``core.refusals``)."""

from __future__ import annotations

from ..core.refusals import Template, gettext_noop, ngettext_lazy


class LingoRefusal(Template):
    NOT_LINGO_TILES = gettext_noop("Lingo's tiles have no %(letters)s: use the letters A to Z.")
    NO_HEX_ON_EVEN_ROWS = gettext_noop("There is no hex %(cell)s: in column %(column)s the hexes are on even rows.")
    NO_HEX_ON_ODD_ROWS = gettext_noop("There is no hex %(cell)s: in column %(column)s the hexes are on odd rows.")
    NO_SUCH_CELL = gettext_noop(
        "There is no cell %(cell)s on this board: columns run from a to %(last_column)s and rows from 1 to %(rows)s."
    )
    NO_PASSING = gettext_noop(
        "Players may not pass in Lingo: place at least one tile (a single tile may score 0 points)."
    )
    HEX_NEEDS_CELLS = gettext_noop("On a hex board, write a move as cells and letters, e.g. c5 D c9 C.")
    WROTE_FOR_EMPTY = gettext_noop("You wrote (%(letter)s) for %(cell)s, but that cell is empty.")
    WROTE_OTHER_LETTER = gettext_noop("You wrote (%(letter)s) for %(cell)s, but that cell shows %(shown)s.")
    PLACES_NOTHING = gettext_noop("That move places no tile: every letter is already on the board.")
    TWO_ON_ONE_CELL = gettext_noop("You placed two tiles on %(cell)s: one tile per cell a turn.")
    TOO_MANY_PLACED = ngettext_lazy(
        "You may place at most %(most)s tile a turn, not %(placed)s.",
        "You may place at most %(most)s tiles a turn, not %(placed)s.",
        "most",
    )
    NOT_IN_ONE_LINE = gettext_noop("The tiles you place in one turn must lie in one line.")
    SAME_LETTER = gettext_noop("You cannot cover the %(letter)s on %(cell)s with the same letter.")
    FIRST_MOVE_CENTRE = gettext_noop("The first move must cover the centre cell, %(cell)s.")
    MUST_TOUCH = gettext_noop("Your tiles must touch or cover a tile already on the board.")
    POOL_LACKS = gettext_noop("You do not have %(missing)s: the pool holds %(pool)s.")
    HIDDEN_POOL_LACKS = gettext_noop("You do not have %(missing)s: your tiles are %(pool)s.")
    A_BLANK = gettext_noop("a blank")
    THE_LETTER = gettext_noop("the letter %(letter)s")
    BLANKS = ngettext_lazy("%(count)s blank", "%(count)s blanks")
    # Translators: "You do not have 2 E tiles".
    LETTERS = ngettext_lazy("%(count)s %(letter)s tile", "%(count)s %(letter)s tiles")
    NOTHING = gettext_noop("nothing")
    GAP = gettext_noop("The tiles you place in one turn must form part of one word, with no gap between them.")
    NO_TWOS = gettext_noop("Two-letter words do not count in this game, so %(text)s cannot be played.")
    NOT_A_WORD = gettext_noop("%(text)s is not a word in the dictionary.")
    NO_WORD_HOLDS_THEM = gettext_noop(
        "Your tiles must form part of one word: no word in %(text)s, read either way, holds them all."
    )
    TOO_FEW_TILES_FOR_HIDDEN_POOLS = ngettext_lazy(
        "With hidden pools of %(pool)s, the %(tiles)s tiles serve at most %(most)s player, not %(count)s.",
        "With hidden pools of %(pool)s, the %(tiles)s tiles serve at most %(most)s players, not %(count)s.",
        "most",
    )
    NOT_YOUR_TURN = gettext_noop("It is not your turn: %(player)s to move.")
    WORD_POSSIBLE = gettext_noop(
        "A single tile that makes no word (0 pts) is allowed only when no new word can be made, and your tiles can "
        "make a word: look again."
    )
    NO_LONGER_PLAYING = gettext_noop("You are no longer playing in this game.")
    PLACE_OVER_POOL = gettext_noop("Option place must be between 1 and the pool size (%(pool)s), not %(place)s.")
    MISSED_WITH_NOT_SHARED = gettext_noop(
        "Option missed cannot be used with not_shared: showing a missed move would reveal the mover's hidden pool."
    )
