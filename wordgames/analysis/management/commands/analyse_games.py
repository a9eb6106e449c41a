"""Analyse finished games that have no analysis yet (games that ended before the analysis existed, or whose
task was lost): here, one after the other, or handed to the ``analysis`` queue's worker with ``--queue``."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand
from django.db import transaction

from wordgames.games.models import Game

from ... import actions


class Command(BaseCommand):
    help = "Analyse finished games that have no analysis yet (or only the games named)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument(
            "games", nargs="*", type=int, help="game numbers (default: every finished game not analysed)"
        )
        parser.add_argument("--limit", type=int, default=0, help="at most this many games")
        parser.add_argument("--queue", action="store_true", help="hand them to the analysis worker instead")

    def handle(self, *args: Any, games: list[int], limit: int, queue: bool, **options: Any) -> None:
        todo = Game.objects.filter(status=Game.Status.FINISHED).exclude(analysis__done=True).order_by("pk")
        if games:
            todo = todo.filter(pk__in=games)
        if limit:
            todo = todo[:limit]
        count = 0
        for game in todo:
            with transaction.atomic():
                (actions.owe_analysis if queue else actions.start_over)(game)
            if not queue:
                analysis = actions.analyse(game.pk)
                seconds = analysis.seconds if analysis is not None else 0
                self.stdout.write(
                    f"game {game.pk}: {game.moves.filter(taken_back=False).count()} moves in {seconds:.1f} s"
                )
            count += 1
        self.stdout.write(f"{count} game(s) {'queued' if queue else 'analysed'}.")
