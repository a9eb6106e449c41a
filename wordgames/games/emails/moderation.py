"""What a moderator did, told to the players it concerns."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from wordgames.accounts.languages import speaking

from ..models import ModerationAction
from .game import (
    send_game_email,
)
from .letters import (
    absolute,
)

# What a moderator did, as whole sentences (a kind's label is a fragment, which a translation cannot reorder): the
# subject's, then the body's.
MODERATION_SENTENCES: dict[str, tuple[str, str]] = {
    ModerationAction.Kind.TAKE_BACK: (
        gettext_noop("A moderator took back the last move (%(where)s)"),
        gettext_noop("A moderator (%(moderator)s) took back the last move."),
    ),
    ModerationAction.Kind.END: (
        gettext_noop("A moderator ended the game (%(where)s)"),
        gettext_noop("A moderator (%(moderator)s) ended the game."),
    ),
    ModerationAction.Kind.ABANDON: (
        gettext_noop("A moderator abandoned the game (%(where)s)"),
        gettext_noop("A moderator (%(moderator)s) abandoned the game."),
    ),
    ModerationAction.Kind.REPLACE: (
        gettext_noop("A moderator put another player in a seat (%(where)s)"),
        gettext_noop("A moderator (%(moderator)s) put another player in a seat."),
    ),
    ModerationAction.Kind.SUSPEND: (
        gettext_noop("A moderator suspended a user (%(where)s)"),
        gettext_noop("A moderator (%(moderator)s) suspended a user."),
    ),
    ModerationAction.Kind.UNSUSPEND: (
        gettext_noop("A moderator lifted a suspension (%(where)s)"),
        gettext_noop("A moderator (%(moderator)s) lifted a suspension."),
    ),
    ModerationAction.Kind.HIDE_CHAT: (
        gettext_noop("A moderator hid a chat message (%(where)s)"),
        gettext_noop("A moderator (%(moderator)s) hid a chat message."),
    ),
}
MODERATION_OTHER = (
    gettext_noop("A moderator's action (%(where)s)"),
    gettext_noop("A moderator (%(moderator)s) acted."),
)


def send_moderation_notice(action: ModerationAction, user: User) -> bool:
    with speaking(user):
        moderator = action.moderator.username
        headline, sentence = MODERATION_SENTENCES.get(action.kind, MODERATION_OTHER)
        context = {
            "action": action,
            "user": user,
            "did": _(sentence) % {"moderator": moderator},
            "url": absolute(action.game.get_absolute_url()) if action.game else "",
        }
        where = (
            _("%(game)s game %(number)s") % {"game": action.game.title, "number": action.game.pk}
            if action.game
            else _("your account")
        )
        subject = _(headline) % {"where": where}
        # To the account (not the bare address): a moderation notice is not a kind one turns off, so it carries no
        # unsubscribe link that would say "no more email" while the game emails go on.
        return send_game_email(
            f"mod:{action.pk}:{user.pk}",
            user.email,
            subject,
            "games/email/moderation.txt",
            context,
            kind="moderation",
            user=user,
            game=action.game,
        )
