"""A rule reading changed under games already being played: those games keep the reading they started with,
so a burn or a wall that was legal then still rebuilds, while new games follow the rule text."""

from __future__ import annotations

import importlib

import pytest
from django.apps import apps as global_apps

from wordgames.engines import IllegalMove, get_engine
from wordgames.games.models import Game

migration = importlib.import_module("wordgames.games.migrations.0010_existing_games_keep_their_rules")

LINGO = get_engine("lingo")
# Pool A S D L H E on an empty table: AS is a word, so burning L is refused by the rule text's reading.
FIRST_POOL = "ASDLHE"


def _lingo_state(**options):
    return LINGO.new_game(["ann", "bob"], {"preset": "pbem", "pool": 6, "place": 4, **options}, seed=1, bag=FIRST_POOL)


def test_new_lingo_games_refuse_a_burn_when_a_word_can_be_made():
    with pytest.raises(IllegalMove, match="no new word can be made"):
        LINGO.apply(_lingo_state(), 0, "m13 L")


def test_the_always_house_rule_allows_the_burn():
    state, outcome = LINGO.apply(_lingo_state(burn="always"), 0, "m13 L")
    assert outcome.score == 0 and state["board"]


@pytest.mark.django_db
def test_a_lingo_game_started_before_the_change_keeps_burning(django_user_model):
    ann = django_user_model.objects.create_user("ann")
    old_options = {k: v for k, v in _lingo_state()["options"].items() if k != "burn"}
    state = _lingo_state()
    state["options"] = dict(old_options)
    game = Game.objects.create(engine="lingo", options=old_options, state=state, seed=1, created_by=ann)
    migration.keep_rules(global_apps, None)
    game.refresh_from_db()
    assert game.options["burn"] == "always"
    after, outcome = LINGO.apply(game.state, 0, "m13 L")
    assert outcome.score == 0
