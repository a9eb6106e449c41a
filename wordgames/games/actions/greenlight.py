"""Lexicon Crossing's asynchronous green light, made exact (rules/lexicon-crossing.md, "Asynchronous play").

- Every deal has a number (``state["deal_number"]``: 0 for the starting tiles). A player has *seen* a deal
  when their game page showed it to them or an email containing it was sent to them (``Seat.seen_deal``).
- A green light is a request. It fires (the engine's ``green`` move: check the crossword, deal to everyone)
  at once if every player has seen the newest deal and the leeway since the last of them saw it has passed;
  otherwise it waits. When the last player sees the newest deal, the earliest waiting request is given a
  time: that moment plus the leeway (``leeway`` option, 5 minutes by default). A beat sweep fires it.
- Firing happens under the game's row lock and re-checks everything, so two sweeps or two workers racing
  deal once. When a request fires, the other waiting requests lapse (everyone now has a new tile to place).
- The green-lighter does not see their own new tile until every other player (option ``reveal``: "all", or
  "one" other player) has seen theirs.
- A waiting request can be withdrawn. Whether others see waiting requests is the option ``requests_visible``.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, ngettext

from wordgames.engines import IllegalMove, get_engine

from .. import relay
from ..models import Game, GreenLightRequest, Move, Seat
from ..news import news, said
from ..queries import (
    active_positions,
    concealed,
    deal_number,
    leeway,
    player_names,
    seat_of,
    uses_green_light,
    view_kwargs,
)
from ..refusals import word
from .errors import MoveResult, RefusalCode, Refused
from .moves import acting_seat, apply_move, lock_game, wake_computers


def mark_seen(game: Game, position: int, now: datetime | None = None) -> bool:
    """``position`` has now seen their tiles of the newest deal (unless they are concealed from them).
    Cheap when nothing changes: one conditional UPDATE. Returns True when this was news."""
    if game.state is None or not uses_green_light(game) or game.status != Game.Status.ACTIVE:
        return False
    if concealed(game, position):
        return False
    now = now or timezone.now()
    deal = deal_number(game)
    changed = Seat.objects.filter(game=game, position=position, seen_deal__lt=deal).update(seen_deal=deal, seen_at=now)
    if changed:
        with transaction.atomic():
            locked = lock_game(game.pk)
            _schedule(locked, now)
            # A computer green-lighter may now see its own new tile (it looks when woken).
            wake_computers(locked, delay=0)
        fire_due(now, game_id=game.pk)
    return bool(changed)


def _caught_up_at(game: Game) -> datetime | None:
    """When the last active player saw the newest deal; None while someone has not."""
    deal = deal_number(game)
    seats = [s for s in game.seats.all() if s.position in active_positions(game)]
    if any(s.seen_deal < deal for s in seats):
        return None
    return max((s.seen_at for s in seats if s.seen_at is not None), default=None) or timezone.now()


def _schedule(game: Game, now: datetime) -> None:
    """Give the earliest waiting request its firing time, once everyone has caught up. Call with the game
    locked."""
    waiting = list(game.green_requests.filter(status=GreenLightRequest.Status.WAITING).order_by("created", "id"))
    if not waiting:
        return
    caught_up = _caught_up_at(game)
    first = waiting[0]
    fire_at = None if caught_up is None else max(first.created, caught_up + leeway(game))
    if first.fire_at != fire_at:
        first.fire_at = fire_at
        first.save(update_fields=["fire_at"])


def request_green(game_id: int, user: Any, now: datetime | None = None) -> GreenLightRequest:
    """Call green light. Refused at once if the caller's crossword is not ready; otherwise it fires now
    (everyone has seen the newest tile, and the leeway has passed) or waits its turn."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        seat = acting_seat(game, user, "green")
        engine = get_engine(game.engine)
        try:
            engine.preview(game.state, seat, "green", **view_kwargs(game, seat))
        except IllegalMove as e:
            raise Refused(word(e), RefusalCode.ILLEGAL) from None
        if game.green_requests.filter(status=GreenLightRequest.Status.WAITING, seat=seat).exists():
            raise Refused(_("Your green light is already waiting."), RefusalCode.WAITING)
        request = GreenLightRequest.objects.create(game=game, seat=seat, created=now)
        _schedule(game, now)
        name = player_names(game)[seat]
        visible = game.options.get("requests_visible", True)
    fire_due(now, game_id=game_id)
    request.refresh_from_db()
    if visible and request.status == GreenLightRequest.Status.WAITING:  # given at once: the deal is the news
        relay.owe(
            relay.send_news,
            game_id,
            f"green-asked:{request.pk}",
            news(gettext_noop("%(name)s asked for a green light."), name=name),
            user.pk,
        )
    return request


