"""The players' records (0028) filled from the games already there: per player and game kind their wins, draws and
losses, and their record against each opponent, over finished games that are not private.

Not atomic: each batch of players commits on its own, so a big site's moves are not held up behind one long
transaction; a batch's rows are replaced, so a run that stops half way is simply run again (``manage.py
check_records --fix`` puts right what the previous release counted while this one was being installed)."""

from typing import Any

from django.db import migrations, transaction
from django.db.models import Count, F, FilteredRelation, Q

BATCH = 2000  # players at a time
OUTCOMES = ("won", "drawn", "lost")


def fill(apps: Any, schema_editor: Any) -> None:
    User = apps.get_model("auth", "User")
    Seat = apps.get_model("games", "Seat")
    PlayerRecord = apps.get_model("games", "PlayerRecord")
    OpponentRecord = apps.get_model("games", "OpponentRecord")
    last = 0
    while True:
        users = list(User.objects.filter(pk__gt=last).order_by("pk").values_list("pk", flat=True)[:BATCH])
        if not users:
            return
        low, last = users[0], users[-1]
        seats = Seat.objects.filter(user_id__gte=low, user_id__lte=last, place__isnull=False, game__private=False)
        kinds = [
            PlayerRecord(user_id=row["user_id"], engine=row["game__engine"], **{o: row[o] for o in OUTCOMES})
            for row in seats.values("user_id", "game__engine")
            .order_by()
            .annotate(**{o: Count("pk", filter=Q(outcome=o)) for o in OUTCOMES})
            if any(row[o] for o in OUTCOMES)
        ]
        against = seats.annotate(
            other=FilteredRelation("game__seats", condition=~Q(game__seats__user_id=F("user_id")))
        ).filter(other__user__isnull=False)
        tally = {
            "won": Count("pk", filter=Q(place__lt=F("other__place"))),
            "drawn": Count("pk", filter=Q(place=F("other__place"))),
            "lost": Count("pk", filter=Q(place__gt=F("other__place"))),
        }
        pairs = [
            OpponentRecord(
                user_id=row["user_id"],
                opponent_id=row["other__user"],
                won=row["won"],
                drawn=row["drawn"],
                lost=row["lost"],
                met=row["won"] + row["drawn"] + row["lost"],
            )
            for row in against.values("user_id", "other__user").order_by().annotate(**tally)
        ]
        with transaction.atomic():
            PlayerRecord.objects.filter(user_id__gte=low, user_id__lte=last).delete()
            OpponentRecord.objects.filter(user_id__gte=low, user_id__lte=last).delete()
            PlayerRecord.objects.bulk_create(kinds, batch_size=1000)
            OpponentRecord.objects.bulk_create(pairs, batch_size=1000)


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("games", "0028_players_records_kept"),
    ]

    operations = [
        migrations.RunPython(fill, migrations.RunPython.noop, elidable=True),
    ]
