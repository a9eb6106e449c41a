"""The one place tests reach the clock sweep (reminders, timeouts) directly: the worker's beat runs it, no URL
does. If the sweep moves to another module, this import is the line to change."""

from wordgames.games.actions.clocks import sweep

__all__ = ["sweep"]
