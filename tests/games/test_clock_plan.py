"""The seats' clocks after a change, as planned (no database): whose clock starts, runs on or stops, the time
away added to a new deadline, a new decision's start, the lobby's fields and a finished game's places."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from wordgames.games.actions.clockplan import SeatClock, Turn, come_to_wait, deciding, plan_clocks, starting

NOW = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)
DAY = timedelta(days=1)
WEEK = timedelta(days=7)
RUNNING = NOW + 3 * DAY  # the deadline of a clock that was started earlier


def turn(**kw: object) -> Turn:
    return Turn(move_time=WEEK, reminder=5 * DAY, **kw)  # type: ignore[arg-type]


def seat(position: int, **kw: object) -> SeatClock:
    return SeatClock(pk=100 + position, position=position, **kw)  # type: ignore[arg-type]


def plan(t: Turn, *seats: SeatClock, away: dict[int, timedelta] | None = None) -> dict[int, dict[str, object]]:
    return dict(plan_clocks(t, seats, now=NOW, version=9, last_seq=4, away=away))


def test_a_move_stops_the_movers_clock_and_starts_the_next_players() -> None:
    ann, bob = seat(0, due_at=RUNNING, remind_at=RUNNING, awaited=True), seat(1)
    changes = plan(
        turn(clocked=frozenset({1}), acting=frozenset({1}), waiting=frozenset({1}), before=frozenset({0}), mover=0),
        ann,
        bob,
    )
    assert changes[100] == {"due_at": None, "remind_at": None, "reminded": False, "live": True, "awaited": False}
    assert changes[101] == {
        "since_version": 9,
        "since_seq": 4,
        "due_at": NOW + WEEK,
        "remind_at": NOW + 5 * DAY,
        "reminded": False,
        "live": True,
        "awaited": True,
    }


def test_another_seat_moving_in_a_simultaneous_round_leaves_a_running_clock_alone() -> None:
    both = frozenset({0, 1})
    ann = seat(0, due_at=RUNNING, remind_at=RUNNING, awaited=True)
    bob = seat(1, due_at=RUNNING, remind_at=RUNNING, awaited=True)
    t = turn(clocked=frozenset({0}), acting=frozenset({0}), waiting=frozenset({0}), before=both, mover=1)
    assert 100 not in plan(t, ann, bob)  # ann's deadline stands, and her decision is the one she had
    assert starting(t, [ann, bob]) == [] and not deciding(t, [ann, bob])


def test_a_mover_who_acts_again_gets_a_fresh_clock_and_a_new_decision() -> None:
    ann = seat(0, due_at=RUNNING, remind_at=RUNNING, reminded=True, timeouts=2, awaited=True)
    t = turn(clocked=frozenset({0}), acting=frozenset({0}), waiting=frozenset({0}), before=frozenset({0}), mover=0)
    assert plan(t, ann)[100] == {
        "since_version": 9,
        "since_seq": 4,
        "timeouts": 0,
        "due_at": NOW + WEEK,
        "remind_at": NOW + 5 * DAY,
        "reminded": False,
    }


def test_time_away_moves_a_new_deadline_and_its_reminder_on() -> None:
    t = turn(clocked=frozenset({1}), acting=frozenset({1}), waiting=frozenset({1}), before=frozenset({0}), mover=0)
    changes = plan(t, seat(0), seat(1, awaited=True), away={101: 2 * DAY})
    assert changes[101]["due_at"] == NOW + WEEK + 2 * DAY and changes[101]["remind_at"] == NOW + 7 * DAY


@pytest.mark.parametrize("before", [None, frozenset({0})])
def test_every_clock_is_set_afresh_when_nothing_was_known_before(before: frozenset[int] | None) -> None:
    """A start or a take-back (``before`` None) restarts even a clock that was running; otherwise it runs on."""
    ann = seat(0, due_at=RUNNING, remind_at=RUNNING, awaited=True)
    changes = plan(turn(clocked=frozenset({0}), acting=frozenset({0}), waiting=frozenset({0}), before=before), ann)
    assert (changes.get(100, {}).get("due_at") == NOW + WEEK) is (before is None)


def test_an_ended_game_stops_every_clock_and_writes_places() -> None:
    ann = seat(0, due_at=RUNNING, remind_at=RUNNING, awaited=True)
    bob, cat = seat(1), seat(2)
    t = turn(live=False, before=frozenset({0}), mover=0, ended={0: ("won", 1), 1: ("lost", 2), 2: ("lost", 2)})
    changes = plan(t, ann, bob, cat)
    assert changes[100] == {
        "due_at": None,
        "remind_at": None,
        "reminded": False,
        "live": False,
        "awaited": False,
        "outcome": "won",
        "place": 1,
    }
    assert changes[101] == changes[102] == {"live": False, "awaited": False, "outcome": "lost", "place": 2}


def test_a_take_back_that_reopens_a_game_clears_the_places() -> None:
    ann = seat(0, live=False, outcome="won", place=1)
    changes = plan(turn(clocked=frozenset({0}), acting=frozenset({0}), waiting=frozenset({0})), ann)
    assert changes[100]["outcome"] == "" and changes[100]["place"] is None and changes[100]["live"] is True


def test_an_idle_clock_runs_for_a_seat_the_game_does_not_wait_for() -> None:
    """Lexicon Crossing between green lights: everyone may act and their idle clocks run, nobody is awaited."""
    t = turn(clocked=frozenset({0, 1}), acting=frozenset({0, 1}), waiting=frozenset(), before=None)
    changes = plan(t, seat(0), seat(1))
    assert all(c["due_at"] == NOW + WEEK and "awaited" not in c for c in changes.values())


def test_nothing_changes_when_nothing_changed() -> None:
    ann = seat(0, due_at=RUNNING, remind_at=RUNNING, awaited=True)
    t = turn(clocked=frozenset({0}), acting=frozenset({0}), waiting=frozenset({0}), before=frozenset({0}))
    assert plan(t, ann, seat(1)) == {}


def test_the_seats_a_change_makes_the_game_wait_for_are_those_whose_decision_begins_and_who_are_waited_for() -> None:
    """What brings a daily digest forward, whatever the change: the next player after a move (not one whose clock
    runs on), a mover who acts again, every waited-for seat when all clocks are set afresh (the start, a
    moderator's take-back, an undo), nobody where the game waits for nobody (between green lights)."""
    three = [seat(0), seat(1, due_at=RUNNING, awaited=True), seat(2)]
    both = frozenset({1, 2})
    passes = turn(clocked=frozenset({2}), acting=frozenset({2}), waiting=frozenset({2}), before=frozenset({1}), mover=1)
    assert come_to_wait(passes, three) == [2]
    runs_on = turn(clocked=both, acting=both, waiting=both, before=frozenset({0, 1, 2}), mover=0)
    assert come_to_wait(runs_on, three) == []
    again = turn(clocked=both, acting=both, waiting=both, before=frozenset({0, 1, 2}), mover=1)
    assert come_to_wait(again, three) == [1]
    afresh = turn(clocked=both, acting=both, waiting=both, before=None)
    assert come_to_wait(afresh, three) == [1, 2]
    idle = turn(clocked=both, acting=both, waiting=frozenset(), before=None)
    assert come_to_wait(idle, three) == []
