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

# A seat's deadline is about to move for its player's time away: later when they go away or when its clock
# starts while they are away, earlier when they come back before their days away are over. Sent with ``shifts``
# ({seat id: the change}) and ``now`` inside the transaction that writes them. A receiver returns {seat id: the
# change to make instead} for the seats whose room limits time away (an event's own limit on the days away a
# game may take); a seat no receiver names moves as asked.
time_away = Signal()

# The record of ``game`` (over) is being written: a receiver returns a dict of optional sections to add to it
# (the analysis after the game), or {} for none. Readers of older records ignore sections they do not know.
record_sections = Signal()
