"""The seats' new columns (0023) for the games already there: those of games over leave the lobby's index and get
their outcome and place; those of running games are marked awaited as the lobby used to compute it (the engine's
waiting_for), so nothing changes for players at the upgrade.

Not atomic: each batch commits on its own, so a big site's moves are not held up behind one long transaction (and
a run that stops half way is simply run again: every batch writes what the rows say). ``manage.py mark_seats`` runs
the same again, for the games that ended under the previous release while this one was being installed."""

from typing import Any

from django.db import migrations

from wordgames.engines import get_engine

BATCH = 1000  # games at a time: their states are read into memory


def standing(result: dict[str, Any]) -> dict[int, tuple[str, int]]:
    """``actions.moves.standing`` as it was when this migration was written."""
    scores, winners = list(result.get("scores") or []), set(result.get("winners") or [])
    rank = {seat: (seat in winners, scores[seat]) for seat in range(len(scores))}
    everyone = len(winners) == len(scores)
    return {
        seat: (
            "drawn" if everyone else "won" if seat in winners else "lost",
            1 + sum(1 for other in rank.values() if other > mine),
        )
        for seat, mine in rank.items()
    }


def _batches(games: Any) -> Any:
    last = 0
    while True:
        batch = list(games.filter(pk__gt=last).order_by("pk")[:BATCH])
        if not batch:
            return
        last = batch[-1].pk
        yield batch


def mark_seats(apps: Any, schema_editor: Any) -> None:
    """Every seat's live, awaited, outcome and place as the clocks would have written them (exactly: run again,
    it puts right what an older release left behind)."""
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    Seat.objects.filter(game__status__in=["finished", "abandoned"]).update(live=False, awaited=False)
    Seat.objects.filter(game__status="open").update(live=True, awaited=False)
    running = Game.objects.filter(status="active", state__isnull=False).only("pk", "engine", "state")
    for games in _batches(running):
        waiting = {game.pk: get_engine(game.engine).waiting_for(game.state) for game in games}
        seats = Seat.objects.filter(game_id__in=waiting).values_list("pk", "game_id", "position")
        awaited = {pk: position in waiting[game] for pk, game, position in seats}
        for flag in (True, False):
            Seat.objects.filter(pk__in=[pk for pk, on in awaited.items() if on == flag]).update(live=True, awaited=flag)
    finished = Game.objects.filter(status="finished", result__isnull=False).only("pk", "result")
    for games in _batches(finished):
        ends = {game.pk: standing(game.result) for game in games}
        # A batch's seats share a handful of (outcome, place) pairs: one plain UPDATE for each.
        alike: dict[tuple[str, int | None], list[int]] = {}
        for pk, game, position in Seat.objects.filter(game_id__in=ends).values_list("pk", "game_id", "position"):
            alike.setdefault(ends[game].get(position, ("", None)), []).append(pk)
        for (outcome, place), pks in alike.items():
            Seat.objects.filter(pk__in=pks).update(outcome=outcome, place=place)


class Migration(migrations.Migration):
    atomic = False

    dependencies = [
        ("games", "0023_seats_for_the_lobby_and_profiles"),
    ]

    operations = [
        migrations.RunPython(mark_seats, migrations.RunPython.noop, elidable=True),
    ]
