"""Play-by-email tests reuse the games fixtures (in-process tasks, a running Lingo game, best moves)."""

from typing import Any  # noqa: E402

import pytest  # noqa: E402

from tests.games.conftest import lingo_game, play_best  # noqa: F401


@pytest.fixture(autouse=True)
def _real_commits(transactional_db: Any) -> None:
    """Emails go out after the commit (``on_commit``), as in production: these tests commit for real."""
