"""Who is told what: the policy of the game emails, apart from how they are written and sent (``emails``).

Each function answers one question about readers (the players of a seat and the team-mates who share it,
their choices per kind of email, the position of the game) and returns plain answers; nothing here renders
a template or sends anything, so a rule about who hears of what is read, and tested, here alone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Exists, OuterRef

from wordgames.accounts.models import DIGEST, EMAIL_KINDS, EVERY, NONE, Profile, digest_day, digest_hour_on, profile_for
from wordgames.engines import get_engine
from wordgames.mail.models import EmailOptOut
from wordgames.push.models import PushChoices, Subscription

from . import presence
from .models import Game, ModerationAction, Move, Notification, Seat


def readers(seats: list[Seat]) -> Iterator[tuple[Seat, Any]]:
    """Who reads the emails of each seat: its player, then the team-mates who share it (``Seat.partners``;
    only looked up for seats annotated ``shared``, or not annotated)."""
    for seat in seats:
        if seat.user is None:
            continue
        yield seat, seat.user
        if getattr(seat, "shared", 1):
            for partner in seat.partners.select_related("profile").order_by("pk"):
                yield seat, partner


def seats_with_readers(game: Game) -> list[Seat]:
    """The game's seats in order, with their players' profiles and whether team-mates share them."""
    return seats_by_game([game])[game.pk]


def seats_by_game(games: Iterable[Game]) -> dict[int, list[Seat]]:
    """``seats_with_readers`` of several games in one query, by game id."""
    by_id = {game.pk: game for game in games}
    shared = Exists(Seat.partners.through.objects.filter(seat_id=OuterRef("pk")))
    found = Seat.objects.filter(game_id__in=by_id).select_related("user", "user__profile").annotate(shared=shared)
    seats: dict[int, list[Seat]] = {pk: [] for pk in by_id}
    for seat in found.order_by("game_id", "position"):
        seat.game = by_id[seat.game_id]  # already loaded
        seats[seat.game_id].append(seat)
    return seats


# The events of a change told to the players it made the game wait for, and to nobody else (``moves.set_clocks``
# tells them of any change that is no move and no start: a timeout, a moderator's action, an undo by agreement).
TURN, TIMEOUT = "turn", "timeout"


@dataclass(frozen=True)
class Change:
    """What just happened to a game, as the move emails need it."""

    over: bool
    event: str  # "start", "move", or a change that only brings turns (``TURN``, ``TIMEOUT``)
    waiting: frozenset[int]  # the seats the game now waits for
    before: frozenset[int]  # the seats that could act before the change
    mover: int | None
    last: Move | None
    version: int = 0  # the game's version after the change

    @classmethod
    def of(
        cls, game: Game, *, actors_before: Iterable[int], mover: int | None, last: Move | None, event: str
    ) -> Change:
        over = game.status in (Game.Status.FINISHED, Game.Status.ABANDONED)
        # "Your turn" is for the seats the game waits for (in Lexicon Crossing nobody, between green lights).
        waiting = get_engine(game.engine).waiting_for(game.state) if game.status == Game.Status.ACTIVE else set()
        return cls(over, event, frozenset(waiting), frozenset(actors_before), mover, last, game.version)


def move_email_kind(seat: Seat, reader: Any, change: Change) -> str | None:
    """The email this reader of ``seat`` gets about ``change`` (a kind of ``EMAIL_KINDS``), or None: the game
    is over; it started; it is their turn (newly, or again after their own move); another player moved (not a
    private, "quiet" move). None too when that email is not to go (``emailed``)."""
    kind = _change_kind(seat, change, profile_for(reader).email_mode, player=reader.pk == seat.user_id)
    return kind if kind is not None and emailed(reader, kind, reader.email) else None


def emailed(reader: Any, kind: str, address: str) -> bool:
    """Whether an email of ``kind`` goes to ``address`` at all, the one rule every email obeys: to an account
    (``reader``), only the kinds it chose to get one by one (``EVERY``: a kind chosen "none" is never sent, a
    kind chosen for the digest waits for the digest); kinds nobody chooses (a moderator's notice) always. To an
    address without an account, unless it unsubscribed (``EmailOptOut``, in any of its forms). Nothing to no
    address."""
    if not address:
        return False
    if reader is None:
        return not EmailOptOut.has(address)
    return kind not in EMAIL_KINDS or profile_for(reader).email_mode(kind) == EVERY


def move_push_kind(seat: Seat, change: Change, mode: Callable[[str], str], *, player: bool = True) -> str | None:
    """The same for a push to the reader's devices, by their choices there (``push_modes``). ``player``: the
    reader plays the seat (not a team-mate who shares it)."""
    kind = _change_kind(seat, change, mode, player=player)
    return kind if kind is not None and mode(kind) == EVERY else None


def came_to_wait(seat: Seat, version: int) -> bool:
    """Whether the game's change to ``version`` made it wait for ``seat`` (its start, or a change after which it
    is the seat's turn, newly or again after its own move), however the change came: a move, the start, a timeout,
    a moderator's action, an undo. The clocks decide it for every change (``moves.set_clocks``: a seat the game
    waits for whose decision begins then, ``Seat.awaited`` and ``Seat.since_version``), and it stays so until the
    seat's next change: what a digest brought forward is about."""
    return seat.awaited and seat.since_version == version


