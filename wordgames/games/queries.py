"""Reading games without writing: who sits where, the live moves, and what a seat may not see yet.

Everything here is safe to call from a page, an email or an action; nothing here changes the database.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, Protocol

from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet

from wordgames.engines import get_engine
from wordgames.engines.core.record import make_record

from . import signals
from .models import Game, GreenLightRequest, Move, Seat, TeamInvitation


def seat_of(game: Game, user: User | AnonymousUser | None) -> int | None:
    """The seat ``user`` plays: their own, or one they share as a team-mate (team play)."""
    if user is None or not user.is_authenticated:
        return None
    for seat in game.seats.all():
        if seat.user_id == user.pk:
            return seat.position
    shared = Seat.objects.filter(game=game, partners=user).values_list("position", flat=True).first()
    return shared


# Finished games the lobby lists below the running ones (the profile page has them all).
RECENTLY_FINISHED = 10


def _seats_of(user: User, **where: Any) -> QuerySet[Seat, Any]:
    """The game ids of ``user``'s seats matching ``where``: their own and those they share as a team-mate, as two
    queries joined by UNION, so that each reads its own index (an OR across the join would read every seat)."""
    own = Seat.objects.filter(user=user, **where).order_by().values("game_id")
    shared = Seat.partners.through.objects.filter(user=user).values("seat_id")
    return own.union(Seat.objects.filter(pk__in=shared, **where).order_by().values("game_id"))


def with_players(games: QuerySet[Game], *, teams: bool = False) -> QuerySet[Game]:
    """Games with their seats, players and players' profiles (for their names) in one more query. ``teams``: each
    seat also says whether anyone shares it or is asked to (``teamed``, read through the team-mates' and the
    invitations' indexes by seat), so that a game page reads who shares which seat only where someone does."""
    seats = Seat.objects.select_related("user__profile")
    if teams:
        mates = Seat.partners.through.objects.filter(seat_id=OuterRef("pk"))
        seats = seats.annotate(teamed=Exists(mates) | Exists(TeamInvitation.objects.filter(seat_id=OuterRef("pk"))))
    return games.prefetch_related(Prefetch("seats", queryset=seats))


def _recently_finished(user: User) -> QuerySet[Seat, Any]:
    """The ids of the ``RECENTLY_FINISHED`` newest games ``user`` finished, in a seat of their own or one they shared
    as a team-mate. A place is a finished game's (an abandoned one has none), so no join: their own newest are read
    backwards from the player's end of the seats' index of finished games and cut, however many they have; their
    shared seats, few, through the team-mates' index (nothing to read for a player who never shared one); the two
    joined by UNION (an OR across the team-mates' join would read every seat) and cut again."""
    newest = Seat.objects.filter(user=user, place__isnull=False).order_by("-game_id")
    if connection.features.supports_slicing_ordering_in_compound:
        own = newest.values("game_id")[:RECENTLY_FINISHED]
    else:  # SQLite: a member of a UNION may not be ordered or sliced, so it is wrapped in a query of its own
        own = Seat.objects.filter(pk__in=newest.values("pk")[:RECENTLY_FINISHED]).order_by().values("game_id")
    shared = Seat.partners.through.objects.filter(user=user).values("seat_id")
    shared_games = Seat.objects.filter(pk__in=shared, place__isnull=False).order_by().values("game_id")
    return own.union(shared_games).order_by("-game_id")[:RECENTLY_FINISHED]


def lobby_games(user: User) -> list[Game]:
    """Every game ``user`` plays (or shares a seat of) that waits for players or is under way, whatever their
    history, and their ``RECENTLY_FINISHED`` newest finished games (shared seats' too), in two queries (the games, their seats): the
    seats' ``live`` index finds the first, their index of finished games read backwards the others. No state is loaded: whom a game
    waits for is each seat's ``awaited``; ``held`` marks the seats that are ``user``'s (own or shared)."""
    # Wrapped in a query of its own: a member of a UNION may not be ordered or sliced (SQLite).
    recent = Game.objects.filter(pk__in=_recently_finished(user)).order_by().values("pk")
    ids = _seats_of(user, live=True).union(recent)
    shared = Seat.partners.through.objects.filter(seat_id=OuterRef("pk"), user=user)
    seats = Seat.objects.select_related("user__profile", "invited_user__profile").annotate(
        held=Q(user=user) | Exists(shared)
    )
    return list(Game.objects.filter(pk__in=ids).defer("state").prefetch_related(Prefetch("seats", queryset=seats)))


def next_waiting(user: User) -> Game | None:
    """The game that has waited longest for ``user``'s move (one query, through the ``live`` index)."""
    ids = _seats_of(user, live=True, awaited=True)
    return (
        Game.objects.filter(pk__in=ids, status=Game.Status.ACTIVE).defer("state").order_by("turn_started", "pk").first()
    )


FOLLOWED_GAMES_SHOWN = 20


def followed_games(user: User, followed: set[int], since: datetime) -> list[Game]:
    """The newest games (created or started since ``since``, not private, not ``user``'s own) of the players
    ``user`` follows that wait for players or are under way: read through the followed players' ``live`` seats,
    so their finished games cost nothing."""
    theirs = Seat.objects.filter(user_id__in=followed, live=True).values("game_id")
    mine = Seat.objects.filter(user=user, live=True).values("game_id")
    games = (
        Game.objects.filter(pk__in=theirs, private=False)
        .exclude(pk__in=mine)
        .filter(Q(created__gte=since) | Q(started__gte=since))
        .defer("state")
    )
    return list(with_players(games).select_related("created_by__profile").order_by("-id")[:FOLLOWED_GAMES_SHOWN])


def people_in(game: Game) -> set[int]:
    """The ids of everyone who plays ``game``: its seats' players and their team-mates (one query)."""
    players = Seat.objects.filter(game=game, user__isnull=False).order_by().values_list("user_id", flat=True)
    mates = Seat.partners.through.objects.filter(seat__game=game).order_by().values_list("user_id", flat=True)
    return set(players.union(mates))


def player_names(game: Game) -> list[str]:
    return [seat.user.username if seat.user else f"seat {seat.position + 1}" for seat in game.seats.all()]


def live_moves(game: Game) -> QuerySet[Move]:
    return game.moves.filter(taken_back=False).order_by("seq")


def game_record(game: Game) -> dict[str, Any]:
    """The game's record (wordgames-record/1): options, players, seed or secret, and every live move. It
    tells the bag, so it is for games that are over."""
    players = player_names(game)
    record = make_record(
        game.engine,
        game.options,
        players,
        game.deal_seed,
        game.bag or None,
        [{"player": players[m.seat], "move": m.text} for m in live_moves(game)],
    )
    for _receiver, sections in signals.record_sections.send(sender=Game, game=game):
        if isinstance(sections, dict):  # optional sections; never one of the record's own keys
            record.update({k: v for k, v in sections.items() if k not in record})
    return record


def rebuild_state(game: Game) -> dict[str, Any]:
    """The state obtained by replaying the game's live moves from its seed: it must equal ``game.state``."""
    engine = get_engine(game.engine)
    state = engine.new_game(player_names(game), game.options, game.deal_seed, game.bag or None)
    for move in live_moves(game):
        state, _ = engine.apply(state, move.seat, move.text)
    return state


class Invitee(Protocol):
    """Someone an invitation may be addressed to without an account: an address (``pk`` 0 is no account)."""

    pk: int
    email: str


def invited(seat: Seat, user: User | Invitee) -> bool:
    """Whether ``seat`` is an invitation addressed to ``user`` (by account or by email address)."""
    email = (getattr(user, "email", "") or "").lower()
    return seat.invited_user_id == user.pk or (bool(email) and seat.invited_email.lower() == email)


# --- Lexicon Crossing's green light: what each seat has seen (the writes are in actions.greenlight) ----------


def uses_green_light(game: Game) -> bool:
    return get_engine(game.engine).asynchronous_green


def deal_number(game: Game) -> int:
    return int((game.state or {}).get("deal_number", 0))


def leeway(game: Game) -> timedelta:
    return timedelta(minutes=float(game.options.get("leeway", 5)))


def active_positions(game: Game) -> set[int]:
    state = game.state or {}
    flags = state.get("active")
    if flags is None:
        return set(range(len(state.get("players", []))))
    return {i for i, on in enumerate(flags) if on}


def concealed(game: Game, position: int | None, seats: list[Seat] | None = None) -> bool:
    """Whether ``position`` is the latest green-lighter whose new tile must stay hidden for now."""
    if position is None or game.state is None or not uses_green_light(game):
        return False
    if game.state.get("last_green") != position or game.status != Game.Status.ACTIVE:
        return False
    deal = deal_number(game)
    seats = seats if seats is not None else list(game.seats.all())
    others = [s for s in seats if s.position != position and s.position in active_positions(game)]
    if not others:
        return False
    seen = [s.seen_deal >= deal for s in others]
    return not (any(seen) if game.options.get("reveal") == "one" else all(seen))


def view_kwargs(game: Game, position: int | None, seats: list[Seat] | None = None) -> dict[str, Any]:
    """Extra arguments for the engine's ``view``/``render_text``/``apply`` for this seat (concealment)."""
    if concealed(game, position, seats):
        return {"conceal_latest": True}
    return {}


def hidden_from(game: Game, seat: int) -> dict[str, Any]:
    """What the seat may not see yet shapes how its move is judged (Lexicon Crossing's green-lighter)."""
    return view_kwargs(game, seat) if uses_green_light(game) else {}


def waiting_requests(game: Game) -> list[GreenLightRequest]:
    return list(game.green_requests.filter(status=GreenLightRequest.Status.WAITING).order_by("created", "id"))
