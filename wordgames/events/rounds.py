"""What the events' doors share: the event's row lock, a round's games created through games' own door, and
an entry's games under way. Called with the event's row locked (``lock``)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from wordgames.games import actions as games
from wordgames.games.actions import RefusalCode, Refused
from wordgames.games.models import Game, Seat

from .models import Entry, Event, EventGame

SEND_ROUND = "wordgames.events.tasks.send_round"
SEND_FINISHED = "wordgames.events.tasks.send_finished"
SEND_CHALLENGE = "wordgames.events.tasks.send_challenge"
RESIGN_REST = "wordgames.events.tasks.resign_rest"


def lock(event_id: int) -> Event:
    event = Event.objects.select_for_update().filter(pk=event_id).first()
    if event is None:
        raise Refused(_("There is no such event."), RefusalCode.NOT_FOUND)
    return event


def create_round(
    event: Event,
    number: int,
    tables: list[tuple[int, ...]],
    bye: int | None = None,
    *,
    division: int = 0,
    first_table: int = 1,
) -> int:
    """Create a round's games (everyone seated at once, through ``games.create_game``) and its byes; returns the
    number of tables written. A pairing may give a round-robin's odd player out as a table of one: a bye."""
    users = dict(Entry.objects.filter(event=event).values_list("pk", "user__username"))
    byes = [table[0] for table in tables if len(table) == 1] + ([bye] if bye is not None else [])
    tables = [table for table in tables if len(table) > 1]
    for index, table in enumerate(tables, start=first_table):
        names = [users[entry] for entry in table]
        creator = User.objects.get(username=names[0])
        game = games.create_game(
            creator,
            event.kind,
            dict(event.options),
            names[1:],
            seated=True,
            internal=True,
            rated=event.rated,
            move_time=event.move_time,
            creator_seat=0,
        )
        EventGame.objects.create(
            event=event,
            season=event.season,
            division=division,
            round=number,
            table=index,
            entries=list(table),
            game=game,
        )
    for index, entry in enumerate(byes, start=first_table + len(tables)):
        EventGame.objects.create(
            event=event, season=event.season, division=division, round=number, table=index, entries=[entry]
        )
    return len(tables) + len(byes)


def running_games(event: Event, entry: Entry) -> list[tuple[int, int]]:
    """The entry's games under way in the event: (game id, the entry's seat position)."""
    rows = EventGame.objects.filter(event=event, game__status__in=(Game.Status.OPEN, Game.Status.ACTIVE))
    return [
        (row.game_id, row.entries.index(entry.pk))
        for row in rows.only("entries", "game_id")
        if entry.pk in row.entries and row.game_id
    ]


def resign_games(games_of_entry: list[tuple[int, int]]) -> None:
    """Resign each of an entry's games under way, as whoever sits in the entry's seat now (the entry's player, or
    the player a moderator put there). Each is its own transaction, taken with no event's row held: a game's end
    locks the game, then the event, and this must not hold them the other way round."""
    for game_id, position in games_of_entry:
        seat = Seat.objects.filter(game_id=game_id, position=position).select_related("user").first()
        if seat is None or seat.user is None:
            continue
        try:
            games.submit_move(game_id, seat.user, "resign")
        except Refused:  # it ended meanwhile, or the seat's player may not move (suspended): the clock ends it
            pass
