"""The players' records (0028, 0029) counted again for the people of finished public games with team-mates: a
team-mate sharing a seat now gets the seat's result (in their results per game kind, and against everyone
holding another seat), as its player does, and the others get their record against the team-mate.

Only those people's records change: everyone who held a seat (as its player or a team-mate) of a finished game
that is not private and had a team-mate. Their rows are replaced from all their finished public games, a batch
of players at a time, each batch committing on its own as 0029's did; a run that stops half way is simply run
again (``manage.py check_records --fix`` puts right what the previous release counted meanwhile)."""

from collections import defaultdict
from typing import Any

from django.db import migrations, transaction

BATCH = 2000  # players at a time
OUTCOMES = ("won", "drawn", "lost")


def _count(seats: list[tuple[int, list[int], str, int]], kinds: Any, pairs: Any, engine: str) -> None:
    """One finished game's share (as ``actions.records.share``): each seat's people (player, then team-mates)."""
    for n, (_pk, people, outcome, place) in enumerate(seats):
        for user in people:
            if outcome in OUTCOMES:
                kinds[(user, engine)][OUTCOMES.index(outcome)] += 1
            for m, (_other_pk, others, _outcome, other_place) in enumerate(seats):
                for other in others:
                    if m != n and other != user:
                        pair = pairs[(user, other)]
                        pair[0 if place < other_place else 2 if place > other_place else 1] += 1
                        pair[3] += 1


def fill(apps: Any, schema_editor: Any) -> None:
    Seat = apps.get_model("games", "Seat")
    Sharing = Seat.partners.through
    PlayerRecord = apps.get_model("games", "PlayerRecord")
    OpponentRecord = apps.get_model("games", "OpponentRecord")
    finished = Seat.objects.filter(place__isnull=False, game__private=False).order_by()
    teamed = Sharing.objects.filter(seat__in=finished.values("pk")).values("seat__game_id")
    people = set(finished.filter(game_id__in=teamed, user__isnull=False).values_list("user_id", flat=True))
    people |= set(Sharing.objects.filter(seat__game_id__in=teamed).values_list("user_id", flat=True))
    ordered = sorted(people)
    for start in range(0, len(ordered), BATCH):
        batch = set(ordered[start : start + BATCH])
        own = finished.filter(user_id__in=batch).values("game_id")
        shared = finished.filter(pk__in=Sharing.objects.filter(user_id__in=batch).values("seat_id")).values("game_id")
        seats = finished.filter(game_id__in=own.union(shared))
        mates: dict[int, list[int]] = defaultdict(list)
        for seat_id, user_id in (
            Sharing.objects.filter(seat__in=seats.values("pk")).order_by("user_id").values_list("seat_id", "user_id")
        ):
            mates[seat_id].append(user_id)
        games: dict[int, tuple[str, list[Any]]] = {}
        rows = seats.order_by("game_id", "position").values_list(
            "pk", "game_id", "game__engine", "user_id", "outcome", "place"
        )
        for pk, game_id, engine, user_id, outcome, place in rows:
            held = list(dict.fromkeys([*([user_id] if user_id is not None else []), *mates[pk]]))
            if held:
                games.setdefault(game_id, (engine, []))[1].append((pk, held, outcome, place))
        kinds: Any = defaultdict(lambda: [0, 0, 0])
        pairs: Any = defaultdict(lambda: [0, 0, 0, 0])
        for engine, game_seats in games.values():
            _count(game_seats, kinds, pairs, engine)
        with transaction.atomic():
            PlayerRecord.objects.filter(user_id__in=batch).delete()
            OpponentRecord.objects.filter(user_id__in=batch).delete()
            PlayerRecord.objects.bulk_create(
                (
                    PlayerRecord(user_id=u, engine=e, won=w, drawn=d, lost=lo)
                    for (u, e), (w, d, lo) in kinds.items()
                    if u in batch and (w or d or lo)
                ),
                batch_size=1000,
            )
            OpponentRecord.objects.bulk_create(
                (
                    OpponentRecord(user_id=u, opponent_id=o, won=w, drawn=d, lost=lo, met=m)
                    for (u, o), (w, d, lo, m) in pairs.items()
                    if u in batch
                ),
                batch_size=1000,
            )


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("games", "0029_fill_players_records"),
    ]

    operations = [
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=True),
    ]
