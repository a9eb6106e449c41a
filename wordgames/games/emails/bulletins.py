"""A line of news about a game (a vacation, a green light, an undo asked or answered) and a chat message."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from wordgames.accounts.languages import speaking
from wordgames.accounts.models import display_name

from .. import news, notices
from ..models import ChatMessage, Game
from .game import (
    game_context,
    send_game_email,
)
from .letters import (
    reader_zone,
)


def send_news(
    game: Game,
    key: str,
    sentence: news.News | str,
    *,
    exclude_user_id: int | None = None,
    only_user_id: int | None = None,
    kind: str = "other_move",
) -> int:
    """A line of news to the game's players (vacations, green lights: kind "other_move"; undo requests and
    answers: kind "undo", which each player may choose to get or not), in each reader's language."""
    sent = 0
    for seat, reader in notices.news_readers(game, exclude_user_id=exclude_user_id, only_user_id=only_user_id):
        if notices.watching(reader.pk, game.pk):
            continue
        with speaking(reader), timezone.override(reader_zone(reader)):
            line = news.words(sentence)
            context = {**game_context(game, seat, None), "user": reader, "name": display_name(reader), "news": line}
            subject = _("%(game)s game %(number)s: %(news)s") % {"game": game.title, "number": game.pk, "news": line}
            sent += send_game_email(
                f"news:{key}:{reader.pk}",
                reader.email,
                subject,
                "games/email/news.txt",
                context,
                kind=kind,
                user=reader,
                game=game,
                seat=seat,
            )
    return sent


def send_chat(message: ChatMessage) -> int:
    """A chat message to the game's other players (each may choose not to get chat by email)."""
    game = message.game
    sent = 0
    writer = display_name(message.user)
    for seat, reader in notices.news_readers(game, exclude_user_id=message.user_id):
        if notices.watching(reader.pk, game.pk):
            continue
        with speaking(reader):
            context = {
                **game_context(game, seat, None),
                "user": reader,
                "name": display_name(reader),
                "writer": writer,
                "message": message.text,
            }
            subject = _("%(game)s game %(number)s: %(writer)s writes") % {
                "game": game.title,
                "number": game.pk,
                "writer": writer,
            }
            sent += send_game_email(
                f"chat:{message.pk}:{reader.pk}",
                reader.email,
                subject,
                "games/email/chat.txt",
                context,
                kind="chat",
                user=reader,
                game=game,
                seat=seat,
            )
    return sent
