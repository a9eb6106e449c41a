from __future__ import annotations

import importlib
from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand

# The upgrade's own marking, run again as it was written (the migration holds it, with its own copy of the rules).
UPGRADE = "wordgames.games.migrations.0024_mark_seats"


class Command(BaseCommand):
    help = (
        "Mark every seat as the clocks would have (in the lobby's index or not, awaited, outcome and place): "
        "for the games that ended or moved under the previous release while this one was being installed."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        importlib.import_module(UPGRADE).mark_seats(apps, None)
        self.stdout.write("Every seat is marked.")
