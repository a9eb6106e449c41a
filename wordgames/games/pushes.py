"""Notifications on players' devices (web push), beside the emails: who gets which, in their language, and the
send of one push to every device of its player, once per key and device.

A push says what happened in one line ("Your turn in Lingo game 12 against Bob") and where to look: never a
board, a rack, a tile or a private move, since a phone shows it on a locked screen. Its reader's choices per kind
are ``PushChoices`` (the same kinds as email, plus events); a reader with the game open is not pushed about it
(``notices.watching``). Each push is owed through the relay (``relay.owe_pushes``), so a broker or a worker that
fails loses none: the relay hands it over again, and the claims (``emails.claim_all``, one key per device) make
sure a device gets it once.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Count, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from wordgames.accounts.languages import speaking
from wordgames.accounts.models import EVERY, NONE, display_name
from wordgames.engines import get_engine
from wordgames.lib.lists import and_list
from wordgames.push import sender
from wordgames.push.models import Subscription, move_push_digest_on, push_digest_waits, push_mode

from . import emails, news, notices
from .models import ChatMessage, Game, Move, Notification, Seat

BODY_LIMIT = 180  # a notification shows two or three lines


@dataclass(frozen=True)
class Push:
    """One notification owed to a player: sent to each of their devices once (``key`` and the device's id)."""

    user_id: int
    key: str
    payload: dict[str, Any]


@dataclass
class DeviceClaim:
    """A push to one device, as ``emails.claim_all`` records it."""

    key: str
    to: str
    subject: str


def payload(body: str, url: str, tag: str, kind: str) -> dict[str, Any]:
    """What the service worker shows: the site's name, one line, where a click leads. ``tag``: a newer
    notification with the same tag replaces the older one (one per game)."""
    if len(body) > BODY_LIMIT:
        body = body[: BODY_LIMIT - 1] + "…"
    return {"title": settings.SITE_NAME, "body": body, "url": url, "tag": tag, "kind": kind}


def wanted(user: User, kind: str, game: Game | None = None) -> bool:
    """Whether ``user`` wants ``kind`` pushed at once now (they have a device, chose it, and are not watching)."""
    if game is not None and notices.watching(user.pk, game.pk):
        return False
    return push_mode(user.pk, kind) == EVERY


def _game_push(user: User, key: str, kind: str, game: Game, body: str) -> Push:
    return Push(user.pk, key, payload(body, game.get_absolute_url(), f"game-{game.pk}", kind))


def _against(game: Game, seats: list[Seat], reader: User) -> str:
    """The other players, by the names they chose."""
    others = [display_name(s.user) for s in seats if s.user is not None and s.user_id != reader.pk]
    return and_list(others)


def change_text(kind: str, game: Game, seats: list[Seat], reader: User, last: Move | None) -> str:
    """One line about a change, for ``reader``, in the active language."""
    where = emails.thread_subject(game)
    others = _against(game, seats, reader)
    if kind == "your_turn":
        if others:
            return _("Your turn in %(game)s against %(players)s") % {"game": where, "players": others}
        return _("Your turn in %(game)s") % {"game": where}
    if kind == "start":
        return _("%(game)s has started") % {"game": where}
    if kind == "other_move" and last is not None:
        return _("%(player)s moved in %(game)s") % {"player": display_name(last.user), "game": where}
    if kind == "game_over":
        return _("%(game)s is over. %(result)s") % {"game": where, "result": emails.result_sentence(game, seats)}
    return where


def event_pushes(events: Iterable[emails.Event]) -> list[Push]:
    """What changes to games (``relay.tell``) mean to each reader with a device: the same kinds as their
    emails (``notices.move_push_kind``), by their choices for devices. A change whose game moved on is skipped."""
    events = list(events)
    games = Game.objects.annotate(live_moves=Count("moves", filter=Q(moves__taken_back=False))).in_bulk(
        {e.game_id for e in events}
    )
    current = [e for e in events if e.game_id in games and games[e.game_id].version == e.version]
    if not current:
        return []
    seats = notices.seats_by_game(games[e.game_id] for e in current)
    readers = {e.game_id: list(notices.readers(seats[e.game_id])) for e in current}
    modes = notices.push_modes(reader.pk for pairs in readers.values() for _seat, reader in pairs)
    if not modes:
        return []  # nobody in these games has a device (the common case: two queries)
    moves = Move.objects.select_related("user__profile").in_bulk([e.move_id for e in current if e.move_id])
    pushes = []
    daily = []
    for event in current:
        game = games[event.game_id]
        last = moves.get(event.move_id or 0)
        change = notices.Change.of(
            game, actors_before=event.actors_before, mover=event.mover, last=last, event=event.event
        )
        daily += notices.digest_readers(
            seats[event.game_id], event.version, lambda reader: modes.get(reader.pk, _never)
        )
        for seat, reader in readers[event.game_id]:
            mode = modes.get(reader.pk)
            player = reader.pk == seat.user_id
            kind = notices.move_push_kind(seat, change, mode, player=player) if mode is not None else None
            if kind is None or notices.watching(reader.pk, game.pk):
                continue
            with speaking(reader):
                body = change_text(kind, game, seats[event.game_id], reader, last)
            pushes.append(_game_push(reader, f"push:{kind}:{game.pk}:{game.version}:{reader.pk}", kind, game, body))
    # A daily-push reader whose hour has passed today, with nothing waiting then: today's push is owed now.
    push_digest_waits(daily, timezone.now())
    return pushes


def _never(kind: str) -> str:
    return NONE


def chat_pushes(message: ChatMessage) -> list[Push]:
    game = message.game
    pushes = []
    for _seat, reader in notices.news_readers(game, exclude_user_id=message.user_id):
        if wanted(reader, "chat", game):
            with speaking(reader):
                body = _("%(writer)s in %(game)s: %(message)s") % {
                    "writer": display_name(message.user),
                    "game": emails.thread_subject(game),
                    "message": " ".join(message.text.split()),
                }
            pushes.append(_game_push(reader, f"push:chat:{message.pk}:{reader.pk}", "chat", game, body))
    return pushes


def news_pushes(
    game: Game,
    key: str,
    sentence: news.News | str,
    *,
    exclude_user_id: int | None = None,
    only_user_id: int | None = None,
    kind: str = "other_move",
) -> list[Push]:
    pushes = []
    for _seat, reader in notices.news_readers(game, exclude_user_id=exclude_user_id, only_user_id=only_user_id):
        if wanted(reader, kind, game):
            with speaking(reader):
                body = _("%(game)s: %(news)s") % {"game": emails.thread_subject(game), "news": news.words(sentence)}
            pushes.append(_game_push(reader, f"push:news:{key}:{reader.pk}", kind, game, body))
    return pushes


def invitation_pushes(seat: Seat) -> list[Push]:
    invitee = seat.invited_user
    if invitee is None or not wanted(invitee, "invitation"):
        return []
    game = seat.game
    with speaking(invitee):
        body = _("%(inviter)s invites you to play %(game)s") % {
            "inviter": display_name(game.created_by),
            "game": game.title,
        }
    return [_game_push(invitee, f"push:invite:{seat.pk}:{invitee.pk}", "invitation", game, body)]


def timeout_pushes(game: Game, timed_out: Seat) -> list[Push]:
    """Everyone who takes it hears that a player's time ran out; a player whose turn the timeout brought hears it
    is their turn in the same push (as in the timeout's email: no "your turn" beside it, ``notices``)."""
    waiting = get_engine(game.engine).waiting_for(game.state) if game.status == Game.Status.ACTIVE else set()
    pushes = []
    for seat in game.seats.select_related("user").order_by("position"):
        if seat.user is None or not wanted(seat.user, "timeout", game):
            continue
        with speaking(seat.user):
            values = {"player": display_name(timed_out.user), "game": emails.thread_subject(game)}
            if seat.position in waiting:
                body = _("Time ran out for %(player)s in %(game)s: your turn") % values
            else:
                body = _("Time ran out for %(player)s in %(game)s") % values
        pushes.append(
            _game_push(seat.user, f"push:timeout:{game.pk}:{game.version}:{seat.user_id}", "timeout", game, body)
        )
    return pushes


def reminder_pushes(seat: Seat) -> list[Push]:
    game = seat.game
    pushes = []
    for _seat, reader in notices.readers([seat]):
        if wanted(reader, "reminder", game):
            with speaking(reader):
                body = _("Reminder: your time to move in %(game)s runs out soon") % {
                    "game": emails.thread_subject(game)
                }
            key = f"push:reminder:{game.pk}:{game.version}:{seat.pk}:{reader.pk}"
            pushes.append(_game_push(reader, key, "reminder", game, body))
    return pushes


def to_player(user: User, key: str, kind: str, body: str, url: str, tag: str) -> Push | None:
    """A push of ``kind`` about something else than a game's change (an event's round): None if not wanted.
    ``body`` is already in the reader's language."""
    return Push(user.pk, key, payload(body, url, tag, kind)) if push_mode(user.pk, kind) == EVERY else None


def digest_pushes(now: Any, owe: Callable[[list[Push]], Any] | None = None) -> list[Push]:
    """Once a day, at the player's digest hour, for those who chose it for "your turn" on their devices: the
    number of games waiting for them (no more). Reads only the players whose push is due, a batch at a time,
    and moves each one's due time on to their next day. Each batch's pushes are recorded as owed (``owe``:
    ``relay.owe_pushes``) in the transaction that moves its due times on, so a crash can never leave a due
    time moved on and its push unrecorded: either both are written, or neither and the next sweep does both."""
    pushes: list[Push] = []
    while True:
        due = notices.push_digests_due(now)
        if not due:
            return pushes
        with transaction.atomic():  # each move on is conditional on the due time read: a sweep beside does nothing
            batch = [digest_push(entry.profile.user, entry.games, entry.day) for entry in due if entry.games]
            if owe is not None:
                owe(batch)
            for entry in due:
                move_push_digest_on(entry.choices, entry.profile, now)
        pushes += batch
        if len(due) < notices.DIGEST_BATCH:
            return pushes


def digest_push(user: Any, games: list[Game], day: str) -> Push:
    """The daily push of ``day``: how many games wait for the player, or the one that does."""
    with speaking(user):
        count = len(games)
        body = (
            ngettext("Your turn in %(count)s game", "Your turn in %(count)s games", count) % {"count": count}
            if count > 1
            else change_text("your_turn", games[0], list(games[0].seats.select_related("user")), user, None)
        )
    url = games[0].get_absolute_url() if len(games) == 1 else "/"
    return Push(user.pk, notices.digest_key(user.pk, day, channel="push"), payload(body, url, "digest", "your_turn"))


def send(user_id: int, key: str, data: dict[str, Any]) -> int:
    """Send one owed push to each of the player's devices that has not had it: each device claimed first (its
    own key), then sent, then marked. A push service that cannot take it now raises ``PushUnavailable`` (the
    task is retried; the devices already served are not sent it again); a device the service says is gone is
    deleted. Returns how many devices got it."""
    devices = {f"{key}:{d.pk}": d for d in Subscription.objects.filter(user_id=user_id).order_by("pk")}
    claims = [DeviceClaim(k, f"push:{user_id}:{d.pk}", str(data.get("body", ""))[:300]) for k, d in devices.items()]
    mine, stamp = emails.claim_all(claims)
    done = 0
    try:
        for claim_key, device in devices.items():
            if claim_key not in mine:
                continue  # already sent, or being sent by another worker
            if sender.deliver(device, data) == sender.SENT:
                done += 1
            emails.mark_sent(claim_key)  # sent, or never to be sent (gone, refused, pushes off)
    except sender.PushUnavailable:
        Notification.objects.filter(key__in=mine, claimed=stamp, sent__isnull=True).update(claimed=None)
        raise
    return done
