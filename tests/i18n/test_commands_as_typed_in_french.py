"""Commands as a French player types them (issue 31), with the test catalogue's French words: politeness,
greetings, typos of French command words, ``oui`` / ``non`` to an undo request, the site's own commands, and the text
board's legend."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from tests.games.conftest import play_best, start_game  # noqa: F401
from tests.i18n.catalogue import compiled_catalogue, speaks, test_catalogue  # noqa: F401
from tests.pbem import mime
from tests.pbem.deliver import by_pipe
from tests.pbem.test_commands_as_typed import to_site
from tests.pbem.test_inbound import best
from wordgames.games.models import Game, Move, UndoRequest

pytestmark = pytest.mark.usefixtures("test_catalogue")


@pytest.fixture(autouse=True)
def _real_commits(transactional_db: Any) -> None:
    """Emails go out after the commit, as in production."""


def latest_to(address: str) -> Any:
    return [m for m in mail.outbox if m.to == [address]][-1]


@pytest.fixture
def game(ann: Any, bob: Any) -> Game:
    speaks(ann, "fr")
    speaks(bob, "fr")
    return start_game(ann, bob, {"preset": "classic"}, seed=7)


def unchanged(game: Game) -> None:
    version = game.version
    game.refresh_from_db()
    assert game.version == version and not Move.objects.filter(game=game).exists()


@pytest.mark.parametrize("typed", ["historiqeu", "Histoirque !", "platea s'il vous plaît"])
def test_a_mistyped_french_command_is_answered_in_french(game: Game, typed: str, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), typed), tmp_path)
    answer = latest_to("ann@example.com").body
    assert "n'est pas une commande. Vouliez-vous dire " in answer
    assert ("historique ?" if typed.lower().startswith("hist") else "plateau ?") in answer
    unchanged(game)


@pytest.mark.parametrize(
    "typed", ["plateau s'il vous plaît", "Plateau, merci !", "plateau svp", "plateau s\u2019il te plaît"]
)
def test_french_politeness_after_a_command(game: Game, typed: str, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), typed), tmp_path)
    assert "Le plateau tel qu'il est :" in latest_to("ann@example.com").body
    unchanged(game)


def test_a_french_greeting_above_the_move_is_skipped(game: Game, tmp_path: Path) -> None:
    move = best(game, 0)
    by_pipe(mime.reply(latest_to("ann@example.com"), f"Bonjour Bob !\n\n{move}\nBonne chance"), tmp_path)
    played = Move.objects.get(game=game)
    assert (played.text, played.comment) == (move, "Bonne chance")


@pytest.mark.parametrize(("answer", "taken_back"), [("oui", True), ("D'accord.", True), ("Non, merci", False)])
def test_oui_or_non_answers_an_undo_request(game: Game, answer: str, taken_back: bool, tmp_path: Path) -> None:
    by_pipe(mime.reply(latest_to("ann@example.com"), best(game, 0)), tmp_path)
    by_pipe(mime.reply(latest_to("ann@example.com"), "annuler svp"), tmp_path)
    by_pipe(mime.reply(latest_to("bob@example.com"), answer), tmp_path)
    assert UndoRequest.objects.get().status == ("accepted" if taken_back else "rejected")
    assert Move.objects.get(game=game).taken_back is taken_back


def test_defier_to_the_site_sets_up_a_game_and_a_typo_of_it_gets_help(ann: Any, bob: Any, tmp_path: Path) -> None:
    speaks(ann, "fr")
    by_pipe(to_site("défer lingo bob"), tmp_path)
    assert not Game.objects.exists()
    assert "Vouliez-vous dire défier ?" in latest_to("ann@example.com").body
    assert "défier lingo bob preset=pbem days=3" in latest_to("ann@example.com").body
    by_pipe(to_site("Défier lingo bob"), tmp_path)
    assert Game.objects.get().seats.get(position=1).invited_user == bob


def test_the_text_boards_legend_is_in_the_readers_language(game: Game, play_best: Any) -> None:  # noqa: F811
    mail.outbox.clear()
    play_best(game, game.seats.get(position=0).user)
    letter = latest_to("bob@example.com")
    assert "Majuscules : le dernier coup." in letter.body and "Upper case: the last move." not in letter.body
    assert "Majuscules : le dernier coup." in letter.alternatives[0][0]
