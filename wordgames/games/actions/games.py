"""Games: creating one (with its seats, invitations and team-mates), joining, declining, starting."""

from __future__ import annotations

import secrets
from datetime import timedelta
from email.utils import getaddresses
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from wordgames.accounts import relations, throttle
from wordgames.accounts.models import is_suspended
from wordgames.engines import get_engine
from wordgames.engines.core.errors import InvalidOptions
from wordgames.engines.core.text import quote
from wordgames.mail.models import EmailOptOut

from .. import live, relay
from ..models import Game, Seat, TeamInvitation
from ..queries import Invitee, invited, people_in
from ..refusals import word
from . import computers as computers_module
from .errors import RefusalCode, Refused
from .moves import lock_game, set_clocks, wake_computers


def create_game(
    creator: User,
    engine_name: str,
    options: dict[str, Any],
    invitees: list[str],
    *,
    seed: int | None = None,
    bag: str = "",
    move_time: timedelta = timedelta(days=7),
    reminder_after: timedelta | None = None,
    partners: dict[int, list[str]] | None = None,
    creator_seat: int = 0,
    rematch_of: Game | None = None,
    private: bool = False,
    chat_public: bool = False,
    internal: bool = False,
    rated: bool = False,
    seated: bool = False,
) -> Game:
    """A new game with the creator in seat 1 and one more seat per entry of ``invitees``: "" for an open
    seat, a username, an email address, or ``computer:LEVEL`` for a computer player (seated at once). Starts
    at once if every seat is taken. Each player has
    ``move_time`` per move (1 hour to 30 days) and is reminded after ``reminder_after`` (80 % by default).
    ``private`` and ``chat_public`` are written with the row: a private game is never listed, not even for an
    instant.

    Every game a player creates (the form, the computer, a rematch, an email) spends one token of their
    games-per-hour bucket, and a game with a computer player counts towards ``COMPUTER_GAMES_PER_PLAYER``.
    ``internal=True`` is for the site's own callers that no player asked (the demo and selfplay commands,
    benchmarks, tests setting up a position): they spend nothing and are held to no limit.

    ``rated`` games change their players' ratings when they end (the ratings app listens for ``game_finished``).
    ``seated=True`` seats the named invitees at once instead of inviting them: they agreed already (the players
    who took a seek's seats)."""
    if not timedelta(hours=1) <= move_time <= timedelta(days=30):
        raise Refused(_("The time per move must be between 1 hour and 30 days."), RefusalCode.OPTIONS)
    if reminder_after is not None and not timedelta(0) < reminder_after < move_time:
        raise Refused(_("The reminder must come before the time per move runs out."), RefusalCode.OPTIONS)
    engine = get_engine(engine_name)
    players = 1 + len(invitees)
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
    try:
        options = engine.validate_options(options)
        # Options that do not fit this many players are refused now, not when the last seat fills.
        engine.new_game([f"seat {n + 1}" for n in range(players)], options, 0, bag or None)
    except InvalidOptions as e:
        raise Refused(word(e), RefusalCode.OPTIONS) from None
    if rated and options.get("hints"):
        raise Refused(_("A practice game (hints on) cannot be rated: choose one or the other."), RefusalCode.OPTIONS)
    invited, computer_seats = _invitees(engine_name, creator, invitees)
    if any(user is not None and user.pk == creator.pk for user, _ in invited):
        raise Refused(_("You are already in seat 1; invite someone else."), RefusalCode.PLAYERS)
    with transaction.atomic():
        if not internal:
            _within_limits(creator, bool(computer_seats))
        game = Game.objects.create(
            engine=engine_name,
            options=options,
            # A fixed seed only where a test or a record asks for one; otherwise 256 bits nobody can guess.
            seed=seed if seed is not None else 0,
            secret="" if seed is not None else secrets.token_hex(32),
            bag=bag,
            # A computer's account may also be seated by name (an event's house player): its turns are owed too.
            has_computers=bool(computer_seats)
            or any(computers_module.computer_level(user) for user in [creator, *(u for u, _ in invited if seated)]),
            created_by=creator,
            move_time=move_time,
            reminder_after=reminder_after,
            private=private,
            chat_public=chat_public,
            rated=rated,
        )
        if rematch_of is not None:
            Game.objects.filter(pk=rematch_of.pk).update(rematch=game)
        own = Seat.objects.create(game=game, position=creator_seat, user=creator, joined=timezone.now())
        others = [p for p in range(len(invited) + 1) if p != creator_seat]
        for index, (position, (user, email)) in enumerate(zip(others, invited, strict=True)):
            if index in computer_seats or (seated and user is not None):
                Seat.objects.create(game=game, position=position, user=user, joined=timezone.now())
                continue
            seat = Seat.objects.create(game=game, position=position, invited_user=user, invited_email=email)
            if user is not None or email:
                relay.owe(relay.send_invitation, seat.pk)
        _invite_partners(own, partners or {}, {creator.pk} | {u.pk for u, _ in invited if u is not None}, creator)
        start_if_full(game)
        live.changed(game)  # the lobbies that list it, and its invitees'
    return game


