"""Thin views: parse the request, call a service, render. No rule lives here."""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from datetime import timedelta
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.handlers.asgi import ASGIRequest
from django.db.models import Q
from django.http import (
    Http404,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponseNotAllowed,
    JsonResponse,
    StreamingHttpResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from wordgames.accounts import relations, throttle
from wordgames.accounts.forms import AwayForm, EmailSettingsForm
from wordgames.accounts.links import player_links
from wordgames.accounts.models import profile_for
from wordgames.engines import MOVE_LIMIT_ANY, engine_names, get_engine
from wordgames.lib import live
from wordgames.lib.http import AuthedRequest

from . import actions, helpdocs, presence, presenters, queries
from .actions import greenlight
from .actions.games import not_yours
from .boards import render_board
from .boardtext import text_board
from .emails import read_invitation_token, result_sentence
from .forms import MoveForm, NewGameForm, engine_or_404, move_limit
from .models import ChatMessage, Game, Hint, Move, Seat, TeamInvitation, UndoRequest, Vacation
from .refusals import told, worded


def _games_for(user: Any) -> list[dict[str, Any]]:
    """The user's games waiting for players or under way (every one that waits for their move among them, first,
    longest waiting first), then their recently finished ones, newest first."""
    rows: list[dict[str, Any]] = []
    for game in queries.lobby_games(user):
        seats = list(game.seats.all())
        movers = [s.user for s in seats if s.awaited]
        mine = game.status == Game.Status.ACTIVE and any(s.awaited and s.held for s in seats)  # type: ignore[attr-defined]
        rows.append({"game": game, "my_turn": mine,
                     "movers": movers, "players": [_waiting_seat(game, s, user) for s in seats],
                     "since": game.turn_started})  # fmt: skip
    far = timezone.now()
    rows.sort(key=lambda r: (not r["my_turn"], r["game"].status != Game.Status.ACTIVE,
                             r["game"].status == Game.Status.FINISHED and -(r["game"].finished or far).timestamp(),
                             r["since"] or far))  # fmt: skip
    return rows


_CSRF_INPUT = re.compile(r'name="csrfmiddlewaretoken" value="[^"]*"')


@require_safe
def lobby(request: HttpRequest) -> HttpResponse:
    open_games = queries.with_players(
        Game.objects.filter(status=Game.Status.OPEN, private=False)
        .select_related("created_by__profile")  # the page names each game's creator: one query, not one per game
        .order_by("-id")[:50]
    )
    hidden = relations.hidden_from(request.user)  # a game with someone blocked either way has no seat to offer
    context: dict[str, Any] = {"open_games": [g for g in open_games if any(s.is_open for s in g.seats.all())
                                              and not any(s.user_id in hidden for s in g.seats.all())]}  # fmt: skip
    if request.user.is_authenticated:
        context["my_games"] = _games_for(request.user)
        # Whom one follows, less anyone blocked either way since (a block removes only the blocker's follow).
        followed = relations.followed_ids(request.user) - hidden
        if followed:
            since = timezone.now() - timedelta(days=settings.FOLLOWED_GAMES_DAYS)
            context["followed_games"] = queries.followed_games(request.user, followed, since)
        context["my_turn_count"] = sum(1 for row in context["my_games"] if row["my_turn"])
        email = request.user.email.lower()
        context["invitations"] = (
            Seat.objects.filter(game__status=Game.Status.OPEN, user__isnull=True, declined=False)
            .filter(Q(invited_user=request.user) | (Q(invited_email__iexact=email) if email else Q(pk__in=[])))
            .select_related("game", "game__created_by__profile")
        )
    context["engines"] = [get_engine(name) for name in engine_names()]
    html = render_to_string("games/_lobby_live.html", context, request)
    # The lobby's poll asks with the tag of what it shows: 204 while that is unchanged. The CSRF token is
    # masked afresh on every render, so it is left out of the tag.
    tag = hashlib.sha256(_CSRF_INPUT.sub("", html).encode()).hexdigest()[:16]
    if request.GET.get("part") == "live":
        if request.GET.get("since") == tag:
            return HttpResponse(status=204)
        response = HttpResponse(html)
        response["X-Live-Version"] = tag
        return response
    return render(request, "games/lobby.html", {**context, "live_html": mark_safe(html), "live_tag": tag,  # noqa: S308
                                                "stream_url": _stream_url(request, "lobby_stream")})  # fmt: skip


@login_required
def next_game(request: AuthedRequest) -> HttpResponse:
    game = queries.next_waiting(request.user)
    if game is not None:
        return redirect(game)
    messages.info(request, _("No game is waiting for your move."))
    return redirect("lobby")


@login_required
def new_game(request: AuthedRequest) -> HttpResponse:
    engine = engine_or_404(request.GET.get("game") or request.POST.get("game") or "lingo")
    form = NewGameForm(engine, request.POST or None)
    invited = sum(1 for name in form.invitees() if name.strip()) if form.is_valid() else 0
    if invited and not throttle.allow("invitation", request.user.pk, cost=invited):
        form.add_error(None, _("You have sent many invitations lately. %(wait)s") % {"wait": throttle.wait_sentence("invitation")})
    if request.method == "POST" and form.is_valid():
        try:  # the door spends the games-per-hour bucket
            game = actions.create_game(
                request.user, engine.name, form.chosen_options(), form.invitees(), **form.clock_times(),
                partners=form.cleaned_data["partners"], private=bool(form.cleaned_data.get("private")),
                chat_public=bool(form.cleaned_data.get("chat_public")), rated=bool(form.cleaned_data.get("rated")),
            )
        except actions.Refused as e:
            form.add_error(None, str(e))
        else:
            if game.status == Game.Status.ACTIVE:
                messages.success(request, _("The game has started."))
            else:
                messages.success(request, _("Game created. It starts as soon as every seat is taken."))
            return redirect(game)
    engines = [get_engine(name) for name in engine_names()]
    return render(request, "games/new_game.html", {"form": form, "engine": engine, "engines": engines})


@login_required
@require_POST
def play_computer(request: AuthedRequest) -> HttpResponse:
    """The lobby's "Play the computer": a two-player game against a computer player, started at once."""
    engine = engine_or_404(request.POST.get("game", ""))
    level = request.POST.get("level") or "strong"
    try:
        game = actions.create_game(request.user, engine.name, {}, [f"computer:{level}"])
    except actions.Refused as e:
        messages.error(request, str(e))
        return redirect("lobby")
    messages.success(request, _("Your game of %(game)s against the computer (%(level)s) has started.")
                     % {"game": engine.title, "level": _computer_level(level)})
    return redirect(game)


def _computer_level(level: str) -> str:
    """A computer player's level as the lobby's menu names it."""
    levels = {"quick": pgettext("computer level", "quick"), "strong": pgettext("computer level", "strong")}
    return levels.get(level, level)


def _load_game(pk: int, request: HttpRequest | None = None) -> Game:
    queryset = queries.with_players(Game.objects.all())
    game = get_object_or_404(queryset, pk=pk)
    if request is not None and game.private and not _may_see_private(game, request.user):
        raise Http404("No such game")  # the same answer as a game that does not exist: nothing to learn
    return game


def _may_see_private(game: Game, user: Any) -> bool:
    if not user.is_authenticated:
        return False
    if user.has_perm("games.moderate_games") or game.created_by_id == user.pk:
        return True
    email = (user.email or "").lower()
    if any(s.user_id == user.pk or s.invited_user_id == user.pk or (email and s.invited_email.lower() == email)
           for s in game.seats.all()):  # fmt: skip
        return True
    return queries.seat_of(game, user) is not None  # a team-mate sharing a seat


def _game_context(request: HttpRequest, game: Game, **extra: Any) -> dict[str, Any]:
    seat = queries.seat_of(game, request.user)
    seats = list(game.seats.all())
    version = _waiting_version(game.pk, game.version) if game.status == Game.Status.OPEN else game.version
    context: dict[str, Any] = {"game": game, "seat": seat, "seats": seats, "version": version,
                               "options_shown": presenters.options_shown(game)}  # fmt: skip
    if game.state is None:
        context["waiting_seats"] = [_waiting_seat(game, s, request.user) for s in seats]
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
                {"seat": s, "user": s.user, "score": view["scores"][s.position],
                 "to_move": s.position in movers, "active": view.get("active", [True] * len(seats))[s.position],
                 "pool_count": (view.get("pool_counts") or [None] * len(seats))[s.position]}
                for s in seats
            ],
            waiting_names=player_links(s.user for s in seats if s.user and s.position in movers),
            moves=_timeline(game, shown, seat, request.user),
            can_chat=seat is not None,
            moderation=list(game.moderation.select_related("moderator")[:20]),
            form=extra.pop("form", None)
            or MoveForm(initial={"version": game.version, "key": uuid.uuid4().hex}, max_length=move_limit(game)),
            news=_news(shown, seat),
            hints=bool(game.options.get("hints")) and seat in movers,
            can_resign=seat is not None and game.status == Game.Status.ACTIVE
            and view.get("active", [True] * len(seats))[seat],
        )
        if game.status != Game.Status.ACTIVE:
            context["result"] = result_sentence(game)
        elif seat is not None:  # a player's page: the undo asked or answerable
            context.update(_undo_context(game, seat, shown))
    context.update(extra)
    return context


