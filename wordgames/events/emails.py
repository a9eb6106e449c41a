"""Events' emails, made and sent as every email of the site is (``games.emails``): in the reader's language and
time zone, once per key. A round's email lists each player's games with their links (a league's, every game of
the season); a ladder's challenge tells both players; the last one gives the final standings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext as _

from wordgames.accounts.languages import speaking
from wordgames.accounts.models import display_name
from wordgames.games import pushes
from wordgames.games.emails import Letter, absolute, automatic_headers, compose, send_letters
from wordgames.games.relay import owe_pushes

from . import leagues, queries
from .models import Entry, Event
from .standings import Standing, standings


def plural_count(points: float) -> int:
    """The number that picks a plural form for points: the points when whole; a fraction reads as many."""
    return int(points) if points == int(points) else 2


def send_round(event_id: int, round_number: int) -> int:
    """Each player with a game in the round (0: in any round; a league: of the season under way) gets one email
    listing their games."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return 0
    entries = {e.pk: e for e in queries.entries(event)}
    rows = [row for row in queries.tables(event) if row.season == event.season]
    mine: dict[int, list[dict[str, Any]]] = {}
    for row in rows:
        if round_number and row.round != round_number:
            continue
        for entry_id in row.entries:
            others = [display_name(entries[o].user) for o in row.entries if o != entry_id]
            game = {
                "round": row.round,
                "others": others,
                "bye": row.game_id is None,
                "url": absolute(reverse("game", args=[row.game_id])) if row.game_id else "",
                "first": row.entries[0] == entry_id,
            }
            mine.setdefault(entry_id, []).append(game)
    # After a Swiss round, each player's place so far (the page has the whole table).
    place = {}
    if round_number > 1:
        place = {s.player: s for s in standings(list(entries), queries.results(rows), event.tiebreaks)}
    letters = []
    owed: list[pushes.Push | None] = []
    for entry_id, games in mine.items():
        user = entries[entry_id].user
        if entries[entry_id].withdrawn:
            continue
        with speaking(user):
            if event.format == Event.Format.LEAGUE:
                which = _("season %(season)d, division %(division)d") % {
                    "season": event.season,
                    "division": entries[entry_id].division or 0,
                }
            elif round_number:
                which = _("round %(round)d") % {"round": round_number}
            else:
                which = _("your games")
            subject = _("%(event)s: %(which)s (%(site)s)") % {
                "event": event.name,
                "which": which,
                "site": settings.SITE_NAME,
            }
            owed.append(_push(user, f"round:{event.pk}:{event.season}:{round_number}", subject, event))
            if not user.email:
                continue
            context = {
                "name": display_name(user),
                "event": event,
                "games": games,
                "round": round_number,
                "standing": place.get(entry_id),
                "players": len(place),
                "points_count": plural_count(place[entry_id].points) if entry_id in place else 0,
                "division": entries[entry_id].division,
                "url": absolute(event.get_absolute_url()),
                "site_name": settings.SITE_NAME,
            }
            letters.append(
                compose(
                    f"event-round:{event.pk}:{event.season}:{round_number}:{user.pk}",
                    user.email,
                    subject,
                    "events/email/round.txt",
                    context,
                    html_context={},
                    boards=[],
                    headers=automatic_headers(replying=False),
                    user=user,
                )
            )
    owe_pushes([push for push in owed if push is not None])
    return len(send_letters(letters))


def send_challenge(event_id: int, round_number: int) -> int:
    """A ladder's challenge: both players, their game's link."""
    event = Event.objects.filter(pk=event_id).first()
    row = next((r for r in queries.tables(event) if r.round == round_number), None) if event else None
    if event is None or row is None or row.game_id is None:
        return 0
    entries = {e.pk: e for e in Entry.objects.filter(pk__in=row.entries).select_related("user__profile")}
    challenger, challenged = (entries[pk] for pk in row.entries)
    letters: list[Letter] = []
    owed: list[pushes.Push | None] = []
    for entry in (challenger, challenged):
        user = entry.user
        with speaking(user):
            subject = _("%(event)s: a challenge (%(site)s)") % {"event": event.name, "site": settings.SITE_NAME}
            owed.append(
                _push(user, f"challenge:{event.pk}:{round_number}", subject, event, reverse("game", args=[row.game_id]))
            )
            if not user.email:
                continue
            context = {
                "name": display_name(user),
                "event": event,
                "challenger": display_name(challenger.user),
                "challenged": display_name(challenged.user),
                "mine": entry is challenger,
                "game_url": absolute(reverse("game", args=[row.game_id])),
                "url": absolute(event.get_absolute_url()),
                "site_name": settings.SITE_NAME,
            }
            letters.append(
                compose(
                    f"event-challenge:{event.pk}:{round_number}:{user.pk}",
                    user.email,
                    subject,
                    "events/email/challenge.txt",
                    context,
                    html_context={},
                    boards=[],
                    headers=automatic_headers(replying=False),
                    user=user,
                )
            )
    owe_pushes([push for push in owed if push is not None])
    return len(send_letters(letters))


def send_finished(event_id: int) -> int:
    """Everyone who took part: the event is over, with the final standings (a league's: its last season's, each
    division's), or it was cancelled."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return 0
    entries = queries.entries(event)
    by_id = {e.pk: e for e in entries}
    table = []
    if event.status == Event.Status.FINISHED:
        rows = [row for row in queries.tables(event) if row.season == event.season]
        tables: list[tuple[int | None, list[Standing]]]
        if event.format == Event.Format.LEAGUE:
            tables = [(d, leagues.division_standings(event, rows, d)) for d in leagues.divisions_in(rows)]
        else:
            done = queries.results(rows, byes=event.format == Event.Format.SWISS)
            tables = [(None, standings([e.pk for e in entries], done, event.tiebreaks))]
        for division, rows_of in tables:
            for s in rows_of:
                table.append(
                    {
                        "rank": s.rank,
                        "name": display_name(by_id[s.player].user),
                        "points": s.points,
                        "count": plural_count(s.points),
                        "division": division,
                    }
                )
    letters = []
    owed: list[pushes.Push | None] = []
    for entry in entries:
        user = entry.user
        with speaking(user):
            over = _("the final standings") if table else _("cancelled")
            subject = _("%(event)s: %(which)s (%(site)s)") % {
                "event": event.name,
                "which": over,
                "site": settings.SITE_NAME,
            }
            owed.append(_push(user, f"end:{event.pk}", subject, event))
            if not user.email:
                continue
            context = {
                "name": display_name(user),
                "event": event,
                "table": table,
                "url": absolute(event.get_absolute_url()),
                "site_name": settings.SITE_NAME,
            }
            letters.append(
                compose(
                    f"event-end:{event.pk}:{user.pk}",
                    user.email,
                    subject,
                    "events/email/finished.txt",
                    context,
                    html_context={},
                    boards=[],
                    headers=automatic_headers(replying=False),
                    user=user,
                )
            )
    owe_pushes([push for push in owed if push is not None])
    return len(send_letters(letters))


def _push(user: Any, key: str, line: str, event: Event, url: str = "") -> pushes.Push | None:
    """The same news on the player's devices, if they want events' news there: the email's subject line."""
    return pushes.to_player(
        user, f"push:event-{key}:{user.pk}", "event", line, url or event.get_absolute_url(), f"event-{event.pk}"
    )
