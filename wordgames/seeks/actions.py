"""Every write to seeks: post one, take a seat, leave it, withdraw, the expiry sweep, quick pairing ("Play
now"), and the daily email's choice. Each door is one transaction that checks, locks the seek's row and writes;
the last seat taken creates the game (through games' own door) in the same transaction, so two players taking
the last seat at the same instant start exactly one game. After the commit every open lobby hears that its list
of seeks changed (``_announce``): it then asks for its own list, as it sees it.

A block is never named: whoever is blocked either way by the creator or a taker is told only that the seat is
not available, whatever else would have been said."""

from __future__ import annotations

import secrets
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import F, Func
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from wordgames.accounts import throttle
from wordgames.accounts.models import Profile, is_suspended
from wordgames.accounts.relations import blocked_among, hidden_from, not_available
from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.errors import InvalidOptions
from wordgames.engines.core.text import quote
from wordgames.games import actions as games
from wordgames.games.actions import RefusalCode, Refused
from wordgames.games.models import Game
from wordgames.games.refusals import word
from wordgames.lib import live
from wordgames.ratings.queries import value_of

from . import queries
from .models import Seek, SeekMail, SeekSeat
from .queries import band_fits

QUICK_TIME = timedelta(days=3)  # "Play now": three days a move, as correspondence sites offer first
BAND_MAX = 1000


def post_seek(
    creator: User,
    kind: str,
    options: dict[str, Any],
    *,
    players: int = 2,
    rated: bool = True,
    move_time: timedelta = QUICK_TIME,
    band: int | None = None,
) -> Seek:
    """An open challenge for ``players`` seats in all (the creator's included). The options are checked by the
    game's rules now, as for a new game; posting spends a token of the games-per-hour bucket, and a player has at
    most ``SEEKS_OPEN_PER_PLAYER`` open at once."""
    if is_suspended(creator):
        raise Refused(_("Your account is suspended."), RefusalCode.SUSPENDED)
    if kind not in engine_names():
        raise Refused(
            _("There is no game called %(name)s: choose one of %(names)s.")
            % {"name": quote(kind), "names": ", ".join(engine_names())},
            RefusalCode.KIND,
        )
    engine = get_engine(kind)
    if not engine.min_players <= players <= engine.max_players:
        raise Refused(
            ngettext(
                "%(game)s is for %(least)d to %(most)d player.",
                "%(game)s is for %(least)d to %(most)d players.",
                engine.max_players,
            )
            % {"game": engine.title, "least": engine.min_players, "most": engine.max_players},
            RefusalCode.PLAYERS,
        )
    if not timedelta(hours=1) <= move_time <= timedelta(days=30):
        raise Refused(_("The time per move must be between 1 hour and 30 days."), RefusalCode.OPTIONS)
    if band is not None and not 1 <= band <= BAND_MAX:
        raise Refused(
            _("The rating range is a number of points from 1 to %(most)d, or none for anyone.") % {"most": BAND_MAX},
            RefusalCode.BAND,
        )
    try:
        options = engine.validate_options(options)
    except InvalidOptions as e:
        raise Refused(word(e), RefusalCode.OPTIONS) from None
    if options.get("hints"):
        raise Refused(
            _("A practice game (with hints) is not for strangers: start it from the new-game page."),
            RefusalCode.OPTIONS,
        )
    with transaction.atomic():
        # The bucket's row stays locked until the commit: two seeks posted at once by one player are counted
        # one after the other, against the cap too.
        if not throttle.allow("game", creator.pk):
            raise Refused(
                _("You have created many games lately. %(wait)s") % {"wait": throttle.wait_sentence("game")},
                RefusalCode.THROTTLED,
            )
        now = timezone.now()
        cap = settings.SEEKS_OPEN_PER_PLAYER
        if Seek.objects.filter(creator=creator, state=Seek.State.OPEN, expires_at__gt=now).count() >= cap:
            raise Refused(
                ngettext(
                    "You already have %(cap)d open seek: withdraw it, or wait for it to be taken.",
                    "You already have %(cap)d open seeks: withdraw one, or wait for it to be taken.",
                    cap,
                )
                % {"cap": cap},
                RefusalCode.CAP,
            )
        seek = Seek.objects.create(
            creator=creator,
            kind=kind,
            options=options,
            players=players,
            rated=rated,
            move_time=move_time,
            band=band,
            rating=value_of(creator, kind),
            created=now,
            expires_at=now + timedelta(hours=settings.SEEK_EXPIRY_HOURS),
        )
        _announce(seek)
    return seek


def _announce(seek: Seek) -> None:
    """Every open lobby lists a few seeks: after the commit, they hear that this one changed (posted, a seat taken
    or given back, started, withdrawn, expired). Nothing of who may see it: each lobby asks for its own list."""
    live.after_commit(["lobby"], {"seek": seek.pk})


def _lock(seek_id: int) -> Seek:
    seek = Seek.objects.select_for_update().filter(pk=seek_id).first()
    if seek is None:
        raise Refused(_("That seek is no longer open."), RefusalCode.GONE)
    return seek