def digest_readers(seats: list[Seat], version: int, mode: Callable[[Any], Callable[[str], str]]) -> list[Profile]:
    """The profiles of the readers for whom the change to ``version`` brings their turn (``came_to_wait``) and
    who take "your turn" once a day (``mode(reader)`` gives their choices on that channel): their digest of today
    is owed if it has not gone (``accounts.models.digest_waits``, ``push.models.push_digest_waits``)."""
    return [
        profile_for(reader)
        for seat, reader in readers(seats)
        if came_to_wait(seat, version) and mode(reader)("your_turn") == DIGEST
    ]


def digests_unsent(profiles: list[Profile], now: datetime) -> list[Profile]:
    """Of these digest readers, those whose hour has passed today with today's digest not sent (the others are
    due later today anyway, or served): one query, none when no one's hour has passed."""
    passed = {
        p.user_id: p
        for p in profiles
        if p.digest_due is not None and p.digest_due > now and digest_hour_on(p, now) <= now
    }
    if not passed:
        return []
    keys = {digest_key(user_id, digest_day(p, now)): user_id for user_id, p in passed.items()}
    sent = {
        keys[key] for key in Notification.objects.filter(key__in=keys, sent__isnull=False).values_list("key", flat=True)
    }
    return [p for user_id, p in passed.items() if user_id not in sent]


def _change_kind(seat: Seat, change: Change, mode: Callable[[str], str], *, player: bool = True) -> str | None:
    if change.event in (TURN, TIMEOUT):
        # No move and no start: only the seats it made the game wait for hear of it here, with their turn. After a
        # timeout, a seat's player who takes the timeout's email (or push) has it from there, which says it is
        # their turn and carries the board and the reply address (``emails.send_timeout``): one per event.
        if change.over or not came_to_wait(seat, change.version):
            return None
        return None if change.event == TIMEOUT and player and mode("timeout") == EVERY else "your_turn"
    if change.over:
        kind = "game_over"
    elif change.event == "start":
        kind = "your_turn" if seat.position in change.waiting and mode("start") == NONE else "start"
    elif seat.position in change.waiting and (seat.position not in change.before or seat.position == change.mover):
        kind = "your_turn"
    elif (
        seat.position != change.mover
        and change.last is not None
        and not change.last.outcome.get("events", {}).get("quiet")
    ):
        kind = "other_move"
    else:
        return None
    return kind


def push_modes(user_ids: Iterable[int]) -> dict[int, Callable[[str], str]]:
    """How each of these players wants each kind of news on their devices (``PushChoices.mode``); only the
    players with at least one device are in it (two queries for all of them)."""
    with_device = set(Subscription.objects.filter(user_id__in=set(user_ids)).values_list("user_id", flat=True))
    chosen = {c.user_id: c.mode for c in PushChoices.objects.filter(user_id__in=with_device)}
    return {user_id: chosen.get(user_id, _every) for user_id in with_device}


def _every(kind: str) -> str:
    return EVERY


def watching(user_id: int, game_id: int) -> bool:
    """A player with the game open is not emailed or pushed about what they are watching (not digests)."""
    return presence.is_watching(user_id, game_id)


def news_readers(
    game: Game, *, exclude_user_id: int | None = None, only_user_id: int | None = None
) -> list[tuple[Seat, Any]]:
    """The players a line of news goes to: every seated player, but the one it is about (``exclude``), or only
    the one it is for (``only``)."""
    seats = list(game.seats.select_related("user").order_by("position"))
    return [
        (seat, seat.user)
        for seat in seats
        if seat.user is not None and seat.user_id != exclude_user_id and only_user_id in (None, seat.user_id)
    ]


def moderation_readers(action: ModerationAction) -> list[Any]:
    """Who hears of a moderation: the players of its game, or the player it concerns."""
    if action.game is not None:
        return [seat.user for seat in action.game.seats.select_related("user") if seat.user is not None]
    return [action.subject] if action.subject is not None else []


def seat_read_by(game: Game, user: User) -> Seat | None:
    """The seat whose emails ``user`` reads: their own, or the one they share as a team-mate."""
    seats = list(game.seats.all())
    return next((s for s in seats if s.user_id == user.pk), None) or next(
        (s for s in seats if any(p.pk == user.pk for p in s.partners.all())), None
    )