def submit(game_id: int, user: Any, word: str) -> MoveResult:
    """``green`` or ``withdraw`` typed as a move (web form or email): the protocol, not a direct deal."""
    if word == "withdraw":
        withdraw_green(game_id, user)
        return MoveResult(None, duplicate=False, message=_("Your green light request is withdrawn."))
    request = request_green(game_id, user)
    if request.status == GreenLightRequest.Status.FIRED:
        return MoveResult(request.move, duplicate=False)
    minutes = int(leeway(request.game).total_seconds() // 60)
    return MoveResult(
        None,
        duplicate=False,
        message=ngettext(
            "Your green light is waiting: it is given once every player has seen their newest tile, plus %(minutes)d "
            "minute. You can withdraw it until then.",
            "Your green light is waiting: it is given once every player has seen their newest tile, plus %(minutes)d "
            "minutes. You can withdraw it until then.",
            minutes,
        )
        % {"minutes": minutes},
    )


def withdraw_green(game_id: int, user: Any) -> GreenLightRequest:
    with transaction.atomic():
        game = lock_game(game_id)
        seat = seat_of(game, user)
        waiting = game.green_requests.filter(status=GreenLightRequest.Status.WAITING)
        request = None if seat is None else waiting.filter(seat=seat).first()
        if seat is None or request is None:
            raise Refused(_("You have no green light waiting."), RefusalCode.NOT_WAITING)
        request.status = GreenLightRequest.Status.WITHDRAWN
        request.fire_at = None
        request.save(update_fields=["status", "fire_at"])
        _schedule(game, timezone.now())
    return request


def fire_due(now: datetime | None = None, game_id: int | None = None) -> int:
    """Fire every waiting request whose time has come (beat sweeps this every minute). Safe to run twice
    or concurrently: each request is re-read under its game's lock and fires at most once."""
    now = now or timezone.now()
    due = GreenLightRequest.objects.filter(status=GreenLightRequest.Status.WAITING, fire_at__lte=now)
    if game_id is not None:
        due = due.filter(game_id=game_id)
    fired = 0
    for request_id, gid in list(due.values_list("pk", "game_id")):
        with transaction.atomic():
            game = lock_game(gid)
            request = GreenLightRequest.objects.select_for_update().get(pk=request_id)
            if request.status != GreenLightRequest.Status.WAITING or request.fire_at is None or request.fire_at > now:
                continue
            if game.status != Game.Status.ACTIVE:
                request.status = GreenLightRequest.Status.LAPSED
                request.save(update_fields=["status"])
                continue
            if _caught_up_at(game) is None:  # someone has a newer deal unseen: wait again
                request.fire_at = None
                request.save(update_fields=["fire_at"])
                continue
            seat = game.seats.select_related("user").get(position=request.seat)
            try:
                move = apply_move(
                    game,
                    request.seat,
                    seat.user,
                    "green",
                    source=Move.Source.WEB,
                    idempotency_key=f"green:{request.pk}",
                )
            except Refused as e:
                request.status, request.detail = GreenLightRequest.Status.REFUSED, str(e)
                request.save(update_fields=["status", "detail"])
                # Worded for the reader when the email is written, not in this task's language.
                sentence = news(
                    gettext_noop("Your green light could not be given: %(reason)s"),
                    reason=said(e.said, str(e), whole=True),
                )
                relay.owe(relay.send_news, gid, f"green-refused:{request.pk}", sentence, only_user_id=seat.user_id)
                _schedule(game, now)
                continue
            request.status, request.move = GreenLightRequest.Status.FIRED, move
            request.save(update_fields=["status", "move"])
            game.green_requests.filter(status=GreenLightRequest.Status.WAITING).update(
                status=GreenLightRequest.Status.LAPSED, fire_at=None, detail="another green light fired first"
            )
            fired += 1
    return fired


def deal_shown(sender: Any, game: Game, position: int, **kwargs: Any) -> None:
    """Receiver of ``signals.deal_shown``: an email showed ``position`` their newest tiles."""
    mark_seen(game, position)
