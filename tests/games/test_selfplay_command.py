"""The self-play soak, small, on the configured database (CI runs it on SQLite and on PostgreSQL): whole games
between computer players through the write door, each ending by the rules and replaying to its scores."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from wordgames.engines.core.record import replay
from wordgames.games import queries
from wordgames.games.models import Game, Move

KINDS = ["lingo", "lingua-fences", "keebble", "lexicon-crossing"]
# Seconds a choice. Lingua Fences' computers spend their whole budget on each of a game's 250-odd choices: a
# fiftieth of a second plays the same whole games, through the same door, in a quarter of the time.
BUDGETS = {"lingua-fences": "0.02"}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("kind", KINDS)
def test_a_small_soak_of_each_kind_plays_whole_games_that_end_and_replay(kind: str) -> None:
    out = StringIO()
    call_command("selfplay", kind, "--games", "2", "--budget", BUDGETS.get(kind, "0.05"), "--no-progress", stdout=out)
    report = out.getvalue()
    assert "2 of 2 games finished and replayed" in report and "0 errors" in report
    games = list(Game.objects.filter(engine=kind))
    assert len(games) == 2 and all(g.status == Game.Status.FINISHED for g in games)
    for game in games:
        moves = game.moves.all()
        assert moves.filter(source=Move.Source.COMPUTER).exists()
        assert not moves.exclude(source__in=[Move.Source.COMPUTER, Move.Source.CLOCK, Move.Source.WEB]).exists()
        last = list(replay(queries.game_record(game)))[-1]
        assert last["result"]["scores"] == game.result["scores"]
        assert game.result["end"] in report


@pytest.mark.django_db(transaction=True)
def test_three_computers_play_lingua_fences_with_options() -> None:
    out = StringIO()
    call_command(
        "selfplay",
        "lingo",
        "--games",
        "1",
        "--levels",
        "quick,quick,strong",
        "--option",
        "hex=true",
        "--budget",
        "0.05",
        "--no-progress",
        stdout=out,
    )
    game = Game.objects.get()
    assert game.options["hex"] is True and game.seats.count() == 3
    assert "1 of 1 games finished" in out.getvalue()


@pytest.mark.django_db
def test_a_level_or_player_count_the_game_does_not_have_is_refused_before_anything_is_played() -> None:
    with pytest.raises(CommandError, match="its levels: quick, strong"):
        call_command("selfplay", "keebble", "--levels", "strong,genius")
    with pytest.raises(CommandError, match="give that many levels"):
        call_command("selfplay", "lingo", "--levels", "strong")
    assert not Game.objects.exists()
