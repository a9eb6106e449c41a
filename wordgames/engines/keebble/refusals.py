"""Keebble's own refusals, the reasons of Letterfraud and the names of special cells, as codes with English
templates (see ``core.refusals``)."""

from __future__ import annotations

from ..core.refusals import Template, gettext_noop


class KeebbleRefusal(Template):
    ENDGAME_WORD_ONLY = gettext_noop("In the endgame you only play a word: no asking, no special cells.")
    WORD_OR_ASK = gettext_noop("Write a word and the letters you ask for (8D WORD ask E X), or ask E X alone.")
    NO_PASSING = gettext_noop("You cannot pass: ask for two letters (ask E X), with or without a word first.")
    SPECIAL_NOTATION = gettext_noop("Write a special cell as special c3 DW (DL, TL, DW or TW).")
    TURN_UNREADABLE = gettext_noop(
        "I cannot read %(text)s: write 8D WORD ask E X (a word across from d8, then two letters), D8 WORD ... "
        "(down), or ask E X."
    )
    WORD_UNREADABLE = gettext_noop(
        "I cannot read %(text)s as a word: write 8D WORD (across from d8), D8 WORD (down) or f4 S (one letter)."
    )
    NO_WORD_FORMED = gettext_noop("A play must form at least one word of two or more letters.")
    OFF_THE_BOARD = gettext_noop("%(word)s runs off the board at %(cell)s.")
    HAND_CELL = gettext_noop("%(cell)s is a player's hand cell: no letters there.")
    DESTROYED_CELL = gettext_noop("%(cell)s was destroyed: it cannot be used.")
    LETTER_MISMATCH = gettext_noop("%(word)s needs %(letter)s at %(cell)s, where %(there)s is.")
    WALL_ACROSS_WORD = gettext_noop("A wall stands between %(first)s and %(second)s: no word runs across it.")
    NOTHING_NEW = gettext_noop("%(word)s is on the board already: play at least one letter from your hand.")
    NOT_IN_HAND = gettext_noop("You do not have %(letters)s in your hand.")
    RUNS_ON = gettext_noop(
        "%(word)s runs on into the %(letter)s at %(cell)s: write the whole word, including the letters already there."
    )
    FIRST_WORD_STAR = gettext_noop("The first word must cover %(cell)s.")
    FIRST_WORD_CENTRE = gettext_noop("The first word must cover one of the four centre squares %(cells)s.")
    MUST_CONNECT = gettext_noop("%(word)s must connect to letters already on the board.")
    NOT_IN_DICTIONARY = gettext_noop("%(word)s is not in the dictionary.")
    NOT_IN_DICTIONARY_EITHER_WAY = gettext_noop("%(word)s is not in the dictionary (nor is %(reversed)s).")
    SUPERCELLS_OFF = gettext_noop("Special cells are for the Supercells expansion, which is off in this game.")
    NOT_A_SPECIAL_KIND = gettext_noop("%(kind)s is not a special cell: choose one of %(kinds)s.")
    NOT_EMPTY = gettext_noop("%(cell)s is not an empty cell.")
    SPECIAL_WAITING = gettext_noop("A %(kind)s cell is already waiting on the board: pick another type.")
    STEAL_WITHOUT_THIEF = gettext_noop("You can only steal when your word covers a thief cell.")
    NO_ROOM_IN_BACKPACK = gettext_noop(
        "You have no room for a stolen letter (your backpack's 16 slots are used): leave out steal."
    )
    NO_ROOM_IN_HAND = gettext_noop("You have no room for a stolen letter (your hand is full): leave out steal.")
    THIEF_NEEDS_STEAL = gettext_noop("Your word covers a thief cell: add steal NAME LETTER (e.g. steal bob E).")
    STEAL_FROM_WHOM = gettext_noop("Steal from another player: %(name)s is not one.")
    NOTHING_TO_STEAL = gettext_noop("%(name)s has no %(letter)s to steal.")
    DESTROY_WITHOUT_DESTROYER = gettext_noop("You can only destroy cells when your word covers a destroyer cell.")
    DESTROYER_NEEDS_CELLS = gettext_noop(
        "Your word covers a destroyer cell: add destroy and two empty cells (destroy c1 c2)."
    )
    CANNOT_DESTROY = gettext_noop("%(cell)s is not an empty cell that can be destroyed.")
    BLOCKADE_WITHOUT_CELL = gettext_noop("You can only place blockade letters when your word covers a blockade cell.")
    BLOCKADE_NOT_EMPTY = gettext_noop("%(cell)s is not an empty cell for a blockade letter.")
    BLOCKADE_NO_LETTER = gettext_noop("You have no %(letter)s for the blockade.")
    BLOCKADE_TOO_MANY = gettext_noop("A blockade places at most 3 letters.")
    BIG_ASK_COUNT = gettext_noop("Your word covered a big ask cell: ask for up to six letters.")
    ASK_TWO = gettext_noop("Ask for two letters: end your move with ask and two letters, e.g. ask E X.")
    ASK_NOT_A_LETTER = gettext_noop("%(text)s is not a letter: ask for letters A to Z.")
    ASK_NOT_IN_SET = gettext_noop("%(text)s is not a letter: ask for letters %(letters)s.")
    LETTERFRAUD_EVERY_RULE = gettext_noop("Letterfraud: your letters break every rule: %(reasons)s.")
    LETTERFRAUD = gettext_noop("Letterfraud: %(reason)s.")
    TAKE_OR_WALL = gettext_noop("Take one of the letters asked for, or place a wall: you can do one of them.")
    ANSWER_NOTATION = gettext_noop(
        "Answer with take and one of the asked letters (%(letters)s), or place a wall: wall c3 c4."
    )
    NOT_ASKED = gettext_noop("%(letter)s was not asked for: take one of %(letters)s.")
    HAND_FULL = gettext_noop("Your hand is full: place a wall instead (wall c3 c4).")
    WALL_PLACE = gettext_noop("A wall goes on the edge between two side-by-side cells of the board, e.g. wall c3 c4.")
    WALL_THERE = gettext_noop("There is a wall between %(first)s and %(second)s already.")
    WALL_BETWEEN_LETTERS = gettext_noop(
        "%(first)s and %(second)s both hold letters: a wall goes on an empty edge, not between letters already on "
        "the board."
    )
    NOT_YOUR_TURN = gettext_noop("It is not your turn: waiting for %(players)s.")


