"""Signals the games app sends to rooms above the one that noticed something."""

from __future__ import annotations

from django.dispatch import Signal

# An email has shown ``position`` of ``game`` their tiles of the newest deal (Lexicon Crossing's green
# light counts it as seen). Sent by the notifications, which sit below the actions that act on it.
deal_shown = Signal()

# ``game`` has just ended with a result (a last move, a resignation, a timeout, a moderator scoring it as it
# stands), inside the transaction that ended it: a receiver's writes commit or roll back with the end. An
# abandoned game (no result) sends nothing.
game_finished = Signal()

# A moderator's take-back reopened ``game``, which had ended: what was done on its end is to be undone.
game_reopened = Signal()
