"""A computer opponent works in every variant the rule texts describe: for each option of each game, a whole
game between the strong and the quick computer with that option changed from its default ends by the rules,
every move legal, and its record replays to the same scores (small boards, short budgets)."""

from __future__ import annotations

from typing import Any

import pytest

from wordgames.engines import engine_names, get_engine
from wordgames.engines.core.errors import InvalidOptions
from wordgames.engines.core.selfplay import play_game

SMALL = {
    "lingo": {"tiles": 30},
    "lingua-fences": {"size": 9},
    "keebble": {"board": "8x4"},
    "lexicon-crossing": {"tiles": "s98", "start_tiles": 30, "per_green": 2},
}


def variants() -> list[tuple[str, dict[str, Any]]]:
    """Each option of each game set to each value other than its default (an int to its bounds)."""
    out = []
    for name in engine_names():
        for option in get_engine(name).options:
            if option.kind == "bool":
                values = [not option.default]
            elif option.kind == "choice":
                values = [c for c in option.choices if c != option.default]
            elif option.kind == "int":
                values = [v for v in (option.minimum, option.maximum) if v is not None and v != option.default]
            else:
                values = []
            out += [(name, {option.name: value}) for value in values]
    return out


@pytest.mark.parametrize("game, change", variants(), ids=lambda v: str(v).replace(" ", ""))
def test_a_computer_plays_a_whole_game_in_every_variant(game: str, change: dict[str, Any]) -> None:
    options = {**SMALL[game], **change}
    engine = get_engine(game)
    try:
        engine.new_game(["ann", "bob"], engine.validate_options(options), 7)
    except InvalidOptions:
        pytest.skip(f"{change} alone does not go with the other options (the form refuses it)")
    report = play_game(game, ["strong", "quick"], seed=7, options=options, budget=0.03, max_moves=600)

    assert report.reason and len(report.scores) == 2