def _waiting_seat(game: Game, seat: Seat, user: Any) -> dict[str, Any]:
    """Who holds or is asked to a seat of a game waiting for players. An address invited by email is shown to
    the game's creator only (who typed it): to anyone else, the invitee included, it is "a player invited by
    email"."""
    if seat.user is not None:
        return {"user": seat.user}
    if not seat.is_invitation:
        return {}  # open
    if seat.invited_user is not None:
        return {"invited_user": seat.invited_user}
    if user.is_authenticated and user.pk == game.created_by_id:
        return {"invited": seat.invited_email}
    if user.is_authenticated and queries.invited(seat, user):
        return {"invited_note": _("you, by email")}
    return {"invited_note": _("a player invited by email")}


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
def print_sheet(request: HttpRequest, pk: int) -> HttpResponse:
    """A page to print for playing at a table (Lingua Fences' blank sheet, Keebble's generated board)."""
    game = _load_game(pk, request)
    printable = presenters.printable_for(game)
    if printable is None:
        raise Http404("This game has nothing to print.")
    return render(request, presenters.print_template_for(game.engine), {"game": game, **printable})


@require_safe
def game_page(request: HttpRequest, pk: int) -> HttpResponse:
    game = _load_game(pk, request)
    context = _game_context(request, game)
    context.update(_teams(game, context["seats"], request.user))  # the whole page only: polls never need it
    context["stream_url"] = _stream_url(request, "game_stream", pk)
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
        _load_game(pk, request)  # 404 for anyone but its players and moderators
    version = _waiting_version(pk, number) if status == Game.Status.OPEN else str(number)
    if request.user.is_authenticated:
        presence.mark_watching(request.user.pk, pk)
    if since == version:
        return HttpResponse(status=204)  # the common answer to a poll: one small query, no state loaded
    return render(request, "games/_live.html", _game_context(request, _load_game(pk, request)))


