"""What an action answers: a refusal with a sentence for the player and a typed code, or the move it made."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from django.utils.translation import gettext as _

from ..models import Move


class RefusalCode(StrEnum):
    """Why the service refused, for the code that reacts to it (the sentence is for the player). A ``StrEnum``:
    a code compares equal to its old string, so a caller written as ``e.code == "stale"`` still reads it."""

    REFUSED = "refused"  # nothing more precise to say
    # The game and who asks
    NOT_FOUND = "not_found"  # no such game (or event, seat, request)
    NOT_SEATED = "not_seated"  # the asker has no seat in the game
    SEATED = "seated"  # the asker (or the person named) already has a seat
    SUSPENDED = "suspended"  # the asker's account is suspended
    NOT_AVAILABLE = "not_available"  # a person who cannot be asked (blocked, away), or a chat closed to the asker
    NOT_INVITED = "not_invited"  # the invitation is someone else's
    GONE = "gone"  # what was answered (an invitation, a seek) is no longer open
    FULL = "full"  # every seat is taken
    STARTED = "started"  # the game (or event) has started already
    NOT_CREATOR = "not_creator"  # only its creator may do this
    OWN = "own"  # taking a seat in one's own seek
    THROTTLED = "throttled"  # too many requests lately
    CAP = "cap"  # too many seeks open at once
    COMPUTER_CAP = "computer_cap"  # too many games against the computer at once
    # Moves
    NOT_RUNNING = "not_running"  # the game is not in progress (over, or not started)
    NOT_YOUR_TURN = "not_your_turn"  # the seat may not act now
    EMPTY = "empty"  # nothing was typed
    TOO_LONG = "too_long"  # longer than allowed
    ILLEGAL = "illegal"  # the engine refused the move (``said`` has its reason as data)
    STALE = "stale"  # the position changed since the player looked: show the board as it is
    WAITING = "waiting"  # a green light waits already
    NOT_WAITING = "not_waiting"  # no green light waits to be withdrawn
    NO_HINTS = "no_hints"  # hints are off, or none is left
    NOT_PRACTICE = "not_practice"  # analysis asked during a game that is not a practice game (no hints)
    UNDO = "undo"  # an undo cannot be asked or answered now
    NO_MOVE = "no_move"  # no move to take back
    NOT_OVER = "not_over"  # a rematch of a game still running
    VACATION = "vacation"  # a vacation's dates or length
    REASON = "reason"  # a moderator's action without its reason
    # Settings that do not fit (a game's, a seek's, an event's): the name of the setting
    OPTIONS = "options"
    PLAYERS = "players"
    KIND = "kind"
    BAND = "band"  # a seek's rating range, or a rating outside it
    NAME = "name"
    FORMAT = "format"
    DATES = "dates"
    MAX_PLAYERS = "max_players"
    DAYS_AWAY_LIMIT = "days_away_limit"
    ROUNDS = "rounds"
    DIVISION_SIZE = "division_size"
    PROMOTED = "promoted"
    # Events
    NOT_ALLOWED = "not_allowed"  # only moderators may create or start events
    CLOSED = "closed"  # sign-up is closed
    SIGNED_UP = "signed_up"  # signed up already
    NOT_ENTERED = "not_entered"  # not in the event
    OVER = "over"  # the event is over
    REACH = "reach"  # a ladder challenge out of reach (or the reach setting)
    BUSY = "busy"  # a ladder player with a game of the ladder under way


class Refused(Exception):
    """A request the service will not carry out; the message is a sentence for the player.

    ``code`` lets callers react (``STALE`` shows the new board, ``ILLEGAL`` keeps the player's text). ``said``: an
    engine's refusal as data (``core.sentences``), for a caller that tells someone else later, in their language."""

    def __init__(self, message: str, code: RefusalCode = RefusalCode.REFUSED, said: Any = None) -> None:
        super().__init__(message)
        self.code = code
        self.said = said


@dataclass
class MoveResult:
    move: Move | None  # None when the request waits (a Lexicon Crossing green light not yet dealt)
    duplicate: bool  # True when this idempotency key had already been applied: nothing new happened
    message: str = ""  # what to tell the player when there is no move to show

    @property
    def sentence(self) -> str:
        if self.move is None:
            return self.message
        return self.move.told or _("You played %(move)s.") % {"move": self.move.text}
