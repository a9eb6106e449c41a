"""The events' pages: the list, an event's page (standings with the tiebreaks named, every game, who is still
playing; a league's divisions; a ladder's order and its challenge buttons), the form to create one, and the
buttons (sign up, withdraw, start now, challenge). They read through ``queries`` and write through ``actions``
and ``ladders``."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST, require_safe

from wordgames.accounts.models import display_name
from wordgames.engines import engine_names, get_engine
from wordgames.games.actions import Refused
from wordgames.games.forms import CLOCKS
from wordgames.games.models import Game
from wordgames.lib.http import AuthedRequest

from . import actions, ladders, leagues, pairing, queries
from .forms import EventForm
from .models import Entry, Event
from .standings import Standing, standings

TIEBREAK_NAMES = {
    "sonneborn_berger": gettext_lazy("Sonneborn–Berger"),
    "buchholz": gettext_lazy("Buchholz"),
    "score_difference": gettext_lazy("score difference"),
}
RUNNING = {Game.Status.OPEN, Game.Status.ACTIVE}


@require_safe
def event_list(request: HttpRequest) -> HttpResponse:
    events = list(queries.listed()[:100])
    may_create = request.user.is_authenticated and actions.may_create(request.user)
    return render(request, "events/list.html", {"events": events, "may_create": may_create})


@require_safe
def event_page(request: HttpRequest, pk: int) -> HttpResponse:
    event = Event.objects.filter(pk=pk).select_related("created_by__profile").first()
    if event is None:
        raise Http404("No such event")
    entries = queries.entries(event)
    by_id = {e.pk: e for e in entries}
    names = {e.pk: display_name(e.user) for e in entries}
    rows = queries.tables(event)
    season = event.season
    if event.format == Event.Format.LEAGUE:
        asked = request.GET.get("season", "")
        season = int(asked) if asked.isdigit() and 1 <= int(asked) <= event.season else event.season
        rows = [row for row in rows if row.season == season]
    playing = {entry for row in rows if row.status in RUNNING for entry in row.entries}
    swapped = queries.substitutes(event, rows, by_id)
    mine = next((e for e in entries if e.user_id == request.user.pk and not e.withdrawn), None)
    context: dict[str, Any] = {
        "event": event,
        "mine": mine,
        "tiebreak_names": [TIEBREAK_NAMES[name] for name in event.tiebreaks],
        "signed_up": sum(1 for e in entries if not e.withdrawn),
        "still_playing": sorted(names[e] for e in playing),
        "may_start": event.status == Event.Status.SIGNUP and request.user.has_perm("events.run_events"),
        "clock": next((label for label, time, _reminder in CLOCKS.values() if time == event.move_time), ""),
    }
    if event.format == Event.Format.LEAGUE:
        divisions = []
        for d in leagues.divisions_in(rows):
            seeds = {e.pk: e.place or 0 for e in entries} if season == event.season else None
            table = leagues.division_standings(event, rows, d, seeds)
            games = [row for row in rows if row.division == d]
            divisions.append(
                {
                    "number": d,
                    "table": _table(event, table, by_id, names, playing),
                    "rounds": _rounds(games, names, swapped),
                }
            )
        context["divisions"] = divisions
        context["season"], context["seasons"] = season, range(1, event.season + 1)
        context["waiting"] = sorted(names[e.pk] for e in entries if e.division is None and not e.withdrawn)
    elif event.format == Event.Format.LADDER:
        context.update(_ladder(event, mine, rows, names, swapped))
    else:
        results = queries.results(rows, byes=event.format == Event.Format.SWISS)
        table = standings([e.pk for e in entries], results, event.tiebreaks)
        context["table"] = _table(event, table, by_id, names, playing)
        context["rounds"] = _rounds(rows, names, swapped)
    return render(request, "events/event.html", context)


def _table(
    event: Event, table: list[Standing], by_id: dict[int, Entry], names: dict[int, str], playing: set[int]
) -> list[dict[str, Any]]:
    return [
        {
            "standing": s,
            "name": names[s.player],
            "withdrawn": by_id[s.player].withdrawn,
            "playing": s.player in playing,
            "points": number(s.points),
            "tiebreaks": [number(s.tiebreaks[name]) for name in event.tiebreaks],
        }
        for s in table
    ]


def _rounds(
    rows: list[queries.Table], names: dict[int, str], swapped: dict[tuple[int, int], Any]
) -> list[tuple[int, list[dict[str, Any]]]]:
    rounds: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        seats = []
        for i, e in enumerate(row.entries):
            stand_in = swapped.get((row.game_id or 0, i))
            seats.append(
                {
                    "name": names.get(e, "?"),
                    "for": display_name(stand_in) if stand_in else "",
                    "score": row.scores[i] if row.scores else None,
                    "place": row.places[i] if row.places else None,
                }
            )
        rounds.setdefault(row.round, []).append({"row": row, "seats": seats, "running": row.status in RUNNING})
    return sorted(rounds.items())


def _ladder(
    event: Event,
    mine: Entry | None,
    rows: list[queries.Table],
    names: dict[int, str],
    swapped: dict[tuple[int, int], Any],
) -> dict[str, Any]:
    """The ladder, the top first, with a challenge button by each player ``mine`` may challenge now."""
    order = ladders.ladder(event)
    ids = [e.pk for e in order]
    busy = {entry for row in rows if row.status in RUNNING for entry in row.entries}
    free = mine is not None and mine.pk not in busy and event.status == Event.Status.RUNNING
    steps = [
        {
            "place": n,
            "entry": e,
            "name": names[e.pk],
            "busy": e.pk in busy,
            "challenge": free
            and mine is not None
            and e.pk not in busy
            and pairing.ladder_challenge_allowed(ids, mine.pk, e.pk, event.reach or 1),
        }
        for n, e in enumerate(order, start=1)
    ]
    return {"ladder": steps, "rounds": list(reversed(_rounds(rows, names, swapped)))[:50]}


def number(value: float) -> str:
    """3.5 as "3.5", 4.0 as "4", a third as "0.33"."""
    return f"{round(value, 2):g}"


@login_required
def new_event(request: AuthedRequest) -> HttpResponse:
    if not actions.may_create(request.user):
        messages.error(request, _("Only moderators can create events on this site."))
        return redirect("events")
    kind = request.POST.get("kind") or request.GET.get("kind") or "lingo"
    if kind not in engine_names():
        kind = "lingo"
    form = EventForm(request.POST or None, kind=kind)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = actions.create_event(
                request.user,
                data["name"],
                data["kind"],
                form.chosen_options(),
                format=data["format"],
                table_size=data["table_size"],
                rounds=data["rounds"],
                rated=data["rated"],
                move_time=CLOCKS[data["clock"]][1],
                max_players=data["max_players"],
                signup_deadline=data["signup_deadline"],
                starts_at=data["starts_at"],
                days_away_limit=data["days_away_limit"],
                division_size=data["division_size"],
                promoted=data["promoted"],
                reach=data["reach"],
            )
        except Refused as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, _("The event is open for sign-up."))
            return redirect(event)
    kinds = [(name, get_engine(name).title) for name in engine_names()]
    return render(request, "events/new.html", {"form": form, "kind": kind, "kinds": kinds})


@login_required
@require_POST
def join(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        entry = actions.sign_up(pk, request.user)
    except Refused as e:
        messages.error(request, str(e))
    else:
        if entry.event.status == Event.Status.RUNNING and entry.event.format == Event.Format.LADDER:
            messages.success(request, _("You are on the ladder, at its bottom: challenge the players above you."))
        elif entry.event.status == Event.Status.RUNNING:
            messages.success(
                request, _("You are signed up. You will play from the next season, in the bottom division.")
            )
        else:
            messages.success(
                request, _("You are signed up. You will get an email with your games when the event starts.")
            )
    return redirect("event", pk)


@login_required
@require_POST
def leave(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        actions.withdraw(pk, request.user)
    except Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, _("You have withdrawn from the event."))
    return redirect("event", pk)


@login_required
@require_POST
def start(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        event = actions.start_event(pk, request.user)
    except Refused as e:
        messages.error(request, str(e))
    else:
        if event.status == Event.Status.CANCELLED:
            messages.error(request, _("Too few players had signed up: the event is cancelled."))
        elif event.format == Event.Format.LADDER:
            messages.success(request, _("The ladder has started: its players may challenge each other."))
        else:
            messages.success(request, _("The event has started: every game of its first round is created."))
    return redirect("event", pk)


@login_required
@require_POST
def challenge(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        table = ladders.challenge(pk, request.user, request.POST.get("opponent", ""))
    except Refused as e:
        messages.error(request, str(e))
        return redirect("event", pk)
    messages.success(request, _("Your challenge is made: the game is ready, and you move first."))
    return redirect("game", table.game_id)