def _stream_url(request: HttpRequest, name: str, *args: Any) -> str:
    """Where the page hears of changes as they happen, or "" where it is to poll: only an ASGI server can hold
    the connections (``LIVE_STREAM``)."""
    if settings.LIVE_STREAM == "off" or (settings.LIVE_STREAM == "auto" and not isinstance(request, ASGIRequest)):
        return ""
    return reverse(name, args=args)


def _no_stream(request: HttpRequest) -> bool:
    """Under WSGI a stream would hold a worker for as long as the page is open: the page polls instead."""
    return settings.LIVE_STREAM == "off" or not isinstance(request, ASGIRequest)


def _sse(subscription: live.Subscription, first: dict[str, Any], user_id: int | None = None,
         game_id: int | None = None) -> StreamingHttpResponse:  # fmt: skip
    async def beat() -> None:  # the page is open: its reader is watching the game (see presence)
        if user_id is not None and game_id is not None:
            await sync_to_async(presence.mark_watching, thread_sensitive=False)(user_id, game_id)

    response = StreamingHttpResponse(live.events(subscription, first, settings.LIVE_HEARTBEAT, beat),
                                     content_type="text/event-stream")  # fmt: skip
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
    return response


async def game_stream(request: HttpRequest, pk: int) -> HttpResponseBase:
    """Server-Sent Events for an open game page: "game N changed, version V" as it happens, and a heartbeat.
    Whoever may not see the game gets the 404 its page gives; under WSGI, 204 (the page then polls)."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    if _no_stream(request):
        return HttpResponse(status=204)
    private = await Game.objects.filter(pk=pk).values_list("private", flat=True).afirst()
    if private is None:
        raise Http404("No such game")
    user = await request.auser()
    if private:
        await sync_to_async(_load_game)(pk, request)  # 404 for anyone but its players and moderators
    subscription = await live.hub.subscribe([f"game:{pk}"])
    version = await Game.objects.filter(pk=pk).values_list("version", flat=True).afirst()
    return _sse(subscription, {"game": pk, "version": version}, user.pk if user.is_authenticated else None, pk)


async def lobby_stream(request: HttpRequest) -> HttpResponseBase:
    """Server-Sent Events for an open lobby: changes to the games it lists (waiting for players; the reader's
    own; those of the players they follow)."""
    if request.method != "GET":
        return HttpResponseNotAllowed(["GET"])
    if _no_stream(request):
        return HttpResponse(status=204)
    user = await request.auser()
    topics = ["lobby"]
    if user.is_authenticated:
        followed = await sync_to_async(lambda: relations.followed_ids(user) - relations.hidden_from(user))()
        topics += [f"player:{user.pk}", *(f"follow:{uid}" for uid in sorted(followed))]
    return _sse(await live.hub.subscribe(topics), {"lobby": 1})


def _waiting_version(pk: int, version: int) -> str:
    """A game waiting for players changes as seats are taken or invitations declined, not by moves."""
    seats = Seat.objects.filter(game_id=pk)
    return f"{version}.{seats.filter(user__isnull=False).count()}.{seats.filter(declined=True).count()}"


@require_safe
def game_json(request: HttpRequest, pk: int) -> JsonResponse:
    game = _load_game(pk, request)
    seat = queries.seat_of(game, request.user)
    data: dict[str, Any] = {"id": game.pk, "game": game.engine, "status": game.status, "version": game.version}
    if game.state is not None:
        data["view"] = worded(get_engine(game.engine).view(game.state, seat, **queries.view_kwargs(game, seat)))
    data["moves"] = [
        {"n": n, "player": m.user.username if m.user else "", "move": _move_text(m, seat), "score": m.score,
         "summary": m.told}
        for n, m in enumerate(_shown_moves(game), start=1)
    ]
    return JsonResponse(data)


@require_POST
@login_required
def submit_move(request: AuthedRequest, pk: int) -> HttpResponse:
    # Bounded by any game's longest move here; the door holds the move to its own game's limit.
    form = MoveForm(request.POST, max_length=MOVE_LIMIT_ANY)
    if not form.is_valid():
        return _refuse(request, _load_game(pk, request), form.refusal(), form, status=400)
    try:
        result = actions.submit_move(
            pk,
            request.user,
            form.cleaned_data["move"],
            expected_version=form.cleaned_data["version"],
            idempotency_key=form.cleaned_data["key"],
        )
    except actions.Refused as e:
        if e.code == "not_found":
            raise Http404(str(e)) from None
        if e.code == "stale":
            game = _load_game(pk, request)
            fresh = MoveForm(initial={"version": game.version, "key": uuid.uuid4().hex,
                                      "move": form.cleaned_data["move"]})
            return _refuse(request, game, str(e), fresh, status=409)
        return _refuse(request, _load_game(pk, request), str(e), form, status=400)
    if _wants_json(request):
        game = _load_game(pk, request)
        seat = queries.seat_of(game, request.user)
        view = worded(get_engine(game.engine).view(game.state, seat, **queries.view_kwargs(game, seat)))
        return JsonResponse({"ok": True, "version": game.version, "move": result.move.text if result.move else "",
                             "summary": result.sentence, "duplicate": result.duplicate, "view": view})
    if not result.duplicate:
        messages.success(request, _own_sentence(result))
    return redirect("game", pk=pk)


def _own_sentence(result: Any) -> str:
    """What the mover reads about their own move: the sentence the others get names them in the third person."""
    if result.move is not None and result.move.text.startswith("grid"):  # Lexicon Crossing's private rearranging
        return _("You rearranged your crossword.")
    return result.sentence


def _wants_json(request: HttpRequest) -> bool:
    """Pages that save as the player works (Lexicon Crossing's editor) post with ``Accept: application/json``."""
    return "application/json" in request.headers.get("Accept", "")


def _refuse(request: HttpRequest, game: Game, error: str, form: MoveForm, status: int) -> HttpResponse:
    if _wants_json(request):
        return JsonResponse({"ok": False, "error": error, "version": game.version}, status=status)
    context = _game_context(request, game, form=form, error=error)
    context.update(_teams(game, context["seats"], request.user))
    return render(request, "games/game.html", context, status=status)


@require_POST
@login_required
def preview(request: AuthedRequest, pk: int) -> HttpResponse:
    game = _load_game(pk, request)
    text = request.POST.get("move", "")
    try:
        outcome = actions.preview_move(game, request.user, text)
    except actions.Refused as e:
        return render(request, "games/_preview.html", {"error": str(e)})
    return render(request, "games/_preview.html", {"outcome": outcome, "told": told(outcome) if outcome else ""})


@require_http_methods(["GET", "POST"])
@login_required
def hint(request: AuthedRequest, pk: int) -> HttpResponse:
    """POST asks for the hint of this position (searched in a worker); the answer, or "looking", comes back
    as a fragment. While looking, the page asks with GET (which only reads) until it is found: 204 meanwhile."""
    game = _load_game(pk, request)
    if request.method == "GET":
        seat = queries.seat_of(game, request.user)
        found = None if seat is None else Hint.objects.filter(game=game, seat=seat, version=game.version).first()
        if found is None:
            return render(request, "games/_preview.html", {"error": _("The board has changed: ask for a hint again.")})
        if not found.done:
            return HttpResponse(status=204)
        return render(request, "games/_preview.html", {"hint": found})
    try:
        found = actions.ask_hint(game.pk, request.user)
    except actions.Refused as e:
        return render(request, "games/_preview.html", {"error": str(e)})
    return render(request, "games/_preview.html", {"hint": found})


@require_POST
@login_required
def resign(request: AuthedRequest, pk: int) -> HttpResponse:
    game = _load_game(pk, request)
    if request.POST.get("confirm") != "yes":
        messages.error(request, _("Tick the box to confirm that you resign."))
        return redirect(game)
    try:
        actions.submit_move(game.pk, request.user, "resign", idempotency_key=request.POST.get("key", ""))
    except actions.Refused as e:
        messages.error(request, str(e))
    else:
        messages.info(request, _("You resigned from this game."))
    return redirect(game)


@require_POST
@login_required
def join(request: AuthedRequest, pk: int) -> HttpResponse:
    _load_game(pk, request)  # a private game's open seat is for those it was shown to
    try:
        actions.join_game(pk, request.user)
    except actions.Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("You have a seat in this game."))
    return redirect("game", pk=pk)


