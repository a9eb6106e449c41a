"""What an action answers: a refusal with a sentence for the player, or the move it made."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from ..models import Move


class Refused(Exception):
    """A request the service will not carry out; the message is a sentence for the player.

    ``code`` lets callers react (``stale`` shows the new board, ``illegal`` keeps the player's text). ``said``: an
    engine's refusal as data (``core.sentences``), for a caller that tells someone else later, in their language."""

    def __init__(self, message: str, code: str = "refused", said: Any = None) -> None:
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