def _within_limits(creator: User, with_computer: bool) -> None:
    """Refuse a game past the creator's limits. Called inside the creating transaction, so a refusal later on
    (or this one) gives the token back; the bucket's row stays locked until the commit, so two games created
    at once by one player are counted one after the other."""
    if not throttle.allow("game", creator.pk):
        raise Refused(
            _("You have created many games lately. %(wait)s") % {"wait": throttle.wait_sentence("game")},
            RefusalCode.THROTTLED,
        )
    cap = settings.COMPUTER_GAMES_PER_PLAYER
    if with_computer and running_computer_games(creator) >= cap:
        raise Refused(
            ngettext(
                "You already have %(cap)d game against the computer waiting or under way: finish or "
                "resign it before you start another.",
                "You already have %(cap)d games against the computer waiting or under way: finish or "
                "resign one of them before you start another.",
                cap,
            )
            % {"cap": cap},
            RefusalCode.COMPUTER_CAP,
        )


def running_computer_games(user: User) -> int:
    """The games with a computer player in which ``user`` holds a seat and that are not over."""
    return (
        Game.objects.filter(status__in=(Game.Status.OPEN, Game.Status.ACTIVE), has_computers=True, seats__user=user)
        .distinct()
        .count()
    )


def _invitees(engine_name: str, creator: User, invitees: list[str]) -> tuple[list[tuple[Any, str]], set[int]]:
    """Each entry of ``create_game``'s invitees as (user or None, email address), and which are computers."""
    invited: list[tuple[Any, str]] = []
    computer_seats: set[int] = set()  # indexes into ``invited`` of the computer players
    for entry in invitees:
        entry = entry.strip()
        if not entry:
            invited.append((None, ""))
        elif entry.startswith(f"{computers_module.PREFIX}:"):
            level = computers_module.check_level(engine_name, entry.partition(":")[2])
            taken = {creator.pk} | {u.pk for u, _ in invited if u is not None}
            computer_seats.add(len(invited))
            invited.append((computers_module.seat_for_level(level, taken), ""))
        elif "@" in entry:
            address = one_address(entry)
            known = User.objects.filter(email__iexact=address).first()
            if known is None and EmailOptOut.has(address):
                raise Refused(
                    _("%(address)s has asked this site not to send them email, so they cannot be invited by email.")
                    % {"address": address},
                    RefusalCode.PLAYERS,
                )
            _available(creator, known, address)
            invited.append((known, "" if known else address))
        else:
            known = User.objects.filter(username__iexact=entry).first()
            if known is None:
                raise Refused(
                    _("There is no player called %(name)s. Invite them by email address instead.")
                    % {"name": quote(entry)},
                    RefusalCode.PLAYERS,
                )
            _available(creator, known, known.get_username())
            invited.append((known, ""))
    return invited, computer_seats


def _available(inviter: User, invitee: User | None, named: str) -> None:
    """Refuse an invitation between two players when either blocks the other, naming the invitee as the
    inviter wrote them and never saying why (a block is not told)."""
    if invitee is not None and relations.blocked_between(inviter, invitee):
        raise Refused(_("%(name)s is not available for a game.") % {"name": named}, RefusalCode.NOT_AVAILABLE)


def rematch(game_id: int, user: User) -> Game:
    """One click after a game: the same players with the seats turned one place (the second player moves
    first), the same options, clocks and rating choice, a fresh secret. The one who asked takes their seat; the others are
    invited and accept as for any game. A game has one rematch: asking again gives the same one."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.rematch_id is not None:
            return Game.objects.get(pk=game.rematch_id)
        if game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED):
            raise Refused(_("A rematch is for a game that is over."), RefusalCode.NOT_OVER)
        seats = list(game.seats.select_related("user").order_by("position"))
        if not any(s.user_id == user.pk for s in seats):
            raise Refused(_("Only the game's players can ask for a rematch."), RefusalCode.NOT_SEATED)
        turned = seats[1:] + seats[:1]
        mine = next(i for i, s in enumerate(turned) if s.user_id == user.pk)
        invitees = [_again(s) for i, s in enumerate(turned) if i != mine]
        return create_game(
            user,
            game.engine,
            dict(game.options),
            invitees,
            move_time=game.move_time,
            reminder_after=game.reminder_after,
            creator_seat=mine,
            rematch_of=game,
            private=game.private,
            chat_public=game.chat_public,
            rated=game.rated,
        )


def _again(seat: Seat) -> str:
    """Who a seat invites to a rematch: the same person, or a computer player of the same level."""
    level = computers_module.computer_level(seat.user)
    if level:
        return f"{computers_module.PREFIX}:{level}"
    return seat.user.get_username() if seat.user else ""


def _invite_partners(own: Seat, partners: dict[int, list[str]], seated: set[int], creator: User) -> None:
    """Team play from the new-game form: the creator may invite team-mates to their own seat (position 0); each
    shares it only once they accept. Another seat's team-mates are that seat's player's to invite."""
    for position, names in partners.items():
        if position != 0:
            raise Refused(
                _(
                    "Only a seat's own player can invite a team-mate to it: the player of seat %(number)d "
                    "can do so from the game page."
                )
                % {"number": position + 1},
                RefusalCode.PLAYERS,
            )
        for name in names:
            user = User.objects.filter(username__iexact=name.strip()).first()
            if user is None:
                raise Refused(
                    _("There is no player called %(name)s to share your seat.") % {"name": quote(name.strip())},
                    RefusalCode.PLAYERS,
                )
            if user.pk in seated:
                raise Refused(
                    _("%(name)s already plays in this game.") % {"name": user.get_username()}, RefusalCode.PLAYERS
                )
            _available(creator, user, user.get_username())
            seated.add(user.pk)
            TeamInvitation.objects.create(seat=own, user=user, invited_by=creator)