@login_required
def accept_invitation(request: AuthedRequest, token: str) -> HttpResponse:
    try:
        data = read_invitation_token(token)
    except signing.BadSignature:
        return render(request, "games/invitation.html", {"error": _("This invitation link is not valid.")}, status=400)
    seat = get_object_or_404(Seat.objects.select_related("game", "game__created_by__profile"), pk=data["seat"])
    # A link travels (forwarded, read over a shoulder): holding it proves nothing, only the account does.
    context: dict[str, Any] = {"seat": seat, "game": seat.game}
    if seat.is_invitation and not queries.invited(seat, request.user):
        context["refusal"] = not_yours(seat, request.user)
    if request.method == "POST":
        try:
            if request.POST.get("answer") == "decline":
                actions.decline_invitation(seat.pk, request.user)
                messages.info(request, _("You declined the invitation."))
                return redirect("lobby")
            actions.join_game(seat.game_id, request.user, seat_id=seat.pk)
        except actions.Refused as e:
            status = 403 if e.code == "not_invited" else 409
            return render(request, "games/invitation.html", {**context, "refusal": str(e)}, status=status)
        messages.success(request, _("You have a seat in this game."))
        return redirect(seat.game)
    return render(request, "games/invitation.html", context)


@require_POST
@login_required
def chat(request: AuthedRequest, pk: int) -> HttpResponse:
    game = _load_game(pk, request)
    try:
        actions.post_message(game.pk, request.user, request.POST.get("text", ""))
    except actions.Refused as e:
        messages.error(request, str(e))
    return redirect(f"{game.get_absolute_url()}#chat")


