"""Ladders: players stand in order, the top first; a player challenges one of the ``reach`` players just above
them, the site creates the game through games' own door, and a win by the challenger swaps their places. A
player who signs up while the ladder runs starts at the bottom; one who withdraws leaves a gap that closes."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from wordgames.accounts.models import display_name, is_suspended
from wordgames.accounts.relations import blocked_between
from wordgames.games.actions import RefusalCode, Refused
from wordgames.games.emails import absolute
from wordgames.games.models import Game
from wordgames.games.relay import owe
from wordgames.ratings.queries import value_of

from . import pairing, queries
from .models import Entry, Event, EventGame
from .rounds import SEND_CHALLENGE, create_round, lock


def start(event: Event, players: list[int]) -> None:
    """The ladder's first order: by rating, then by sign-up."""
    entries = {e.pk: e for e in Entry.objects.filter(pk__in=players).select_related("user")}
    order = sorted(players, key=lambda pk: (-value_of(entries[pk].user, event.kind), players.index(pk)))
    for place, pk in enumerate(order, start=1):
        Entry.objects.filter(pk=pk).update(place=place)
    event.status = Event.Status.RUNNING
    event.save(update_fields=["status"])


def bottom_place(event: Event) -> int:
    """The place for a newcomer: below everyone."""
    return (Entry.objects.filter(event=event).aggregate(last=Max("place"))["last"] or 0) + 1


def ladder(event: Event) -> list[Entry]:
    """The players on the ladder, the top first."""
    return list(
        Entry.objects.filter(event=event, withdrawn=False, place__isnull=False)
        .select_related("user__profile")
        .order_by("place", "id")
    )


def challenge(event_id: int, user: User, opponent: str) -> EventGame:
    """``user`` challenges the player called ``opponent`` on the ladder: allowed up to the event's ``reach``
    places above, when neither has a game of the ladder under way and no block stands between them."""
    if is_suspended(user):
        raise Refused(_("Your account is suspended."), RefusalCode.SUSPENDED)
    with transaction.atomic():
        event = lock(event_id)
        if event.format != Event.Format.LADDER:
            raise Refused(_("Only the players of a ladder challenge each other in it."), RefusalCode.FORMAT)
        if event.status != Event.Status.RUNNING:
            raise Refused(_("This ladder is not under way."), RefusalCode.NOT_RUNNING)
        order = ladder(event)
        mine = next((e for e in order if e.user_id == user.pk), None)
        if mine is None:
            raise Refused(_("You are not taking part in this event."), RefusalCode.NOT_ENTERED)
        other = next((e for e in order if e.user.get_username().lower() == opponent.strip().lower()), None)
        if other is None or other.pk == mine.pk:
            raise Refused(_("%(name)s is not on this ladder.") % {"name": opponent.strip()}, RefusalCode.NOT_ENTERED)
        reach = event.reach or 1
        if not pairing.ladder_challenge_allowed([e.pk for e in order], mine.pk, other.pk, reach):
            raise Refused(
                ngettext(
                    "You may challenge the player just above you only.",
                    "You may challenge only the %(reach)d players just above you.",
                    reach,
                )
                % {"reach": reach},
                RefusalCode.REACH,
            )
        busy = busy_entries(event)
        if mine.pk in busy:
            raise Refused(_("You already have a game of this ladder under way: finish it first."), RefusalCode.BUSY)
        if other.pk in busy:
            raise Refused(
                _("%(name)s has a game of this ladder under way: challenge them when it is over.")
                % {"name": display_name(other.user)},
                RefusalCode.BUSY,
            )
        if blocked_between(user, other.user):
            raise Refused(_("That player cannot be challenged."), RefusalCode.NOT_AVAILABLE)
        number = event.current_round + 1
        create_round(event, number, [(mine.pk, other.pk)])
        event.current_round = number
        event.save(update_fields=["current_round"])
        owe(SEND_CHALLENGE, event.pk, number)
        return EventGame.objects.get(event=event, season=event.season, round=number, table=1)


def busy_entries(event: Event) -> set[int]:
    """The entries with a game of the ladder under way."""
    live = EventGame.objects.filter(event=event, game__status__in=(Game.Status.OPEN, Game.Status.ACTIVE))
    return {pk for entries in live.values_list("entries", flat=True) for pk in entries}


def after_game(event: Event, table: EventGame) -> None:
    """With the event's row locked, at the end of a challenge: a win by the challenger (the first seat) over the
    player above swaps their places; any other result leaves the ladder as it was."""
    row = next((r for r in queries.tables_of(event, [table.pk])), None)
    if row is None or row.places is None or len(row.entries) != 2:
        return
    challenger, challenged = row.entries
    order = [e.pk for e in ladder(event)]
    if challenger not in order or challenged not in order or row.places[0] >= row.places[1]:
        return
    after = pairing.ladder_after(order, challenger, challenged)
    if after != order:
        places = dict(Entry.objects.filter(pk__in=(challenger, challenged)).values_list("pk", "place"))
        Entry.objects.filter(pk=challenger).update(place=places[challenged])
        Entry.objects.filter(pk=challenged).update(place=places[challenger])


def challenge_made(table: EventGame, opponent: str) -> str:
    """The answer to a challenge by email: made, and the game's address."""
    url = absolute(reverse("game", args=[table.game_id]))
    return _("Your challenge to %(name)s is made: you move first. Your game: %(url)s") % {
        "name": opponent.strip(),
        "url": url,
    }
