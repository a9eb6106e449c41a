"""The events' pages: the list, an event's page (standings with the tiebreaks named, every game, who is still
playing), the form to create one, and the buttons (sign up, withdraw, start now). They read through
``queries`` and write through ``actions``."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from wordgames.accounts.models import display_name
from wordgames.engines import engine_names, get_engine
from wordgames.games.actions import Refused
from wordgames.games.models import Game
from wordgames.lib.http import AuthedRequest

from . import actions, queries
from .models import Event
from .standings import standings

TIEBREAK_NAMES = {"sonneborn_berger": "Sonneborn–Berger", "buchholz": "Buchholz", "score_difference": "score difference"}


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
    running = {Game.Status.OPEN, Game.Status.ACTIVE}
    playing = {entry for row in rows if row.status in running for entry in row.entries}
    table = [
        {"standing": s, "name": names[s.player], "withdrawn": by_id[s.player].withdrawn, "playing": s.player in playing,
         "points": number(s.points), "tiebreaks": [number(s.tiebreaks[name]) for name in event.tiebreaks]}
        for s in standings([e.pk for e in entries], queries.results(rows, byes=event.format == Event.Format.SWISS),
                           event.tiebreaks)
    ]  # fmt: skip
    rounds: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        seats = [{"name": names.get(e, "?"), "score": row.scores[i] if row.scores else None,
                  "place": row.places[i] if row.places else None} for i, e in enumerate(row.entries)]  # fmt: skip
        rounds.setdefault(row.round, []).append({"row": row, "seats": seats, "running": row.status in running})
    mine = next((e for e in entries if e.user_id == request.user.pk and not e.withdrawn), None)
    context = {
        "event": event, "table": table, "rounds": sorted(rounds.items()), "mine": mine,
        "tiebreak_names": [TIEBREAK_NAMES[name] for name in event.tiebreaks],
        "signed_up": sum(1 for e in entries if not e.withdrawn),
        "still_playing": sorted(names[e] for e in playing),
        "may_start": event.status == Event.Status.SIGNUP and request.user.has_perm("events.run_events"),
    }  # fmt: skip
    return render(request, "events/event.html", context)


def number(value: float) -> str:
    """3.5 as "3.5", 4.0 as "4", a third as "0.33"."""
    return f"{round(value, 2):g}"


class EventForm(forms.Form):
    name = forms.CharField(max_length=100)
    kind = forms.ChoiceField(label="Game", choices=[(n, get_engine(n).title) for n in engine_names()])
    format = forms.ChoiceField(choices=Event.Format.choices)
    table_size = forms.IntegerField(label="Players at each game", min_value=2, max_value=10, initial=2)
    rounds = forms.IntegerField(label="Rounds (Swiss)", min_value=1, max_value=20, required=False)
    rated = forms.BooleanField(required=False, initial=True)
    days = forms.IntegerField(label="Days per move", min_value=1, max_value=30, initial=3)
    max_players = forms.IntegerField(label="Most players", min_value=2, max_value=10_000, initial=16)
    signup_deadline = forms.DateTimeField(label="Sign-up closes", widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))
    starts_at = forms.DateTimeField(label="Starts", widget=forms.DateTimeInput(attrs={"type": "datetime-local"}))


@login_required
def new_event(request: AuthedRequest) -> HttpResponse:
    if not actions.may_create(request.user):
        messages.error(request, "Only moderators can create events on this site.")
        return redirect("events")
    form = EventForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            event = actions.create_event(
                request.user, data["name"], data["kind"], {}, format=data["format"], table_size=data["table_size"],
                rounds=data["rounds"], rated=data["rated"], move_time=timedelta(days=data["days"]),
                max_players=data["max_players"], signup_deadline=data["signup_deadline"], starts_at=data["starts_at"],
            )  # fmt: skip
        except Refused as e:
            form.add_error(None, str(e))
        else:
            messages.success(request, "The event is open for sign-up.")
            return redirect(event)
    return render(request, "events/new.html", {"form": form})


@login_required
@require_POST
def join(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        actions.sign_up(pk, request.user)
    except Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, "You are signed up. You will get an email with your games when the event starts.")
    return redirect("event", pk)


@login_required
@require_POST
def leave(request: AuthedRequest, pk: int) -> HttpResponse:
    try:
        actions.withdraw(pk, request.user)
    except Refused as e:
        messages.error(request, str(e))
    else:
        messages.success(request, "You have withdrawn from the event.")
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
            messages.error(request, "Too few players had signed up: the event is cancelled.")
        else:
            messages.success(request, "The event has started: every game of its first round is created.")
    return redirect("event", pk)