def _timeline(game: Game, shown: list[Any], seat: int | None, user: Any) -> list[Any]:
    """The moves, with the chat between them for those who may read it (the players; spectators too when the
    game's chat is public; moderators). Each move carries its ``number`` (the chat between them takes none)."""
    for number, move in enumerate(shown, start=1):
        move.number = number
    readable = seat is not None or game.chat_public or (user.is_authenticated and user.has_perm("games.moderate_games"))
    if not readable:
        return list(shown)
    said = list(ChatMessage.objects.filter(game=game, hidden=False).select_related("user__profile"))
    return sorted([*shown, *said], key=lambda item: item.created)


@require_POST
@login_required
def rematch(request: AuthedRequest, pk: int) -> HttpResponse:
    game = _load_game(pk, request)
    try:
        again = actions.rematch(game.pk, request.user)
    except actions.Refused as e:
        messages.error(request, str(e))
        return redirect(game)
    messages.success(request, _("The rematch is set up: the other players are invited, and it starts when they accept."))
    return redirect(again)


@require_POST
@login_required
def undo(request: AuthedRequest, pk: int) -> HttpResponse:
    """Ask to take back your last move, or answer another player's asking (the same rules as by email)."""
    game = _load_game(pk, request)
    answer = request.POST.get("answer", "")
    try:
        if answer == "ask":
            actions.request_undo(game.pk, request.user)
            messages.success(request, _("You asked to take back your last move; the others are asked to agree."))
        elif answer in ("accept", "reject"):
            actions.answer_undo(game.pk, request.user, answer == "accept")
            messages.success(request, _("Your answer is recorded."))
        else:
            raise actions.Refused(_("Choose to ask, accept or reject."), actions.RefusalCode.UNDO)
    except actions.Refused as e:
        messages.error(request, str(e))
    return redirect(game)


