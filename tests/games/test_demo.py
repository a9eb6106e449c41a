"""The first README command's `demo` step gives a newcomer a game to play."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from wordgames.engines import get_engine
from wordgames.games.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def laptop(monkeypatch):
    # The embedded default (SQLite, DEBUG on), also when the suite runs on PostgreSQL.
    monkeypatch.setattr("wordgames.games.management.commands.demo.on_embedded_default", lambda: True)


def test_demo_makes_a_game_in_progress_where_it_is_bobs_turn_and_runs_twice(client, laptop):
    call_command("demo")
    call_command("demo")  # a second start of the server must not fail or duplicate
    game = Game.objects.get(status=Game.Status.ACTIVE, engine="lingo")
    assert game.moves.count() == 3
    assert get_engine("lingo").actors(game.state) == {1}
    assert client.login(username="bob", password="wordgames")
    page = client.get(game.get_absolute_url()).content.decode()
    assert 'name="move"' in page
    assert Game.objects.filter(status=Game.Status.OPEN).count() == 1
    crossing = Game.objects.get(engine="lexicon-crossing")
    assert crossing.status == Game.Status.ACTIVE
    page = client.get(crossing.get_absolute_url()).content.decode()
    assert "Your hand" in page and "Green light" in page
    for engine in ("lingua-fences", "keebble"):  # a game of each kind, ready to play
        other = Game.objects.get(engine=engine)
        assert other.status == Game.Status.ACTIVE and other.seats.filter(user__isnull=False).count() == 3
        assert client.get(other.get_absolute_url()).status_code == 200
    assert Game.objects.count() == 5


def test_demo_refuses_its_known_passwords_when_debug_is_off(settings):
    from django.contrib.auth import get_user_model
    from django.core.management import CommandError

    settings.DEBUG = False
    with pytest.raises(CommandError, match="only on the embedded default"):
        call_command("demo")
    assert not get_user_model().objects.exists()


@pytest.mark.filterwarnings("ignore:Overriding setting DATABASES")
def test_demo_refuses_on_postgresql_even_with_debug_on(settings):
    from django.core.management import CommandError

    settings.DEBUG = True
    settings.DATABASES = {
        **settings.DATABASES,
        "default": {**settings.DATABASES["default"], "ENGINE": "django.db.backends.postgresql"},
    }
    with pytest.raises(CommandError, match="SQLite with DEBUG on"):
        call_command("demo")


def test_the_demo_moderator_is_staff_in_the_moderators_group_not_a_superuser(client, laptop):
    from django.contrib.auth import get_user_model

    call_command("demo")
    moderator = get_user_model().objects.get(username="moderator")
    assert not moderator.is_superuser and moderator.has_perm("games.moderate_games")
    assert moderator.has_perm("accounts.suspend_players")
    assert client.login(username="moderator", password="wordgames")
    assert "abandon_game" in client.get("/admin/games/game/").content.decode()
