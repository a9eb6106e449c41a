"""Computer players: their accounts, and the turn a task plays for them through the same door as people.

A computer player is an account whose profile names its level (``Profile.computer``): ``computer-strong``,
``computer-quick`` (``computer-strong-2`` for a second one in the same game). It has no password and no email
address, so nobody can log in as it and nothing is mailed to it. Its name says what it is wherever a name is
shown.

Every public change to a game with a computer seat owes ``play_computers(game, version)`` (``moves.
wake_computers``), run by a worker a couple of seconds later. It reads the game without locking it, asks each
computer seat that may act for its move, seeing only that seat's view of the game, and submits the move with
``submit_move`` like anyone: stale if the game changed meanwhile (the newer change owes its own turn), once
only (an idempotency key per version and seat), refused and replaced by the rules' own move (the one a
timeout plays) if the engine's player ever chose an illegal one. Its randomness comes from the game's secret,
so the same position gives the same move. The minute's sweep (``wake_idle``) wakes a computer whose turn has
waited too long (its task was lost), and its clock runs like anyone's, so a computer never blocks a game.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import datetime
from typing import Any

from celery import current_app
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from wordgames.accounts.models import Profile
from wordgames.engines import get_engine
from wordgames.engines.core.engine import Engine
from wordgames.engines.core.players import choose_move, levels
from wordgames.engines.core.rng import KeyedRandom, is_secret

from ..models import Game, Move, Seat
from ..queries import deal_number, uses_green_light, view_kwargs
from . import greenlight
from .errors import RefusalCode, Refused
from .moves import PLAY_COMPUTERS, wake_computers
from .play import submit_move

log = logging.getLogger(__name__)

PREFIX = "computer"
LEVEL_NAMES = {"quick": "quick", "strong": "strong"}
# Private moves (rearranging a Lexicon Crossing crossword) a computer may make in one turn before it must
# either make a public one or wait for the next change.
QUIET_MOVES_A_TURN = 8


def username(level: str, number: int = 1) -> str:
    return f"{PREFIX}-{level}" + (f"-{number}" if number > 1 else "")


def computer_user(level: str, number: int = 1) -> User:
    """The account of the ``number``-th computer player of ``level`` (created on first use)."""
    name = username(level, number)
    user = User.objects.select_related("profile").filter(username=name, profile__computer=level).first()
    if user is not None:
        return user
    with transaction.atomic():
        user, created = User.objects.get_or_create(username=name)
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        profile, _created = Profile.objects.get_or_create(user=user)
        if profile.computer != level:
            if not created:  # a person's account by that name (made before names were reserved)
                raise Refused(_("The account %(name)s is not a computer player.") % {"name": name}, RefusalCode.PLAYERS)
            Profile.objects.filter(pk=profile.pk).update(computer=level)
    return User.objects.select_related("profile").get(pk=user.pk)


def computer_level(user: User | None) -> str:
    """The level ``user`` plays at if it is a computer player, else ""."""
    if user is None:
        return ""
    try:
        return user.profile.computer
    except Profile.DoesNotExist:
        return ""


def check_level(engine_name: str, level: str) -> str:
    known = levels(engine_name)
    if level not in known:
        raise Refused(
            _("The computer plays %(game)s at these levels: %(levels)s.")
            % {"game": get_engine(engine_name).title, "levels": ", ".join(known)},
            RefusalCode.PLAYERS,
        )
    return level


def seat_for_level(level: str, taken: set[int]) -> User:
    """A computer player of ``level`` for a seat, not one of the users ``taken`` (already in the game)."""
    number = 1
    while (user := computer_user(level, number)).pk in taken:
        number += 1
    return user


def player_for(game: Game, level: str) -> User:
    """A computer player of ``level`` that holds no seat of ``game`` yet (a moderator seats it)."""
    check_level(game.engine, level)
    return seat_for_level(level, {uid for uid in game.seats.values_list("user_id", flat=True) if uid})


def rng_for(game: Game, version: int, seat: int, attempt: int) -> random.Random:
    """The computer's randomness for one choice: from the game's secret (or, for an old game, its seed), so
    the same position gives the same move, and nobody without the secret can predict it."""
    label = f"computer:{version}:{seat}:{attempt}"
    if is_secret(game.secret):
        return KeyedRandom(game.secret, label)
    return random.Random(f"{game.seed}:{label}")


# Tasks run in-process (no broker, as on a laptop) call play_computers from inside the commit of the move
# before: a game between computers would nest one turn in the other. The outer call plays the queued ones.
_PLAYING: ContextVar[list[tuple[int, int]] | None] = ContextVar("playing_computers", default=None)


# Seconds a choice may take, for every computer in this context (``in_process``); None: each level's own.
_BUDGET: ContextVar[float | None] = ContextVar("computer_budget", default=None)


def play_computers(game_id: int, version: int, *, budget: float | None = None) -> int:
    """Play every computer seat of the game that may act at ``version``. Returns how many moves were made."""
    budget = budget if budget is not None else _BUDGET.get()
    pending = _PLAYING.get()
    if pending is not None:
        pending.append((game_id, version))
        return 0
    queue = [(game_id, version)]
    token = _PLAYING.set(queue)
    made = 0
    try:
        while queue:
            made += _play(*queue.pop(0), budget=budget)
    finally:
        _PLAYING.reset(token)
    return made


def _play(game_id: int, version: int, *, budget: float | None) -> int:
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.ACTIVE or game.version != version:
        return 0  # over, or changed since: the change owes its own turn
    engine = get_engine(game.engine)
    actors = engine.actors(game.state)
    seats = [
        s
        for s in game.seats.select_related("user__profile").order_by("position")
        if s.position in actors and computer_level(s.user)
    ]
    made = 0
    for seat in seats:
        made += _turn(game_id, version, seat, budget=budget)
    return made


def _choose(
    engine: Engine,
    view: dict[str, Any],
    game: Game,
    version: int,
    seat: Seat,
    level: str,
    attempt: int,
    budget: float | None,
) -> str | None:
    """The computer's move: its level's choice; if that player fails (a bug must not stop the game), the
    quick player's; if that fails too, the rules' own move for a seat that says nothing (as a timeout)."""
    for tried in dict.fromkeys((level, "quick")):
        try:
            return choose_move(
                engine,
                view,
                seat.position,
                level=tried,
                budget=budget,
                rng=rng_for(game, version, seat.position, attempt),
            )
        except Exception:
            log.exception("The %s computer player failed in game %s, seat %s", tried, game.pk, seat.position + 1)
    return rules_move(engine, game, seat)


def rules_move(engine: Engine, game: Game, seat: Seat) -> str | None:
    """What a timeout plays for the seat: its move, None where nothing is owed, "resign" where it forfeits."""
    move = engine.timeout_move(game.state, seat.position)
    return None if move == "" else move or "resign"


def _turn(game_id: int, version: int, seat: Seat, *, budget: float | None) -> int:
    """One computer seat's turn: a public move, or some private ones then nothing (it waits for the next
    change). Every move goes through ``submit_move`` with a key of its own, so a task run twice moves once."""
    assert seat.user is not None
    level = computer_level(seat.user)
    made = 0
    for attempt in range(QUIET_MOVES_A_TURN):
        game = Game.objects.get(pk=game_id)
        engine = get_engine(game.engine)
        if (
            game.status != Game.Status.ACTIVE
            or game.version != version
            or seat.position not in engine.actors(game.state)
        ):
            return made
        greenlight.mark_seen(game, seat.position)  # it reads its new tiles the moment it is woken
        hidden = view_kwargs(game, seat.position)
        if hidden:  # a green-lighter whose new tile is hidden until the others have seen theirs: it waits
            return made  # (the last of them to look wakes it)
        view = engine.view(game.state, seat.position)
        text = _choose(engine, view, game, version, seat, level, attempt, budget)
        if text is None:
            return made  # nothing it wants to do now (between green lights)
        key = f"computer:{version}:{seat.position}:{attempt}"
        try:
            result = submit_move(
                game_id, seat.user, text, expected_version=version, idempotency_key=key, source=Move.Source.COMPUTER
            )
        except Refused as e:
            if e.code in (RefusalCode.STALE, RefusalCode.NOT_YOUR_TURN, RefusalCode.NOT_RUNNING, RefusalCode.WAITING):
                return made  # someone else changed the game first; that change owes the next turn
            log.error("Computer player %s chose a refused move %r in game %s: %s", seat.user, text, game_id, e)
            fallback = rules_move(engine, game, seat)
            if fallback is None:
                return made  # the rules owe nothing here: its clock runs on, and the next change wakes it
            try:
                submit_move(
                    game_id,
                    seat.user,
                    fallback,
                    expected_version=version,
                    idempotency_key=key + ":rules",
                    source=Move.Source.COMPUTER,
                )
            except Refused:
                submit_move(game_id, seat.user, "resign", idempotency_key=key + ":resign", source=Move.Source.COMPUTER)
            return made + 1
        made += 1
        if result.move is None or not result.move.outcome.get("events", {}).get("quiet"):
            return made  # a public move: the new version owes the next turn
    return made


WAKE_BATCH = 1000  # games looked at in one sweep, earliest due first; the next sweep takes the rest


def wake_idle(now: datetime | None = None, game_id: int | None = None) -> int:
    """Owe the turn of every game (or only game ``game_id``) whose computer players' wake time has come
    (``Game.wake_at``, read by its index): the task of their turn was lost (a broker that forgot it, retries
    spent). A game whose computers are not waited for (the human is thinking) is not looked at again until the
    next change sets its wake time. Returns how many games were woken."""
    now = now or timezone.now()
    due = Game.objects.filter(wake_at__lte=now).order_by("wake_at", "pk")
    if game_id is not None:
        due = due.filter(pk=game_id)
    woken = 0
    for game in due[:WAKE_BATCH]:
        if game.status == Game.Status.ACTIVE and _computer_waited_for(game):
            with transaction.atomic():
                wake_computers(game, delay=0)  # and its next wake time
            woken += 1
        else:  # only the sweep that read this wake time clears it (a change meanwhile set a new one)
            Game.objects.filter(pk=game.pk, wake_at=game.wake_at).update(wake_at=None)
    return woken


def _computer_waited_for(game: Game) -> bool:
    """A computer seat the game waits for, or (Lexicon Crossing) one that has not looked at the newest deal
    (the green light waits for it)."""
    waiting = get_engine(game.engine).waiting_for(game.state)
    deal = deal_number(game) if uses_green_light(game) else -1
    seats = game.seats.filter(user__profile__computer__gt="")
    return any(s.position in waiting or s.seen_deal < deal for s in seats)


@contextmanager
def in_process(budget: float | None = None) -> Iterator[None]:
    """Within this block computer turns run in this process as each change commits, not in a worker, each
    choice taking at most ``budget`` seconds if given (the ``selfplay`` command)."""
    conf = current_app.conf
    was = conf.task_always_eager
    conf.task_always_eager = True
    token = _BUDGET.set(budget)
    try:
        yield
    finally:
        conf.task_always_eager = was
        _BUDGET.reset(token)


__all__ = [
    "PLAY_COMPUTERS",
    "computer_level",
    "computer_user",
    "in_process",
    "play_computers",
    "player_for",
    "seat_for_level",
    "wake_idle",
]