def _undo_context(game: Game, seat: int | None, shown: list[Any]) -> dict[str, Any]:
    """The undo waiting for answers, and what this seat may do about it (or whether it may ask one)."""
    waiting = game.undo_requests.filter(status=UndoRequest.Status.OPEN).select_related("move").first()
    if waiting is not None:
        answered = str(seat) in waiting.answers
        asker = next((s.user for s in game.seats.all() if s.position == waiting.seat), None)
        return {"undo": {"asker": asker, "move": (waiting.move.told or
                _("a move")).rstrip(".。"), "mine": seat == waiting.seat,
                "may_answer": seat is not None and seat != waiting.seat and not answered}}  # fmt: skip
    last = shown[-1] if shown else None  # the last move on the page
    may_ask = (seat is not None and game.status == Game.Status.ACTIVE and last is not None and last.seat == seat
               and last.source != Move.Source.CLOCK)  # fmt: skip
    return {"undo": None, "may_ask_undo": may_ask}


@require_POST
@login_required
def invite_team_mate(request: AuthedRequest, pk: int) -> HttpResponse:
    game = _load_game(pk, request)
    try:
        invitation = actions.invite_team_mate(game.pk, request.user, request.POST.get("name", "")[:150])
    except actions.Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("%(name)s is invited to share your seat; they join it when they accept, on this "
                                    "page.") % {"name": invitation.user.get_username()})  # fmt: skip
    return redirect(game)


