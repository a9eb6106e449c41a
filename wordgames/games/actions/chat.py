"""Chat at the table: a player (or a seat's team-mate) writes to the others, on the web or by email; a
moderator may hide a message, with a reason, logged like any moderation."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from wordgames.accounts import relations, throttle

from .. import relay
from ..models import CHAT_MAX, ChatMessage, Game, ModerationAction
from ..queries import people_in, seat_of
from .errors import RefusalCode, Refused
from .moderation import log_moderation
from .moves import lock_game


def post_message(game_id: int, user: User, text: str, *, source: str = ChatMessage.Source.WEB) -> ChatMessage:
    """``user``'s message to their game's table: checked (a player of the game, some words, not too long, not
    too many lately), written, the game's pages updated, the other players emailed."""
    text = text.replace("\x00", "").strip()  # NUL (a broken mail program's) is stored by no PostgreSQL text column
    if not text:
        raise Refused(_("Write something to send."), RefusalCode.EMPTY)
    if len(text) > CHAT_MAX:
        raise Refused(
            _("A message has at most %(most)s characters (this one has %(length)s).")
            % {
                "most": number_format(CHAT_MAX, force_grouping=True),
                "length": number_format(len(text), force_grouping=True),
            },
            RefusalCode.TOO_LONG,
        )
    with transaction.atomic():
        game = lock_game(game_id)
        seat = seat_of(game, user)
        if seat is None:
            raise Refused(_("Only the game's players can write in its chat."), RefusalCode.NOT_SEATED)
        if relations.blocked_by_any(user, people_in(game)):  # one way: the blocker may still write
            raise Refused(_("This game's chat is not available to you."), RefusalCode.NOT_AVAILABLE)
        if not throttle.allow("chat", user.pk):
            raise Refused(
                _("You have written many messages lately. %(wait)s") % {"wait": throttle.wait_sentence("chat")},
                RefusalCode.THROTTLED,
            )
        message = ChatMessage.objects.create(game=game, user=user, seat=seat, text=text, source=source)
        game.version += 1  # every open page of the game shows it (a move form already open stays valid)
        Game.objects.filter(pk=game.pk).update(version=game.version)
        relay.owe(relay.send_chat, message.pk)
    return message


def hide_message(message_id: int, moderator: User, reason: str) -> ChatMessage:
    """A moderator hides a message from everyone; the reason is logged and the players are told."""
    with transaction.atomic():
        message = ChatMessage.objects.select_for_update().get(pk=message_id)
        game = lock_game(message.game_id)
        message.hidden = True
        message.save(update_fields=["hidden"])
        game.version += 1
        Game.objects.filter(pk=game.pk).update(version=game.version)
        log_moderation(
            ModerationAction.Kind.HIDE_CHAT,
            moderator,
            reason,
            game=game,
            detail=f"a message of {message.user.get_username()}",
        )
    return message
