"""``puzzle`` sent to the site's own address, as a real MIME message through the mail server's pipe: today's
puzzles, one's position as its mover saw it (never the other player's tiles nor the bag), an answer checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.pbem.deliver import by_pipe
from tests.pbem.test_commands_by_email import latest_to, to_site
from wordgames.games.boardtext import text_board
from wordgames.pbem.models import InboundMessage
from wordgames.puzzles import actions
from wordgames.puzzles.models import Puzzle

from .conftest import WEAK, finished

pytestmark = pytest.mark.django_db(transaction=True)  # the answer goes out after the commit, as in production


def _board_line(puzzle: Puzzle, seat: int) -> str:
    return next(line for line in text_board(puzzle.engine, puzzle.state, seat).split("\n") if "Your tiles" in line)


def test_puzzles_by_email_list_show_and_check_an_answer(ann: Any, bob: Any, tmp_path: Path) -> None:
    finished(ann, bob)
    by_pipe(to_site("bob@example.com", "puzzle"), tmp_path)
    [puzzle] = Puzzle.objects.all()
    listing = latest_to("bob@example.com").body
    assert f"Lingo, puzzle {puzzle.pk}: find a move worth {puzzle.best_points} points" in listing
    assert f"/puzzles/{puzzle.pk}/" in listing and puzzle.best not in listing

    by_pipe(to_site("bob@example.com", f"puzzle {puzzle.pk}"), tmp_path)
    shown = latest_to("bob@example.com").body
    assert _board_line(puzzle, 0) in shown  # the mover's (ann's) tiles
    assert _board_line(puzzle, 1) not in shown and puzzle.state["bag"][:6] not in shown  # never bob's, nor the bag
    assert puzzle.best not in shown and WEAK not in shown

    by_pipe(to_site("bob@example.com", f"Puzzle {puzzle.pk} {puzzle.best}\n\nfun!"), tmp_path)
    checked = latest_to("bob@example.com").body
    assert f"scores {puzzle.best_points}: as much as the best move" in checked
    assert f"In the game, {WEAK} was played, for 2." in checked
    by_pipe(to_site("bob@example.com", f"puzzle {puzzle.pk} m13 Q"), tmp_path)
    assert "is not a legal move here" in latest_to("bob@example.com").body
    assert set(InboundMessage.objects.values_list("outcome", flat=True)) == {InboundMessage.Outcome.COMMAND}
    assert actions.of_the_day() == [puzzle]


def test_a_puzzle_by_email_from_a_stranger_is_not_answered(ann: Any, bob: Any, tmp_path: Path) -> None:
    finished(ann, bob)
    by_pipe(to_site("stranger@example.com", "puzzle"), tmp_path)
    record = InboundMessage.objects.get()
    assert record.outcome == InboundMessage.Outcome.REFUSED and not record.answered
