"""The engines' own words shown on pages (option labels and help, Keebble's special cells), for translation;
and an option's value as pages show it.

The engines import no Django, so they cannot mark their text; they write it in English, and the pages look it up
here with ``engine_text``. This list is what ``makemessages`` finds: a test checks that every label, help text
and special cell's name of every engine is in it, so a new option cannot be left untranslated.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext, gettext_noop

TEXTS = frozenset(
    {
        # Keebble
        gettext_noop("Board"),
        gettext_noop("8x4, 8x8 or 16x8 cells."),
        gettext_noop("Start"),
        gettext_noop(
            "generated: like the website (star, starting letters, walls, special cells); empty: a blank page."
        ),
        gettext_noop("Direction of play"),
        gettext_noop(
            "How words are oriented and read: ltr (left to right and top to bottom), rtl (right to left and top to bottom, for right-to-left alphabets), or both (a line of letters may read either way along it)."
        ),
        gettext_noop("Turn order"),
        gettext_noop("The order of turns round the table."),
        gettext_noop("Dictionary"),
        gettext_noop("The word list words are checked against."),
        gettext_noop("Walls"),
        gettext_noop(
            "Where an answering player may place a wall: empty (on an empty edge, never between two letters already on the board) or any (any edge without a wall, also between two letters)."
        ),
        gettext_noop("Letterfraud"),
        gettext_noop(
            "Asking rules: any (satisfy one of the four each turn), different, not_held, one_held, line; or off."
        ),
        gettext_noop("Dictionary Devils"),
        gettext_noop(
            "Cells remember who wrote them; +1 a letter when your word uses another player's letter; the final score is the sum of your cells."
        ),
        gettext_noop("Tiny Backpacks"),
        gettext_noop("16 slots: once 16 letters have come to you, no more."),
        gettext_noop("Supercells"),
        gettext_noop("Instead of a word, place a special cell (double/triple letter/word)."),
        gettext_noop("Celldance"),
        gettext_noop(
            "More special cells: big ask, thief, destroyer, go again, garbage, blockade, collector (needs Supercells: turned on with it)."
        ),
        gettext_noop("Scrabble Scoring"),
        gettext_noop("Letters score their Scrabble values."),
        # Lexicon Crossing
        gettext_noop("Tile set"),
        gettext_noop(
            "lc120: the 120-tile set proposed for the game (2-5 players); s98: a Scrabble set without blanks (2-4 players; 5 may play it, though the rules advise against it: 15 tiles each leave 23 in the pool, 4 rounds)."
        ),
        gettext_noop("Starting tiles each"),
        gettext_noop("0: the guide's number for the tile set and players; at least 15."),
        gettext_noop("Tiles per green light"),
        gettext_noop("1, or 2 for half as many rounds."),
        gettext_noop("Jaywalking"),
        gettext_noop(
            "one: return a tile, draw one; two: return up to two, draw as many; 2for1: return one, draw two; off."
        ),
        gettext_noop("Jaywalks a round"),
        gettext_noop("How often each player may jaywalk in one round."),
        gettext_noop("Who may jaywalk"),
        gettext_noop(
            "not_last: everyone but the player who called the last green light (the rule); everyone: the green-lighter too."
        ),
        gettext_noop("Returned tiles face up"),
        gettext_noop("Jaywalked tiles lie face up in the pool: everyone sees them."),
        gettext_noop("Blanks"),
        gettext_noop("Add the two blanks of a Scrabble set (worth 0)."),
        gettext_noop("The word list crosswords are checked against."),
        gettext_noop("Green light leeway (minutes)"),
        gettext_noop("A waiting green light is given this long after the last player has seen their newest tile."),
        gettext_noop("Waiting green lights visible"),
        gettext_noop("Others see who asked for a green light."),
        gettext_noop("Green-lighter sees their tile"),
        gettext_noop("all: once every other player has seen theirs; one: once one other player has."),
        gettext_noop("Grace period (hours)"),
        gettext_noop("After red light, the others have this long to finish."),
        gettext_noop("Teams"),
        gettext_noop(
            "Collaborating players: a team letter per seat in seat order, e.g. AABB (each keeps their own crossword; team-mates may swap one tile per green light); - for none."
        ),
        gettext_noop("Winning team"),
        gettext_noop(
            "combined: all the team's points / all its words; best: the highest individual score; worst: the best of each team's lowest score."
        ),
        # Lingo
        gettext_noop("Preset"),
        gettext_noop(
            "classic: the boardless rules (pool 4, play any number, 98 tiles); pbem: the play-by-email server (pool 5, at most 4 a turn, 49 tiles)."
        ),
        gettext_noop("Pool size"),
        gettext_noop("Tiles in the pool (1-10)."),
        gettext_noop("Tiles a turn"),
        gettext_noop("The most tiles one move may place (1 to the pool size); classic lets a move use the whole pool."),
        gettext_noop("Hexagonal board"),
        gettext_noop("Hexes have three axes, so more words a move."),
        gettext_noop("98: the Scrabble set without blanks; 49 or 30: smaller sets; half: half of each letter."),
        gettext_noop("No two-letter words"),
        gettext_noop("Two-letter words do not count."),
        gettext_noop("Repeat letters"),
        gettext_noop("A tile may be stacked on the same letter."),
        gettext_noop("Hidden pools"),
        gettext_noop("Every player has a hidden pool of their own."),
        gettext_noop(
            "Add blanks (two in the 98 set, one in smaller sets): worth 0, they stand for the letter you choose."
        ),
        gettext_noop("Table size"),
        gettext_noop("The table is size x size squares (hex: size columns of size hexes)."),
        gettext_noop("The word list moves are checked against."),
        gettext_noop("Sporting opponent"),
        gettext_noop("After each move, show the best move the mover missed (not with hidden pools)."),
        gettext_noop("Practice game"),
        gettext_noop("Players may ask for the best move."),
        gettext_noop("Burning a tile"),
        gettext_noop(
            "When a single tile that makes no word may be played for 0: no-word, only when no new word can be made (the rules); always, at any time (a house rule, and how games started before November 2026 play)."
        ),
        # Lingua Fences
        gettext_noop("Sheet size"),
        gettext_noop("Squares a side (the official sheet: 19)."),
        gettext_noop("Starting square"),
        gettext_noop("The first word on every sheet covers it."),
        gettext_noop(
            "Any loaded word list, or several joined by + to play in several languages at once (a word of any of them counts)."
        ),
        gettext_noop("House words"),
        gettext_noop(
            "Words your table accepts besides the dictionary (names of fictional characters, onomatopoeia...), separated by spaces or commas."
        ),
        gettext_noop("Edges"),
        gettext_noop(
            "one: the edge encloses on one side only (an area touching two sides is not enclosed); none: only letters enclose; any: edges enclose like letters."
        ),
        gettext_noop("Claimed squares take letters"),
        gettext_noop("Words may still cross claimed areas."),
        # Keebble's special cells (their names on the board)
        gettext_noop("double letter"),
        gettext_noop("triple letter"),
        gettext_noop("double word"),
        gettext_noop("triple word"),
        gettext_noop("big ask"),
        gettext_noop("thief"),
        gettext_noop("destroyer"),
        gettext_noop("go again"),
        gettext_noop("garbage"),
        gettext_noop("blockade"),
        gettext_noop("collector"),
    }
)


def engine_text(text: str) -> str:
    """``text`` (an engine's English) in the active language; text not listed here is shown as it is."""
    return gettext(text) if text in TEXTS else text


def shown_value(value: Any) -> str:
    """An option's value as a page shows it: yes, no, none, or the value itself (a number, a code)."""
    if value is True:
        return gettext("yes")
    if value is False:
        return gettext("no")
    if value in ("", None):
        return gettext("none")
    return str(value)