def join_game(game_id: int, user: User, seat_id: int | None = None) -> Seat:
    """Take an open seat, or accept an invitation (``seat_id`` names the invited seat). An invitation seats only
    the person it was sent to: the invited account, or an account whose confirmed address is the invited one
    (an account's address is set only by its confirmation link), whoever holds the link or the seat's id."""
    if is_suspended(user):
        raise Refused(_("Your account is suspended."), RefusalCode.SUSPENDED)
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.OPEN:
            raise Refused(_("This game has already started."), RefusalCode.STARTED)
        seats = list(game.seats.all())
        if any(seat.user_id == user.pk for seat in seats):
            raise Refused(_("You already have a seat in this game."), RefusalCode.SEATED)
        if not game.options.get("hints") and Seat.objects.filter(game=game, partners=user).exists():
            raise Refused(
                _("You already share a seat in this game as a team-mate: one seat per person."), RefusalCode.SEATED
            )
        if seat_id is not None:
            seat = next((s for s in seats if s.pk == seat_id and s.is_invitation), None)
            if seat is None:
                raise Refused(_("That invitation is no longer open."), RefusalCode.GONE)
            if not invited(seat, user):
                raise Refused(not_yours(seat, user), RefusalCode.NOT_INVITED)
        else:
            mine = [s for s in seats if s.is_invitation and invited(s, user)]
            free = [s for s in seats if s.is_open]
            if not (mine or free):
                raise Refused(_("There is no free seat left in this game."), RefusalCode.FULL)
            seat = (mine or free)[0]
        if relations.blocked_among(user, people_in(game)):  # either way; the refusal does not say which
            raise Refused(relations.not_available(), RefusalCode.NOT_AVAILABLE)
        seat.user = user
        seat.declined = False
        seat.joined = timezone.now()
        seat.save()
        start_if_full(game)
    return seat


def not_yours(seat: Seat, user: User) -> str:
    """Why ``user`` may not take the invited ``seat``; never naming whom it was sent to."""
    if seat.invited_email and not user.email:
        return _(
            "This invitation was sent to an email address, and your account has no confirmed address yet. "
            "Open the link we emailed you to confirm yours: if it is the address the invitation went to, "
            "the invitation then waits for you in the lobby."
        )
    return _("This invitation was sent to someone else: only they can take this seat.")


def one_address(entry: str) -> str:
    """The one address an invitation names, lower-cased (``Friend <a@x.org>`` gives ``a@x.org``). A list of
    addresses, or anything that is not one address we can send to, is refused with a sentence naming it."""
    found = getaddresses([entry])
    if len(found) != 1 or any(sep in entry for sep in ",;"):
        raise Refused(
            _("%(entry)s holds more than one address: invite one person per seat.") % {"entry": quote(entry)},
            RefusalCode.PLAYERS,
        )
    address = found[0][1]
    try:
        validate_email(address)
    except ValidationError:
        raise Refused(
            _("%(entry)s is not an email address we can send an invitation to.") % {"entry": quote(entry)},
            RefusalCode.PLAYERS,
        ) from None
    return address.lower()


def decline_invitation(seat_id: int, user: User | Invitee) -> Seat:
    with transaction.atomic():
        seat = Seat.objects.select_for_update().select_related("game").get(pk=seat_id)
        if not (seat.is_invitation and invited(seat, user)):
            raise Refused(_("That invitation is not yours to decline."), RefusalCode.NOT_INVITED)
        # Whoever declined is no longer in the game once this commits: their other open lobbies are told too.
        decliners = [uid for uid in (seat.invited_user_id, user.pk) if uid]
        seat.declined = True
        seat.invited_user = None
        seat.invited_email = ""
        seat.save()  # the seat becomes open for anyone
        live.changed(seat.game, also=decliners)
    return seat


def start_if_full(game: Game) -> None:
    """Deal and start the game once every seat is taken (and start its clocks, tell its players, wake its
    computers). Call with the game locked: two last seats taken at once must not start it twice."""
    seats = list(game.seats.select_related("user").order_by("position"))
    if any(seat.user_id is None for seat in seats):
        return
    engine = get_engine(game.engine)
    game.state = engine.new_game(
        [s.user.username for s in seats if s.user is not None], game.options, game.deal_seed, game.bag or None
    )
    game.status = Game.Status.ACTIVE
    game.started = game.turn_started = timezone.now()
    game.version += 1
    game.save()
    set_clocks(game, told=True)
    relay.tell(game, game.version, event="start")
    wake_computers(game)
