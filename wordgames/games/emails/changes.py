"""What a change to a game (a move, the start, the end) means to each of its players, a batch of changes at a time."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from functools import partial

from django.db.models import Count, Q
from django.utils import timezone

from wordgames.accounts.languages import speaking
from wordgames.accounts.models import digest_waits, display_name, profile_for

from .. import notices, signals
from ..models import Game, Move, Seat
from .game import (
    game_context,
    game_letter,
    move_number,
    result_sentence,
    subject_line,
)
from .letters import (
    Letter,
    send_letters,
)


@dataclass(frozen=True)
class Event:
    """A change to a game its players are to be told of (``relay.tell``): a move, the start, the end."""

    game_id: int
    version: int
    actors_before: tuple[int, ...] = ()
    mover: int | None = None
    move_id: int | None = None
    event: str = "move"


def event_letters(events: Iterable[Event], taking_over: Iterable[Event] = ()) -> tuple[list[Letter], set[str]]:
    """What several changes mean to each player (``notices.move_email_kind``), as emails made but not sent
    (``send_letters`` sends them): the games, their last moves and their seats loaded a batch at a time. Also
    the keys among them whose earlier sender died (the events in ``taking_over``: their unsent claims are taken
    over at once). An event whose game has moved on since is skipped: a later event tells of the newer
    position."""
    events = list(events)
    live = Count("moves", filter=Q(moves__taken_back=False))
    games = Game.objects.annotate(live_moves=live).in_bulk({e.game_id for e in events})
    current = {
        (e.game_id, e.version): e for e in events if e.game_id in games and games[e.game_id].version == e.version
    }
    if not current:
        return [], set()
    moves = Move.objects.select_related("user__profile").in_bulk([e.move_id for e in current.values() if e.move_id])
    seats = notices.seats_by_game(games[game_id] for game_id, _ in current)
    letters: list[Letter] = []
    own: set[str] = set()
    for event in current.values():
        mine = move_letters(games[event.game_id], seats[event.game_id], event, moves.get(event.move_id or 0))
        letters += mine
        if event in taking_over:
            own |= {letter.key for letter in mine}
    return letters, own


def notify_players(
    game: Game,
    *,
    actors_before: Iterable[int] = (),
    mover: int | None = None,
    last: Move | None = None,
    event: str = "move",
) -> int:
    """After a change to a game, tell each player what it means to them. Returns the number sent."""
    change = Event(game.pk, game.version, tuple(actors_before), mover, last.pk if last else None, event)
    return len(send_letters(move_letters(game, notices.seats_with_readers(game), change, last)))


def digests_wait(seats: list[Seat], version: int, now: datetime | None = None) -> int:
    """The game's change to ``version`` made it wait for some of these seats (``notices.came_to_wait``): each of
    their readers who takes the daily digest, whose hour has passed today with nothing waiting then and whose
    digest of today has not gone, is due again at once, so today's digest goes out at the next sweep
    (``accounts.models.digest_waits``). Whatever the change was: a move, the start, a timeout, a moderator's
    action, an undo. Returns how many were brought forward."""
    now = now or timezone.now()
    readers = notices.digest_readers(seats, version, lambda reader: profile_for(reader).email_mode)
    return digest_waits(notices.digests_unsent(readers, now), now)


def move_letters(game: Game, seats: list[Seat], event: Event, last: Move | None) -> list[Letter]:
    """The emails of one change: the game started, it is your turn, another player moved, or the game is over."""
    change = notices.Change.of(game, actors_before=event.actors_before, mover=event.mover, last=last, event=event.event)
    number = move_number(game)
    last_player = display_name(last.user) if last is not None else ""
    letters = []
    # A digest reader whose hour has passed today, with nothing waiting then: today's digest is owed now.
    digests_wait(seats, event.version)
    for seat, reader in notices.readers(seats):
        kind = notices.move_email_kind(seat, reader, change)
        if kind is None or notices.watching(reader.pk, game.pk):
            continue
        with speaking(reader):
            context = {
                **game_context(game, seat, last, number, last_player),
                "user": reader,
                "name": profile_for(reader).name,
                "result": result_sentence(game, seats) if change.over else "",
            }
            letter = game_letter(
                f"{kind}:{game.pk}:{game.version}:{reader.pk}",
                reader.email,
                subject_line(game, seats, number),
                f"games/email/{kind}.txt",
                context,
                kind=kind,
                user=reader,
                game=game,
                seat=seat,
            )
        if letter is None:
            continue
        if kind != "game_over":  # the email showed them their newest tiles
            letter.after = partial(signals.deal_shown.send, sender=Game, game=game, position=seat.position)
        letters.append(letter)
    return letters