@require_POST
@login_required
def remove_team_mate(request: AuthedRequest, pk: int) -> HttpResponse:
    """A seat's player removes a team-mate (or an invitation not yet answered); a team-mate leaves."""
    game = _load_game(pk, request)
    mate = request.POST.get("mate", "")
    try:
        actions.remove_team_mate(game.pk, request.user, int(mate) if mate.isdigit() else 0)
    except actions.Refused as e:
        messages.error(request, str(e))
    else:
        if mate == str(request.user.pk):
            messages.success(request, _("You have left the seat you shared."))
            return redirect("lobby")  # a private game's page is no longer theirs to see
        messages.success(request, _("Done: they no longer share your seat, and are no longer asked to."))
    return redirect(game)


@require_POST
@login_required
def answer_team_invitation(request: AuthedRequest, invitation_id: int) -> HttpResponse:
    accept = request.POST.get("answer") == "accept"
    try:
        seat = actions.answer_team_invitation(invitation_id, request.user, accept)
    except actions.Refused as e:
        messages.error(request, str(e))
        return redirect("lobby")
    messages.success(request, _("You share this seat now.") if accept else _("You declined to share the seat."))
    return redirect("game", pk=seat.game_id)


def _teams(game: Game, seats: list[Seat], user: Any) -> dict[str, Any]:
    """Who shares which seat (everyone in the game sees it), the invitations waiting, and what this user may do."""
    mates = (Seat.partners.through.objects.filter(seat__game=game).select_related("user__profile")
             .order_by("user__username"))  # fmt: skip
    waiting = list(TeamInvitation.objects.filter(seat__game=game).select_related("user__profile", "invited_by__profile")
                   .order_by("pk"))  # fmt: skip
    running = game.status in (Game.Status.OPEN, Game.Status.ACTIVE)
    own = user.is_authenticated and any(s.user_id == user.pk for s in seats)

    def players(seat: Seat) -> bool:  # its player may remove a team-mate or take back an invitation
        return running and user.is_authenticated and user.pk == seat.user_id

    shares = [
        {"position": s.position + 1, "player": s.user,
         "mates": [{"user": m.user, "id": m.user_id,
                    "removable": players(s) or (running and m.user_id == user.pk)}  # or the mate leaves
                   for m in mates if m.seat_id == s.pk],
         "asked": [{"user": i.user, "id": i.user_id, "removable": players(s)}
                   for i in waiting if i.seat_id == s.pk]}
        for s in seats
    ]  # fmt: skip
    return {"team_shares": shares if any(x["mates"] or x["asked"] for x in shares) else [],
            "team_invitations": [i for i in waiting if user.is_authenticated and i.user_id == user.pk and running],
            "can_invite_team_mate": own and running}  # fmt: skip


@require_POST
@login_required
def answer_invitation(request: AuthedRequest, seat_id: int) -> HttpResponse:
    """The lobby's accept and decline buttons, for invitations addressed to the logged-in user."""
    seat = get_object_or_404(Seat, pk=seat_id)
    try:
        if request.POST.get("answer") == "decline":
            actions.decline_invitation(seat.pk, request.user)
            messages.info(request, _("You declined the invitation."))
            return redirect("lobby")
        if not queries.invited(seat, request.user):
            raise actions.Refused(_("That invitation is not addressed to you."))
        actions.join_game(seat.game_id, request.user, seat_id=seat.pk)
    except actions.Refused as e:
        messages.error(request, str(e))
        return redirect("lobby")
    return redirect("game", pk=seat.game_id)


@require_safe
def record(request: HttpRequest, pk: int) -> HttpResponse:
    """The game record: only once the game is over, because the seed would tell anyone the bag."""
    game = _load_game(pk, request)
    if game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED) or game.state is None:
        raise Http404("A record can be downloaded once the game is over.")
    body = json.dumps(queries.game_record(game), indent=1)
    response = HttpResponse(body, content_type="application/json")
    response["Content-Disposition"] = f'attachment; filename="{game.engine}-{game.pk}.json"'
    return response