class Letterfraud(Template):
    """The rules of Letterfraud, as the reason a refused ask breaks them (named as the option's choices)."""

    # Translators: the reasons follow "Letterfraud: " in a refusal, in lower case.
    different = gettext_noop("the letters must all be different")
    not_held = gettext_noop("you cannot ask for a letter you already have")
    one_held = gettext_noop("you may ask for at most one letter you have")
    line = gettext_noop("the letters must be in a straight line on the board")


LETTERFRAUD_REFUSALS = (KeebbleRefusal.LETTERFRAUD, KeebbleRefusal.LETTERFRAUD_EVERY_RULE)


class SpecialName(Template):
    """The names of the special cells, as a refusal names them (``A double word cell is already waiting``)."""

    # Translators: fills "A %(kind)s cell is already waiting on the board" (the special cell's name).
    DL = gettext_noop("double letter")
    TL = gettext_noop("triple letter")
    DW = gettext_noop("double word")
    TW = gettext_noop("triple word")
    BIG = gettext_noop("big ask")
    THIEF = gettext_noop("thief")
    DESTROY = gettext_noop("destroyer")
    AGAIN = gettext_noop("go again")
    GARBAGE = gettext_noop("garbage")
    BLOCKADE = gettext_noop("blockade")
    COLLECT = gettext_noop("collector")
