"""Signals the games app sends to rooms above the one that noticed something."""

from __future__ import annotations

from django.dispatch import Signal

# An email has shown ``position`` of ``game`` their tiles of the newest deal (Lexicon Crossing's green
# light counts it as seen). Sent by the notifications, which sit below the actions that act on it.
deal_shown = Signal()
