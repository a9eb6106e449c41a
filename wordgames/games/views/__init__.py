"""Thin views: parse the request, call a service, render. No rule lives here.

One module per family of pages: ``lists`` (the lobby, and the ways to a new game), ``page`` (the game page, its
live part, its JSON, its printed sheet), ``streams`` (live pages' event streams), ``moves`` (a move, its preview,
a hint, resigning), ``undoing``, ``talk`` (chat), ``seats`` (joining, invitations), ``teams`` (team-mates sharing
a seat), ``records`` (record and replay), ``help`` and ``preferences`` (email settings and days away), over
``common`` (loading a game its reader may see). ``urls.py`` reaches every page through this package.
"""

from .help import help_index, help_page
from .lists import lobby, new_game, next_game, play_computer, rematch
from .moves import hint, preview, resign, submit_move
from .page import game_json, game_live, game_page, print_sheet
from .preferences import email_settings
from .records import record, replay_page
from .seats import accept_invitation, answer_invitation, join
from .streams import game_stream, lobby_stream
from .talk import chat
from .teams import answer_team_invitation, invite_team_mate, remove_team_mate
from .undoing import undo

__all__ = [
    "accept_invitation",
    "answer_invitation",
    "answer_team_invitation",
    "chat",
    "email_settings",
    "game_json",
    "game_live",
    "game_page",
    "game_stream",
    "help_index",
    "help_page",
    "hint",
    "invite_team_mate",
    "join",
    "lobby",
    "lobby_stream",
    "new_game",
    "next_game",
    "play_computer",
    "preview",
    "print_sheet",
    "record",
    "rematch",
    "remove_team_mate",
    "replay_page",
    "resign",
    "submit_move",
    "undo",
]
