"""Puzzles from finished public games: chosen where the best move scored far more than the move played, shown as
the mover saw it (never another player's tiles or the bag), solved on the web, kept as the lobby's puzzle of the
day so the lobby asks for it in one query."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.conftest import logged_in
from tests.engines.test_analysis import green_lit
from wordgames.analysis.models import MoveAnalysis
from wordgames.games.boardtext import text_board
from wordgames.puzzles import actions
from wordgames.puzzles.models import DailyPuzzle, Puzzle
from wordgames.puzzles.tasks import pick_puzzles

from .conftest import WEAK, finished

pytestmark = pytest.mark.django_db


def _tiles_line(puzzle: Puzzle, seat: int) -> str:
    return next(line for line in text_board(puzzle.engine, puzzle.state, seat).split("\n") if "Your tiles" in line)


def test_a_move_far_below_the_best_in_a_finished_public_game_is_the_puzzle_of_the_day(ann: Any, bob: Any) -> None:
    game = finished(ann, bob)
    row = MoveAnalysis.objects.get(move__game=game, move__seq=1)
    assert row.points == 2 and row.missed >= 5, "the analysis found a better first move"
    [puzzle] = actions.of_the_day()
    assert (puzzle.engine, puzzle.played, puzzle.best, puzzle.best_points) == ("lingo", WEAK, row.best, row.best_points)
    assert actions.check(puzzle, row.best).found_best
    assert actions.of_the_day() == [puzzle], "the day's pick is kept"
    assert actions.of_the_day(date(2030, 1, 2)) == [puzzle], "the only candidate, on another day too"


def test_private_games_and_small_misses_make_no_puzzle(ann: Any, bob: Any, settings: Any) -> None:
    finished(ann, bob, private=True)
    assert actions.of_the_day() == []
    assert DailyPuzzle.objects.filter(puzzle=None).count() == 4, "the empty day is kept for each game kind"
    finished(ann, bob)
    settings.PUZZLE_MIN_MISSED = 1000
    assert actions.of_the_day(date(2030, 1, 2)) == []


def test_the_puzzle_page_shows_the_movers_tiles_never_the_others_nor_the_bag_nor_the_answer(ann: Any, bob: Any) -> None:
    finished(ann, bob)
    [puzzle] = actions.of_the_day()
    for client in (logged_in(bob), logged_in(ann).__class__()):  # a player of the game, and anyone
        page = client.get(f"/puzzles/{puzzle.pk}/").content.decode()
        assert _tiles_line(puzzle, 0) in page  # ann's L U G G E
        assert _tiles_line(puzzle, 1) not in page and "Q10" not in page  # bob's Y E H Q N
        assert puzzle.state["bag"] not in page and puzzle.state["bag"][:6] not in page
        assert puzzle.best not in page and WEAK not in page, "no answer before an attempt"


def test_an_answer_on_the_web_is_checked_by_the_rules_and_compared(ann: Any, bob: Any) -> None:
    finished(ann, bob)
    [puzzle] = actions.of_the_day()
    page = logged_in(ann).post(f"/puzzles/{puzzle.pk}/", {"move": puzzle.best}).content.decode()
    assert f"scores {puzzle.best_points}: as much as the best move" in page
    assert f"In the game, {WEAK} was played, for 2." in page
    page = logged_in(ann).post(f"/puzzles/{puzzle.pk}/", {"move": "m13 Q"}).content.decode()
    assert "is not a legal move here" in page and puzzle.best not in page
    page = logged_in(ann).post(f"/puzzles/{puzzle.pk}/", {"move": "l13 G m13 U n13 L"}).content.decode()
    assert "scores 8. The best move found was" in page and puzzle.best in page


def test_the_lobby_reads_the_puzzles_of_the_day_in_one_query_however_many_games(ann: Any, bob: Any) -> None:
    finished(ann, bob)
    client = logged_in(ann)
    assert 'href="/puzzles/"' in client.get("/").content.decode()  # nothing picked yet: a link to the puzzles' page
    assert not DailyPuzzle.objects.exists(), "the lobby never picks"
    pick_puzzles.delay()  # the periodic task (beat, or the embedded sweeps) picks the day's

    def puzzle_queries() -> int:
        with CaptureQueriesContext(connection) as queries:
            page = client.get("/").content.decode()
        assert "/puzzles/" in page and "a move worth" in page
        return sum("puzzles_" in q["sql"] or "analysis_" in q["sql"] for q in queries.captured_queries)

    assert puzzle_queries() == 1
    finished(ann, bob)
    finished(ann, bob)
    assert puzzle_queries() == 1


def test_a_lexicon_crossing_puzzle_hides_the_green_lighters_newest_tile_as_the_analysis_does() -> None:
    _engine, state = green_lit()  # ann's newest tile, an E, still hidden from her
    puzzle = Puzzle(engine="lexicon-crossing", seat=0, state=state, played="", points=0, best="", best_points=0)
    assert puzzle.board() == text_board("lexicon-crossing", state, 0, conceal_latest=True)
    assert puzzle.board() != text_board("lexicon-crossing", state, 0)
    assert "hidden" in actions.check(puzzle, "red").refusal  # the rules refuse as they did her in the game
