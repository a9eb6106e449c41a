"""English command words typed as phones and Japanese keyboards type them: full-width letters, odd case."""

from __future__ import annotations

import pytest

from wordgames.games.commandwords import Words


@pytest.mark.parametrize("typed", ["ＨＥＬＰ", "Ｈｅｌｐ", "HELP", "help"])
def test_full_width_english_commands_are_commands(typed: str) -> None:
    assert Words().command(typed) == "help"
    assert Words("ja").command(typed) == "help"


def test_a_word_that_is_no_command_stays_a_move() -> None:
    assert Words().command("ＨＥＬＰＳ") is None