@dataclass
class DueDigest:
    """A player whose digest time has come: the games waiting for them (none: nothing to send today) and their
    local date (one digest a day is keyed by it)."""

    profile: Profile
    games: list[Game]
    day: str


DIGEST_BATCH = 500  # players read at a time (the sweep takes batches until none is due)


def digests_due(now: datetime, limit: int = DIGEST_BATCH) -> list[DueDigest]:
    """The players whose digest time has come (read by the index on ``Profile.digest_due``, earliest first, at
    most ``limit``), with the games that wait for them and the day their digest is for (``days_come``); a player
    whose digest of that day already went out is listed with no games. The caller moves each one's due time on
    (``accounts.models.move_digest_on``)."""
    due = list(Profile.objects.select_related("user").filter(digest_due__lte=now).order_by("digest_due")[:limit])
    days = days_come(due, now)
    keys = [digest_key(user_id, day) for user_id, day in days.items()]
    sent = set(Notification.objects.filter(key__in=keys, sent__isnull=False).values_list("key", flat=True))
    wanted = [user_id for user_id, day in days.items() if digest_key(user_id, day) not in sent]
    games = games_waiting_for(wanted)
    return [
        DueDigest(
            profile, games.get(profile.user_id, []) if profile.user_id in wanted else [], days.get(profile.user_id, "")
        )
        for profile in due
    ]


def games_waiting_for(user_ids: list[int]) -> dict[int, list[Game]]:
    """The running games waiting for each of these players, newest first: the seats they play (``Seat.awaited``,
    kept with the clocks), or, in a game where they have no seat of their own, the seat they share."""
    if not user_ids:
        return {}
    found: dict[int, dict[int, Game]] = {user_id: {} for user_id in user_ids}
    own = Seat.objects.filter(user_id__in=user_ids, live=True).select_related("game")
    playing = set()
    for seat in own:
        playing.add((seat.user_id, seat.game_id))
        if seat.awaited and seat.user_id is not None and seat.game.status == Game.Status.ACTIVE:
            found[seat.user_id][seat.game_id] = seat.game
    shared = Seat.partners.through.objects.filter(user_id__in=user_ids, seat__awaited=True).select_related("seat__game")
    for row in shared:
        game = row.seat.game
        if game.status == Game.Status.ACTIVE and (row.user_id, game.pk) not in playing:
            found[row.user_id][game.pk] = game
    return {user_id: [games[pk] for pk in sorted(games, reverse=True)] for user_id, games in found.items()}


@dataclass
class DuePush:
    """A player whose daily push for "your turn" is due: the games waiting for them (none: nothing to push
    today) and their local date (one a day per device is keyed by it)."""

    choices: PushChoices
    profile: Profile
    games: list[Game]
    day: str


def push_digests_due(now: datetime, limit: int = DIGEST_BATCH) -> list[DuePush]:
    """The players whose daily push for "your turn" is due (read by the index on ``PushChoices.digest_due``,
    earliest first, at most ``limit``), with the games waiting for them and the day it is for (``days_come``);
    one with no device, or whose push of that day already went to a device of theirs, is listed with no games. The caller moves each one's due time on (``push.models.move_push_digest_on``)."""
    due = list(
        PushChoices.objects.select_related("user__profile").filter(digest_due__lte=now).order_by("digest_due")[:limit]
    )
    if not due:
        return []
    profiles = {choices.user_id: profile_for(choices.user) for choices in due}
    days = days_come(profiles.values(), now)
    devices: dict[int, list[int]] = {}
    for pk, user_id in Subscription.objects.filter(user_id__in=days).values_list("pk", "user_id"):
        devices.setdefault(user_id, []).append(pk)
    claims = {
        f"{digest_key(user_id, day, 'push')}:{pk}": user_id
        for user_id, day in days.items()
        for pk in devices.get(user_id, [])
    }
    done = Notification.objects.filter(sent__isnull=False, key__in=claims).values_list("key", flat=True)
    sent = {claims[key] for key in done}
    wanted = [user_id for user_id in days if user_id in devices and user_id not in sent]
    games = games_waiting_for(wanted)
    return [
        DuePush(choices, profiles[choices.user_id], games.get(choices.user_id, []), days.get(choices.user_id, ""))
        for choices in due
    ]


def days_come(profiles: Iterable[Profile], now: datetime) -> dict[int, str]:
    """The local date of the digest owed to each of these players (``accounts.models.digest_day``): today's once
    their hour has come, else yesterday's (a sweep that ran past their midnight)."""
    return {profile.user_id: digest_day(profile, now) for profile in profiles}


def digest_key(user_id: int, day: str, channel: str = "email") -> str:
    """The key of a player's digest of one (local) day: at most one is sent (by email, or pushed)."""
    return f"{'push-digest' if channel == 'push' else 'digest'}:{user_id}:{day}"