def _replay_board(engine: Any, state: dict[str, Any], view: dict[str, Any]) -> Any:
    """Lingo's board as SVG; other games as each player's text (the game is over: nothing is secret), in the
    reader's language (the email board's renderer)."""
    if "board" in view:
        return render_board(view["board"])
    texts = [f"{name}:\n{text_board(engine.name, state, seat)}" for seat, name in enumerate(view["players"])]
    return format_html('<pre class="replay-text">{}</pre>', "\n\n".join(texts))


@require_safe
def replay_page(request: HttpRequest, pk: int) -> HttpResponseBase:
    """A finished game move by move: ?n=3 shows the board after the third move."""
    game = _load_game(pk, request)
    if game.status not in (Game.Status.FINISHED, Game.Status.ABANDONED) or game.state is None:
        raise Http404("A game can be replayed once it is over.")
    moves = list(queries.live_moves(game).select_related("user__profile"))
    n = request.GET.get("n", "")
    shown = min(int(n), len(moves)) if n.isdigit() else len(moves)
    engine = get_engine(game.engine)
    state = engine.new_game(queries.player_names(game), game.options, game.deal_seed, game.bag or None)
    for move in moves[:shown]:
        state, _outcome = engine.apply(state, move.seat, move.text)
    view = engine.view(state, None)
    context = {
        "game": game, "moves": moves, "shown": shown, "count": len(moves), "view": view,
        "board_svg": _replay_board(engine, state, view), "step": moves[shown - 1] if shown else None,
        "result": result_sentence(game), "steps": range(len(moves) + 1),
        "scores": [{"user": s.user, "name": view["players"][s.position], "score": view["scores"][s.position]}
                   for s in game.seats.all()],
    }  # fmt: skip
    return render(request, "games/replay.html", context)


@require_safe
def help_index(request: HttpRequest) -> HttpResponse:
    games = [(engine.title, slug) for slug in ("lingo", "lexicon-crossing", "lingua-fences", "keebble")
             for engine in [get_engine(slug)]]  # fmt: skip
    english_only = {slug for slug in helpdocs.PAGES if not helpdocs.translated(slug)}  # none for an English reader
    return render(request, "games/help_index.html", {"games": games, "english_only": english_only})


@require_safe
def help_page(request: HttpRequest, slug: str) -> HttpResponse:
    try:
        title, html = helpdocs.page(slug)
    except (KeyError, FileNotFoundError):
        raise Http404("No such page") from None
    translated = helpdocs.translated(slug)
    context = {"title": title, "html": html, "slug": slug, "translated": translated,
               "language": "" if translated else helpdocs.language_name()}  # fmt: skip
    return render(request, "games/help_page.html", context)


@login_required
def email_settings(request: AuthedRequest) -> HttpResponse:
    """Which emails to get, and days away (the player's clocks stop while they are away). It lives with the
    games because days away stop the games' clocks; its address is under the account pages."""
    profile = profile_for(request.user)
    form = EmailSettingsForm(request.POST if "save_emails" in request.POST else None, profile=profile)
    away = AwayForm(request.POST if "go_away" in request.POST else None)
    if request.method == "POST":
        try:
            if "save_emails" in request.POST and form.is_valid():
                form.save()
                messages.success(request, _("Your email settings are saved."))
                return redirect("email_settings")
            if "go_away" in request.POST and away.is_valid():
                vacation = actions.set_vacation(request.user, away.cleaned_data["days"])
                messages.success(request, _("You are away until %(date)s; your clocks are stopped.")
                                 % {"date": date_format(timezone.localtime(vacation.ends), "DATE_FORMAT")})
                return redirect("email_settings")
            if "come_back" in request.POST:
                actions.end_vacation(request.user)
                messages.success(request, _("Welcome back: your clocks run again."))
                return redirect("email_settings")
        except actions.Refused as e:
            messages.error(request, str(e))
    now = timezone.now()
    context = {
        "form": form, "away": away,
        "vacation": Vacation.objects.filter(user=request.user, starts__lte=now, ends__gt=now).first(),
        "used": sum((v.ends - v.starts).days for v in Vacation.objects.filter(user=request.user, starts__year=now.year)),
        "allowance": settings.VACATION_DAYS_PER_YEAR,
    }  # fmt: skip
    return render(request, "accounts/email_settings.html", context)
