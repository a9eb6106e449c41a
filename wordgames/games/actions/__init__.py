"""Every write to games goes through here: views, email, admin actions and tasks call these doors.

One module per family (games, moves, greenlight, undo, teams, chat, clocks, moderation). Each door is one transaction:
check, lock the game row, write, then owe what is sent out (emails, commentary) with ``relay.owe``, so a
rolled-back change never notifies anyone. The names below are the doors other rooms call.
"""

from .chat import hide_message, post_message
from .clocks import end_vacation, set_vacation, sweep, time_out
from .computers import computer_level, play_computers, player_for
from .errors import MoveResult, RefusalCode, Refused
from .games import create_game, decline_invitation, join_game, rematch
from .hints import ask_hint
from .moderation import end_game, replace_player, set_suspended, take_back_last_move
from .moves import preview_move
from .play import submit_move
from .teams import answer_team_invitation, invite_team_mate, remove_team_mate
from .undo import answer_undo, request_undo

__all__ = [
    "MoveResult",
    "RefusalCode",
    "Refused",
    "answer_team_invitation",
    "ask_hint",
    "answer_undo",
    "computer_level",
    "create_game",
    "decline_invitation",
    "end_game",
    "end_vacation",
    "hide_message",
    "invite_team_mate",
    "join_game",
    "play_computers",
    "player_for",
    "post_message",
    "preview_move",
    "rematch",
    "remove_team_mate",
    "replace_player",
    "request_undo",
    "set_suspended",
    "set_vacation",
    "submit_move",
    "sweep",
    "take_back_last_move",
    "time_out",
]
