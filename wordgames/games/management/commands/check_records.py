from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

from wordgames.games.actions import records

BATCH = 2000  # players at a time


class Command(BaseCommand):
    help = (
        "Count every player's wins, draws and losses (per game kind and against each opponent) from their "
        "finished games again and compare with the records their profiles show; --fix writes the counts."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--fix", action="store_true", help="replace the records that differ with the counts")
        parser.add_argument("users", nargs="*", help="usernames (default: every player)")

    def handle(self, *args: Any, **options: Any) -> None:
        User = get_user_model()
        people = User.objects.order_by("pk")
        if options["users"]:
            people = people.filter(username__in=options["users"])
        ids = list(people.values_list("pk", flat=True))
        wrong: list[int] = []
        for start in range(0, len(ids), BATCH):
            batch = ids[start : start + BATCH]
            counted, kept = records.recount(batch), records.kept(batch)
            differ = [
                (table, key, should.get(key), have.get(key))
                for table, should, have in (("per kind", counted[0], kept[0]), ("against", counted[1], kept[1]))
                for key in sorted(set(should) | set(have), key=str)
                if should.get(key) != have.get(key)
            ]
            mentioned = {key[0] for _t, key, _s, _h in differ} | {key[1] for t, key, _s, _h in differ if t == "against"}
            names = dict(User.objects.filter(pk__in=mentioned).values_list("pk", "username"))
            for table, key, should, have in differ:
                wrong.append(key[0])
                what = names.get(key[1], key[1]) if table == "against" else key[1]
                self.stdout.write(f"player {names.get(key[0], key[0])}, {table} {what}: kept {have}, counted {should}")
        wrong = sorted(set(wrong))
        if wrong and options["fix"]:
            for start in range(0, len(wrong), BATCH):
                with transaction.atomic():
                    records.put_right(wrong[start : start + BATCH])
            self.stdout.write(f"Put right the records of {len(wrong)} players.")
        elif wrong:
            raise CommandError(f"The records of {len(wrong)} players differ from their games (--fix puts them right).")
        else:
            self.stdout.write(f"The records of {len(ids)} players match their games.")
