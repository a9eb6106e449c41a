"""The seats' clocks after a change to a game, planned by pure functions: what the game now waits for, and each
seat's clock as it stands, in; the fields of each seat that change, out. ``moves.set_clocks`` reads the game and
its seats, asks the rooms above for time away, and writes the plan.

A seat that may act now and did not before (or just moved and acts again) begins a new decision and its clock
starts, with its time away added; a seat whose clock runs on (another seat of a simultaneous round moved) keeps
its deadline; a seat nobody waits for has its clock stopped. The lobby's ``live`` and ``awaited`` and a finished
game's outcome and place are planned in the same pass, so one statement writes them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

SeatChanges = list[tuple[int, dict[str, Any]]]  # (seat id, {field: new value}) for each seat that changes


@dataclass(frozen=True)
class SeatClock:
    """A seat's clock and lobby fields as they stand before the change."""

    pk: int
    position: int
    due_at: datetime | None = None
    remind_at: datetime | None = None
    reminded: bool = False
    timeouts: int = 0
    live: bool = True
    awaited: bool = False
    outcome: str = ""
    place: int | None = None

    @classmethod
    def of(cls, seat: Any) -> SeatClock:
        return cls(
            seat.pk,
            seat.position,
            seat.due_at,
            seat.remind_at,
            seat.reminded,
            seat.timeouts,
            seat.live,
            seat.awaited,
            seat.outcome,
            seat.place,
        )


@dataclass(frozen=True)
class Turn:
    """What the game waits for after the change, and what it waited for before.

    ``clocked``: the seats whose clock runs (the engine's ``clocked``); ``acting``: the seats that may act
    (``actors``); ``waiting``: whom the game waits for (the lobby's "your turn"). ``before``: the clocked seats
    before the change, or None when every clock is set afresh (a game starts, a take-back rebuilds it);
    ``mover``: the seat whose decision the change was (it acts again with a fresh clock). ``ended``: a finished
    game's outcome and place per seat."""

    move_time: timedelta  # a starting clock's time to move
    reminder: timedelta  # and when its player is reminded
    clocked: frozenset[int] = frozenset()
    acting: frozenset[int] = frozenset()
    waiting: frozenset[int] = frozenset()
    live: bool = True
    before: frozenset[int] | None = None
    mover: int | None = None
    ended: dict[int, tuple[str, int]] = field(default_factory=dict)

    def new_decision(self, position: int) -> bool:
        """Whether ``position`` begins a new decision: it may act, and did not before or just moved."""
        return position in self.acting and (
            self.before is None or position not in self.before or position == self.mover
        )

    def clock_starts(self, seat: SeatClock) -> bool:
        """Whether the seat's clock starts now: it runs, and did not run on from before (or the seat moved)."""
        runs_on = (
            seat.due_at is not None
            and self.before is not None
            and seat.position in self.before
            and seat.position != self.mover
        )
        return seat.position in self.clocked and not runs_on


def come_to_wait(turn: Turn, seats: Iterable[SeatClock]) -> list[int]:
    """The positions the game comes to wait for with this change (newly, or again after their own move): each
    begins a new decision and is waited for (the plan writes its ``since_version`` and ``awaited``). The one
    answer, for every kind of change, to "does the game now wait for this player", which brings their digest
    forward (``notices.came_to_wait`` reads it back)."""
    return [seat.position for seat in seats if turn.new_decision(seat.position) and seat.position in turn.waiting]


def starting(turn: Turn, seats: Iterable[SeatClock]) -> list[SeatClock]:
    """The seats whose clock starts: the ones whose time away is asked for."""
    return [seat for seat in seats if turn.clock_starts(seat)]


def deciding(turn: Turn, seats: Iterable[SeatClock]) -> bool:
    """Whether any seat begins a new decision (then the plan needs the number of the game's last move)."""
    return any(turn.new_decision(seat.position) for seat in seats)


def plan_clocks(
    turn: Turn,
    seats: Iterable[SeatClock],
    *,
    now: datetime,
    version: int,
    last_seq: int,
    away: dict[int, timedelta] | None = None,
) -> SeatChanges:
    """Each changed seat's new fields. ``version`` and ``last_seq``: the game's version and the number of its last
    move, where a new decision begins; ``away``: time away to add to a starting clock, by seat id."""
    away = away or {}
    changes: SeatChanges = []
    for seat in seats:
        fields: dict[str, Any] = {}
        if turn.new_decision(seat.position):
            fields.update(since_version=version, since_seq=last_seq)
        if seat.position == turn.mover and seat.timeouts:
            fields["timeouts"] = 0  # the player moved: their run of timeouts is over
        if turn.clock_starts(seat):
            extra = away.get(seat.pk, timedelta(0))
            fields.update(due_at=now + turn.move_time + extra, remind_at=now + turn.reminder + extra, reminded=False)
        elif seat.position not in turn.clocked and (seat.due_at is not None or seat.remind_at is not None):
            fields.update(due_at=None, remind_at=None, reminded=False)  # not waited for: the clock stops
        awaited = seat.position in turn.waiting
        if seat.live != turn.live or seat.awaited != awaited:
            fields.update(live=turn.live, awaited=awaited)
        outcome, place = turn.ended.get(seat.position, ("", None))
        if (seat.outcome, seat.place) != (outcome, place):  # a game ends, or a take-back reopens it
            fields.update(outcome=outcome, place=place)
        if fields:
            changes.append((seat.pk, fields))
    return changes
