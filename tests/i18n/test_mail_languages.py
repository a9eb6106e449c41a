"""Email in the reader's language, and email commands in the writer's: played through the real inbound path
(``receive_email`` on a pipe), with the small test catalogue of tests/i18n/locale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from tests.conftest import make_user
from tests.games.conftest import play_best, start_game  # noqa: F401
from tests.i18n.catalogue import compiled_catalogue, speaks, test_catalogue  # noqa: F401
from tests.pbem import mime
from tests.pbem.deliver import by_pipe
from wordgames.engines import get_engine
from wordgames.games import actions
from wordgames.games.actions import clocks
from wordgames.games.commandwords import Words, normal
from wordgames.games.models import Game
from wordgames.pbem import answers
from wordgames.pbem.models import InboundMessage

pytestmark = pytest.mark.usefixtures("test_catalogue")


@pytest.fixture(autouse=True)
def _real_commits(transactional_db: Any) -> None:
    """Emails go out after the commit, as in production."""


def latest_to(address: str) -> Any:
    return [m for m in mail.outbox if m.to == [address]][-1]


def game_of(ann: Any, bob: Any) -> Game:
    return start_game(ann, bob, {"preset": "classic"}, seed=7)


def unchanged(game: Game) -> None:
    version = game.version
    game.refresh_from_db()
    assert game.version == version and game.moves.count() == 0


def test_a_french_player_asks_aide_and_gets_the_commands_in_french(ann: Any, bob: Any, tmp_path: Path) -> None:
    speaks(bob, "fr")
    game = game_of(ann, bob)
    by_pipe(mime.reply(latest_to("ann@example.com"), "x"), tmp_path)  # nothing: only so that bob is to move next
    record = by_pipe(mime.reply(latest_to("bob@example.com"), "aide"), tmp_path)
    assert record is not None and record.outcome == "command"
    answer = latest_to("bob@example.com").body
    assert answer.startswith("Bonjour Bob,")
    assert "aide (help)" in answer and "ce texte" in answer  # the French word first, the English one beside
    assert "plateau (board)" in answer and "envoyez-moi le plateau" in answer
    assert "abandonner (resign)" in answer
    assert "13L YET" in answer  # notation is never translated
    unchanged(game)


def test_plateau_sends_the_board_and_changes_nothing(ann: Any, bob: Any, tmp_path: Path) -> None:
    speaks(ann, "fr")
    game = game_of(ann, bob)
    by_pipe(mime.reply(latest_to("ann@example.com"), "Plateau"), tmp_path)  # case does not matter
    answer = latest_to("ann@example.com").body
    assert "Le plateau tel qu'il est :" in answer and "Réserve commune :" in answer and "Pool:" not in answer
    unchanged(game)


def test_abandonner_resigns_and_the_english_opponent_reads_english(ann: Any, bob: Any, tmp_path: Path) -> None:
    speaks(bob, "fr")
    game = game_of(ann, bob)
    by_pipe(mime.reply(latest_to("bob@example.com"), "ABANDONNER"), tmp_path)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    over = latest_to("ann@example.com")
    assert "game over" in over.subject and "ann wins" in over.body and over.body.startswith("Hello Ann,")


def test_english_words_always_work_and_a_french_word_is_no_command_in_english(
    ann: Any, bob: Any, tmp_path: Path
) -> None:
    speaks(ann, "fr")
    game = game_of(ann, bob)
    by_pipe(mime.reply(latest_to("ann@example.com"), "board"), tmp_path)
    assert "Le plateau tel qu'il est :" in latest_to("ann@example.com").body  # English word, French reader
    by_pipe(mime.reply(latest_to("bob@example.com"), "plateau"), tmp_path)  # bob reads English: a move to him
    record = InboundMessage.objects.order_by("-id").first()
    assert record is not None and record.outcome == "refused"
    assert "Le plateau" not in latest_to("bob@example.com").body
    unchanged(game)


def test_german_hilfe_in_any_case_and_a_translators_notation_word_stays_a_move(
    ann: Any, bob: Any, tmp_path: Path
) -> None:
    speaks(ann, "de")
    game_of(ann, bob)
    for word in ("Hilfe", "HILFE", "hilfe"):
        by_pipe(mime.reply(latest_to("ann@example.com"), word), tmp_path)
        answer = latest_to("ann@example.com").body
        assert answer.startswith("Hallo Ann,") and "Hilfe (help)" in answer and "Brett (board)" in answer
    # The test catalogue lists "pass" among German words for help: a word of the notation is never a command.
    by_pipe(mime.reply(latest_to("ann@example.com"), "pass"), tmp_path)
    record = InboundMessage.objects.order_by("-id").first()
    assert record is not None and record.outcome == "refused"  # read as a move: Lingo has no pass
    assert "this text" not in latest_to("ann@example.com").body  # (the help's last line)


def test_spanish_tablero_and_either_word_for_resign(ann: Any, bob: Any, tmp_path: Path) -> None:
    speaks(bob, "es")
    game = game_of(ann, bob)
    by_pipe(mime.reply(latest_to("bob@example.com"), "tablero"), tmp_path)
    assert latest_to("bob@example.com").body.startswith("Hola Bob,")
    by_pipe(mime.reply(latest_to("bob@example.com"), "rendirse"), tmp_path)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED


def test_command_words_compare_without_case_or_accents_and_never_over_a_move() -> None:
    french = Words("fr")
    assert french.command("VÉRIFIER") == french.command("verifier") == "check"
    assert french.command("décliner") == french.command("DECLINER") == "decline"
    assert french.command("?") == "help" and french.command("help") == "help"
    assert normal("ＨＩＬＦＥ") == "hilfe"  # full width, as a Japanese keyboard may type it
    # A word the game at hand would read as a move is played as one, and the help email leaves it out.
    cautious = Words("fr", is_move=lambda word: normal(word) == "plateau")
    assert cautious.command("plateau") is None and cautious.shown("board") == "board"
    assert Words("").command("aide") is None and Words("de").command("aide") is None


def test_a_german_move_reaches_the_french_player_in_french(ann: Any, bob: Any, play_best: Any) -> None:  # noqa: F811
    speaks(ann, "de")
    speaks(bob, "fr")
    game = game_of(ann, bob)
    play_best(game, ann)
    letter = latest_to("bob@example.com")
    assert letter.subject == f"Lingo partie {game.pk}, coup 2 : au tour de bob"
    assert letter.body.startswith("Bonjour Bob,")
    assert f"C'est à vous de jouer dans la partie {game.pk} de Lingo (coup 2)." in letter.body
    html = letter.alternatives[0][0]
    assert '<html lang="fr"' in html and "C&#x27;est à vous de jouer" in html


def test_news_of_a_german_player_is_written_in_each_readers_language(ann: Any, bob: Any) -> None:
    speaks(ann, "de")
    speaks(bob, "fr")
    game_of(ann, bob)
    clocks.set_vacation(ann, 2)
    clocks.end_vacation(ann)
    back = latest_to("bob@example.com")
    assert "ann est de retour : son horloge repart." in back.subject and back.body.startswith("Bonjour Bob,")


def test_a_reply_keeps_the_language_it_was_written_in(ann: Any, bob: Any, tmp_path: Path) -> None:
    """The text of a reply is written when the message is read; sent later, the whole letter stays in that
    language even if the reader has changed theirs meanwhile."""
    speaks(bob, "fr")
    game = game_of(ann, bob)
    record = by_pipe(mime.reply(latest_to("bob@example.com"), "plateau"), tmp_path)
    assert record is not None
    speaks(bob, "de")
    seat = game.seats.get(user=bob)
    answers.send_reply(record.pk, seat.pk, text="Le plateau tel qu'il est :", language="fr")
    assert latest_to("bob@example.com").body.startswith("Bonjour Bob,")


def test_an_invitation_to_an_address_without_an_account_speaks_the_inviters_language(db: Any) -> None:
    zoe = speaks(make_user("zoe", "Zoé"), "fr")
    game = actions.create_game(zoe, "lingo", {"preset": "classic"}, ["stranger@example.org"], seed=3)
    letter = latest_to("stranger@example.org")
    assert letter.subject == f"zoe vous invite à jouer à {game.title} (partie {game.pk})"
    assert letter.body.startswith("Bonjour,") and "« accepter »" in letter.body  # the French word, as French quotes it


def test_langue_by_email_changes_the_language_of_the_next_emails(ann: Any, bob: Any, tmp_path: Path) -> None:
    speaks(bob, "fr")
    game = game_of(ann, bob)
    by_pipe(mime.reply(latest_to("bob@example.com"), "langue de"), tmp_path)  # French for "language"
    answer = latest_to("bob@example.com").body
    assert answer.startswith("Hallo Bob,") and "Deutsch" in answer  # the answer is the first email in German
    bob.refresh_from_db()
    assert bob.profile.language == "de"
    by_pipe(mime.reply(latest_to("bob@example.com"), "language klingon"), tmp_path)
    refusal = latest_to("bob@example.com").body
    assert refusal.startswith("Hallo Bob,") and "fr (Français)" in refusal and "ja (日本語)" in refusal
    bob.refresh_from_db()
    assert bob.profile.language == "de"
    unchanged(game)


def test_the_french_lines_of_a_game_email_pasted_unquoted_are_no_comment(
    ann: Any,
    bob: Any,
    tmp_path: Path,
    play_best: Any,  # noqa: F811
) -> None:
    speaks(ann, "fr")
    game = game_of(ann, bob)
    letter = latest_to("ann@example.com")
    assert "Ce que vous écrivez sous la ligne du coup est montré aux autres joueurs." in letter.body
    game.refresh_from_db()
    move = get_engine("lingo").best_move(game.state, 0).move  # type: ignore[attr-defined]
    pasted = f"{move}\nCe que vous écrivez sous la ligne du coup est montré aux autres joueurs."
    by_pipe(mime.reply(letter, pasted), tmp_path)
    played = game.moves.get()
    assert played.text and played.comment == ""


def test_an_undo_request_names_the_answers_as_each_reader_writes_them(ann: Any, bob: Any, play_best: Any) -> None:  # noqa: F811
    speaks(bob, "fr")
    game = game_of(ann, bob)
    play_best(game, ann)
    actions.request_undo(game.pk, ann)
    asked = latest_to("bob@example.com")
    assert "« accepter »" in asked.body and "« refuser »" in asked.body and asked.body.startswith("Bonjour Bob,")