def take_seat(seek_id: int, user: User) -> Seek:
    """Take a seat in a seek. The last seat starts the game at once: everyone seated (the creator's seat drawn
    at random, the others in a random order), rated as the seek says. Returns the seek (its ``game`` set once
    it started)."""
    if is_suspended(user):
        raise Refused(_("Your account is suspended."), RefusalCode.SUSPENDED)
    with transaction.atomic():
        seek = _lock(seek_id)
        takers = list(seek.seats.select_related("user"))
        if blocked_among(user, [seek.creator_id, *(seat.user_id for seat in takers)]):
            raise Refused(not_available(), RefusalCode.NOT_AVAILABLE)
        if seek.creator_id == user.pk:
            raise Refused(_("This is your own seek: it starts when others take its seats."), RefusalCode.OWN)
        if seek.state != Seek.State.OPEN or seek.expires_at <= timezone.now():
            raise Refused(_("That seek is no longer open."), RefusalCode.GONE)
        if any(seat.user_id == user.pk for seat in takers):
            raise Refused(_("You already have a seat in this seek."), RefusalCode.SEATED)
        rating = value_of(user, seek.kind)
        if not band_fits(seek, rating):
            low, high = seek.range() or (0, 0)
            raise Refused(
                _("This seek is for ratings from %(low)d to %(high)d; yours in %(game)s is %(rating)d.")
                % {"low": low, "high": high, "game": seek.title, "rating": rating},
                RefusalCode.BAND,
            )
        try:
            with transaction.atomic():
                taken = SeekSeat.objects.create(seek=seek, user=user)
        except IntegrityError:  # the same player's two tabs at once: the row lock makes this rare
            raise Refused(_("You already have a seat in this seek."), RefusalCode.SEATED) from None
        takers.append(taken)
        if len(takers) == seek.players - 1:
            _start(seek, [seat.user for seat in takers])
        _announce(seek)
    return seek


def _start(seek: Seek, takers: list[User]) -> Game:
    """The last seat is taken: the game, everyone seated, in this transaction (the token was spent when posted)."""
    order = list(takers)
    secrets.SystemRandom().shuffle(order)
    game = games.create_game(
        seek.creator,
        seek.kind,
        dict(seek.options),
        [u.get_username() for u in order],
        seated=True,
        rated=seek.rated,
        internal=True,
        move_time=seek.move_time,
        creator_seat=secrets.randbelow(seek.players),
    )
    seek.state, seek.game = Seek.State.STARTED, game
    seek.save(update_fields=["state", "game"])
    return game


def leave_seat(seek_id: int, user: User) -> Seek:
    """A taker gives their seat back before the seek starts."""
    with transaction.atomic():
        seek = _lock(seek_id)
        if seek.state != Seek.State.OPEN:
            raise Refused(_("That seek has already started or closed."), RefusalCode.GONE)
        if not SeekSeat.objects.filter(seek=seek, user=user).delete()[0]:
            raise Refused(_("You have no seat in this seek."), RefusalCode.NOT_SEATED)
        _announce(seek)
    return seek


def withdraw_seek(seek_id: int, user: User) -> Seek:
    """Its creator takes a seek back before it starts (its takers' seats go with it)."""
    with transaction.atomic():
        seek = _lock(seek_id)
        if seek.creator_id != user.pk:
            raise Refused(_("Only the player who posted a seek can withdraw it."), RefusalCode.NOT_CREATOR)
        if seek.state != Seek.State.OPEN:
            raise Refused(_("That seek has already started or closed."), RefusalCode.GONE)
        seek.state = Seek.State.WITHDRAWN
        seek.save(update_fields=["state"])
        _announce(seek)
    return seek


def expire_due(now: datetime | None = None) -> int:
    """The sweep: open seeks whose time is up are closed (read by the index on the due time). A seek being
    taken at that instant is locked by its taker; the update waits, then finds it started and leaves it. The open
    lobbies hear of it once, however many expired."""
    expired = queries.due(now or timezone.now()).update(state=Seek.State.EXPIRED)
    if expired:
        live.after_commit(["lobby"], {"seeks": expired})
    return expired


def play_now(user: User, kind: str) -> Seek:
    """Quick pairing: take the seat of the compatible seek (this game, two players, rated, not one's own, nobody
    blocked either way, one's rating inside its band) whose creator's rating is closest to the player's; if there
    is none, post one (the game's default options, two players, rated, three days a move), or keep the one
    already posted."""
    if kind not in engine_names():
        raise Refused(_("There is no game called %(name)s.") % {"name": quote(kind)}, RefusalCode.KIND)
    mine = value_of(user, kind)
    now = timezone.now()
    candidates = (
        Seek.objects.filter(state=Seek.State.OPEN, expires_at__gt=now, kind=kind, players=2, rated=True)
        .exclude(creator=user)
        .exclude(creator_id__in=hidden_from(user))
        .annotate(distance=Func(F("rating") - mine, function="ABS"))
        .order_by("distance", "created", "id")
    )
    for seek in candidates[:20]:  # the band is checked by the door; several tried if others win the race
        if not band_fits(seek, mine):
            continue
        try:
            return take_seat(seek.pk, user)
        except Refused as e:
            if e.code in (RefusalCode.SUSPENDED, RefusalCode.THROTTLED):
                raise
    waiting = Seek.objects.filter(
        creator=user, kind=kind, players=2, rated=True, state=Seek.State.OPEN, expires_at__gt=now
    ).first()
    if waiting is not None:
        return waiting
    return post_seek(user, kind, {}, players=2, rated=True, move_time=QUICK_TIME)


# --- the daily "new seeks" email ------------------------------------------------------------------------


def set_seek_mail(user: User, wanted: bool) -> bool:
    """The player's choice of the daily email of new seeks; returns it."""
    if not wanted:
        SeekMail.objects.filter(user=user).delete()
        return False
    now = timezone.now()
    SeekMail.objects.get_or_create(user=user, defaults={"next_due": queries.next_send(user, now), "since": now})
    return True


def move_seek_mail(sender: Any, profile: Profile, **kwargs: Any) -> None:
    """A player changed their time zone or digest hour (``accounts.models.digest_hour_moved``): their next
    email of new seeks moves to the new hour."""
    SeekMail.objects.filter(user_id=profile.user_id).update(next_due=queries.next_send(profile.user, timezone.now()))
