"""Events' emails, made and sent as every email of the site is (``games.emails``): in the reader's time zone,
once per key. A round's email lists each player's games with their links; the last one gives the final
standings."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse

from wordgames.accounts.models import display_name
from wordgames.games.emails import absolute, automatic_headers, compose, send_letters

from . import queries
from .models import Event
from .standings import standings


def send_round(event_id: int, round_number: int) -> int:
    """Each player with a game in the round (0: in any round) gets one email listing their games."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return 0
    entries = {e.pk: e for e in queries.entries(event)}
    mine: dict[int, list[dict[str, Any]]] = {}
    for row in queries.tables(event):
        if round_number and row.round != round_number:
            continue
        for entry_id in row.entries:
            others = [display_name(entries[o].user) for o in row.entries if o != entry_id]
            game = {"round": row.round, "others": others, "bye": row.game_id is None,
                    "url": absolute(reverse("game", args=[row.game_id])) if row.game_id else "",
                    "first": row.entries[0] == entry_id}  # fmt: skip
            mine.setdefault(entry_id, []).append(game)
    # After a Swiss round, each player's place so far (the page has the whole table).
    place = {}
    if round_number > 1:
        rows = queries.tables(event)
        place = {s.player: s for s in standings(list(entries), queries.results(rows), event.tiebreaks)}
    letters = []
    for entry_id, games in mine.items():
        user = entries[entry_id].user
        if not user.email or entries[entry_id].withdrawn:
            continue
        which = f"round {round_number}" if round_number else "your games"
        subject = f"{event.name}: {which} ({settings.SITE_NAME})"
        context = {"name": display_name(user), "event": event, "games": games, "round": round_number,
                   "standing": place.get(entry_id), "players": len(place),
                   "url": absolute(event.get_absolute_url()), "site_name": settings.SITE_NAME}  # fmt: skip
        letters.append(compose(f"event-round:{event.pk}:{round_number}:{user.pk}", user.email, subject,
                               "events/email/round.txt", context, html_context={}, boards=[],
                               headers=automatic_headers(replying=False), user=user))  # fmt: skip
    return len(send_letters(letters))


def send_finished(event_id: int) -> int:
    """Everyone who took part: the event is over, with the final standings (or it was cancelled)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        return 0
    entries = queries.entries(event)
    by_id = {e.pk: e for e in entries}
    table = []
    if event.status == Event.Status.FINISHED:
        done = queries.results(queries.tables(event), byes=event.format == Event.Format.SWISS)
        rows = standings([e.pk for e in entries], done, event.tiebreaks)
        table = [{"rank": s.rank, "name": display_name(by_id[s.player].user), "points": s.points} for s in rows]
    letters = []
    for entry in entries:
        user = entry.user
        if not user.email:
            continue
        over = "the final standings" if table else "cancelled"
        subject = f"{event.name}: {over} ({settings.SITE_NAME})"
        context = {"name": display_name(user), "event": event, "table": table,
                   "url": absolute(event.get_absolute_url()), "site_name": settings.SITE_NAME}  # fmt: skip
        letters.append(compose(f"event-end:{event.pk}:{user.pk}", user.email, subject, "events/email/finished.txt",
                               context, html_context={}, boards=[], headers=automatic_headers(replying=False),
                               user=user))  # fmt: skip
    return len(send_letters(letters))
