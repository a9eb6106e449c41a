"""The lobby (the reader's games, the open ones, invitations, the games of those they follow) and the ways to
a game: a new one, against the computer, the next one waiting for the reader's move, a rematch."""

from __future__ import annotations

import hashlib
import re
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext
from django.views.decorators.http import require_POST, require_safe

from wordgames.accounts import relations, throttle
from wordgames.engines import engine_names, get_engine
from wordgames.lib.http import AuthedRequest

from .. import actions, queries
from ..forms import NewGameForm, engine_or_404
from ..models import Game, Seat
from .common import load_game, waiting_seat
from .streams import stream_url


def _games_for(user: Any) -> list[dict[str, Any]]:
    """The user's games waiting for players or under way (every one that waits for their move among them, first,
    longest waiting first), then their recently finished ones, newest first."""
    rows: list[dict[str, Any]] = []
    for game in queries.lobby_games(user):
        seats = list(game.seats.all())
        movers = [s.user for s in seats if s.awaited]
        mine = game.status == Game.Status.ACTIVE and any(s.awaited and s.held for s in seats)  # type: ignore[attr-defined]
        rows.append(
            {
                "game": game,
                "my_turn": mine,
                "movers": movers,
                "players": [waiting_seat(game, s, user) for s in seats],
                "since": game.turn_started,
            }
        )
    far = timezone.now()
    rows.sort(
        key=lambda r: (
            not r["my_turn"],
            r["game"].status != Game.Status.ACTIVE,
            r["game"].status == Game.Status.FINISHED and -(r["game"].finished or far).timestamp(),
            r["since"] or far,
        )
    )
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
    context: dict[str, Any] = {
        "open_games": [
            g
            for g in open_games
            if any(s.is_open for s in g.seats.all()) and not any(s.user_id in hidden for s in g.seats.all())
        ]
    }
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
    return render(
        request,
        "games/lobby.html",
        {
            **context,
            "live_html": mark_safe(html),
            "live_tag": tag,  # noqa: S308
            "stream_url": stream_url(request, "lobby_stream"),
        },
    )


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
        form.add_error(
            None, _("You have sent many invitations lately. %(wait)s") % {"wait": throttle.wait_sentence("invitation")}
        )
    if request.method == "POST" and form.is_valid():
        try:  # the door spends the games-per-hour bucket
            game = actions.create_game(
                request.user,
                engine.name,
                form.chosen_options(),
                form.invitees(),
                **form.clock_times(),
                partners=form.cleaned_data["partners"],
                private=bool(form.cleaned_data.get("private")),
                chat_public=bool(form.cleaned_data.get("chat_public")),
                rated=bool(form.cleaned_data.get("rated")),
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
    messages.success(
        request,
        _("Your game of %(game)s against the computer (%(level)s) has started.")
        % {"game": engine.title, "level": _computer_level(level)},
    )
    return redirect(game)


def _computer_level(level: str) -> str:
    """A computer player's level as the lobby's menu names it."""
    levels = {"quick": pgettext("computer level", "quick"), "strong": pgettext("computer level", "strong")}
    return levels.get(level, level)


@require_POST
@login_required
def rematch(request: AuthedRequest, pk: int) -> HttpResponse:
    game = load_game(pk, request)
    try:
        again = actions.rematch(game.pk, request.user)
    except actions.Refused as e:
        messages.error(request, str(e))
        return redirect(game)
    messages.success(
        request, _("The rematch is set up: the other players are invited, and it starts when they accept.")
    )
    return redirect(again)
