"""Leagues: divisions that each play a round-robin a season, with promotion and relegation between seasons.
Players sign up once and stay entered season after season until they withdraw; a player who signs up while a
season is under way starts in the bottom division at the next. Called with the event's row locked."""

from __future__ import annotations

from django.contrib.auth.models import User

from wordgames.games.models import Game
from wordgames.games.relay import owe
from wordgames.ratings.queries import value_of

from . import pairing, queries
from .models import Entry, Event, EventGame
from .rounds import SEND_ROUND, create_round
from .standings import Standing, standings


def start(event: Event, players: list[int]) -> None:
    """The first season: the players by rating (then by sign-up), cut into divisions of ``division_size``."""
    event.season = 1
    _play_season(event, _balanced(event, [_seeded(event, players)]))


def season_over(event: Event) -> bool:
    """Whether every game of the season under way is over."""
    live = (Game.Status.OPEN, Game.Status.ACTIVE)
    return not EventGame.objects.filter(event=event, season=event.season, game__status__in=live).exists()


def next_season(event: Event) -> bool:
    """At a season's end: the top ``promoted`` of each division go up one, the bottom ``promoted`` go down one
    (``pairing.league_next_season``), the withdrawn leave, newcomers join the bottom division, and the next
    season starts. False when the league has played its last season or has too few players left."""
    rows = [row for row in queries.tables(event) if row.season == event.season]
    entries = {e.pk: e for e in Entry.objects.filter(event=event)}
    tables = [division_standings(event, rows, d) for d in divisions_in(rows)]
    up = event.promoted or 0
    order = pairing.league_next_season(tables, up, up) if tables else []
    order = [[p for p in members if not entries[p].withdrawn] for members in order]
    newcomers = [e.pk for e in entries.values() if e.division is None and not e.withdrawn]
    if newcomers:
        if not order:
            order = [[]]
        order[-1] += _seeded(event, newcomers)
    if event.rounds and event.season >= event.rounds:
        return False
    divisions = _balanced(event, [members for members in order if members])
    if not divisions or len(divisions[0]) < max(2, event.table_size):
        return False
    event.season += 1
    _play_season(event, divisions)
    return True


def division_standings(
    event: Event, rows: list[queries.Table], division: int, seeds: dict[int, int] | None = None
) -> list[Standing]:
    """One division's table in a season (``rows``: that season's tables): its players, the withdrawn too, from
    its games; players level on everything in the order of ``seeds`` (entry -> seed) if given."""
    mine = [row for row in rows if row.division == division]
    players = sorted({entry for row in mine for entry in row.entries}, key=lambda p: ((seeds or {}).get(p, 0), p))
    return standings(players, queries.results(mine, byes=False), event.tiebreaks)


def divisions_in(rows: list[queries.Table]) -> list[int]:
    """The divisions that played in a season (``rows``: that season's tables), the top first."""
    return sorted({row.division for row in rows if row.division})


def _seeded(event: Event, players: list[int]) -> list[int]:
    users = dict(Entry.objects.filter(pk__in=players).values_list("pk", "user_id"))
    people = {u.pk: u for u in User.objects.filter(pk__in=users.values())}
    rating = {pk: value_of(people[users[pk]], event.kind) for pk in players}
    return sorted(players, key=lambda pk: (-rating[pk], players.index(pk)))


def _balanced(event: Event, divisions: list[list[int]]) -> list[list[int]]:
    """Divisions every one of which can play. The bottom one is cut after ``division_size`` players while those
    beyond would make half a division and a table; a division too small for a table joins the one above (the top
    one, the one below)."""
    size = event.division_size or 2
    least = max(2, event.table_size)
    out = [list(d) for d in divisions if d]
    while out and len(out[-1]) >= size + max(least, size // 2):
        bottom = out.pop()
        out += [bottom[:size], bottom[size:]]
    merged: list[list[int]] = []
    for members in out:
        if merged and len(members) < least:
            merged[-1] += members
        else:
            merged.append(members)
    if len(merged) > 1 and len(merged[0]) < least:
        merged[1] = merged[0] + merged[1]
        merged.pop(0)
    return merged


def _play_season(event: Event, divisions: list[list[int]]) -> None:
    """Place each entry in its division (``place``: its seed there) and create every game of the season."""
    for d, members in enumerate(divisions, start=1):
        for place, pk in enumerate(members, start=1):
            Entry.objects.filter(pk=pk).update(division=d, place=place)
    Entry.objects.filter(event=event).exclude(pk__in=[p for d in divisions for p in d]).update(division=None)
    next_table: dict[int, int] = {}
    for d, members in enumerate(divisions, start=1):
        for number, tables in enumerate(pairing.round_robin(members, event.table_size), start=1):
            first = next_table.get(number, 1)
            next_table[number] = first + create_round(event, number, list(tables), division=d, first_table=first)
    event.status, event.current_round = Event.Status.RUNNING, 1
    event.save(update_fields=["status", "season", "current_round"])
    owe(SEND_ROUND, event.pk, 0)
