"""The game page: the whole page, the part of it that changes (polled or told by the stream), the state as
JSON, and the sheet to print."""

from __future__ import annotations

import uuid
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from wordgames.accounts.links import player_links
from wordgames.engines import get_engine

from .. import presence, presenters, queries
from ..actions import greenlight
from ..boardtext import text_board
from ..emails import result_sentence
from ..forms import MoveForm, move_limit
from ..models import Game, Seat
from ..refusals import worded
from .common import load_game, waiting_seat
from .streams import stream_url
from .talk import timeline
from .teams import teams_context
from .undoing import undo_context


@require_safe
def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = load_game(pk, request)
    context = game_context(request, game)
    context["stream_url"] = stream_url(request, "game_stream", pk)
    return render(request, "games/game.html", context)


@require_safe
def game_live(request: HttpRequest, pk: int) -> HttpResponse:
    """The part of the game page that changes; 204 while the version the browser has is current."""
    since = request.GET.get("since", "")
    row = Game.objects.filter(pk=pk).values_list("version", "private", "status").first()
    if row is None:
        raise Http404("No such game")
    number, private, status = row
    if private:
        load_game(pk, request)  # 404 for anyone but its players and moderators
    version = _waiting_version(pk, number) if status == Game.Status.OPEN else str(number)
    if request.user.is_authenticated:
        presence.mark_watching(request.user.pk, pk)
    if since == version:
        return HttpResponse(status=204)  # the common answer to a poll: one small query, no state loaded
    return render(request, "games/_live.html", game_context(request, load_game(pk, request)))


def game_context(request: HttpRequest, game: Game, **extra: Any) -> dict[str, Any]:
    seat = queries.seat_of(game, request.user)
    seats = list(game.seats.all())
    version = _waiting_version(game.pk, game.version) if game.status == Game.Status.OPEN else game.version
    context: dict[str, Any] = {
        "game": game,
        "seat": seat,
        "seats": seats,
        "version": version,
        "options_shown": presenters.options_shown(game),
    }
    if game.state is None:
        context["waiting_seats"] = [waiting_seat(game, s, request.user) for s in seats]
    else:
        engine = get_engine(game.engine)
        concealment = queries.view_kwargs(game, seat, seats)
        view = worded(engine.view(game.state, seat, **concealment))
        context["position_text"] = text_board(game.engine, game.state, seat, **concealment)  # for screen readers
        if seat is not None:
            greenlight.mark_seen(game, seat)  # Lexicon Crossing: this page shows them their newest tiles
        movers = engine.actors(game.state) if game.status == Game.Status.ACTIVE else set()
        shown = _shown_moves(game)
        context.update(
            view=view,
            play_template=presenters.template_for(game.engine),
            **presenters.context_for(game, view, seat),
            my_turn=seat in movers,
            players=[
                {
                    "seat": s,
                    "user": s.user,
                    "score": view["scores"][s.position],
                    "to_move": s.position in movers,
                    "active": view.get("active", [True] * len(seats))[s.position],
                    "pool_count": (view.get("pool_counts") or [None] * len(seats))[s.position],
                }
                for s in seats
            ],
            waiting_names=player_links(s.user for s in seats if s.user and s.position in movers),
            moves=timeline(game, shown, seat, request.user),
            can_chat=seat is not None,
            moderation=list(game.moderation.select_related("moderator")[:20]),
            form=extra.pop("form", None)
            or MoveForm(initial={"version": game.version, "key": uuid.uuid4().hex}, max_length=move_limit(game)),
            news=_news(shown, seat),
            hints=bool(game.options.get("hints")) and seat in movers,
            can_resign=seat is not None
            and game.status == Game.Status.ACTIVE
            and view.get("active", [True] * len(seats))[seat],
        )
        if game.status != Game.Status.ACTIVE:
            context["result"] = result_sentence(game)
        elif seat is not None:  # a player's page: the undo asked or answerable
            context.update(undo_context(game, seat, shown))
    # Who shares which seat: in the part that updates by itself, so a team-mate joining or leaving (a new version)
    # shows on every open page of the game (two queries).
    context.update(teams_context(game, seats, request.user))
    context.update(extra)
    return context


def _waiting_version(pk: int, version: int) -> str:
    """A game waiting for players changes as seats are taken or invitations declined, not by moves."""
    seats = Seat.objects.filter(game_id=pk)
    return f"{version}.{seats.filter(user__isnull=False).count()}.{seats.filter(declined=True).count()}"


def _shown_moves(game: Game) -> list[Any]:
    """The move list: without quiet moves (a player rearranging a private crossword, saved as they work)."""
    return list(queries.live_moves(game).filter(quiet=False).select_related("user__profile"))


def _news(shown: list[Any], seat: int | None) -> str:
    """What a screen reader hears when the page updates by itself: the newest move shown, unless it is their
    own."""
    if not shown:
        return ""
    move = shown[-1]
    return "" if seat is not None and move.seat == seat else move.told or move.text


def _move_text(move: Any, seat: int | None) -> str:
    """A private move's notation (it names hidden tiles) is shown to its player only, until the game ends."""
    if move.outcome.get("events", {}).get("private") and move.seat != seat and move.game.status == Game.Status.ACTIVE:
        return ""
    return move.text


@require_safe
def game_json(request: HttpRequest, pk: int) -> JsonResponse:
    game = load_game(pk, request)
    seat = queries.seat_of(game, request.user)
    data: dict[str, Any] = {"id": game.pk, "game": game.engine, "status": game.status, "version": game.version}
    if game.state is not None:
        data["view"] = worded(get_engine(game.engine).view(game.state, seat, **queries.view_kwargs(game, seat)))
    data["moves"] = [
        {
            "n": n,
            "player": m.user.username if m.user else "",
            "move": _move_text(m, seat),
            "score": m.score,
            "summary": m.told,
        }
        for n, m in enumerate(_shown_moves(game), start=1)
    ]
    return JsonResponse(data)


@require_safe
def print_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """A page to print for playing at a table (Lingua Fences' blank sheet, Keebble's generated board)."""
    game = load_game(pk, request)
    printable = presenters.printable_for(game)
    if printable is None:
        raise Http404("This game has nothing to print.")
    return render(request, presenters.print_template_for(game.engine), {"game": game, **printable})
