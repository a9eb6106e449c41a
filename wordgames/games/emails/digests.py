"""The daily digest: every game where it is the player's turn, in one email."""

from __future__ import annotations

from datetime import datetime

from django.conf import settings
from django.contrib.auth.models import User
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import ngettext

from wordgames.accounts.languages import speaking
from wordgames.accounts.models import display_name, move_digest_on

from .. import notices
from ..models import Game
from .game import (
    game_context,
    subject_line,
)
from .letters import (
    absolute,
    automatic_headers,
    compose,
    send_letters,
    unsubscribe_token,
)


def send_digest(user: User, games: list[Game], day: str) -> bool:
    """One email a day listing every game where it is the player's turn, with each board."""
    with speaking(user):
        return _send_digest(user, games, day)


def _send_digest(user: User, games: list[Game], day: str) -> bool:
    entries = []
    for game in games:
        seat = notices.seat_read_by(game, user)
        entries.append(
            {
                **game_context(game, seat, game.moves.filter(taken_back=False).order_by("-seq").first()),
                "subject": subject_line(game),
            }
        )
    context = {"user": user, "name": display_name(user), "entries": entries}
    count = len(entries)
    subject = ngettext(
        "Your turn in %(count)s game (%(site)s daily digest)",
        "Your turn in %(count)s games (%(site)s daily digest)",
        count,
    ) % {"count": count, "site": settings.SITE_NAME}
    key = notices.digest_key(user.pk, day)
    if not user.email:
        return False
    unsubscribe = absolute(reverse("unsubscribe", args=[unsubscribe_token(user, "your_turn")]))
    headers = {
        **automatic_headers(replying=False),
        "List-Unsubscribe": f"<{unsubscribe}>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    }
    letter = compose(
        key,
        user.email,
        subject,
        "games/email/digest.txt",
        {
            **context,
            "unsubscribe": unsubscribe,
            "site_name": settings.SITE_NAME,
            "preferences": absolute(reverse("email_settings")),
        },
        html_context={"unsubscribe": unsubscribe},
        boards=[e["board"] for e in entries],
        headers=headers,
        user=user,
    )
    return bool(send_letters([letter]))


def send_digests(now: datetime | None = None) -> int:
    """The daily digest to every player whose digest time has come (``notices.digests_due``), at most one a day,
    and only if a game waits for them; then each one's next digest time, moved on only once the day's digest is
    sent (or owed nothing). Reads only the players who are due, a batch at a time. One whose send fails (the
    error is raised), or whose digest another sender holds (a sweep beside this one, which may yet fail or
    die), stays due and is looked at again next sweep: nothing owed is lost between two sweeps."""
    now = now or timezone.now()
    sent = 0
    while True:
        due = notices.digests_due(now)
        moved = 0
        for digest in due:
            user = digest.profile.user
            if digest.games and user.email and not send_digest(user, digest.games, digest.day):
                continue  # another sender holds it: not moved on until it is sent
            sent += bool(digest.games and user.email)
            moved += move_digest_on(digest.profile, now)
        if len(due) < notices.DIGEST_BATCH or not moved:
            return sent
