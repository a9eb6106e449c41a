"""Keebble's sentences about turns and answers: codes and their English templates (see ``core.sentences``).

A turn's clauses are joined into one sentence (``core.sentences.clauses``): "ann played CAT (5) for 5 points;
ann asks E X."
"""

from __future__ import annotations

from ..core.refusals import Template, gettext_noop


class KeebbleSaid(Template):
    # Translators: a clause of a turn's sentence; "kind" is the special cell's name ("double word").
    SPECIAL = gettext_noop("%(name)s made %(cell)s a %(kind)s cell")
    # Translators: a clause of a turn's sentence; "change" is signed, e.g. +3.
    PLAYED_DEVILS = gettext_noop("%(name)s played %(words)s: %(change)s to their cells' total")
    # Translators: a clause of a turn's sentence: "ann played CAT (5) and AT (2) for 7 points".
    PLAYED = gettext_noop("%(name)s played %(words)s for %(points)s")
    # Translators: a word and its score, in a list of the words a turn played.
    WORD_SCORE = gettext_noop("%(word)s (%(score)s)")
    STOLE = gettext_noop("%(name)s stole %(letter)s from %(victim)s")
    GOES_AGAIN = gettext_noop("%(name)s goes again once this turn is done")
    ASKS = gettext_noop("%(name)s asks %(letters)s")
    ASKS_HAND_FULL = gettext_noop("%(name)s asks %(letters)s (got %(got)s: hand full)")
    # Translators: no letter at all ("got none: hand full").
    NONE = gettext_noop("none")
    ANSWERED_SEALED = gettext_noop("%(name)s answered (answers are shown once everyone has answered).")
    ANSWERED = gettext_noop("%(name)s answered. The answers: %(answers)s")
    RESIGNED_ANSWERS = gettext_noop("%(name)s resigned. The answers: %(answers)s")
    NEITHER = gettext_noop("%(name)s could neither take a letter nor place a wall.")
    SAME_WALL_TOOK = gettext_noop(
        "%(name)s chose the same wall (%(wall)s) as a player before them, so took %(letter)s instead."
    )
    SAME_WALL_BUILT = gettext_noop(
        "%(name)s chose the same wall (%(wall)s) as a player before them, so built %(other)s instead."
    )
    SAME_WALL_NOTHING = gettext_noop(
        "%(name)s chose the same wall (%(wall)s) as a player before them, and nothing else was possible."
    )
    TOOK = gettext_noop("%(name)s took %(letter)s.")
    WALL = gettext_noop("%(name)s placed a wall between %(first)s and %(second)s.")
    # What an example of notation does (emails: "take E           take one of the letters asked for").
    EXAMPLE_TAKE = gettext_noop("take one of the letters asked for")
    EXAMPLE_WALL = gettext_noop("a wall on the edge between %(first)s and %(second)s")
    EXAMPLE_ENDGAME = gettext_noop("a word across from %(cell)s (endgame: words only)")
    EXAMPLE_WORD_ASK = gettext_noop("a word across from %(cell)s, then ask two letters")
    EXAMPLE_DOWN = gettext_noop("a word down")
    EXAMPLE_ASK = gettext_noop("ask two letters without playing a word")
    EXAMPLE_SPECIAL = gettext_noop("a special cell instead of a word")
    # Why the game ended.
    NO_WORDS = gettext_noop("nobody could play a word")
    BLOCKED = gettext_noop("a whole round went by in which nobody could play a word, take a letter or build a wall")
    OUT_OF_LETTERS = gettext_noop("%(name)s is out of letters")
    # The position as text (emails, screen readers): the lines beside the drawing of the board.
    # Translators: the players' hands and scores, one player after another: "Hands: ann [ABC] 12 pts; bob [-] 3 pts".
    HANDS = gettext_noop("Hands: %(hands)s")
    # Translators: one player's hand (its tiles, or - when empty) and score, in the list of hands.
    HAND = gettext_noop("%(name)s [%(tiles)s] %(score)s pts")
    # Translators: "tiles" are the letters asked for: "ann asked E X: take one, or place a wall."
    ASKED = gettext_noop("%(name)s asked %(tiles)s: take one, or place a wall.")
    ENDGAME = gettext_noop("Endgame: words only.")
