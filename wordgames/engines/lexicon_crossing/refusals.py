"""Lexicon Crossing's own refusals: codes and their English templates (see ``core.refusals``)."""

from __future__ import annotations

from ..core.refusals import Template, gettext_noop, ngettext_lazy


class LexiconCrossingRefusal(Template):
    ROW_CHARACTER = gettext_noop("A crossword row may hold only letters and '.' for an empty cell, not %(char)s.")
    TOO_BIG = gettext_noop("A crossword may be at most %(most)s cells wide and %(most)s high.")
    NOT_YET = gettext_noop("Not yet: %(problems)s.")
    # Translators: the reasons below follow "Not yet: ", in lower case, separated by semicolons.
    TILES_NOT_IN_CROSSWORD = gettext_noop("these tiles are not in your crossword yet: %(tiles)s")
    IN_PIECES = gettext_noop("your crossword is in more than one piece")
    LOOSE_TILES = gettext_noop("these tiles are in no word: %(tiles)s")
    WORDS_NOT_IN_DICTIONARY = gettext_noop("not in the dictionary: %(words)s")
    EMPTY = gettext_noop("your crossword is empty")
    TEAMS_LETTERS = gettext_noop("Option teams: one letter per seat, e.g. AABB, or - for no teams.")
    START_TILES_LEAST = gettext_noop("Option start_tiles must be at least %(least)s (or 0 for the guide's number).")
    TEAMS_PER_SEAT = gettext_noop(
        "Option teams: give one team letter for each of the %(count)s players, at least two teams (e.g. AABB)."
    )
    START_TILES_TOO_MANY = gettext_noop(
        "%(start)s tiles each for %(count)s players needs more than the %(size)s tiles."
    )
    NEWEST_HIDDEN = gettext_noop(
        "Your newest tile is hidden from you until the others have seen theirs: call red light once it shows."
    )
    LEFT = gettext_noop("You have left this game.")
    # The site's own words for a move from someone not seated in the game: one msgid, translated already.
    NOT_SEATED = gettext_noop("You are not playing in this game.")
    NOT_UNDERSTOOD = gettext_noop(
        "I do not understand %(text)s: write grid (then your crossword), green, jaywalk Q, red (when the pool is "
        "exhausted) or done (in the grace period)."
    )
    CROSSWORD_FINAL = gettext_noop("You said you are done: your crossword is final.")
    TILES_NOT_HELD = gettext_noop("Your crossword uses tiles you do not have: %(tiles)s.")
    A_BLANK = gettext_noop("a blank")
    BLANKS = ngettext_lazy("%(count)s blank", "%(count)s blanks")
    RED_LIGHT_CALLED = gettext_noop("Red light has been called: finish your crossword and say done.")
    POOL_EXHAUSTED = ngettext_lazy(
        "The pickup pool has %(count)s tile left, too few for a round: call red light (red) to end the game.",
        "The pickup pool has %(count)s tiles left, too few for a round: call red light (red) to end the game.",
    )
    RED_TOO_SOON = gettext_noop("Red light comes when the pickup pool is exhausted; until then call green light.")
    JAYWALKING_OFF = gettext_noop("Jaywalking is off in this game.")
    JAYWALK_AFTER_RED = gettext_noop("No jaywalking after red light.")
    JAYWALK_LAST_GREEN = gettext_noop("You called the last green light, so you cannot jaywalk this round.")
    JAYWALKED_ALREADY = ngettext_lazy(
        "You have jaywalked once this round already.", "You have jaywalked %(count)s times this round already."
    )
    JAYWALK_NAME_TILE = gettext_noop("Name the tile to return, e.g. jaywalk Q.")
    JAYWALK_NAME_TILES = gettext_noop("Name the tile to return, e.g. jaywalk Q (or two: jaywalk Q Z).")
    JAYWALK_NOT_A_TILE = gettext_noop("%(text)s is not a tile: name a letter, or ? for a blank.")
    NO_TILE_TO_RETURN = gettext_noop("You have no %(tile)s tile to return.")
    ONLY_SO_MANY = ngettext_lazy("You have only %(count)s %(tile)s tile.", "You have only %(count)s %(tile)s tiles.")
    RETURN_FROM_HAND = gettext_noop("Take %(tile)s off your crossword first: you return a tile from your hand.")
    JAYWALK_POOL_LOW = gettext_noop("The pickup pool has too few tiles to jaywalk.")
    SWAP_TEAMS_ONLY = gettext_noop("Swapping tiles is for team games.")
    SWAP_AFTER_RED = gettext_noop("No swapping after red light.")
    SWAP_NOTATION = gettext_noop("Write a swap as swap E X bob: your E for bob's X.")
    NO_SUCH_PLAYER = gettext_noop("There is no player called %(name)s in this game.")
    NOT_TEAM_MATE = gettext_noop("%(name)s is not your team-mate.")
    ONE_SWAP = gettext_noop("One swap a green light: you or your team-mate have swapped already.")
    NOTHING_TO_GIVE = gettext_noop("You have no %(tile)s in your hand to give (take it off your crossword first).")
    MATE_LACKS = gettext_noop("%(name)s has no %(tile)s in their hand.")
    DONE_TOO_SOON = gettext_noop("Done is for the grace period after red light.")
    DONE_ALREADY = gettext_noop("You have said done already.")
