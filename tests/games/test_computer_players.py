"""Computer players on the site: a seat a computer holds is played through the same door as people's, after
the commit that made it its turn, seeing only its seat, once per position, from the game's secret."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tests.conftest import PASSWORD
from wordgames.engines import get_engine
from wordgames.engines.core.players import choose_move
from wordgames.games import actions
from wordgames.games.actions import computers
from wordgames.games.models import Game, Move, OwedTask


def _against_computer(
    ann: Any, engine: str, level: str = "strong", options: dict[str, Any] | None = None, capture: Any = None
) -> Game:
    with capture(execute=True):
        game = actions.create_game(ann, engine, options or {}, [f"computer:{level}"])
    game.refresh_from_db()
    return game


def _move(game: Game, user: Any) -> Any:
    """A legal move for ``user`` (the quick computer's choice for their seat), played as they would."""
    game.refresh_from_db()
    engine = get_engine(game.engine)
    seat = game.seats.get(user=user).position
    text = choose_move(engine, engine.view(game.state, seat), seat, level="quick", rng=random.Random(1), budget=5)
    return actions.submit_move(game.pk, user, text, expected_version=game.version)


def _by(game: Game, seat: int) -> list[Move]:
    return list(game.moves.filter(seat=seat).order_by("seq"))


def test_play_the_computer_from_the_lobby_starts_a_game_the_computer_answers(
    client_ann: Client, ann: Any, django_capture_on_commit_callbacks: Any, mailoutbox: list[Any]
) -> None:
    page = client_ann.get(reverse("lobby"))
    assert b"Play the computer" in page.content
    with django_capture_on_commit_callbacks(execute=True):
        response = client_ann.post(reverse("play_computer"), {"game": "lingo", "level": "quick"})
    game = Game.objects.get()
    assert response.status_code == 302 and response["Location"] == game.get_absolute_url()
    assert game.status == Game.Status.ACTIVE
    computer = game.seats.get(position=1).user
    assert computer.username == "computer-quick" and not computer.has_usable_password() and not computer.email
    # ann moves; the computer answers after the commit, through the same door, marked as the computer's.
    best = get_engine("lingo").best_move(game.state, 0)
    with django_capture_on_commit_callbacks(execute=True):
        client_ann.post(
            reverse("submit_move", args=[game.pk]), {"move": best.move, "version": game.version, "key": "k1"}
        )
    game.refresh_from_db()
    answer = _by(game, 1)
    assert len(answer) == 1 and answer[0].source == Move.Source.COMPUTER and answer[0].user == computer
    assert game.version == 3 and get_engine("lingo").actors(game.state) == {0}
    page = client_ann.get(game.get_absolute_url()).content.decode()
    assert "computer-quick" in page
    # ann is told it is her turn again; nothing is mailed to the computer (it has no address).
    assert [m.to for m in mailoutbox] == [["ann@example.com"]] * 2  # the start, then her turn again
    assert "It is your turn" in mailoutbox[-1].body or "your turn" in mailoutbox[-1].subject.lower()


def test_the_new_game_form_seats_a_computer_written_in_a_seat(
    client_ann: Client, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        client_ann.post(
            reverse("new_game") + "?game=lingua-fences",
            {"game": "lingua-fences", "players": 3, "seat_2": "Quick computer", "seat_3": "computer", "clock": "7d"},
        )
    game = Game.objects.get()
    names = [s.user.username for s in game.seats.order_by("position")]
    assert names == ["ann", "computer-quick", "computer-strong"]
    # Lingua Fences is played in rounds: both computers wrote in the first one; the round waits for ann.
    assert game.status == Game.Status.ACTIVE
    game.refresh_from_db()
    assert {m.seat for m in game.moves.all()} == {1, 2}
    assert get_engine("lingua-fences").actors(game.state) == {0}


def test_two_computers_of_a_level_in_one_game_are_two_accounts(
    ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game = actions.create_game(ann, "lingua-fences", {}, ["computer:strong", "computer:strong"])
    assert [s.user.username for s in game.seats.order_by("position")] == ["ann", "computer-strong", "computer-strong-2"]


def test_an_unknown_level_is_refused_with_the_levels_there_are(ann: Any) -> None:
    with pytest.raises(actions.Refused, match="quick, strong"):
        actions.create_game(ann, "lingo", {}, ["computer:genius"])
    assert not Game.objects.exists()


def test_nobody_can_sign_up_as_a_computer(client: Client, db: Any) -> None:
    for name in ("computer-strong", "Computer", "cоmputer-quick"):  # the last with a Cyrillic о
        response = client.post(
            reverse("signup"),
            {"username": name, "email": f"x{len(name)}@example.com", "password1": PASSWORD, "password2": PASSWORD},
        )
        assert "kept for the site" in response.content.decode()
    assert not User.objects.filter(username__icontains="omputer").exists()


def test_a_computer_account_cannot_log_in(client: Client, ann: Any, django_capture_on_commit_callbacks: Any) -> None:
    _against_computer(ann, "lingo", capture=django_capture_on_commit_callbacks)
    assert not client.login(username="computer-strong", password="")
    assert not client.login(username="computer-strong", password=PASSWORD)


def test_a_turn_task_run_twice_moves_once(ann: Any, django_capture_on_commit_callbacks: Any) -> None:
    game = _against_computer(ann, "keebble", capture=django_capture_on_commit_callbacks)
    _move(game, ann)
    game.refresh_from_db()
    version = game.version
    assert computers.play_computers(game.pk, version) == 1
    assert computers.play_computers(game.pk, version) == 0  # stale: the game has moved on
    assert len(_by(game, 1)) == 1


def test_a_late_task_for_an_old_position_does_nothing(ann: Any, django_capture_on_commit_callbacks: Any) -> None:
    game = _against_computer(ann, "lingo", capture=django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        _move(game, ann)
    game.refresh_from_db()
    moves = game.moves.count()
    assert computers.play_computers(game.pk, game.version - 2) == 0
    assert game.moves.count() == moves


def _lingo_with_hidden_pools(ann: Any, secret: str) -> Game:
    game = actions.create_game(ann, "lingo", {"not_shared": True, "preset": "classic"}, ["computer:quick"])
    Game.objects.filter(pk=game.pk).update(secret=secret)
    game.refresh_from_db()
    return game


def test_the_computer_plays_the_same_whatever_it_cannot_see_and_the_same_from_the_same_secret(
    ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """Two games, same secret: the computer's move is the same; change ann's hidden pool and the bag in one
    of them and it is still the same (it never looked)."""
    secret = "ab" * 32
    moves = []
    for changed in (False, True, False):
        game = _lingo_with_hidden_pools(ann if not changed else bob, secret)
        user = game.seats.get(position=0).user
        # The deal comes from the secret: restart the game from it, then hide other tiles from the computer.
        engine = get_engine("lingo")
        state = engine.new_game([user.username, "computer-quick"], game.options, secret)
        Game.objects.filter(pk=game.pk).update(state=state)
        _move(game, user)
        game.refresh_from_db()
        if changed:  # after ann's move, before the computer's: her pool and the bag are not what they were
            state = game.state
            bag = list(state["bag"])
            random.Random(5).shuffle(bag)
            state["bag"] = "".join(bag) if isinstance(state["bag"], str) else bag
            state["pools"][0] = list("QQQQ")
            Game.objects.filter(pk=game.pk).update(state=state)
        computers.play_computers(game.pk, game.version, budget=5.0)
        moves.append([m.text for m in _by(game, 1)])
    assert moves[0] == moves[1] == moves[2] and moves[0]


def test_a_computer_whose_player_crashes_plays_the_rules_move(
    ann: Any, django_capture_on_commit_callbacks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The strong player raising (a bug) falls back to the quick one; both failing, to the rules' own move (a
    pass where the rules allow one): the game goes on either way."""
    real = computers.choose_move
    broken_levels = {"strong"}

    def broken(*args: Any, level: str, **kwargs: Any) -> Any:
        if level in broken_levels:
            raise RuntimeError("a bug in the search")
        return real(*args, level=level, **kwargs)

    monkeypatch.setattr(computers, "choose_move", broken)
    game = _against_computer(ann, "lingo", capture=django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        _move(game, ann)
    game.refresh_from_db()
    assert len(_by(game, 1)) == 1 and _by(game, 1)[0].text not in ("resign", "pass")  # a placement: it played on
    assert get_engine("lingo").actors(game.state) == {0}
    broken_levels.add("quick")
    fences = _against_computer(ann, "lingua-fences", capture=django_capture_on_commit_callbacks)
    assert [m.text for m in _by(fences, 1)] == ["pass"]
    assert fences.status == Game.Status.ACTIVE


def test_a_moderator_puts_a_computer_in_the_seat_of_a_player_who_left(
    ann: Any, bob: Any, django_capture_on_commit_callbacks: Any
) -> None:
    moderator = User.objects.create_superuser("mod", "mod@example.com", PASSWORD)
    client = Client()
    client.force_login(moderator)
    game = actions.create_game(ann, "lingo", {}, ["bob"])
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    _move(game, ann)  # bob to move, and bob has left
    seat = game.seats.get(position=1)
    url = reverse("admin:games_seat_changelist")
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            url,
            {
                "action": "replace_player",
                "_selected_action": [seat.pk],
                "confirm": "1",
                "computer": "strong",
                "reason": "bob left the site",
            },
        )
    assert response.status_code == 302
    game.refresh_from_db()
    computer = game.seats.get(position=1).user
    assert computer.username == "computer-strong" and game.has_computers
    assert _by(game, 1) and _by(game, 1)[-1].source == Move.Source.COMPUTER
    assert get_engine("lingo").actors(game.state) == {0}


def test_a_rematch_against_the_computer_seats_the_computer_again(
    ann: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game = _against_computer(ann, "lingo", capture=django_capture_on_commit_callbacks)
    actions.submit_move(game.pk, ann, "resign", expected_version=game.version)
    game.refresh_from_db()
    with django_capture_on_commit_callbacks(execute=True):
        again = actions.rematch(game.pk, ann)
    again.refresh_from_db()
    assert again.status == Game.Status.ACTIVE
    assert again.seats.get(position=0).user.username == "computer-strong"
    assert len(_by(again, 0)) == 1  # the computer moves first in the rematch, and did


def test_a_computer_whose_turn_was_lost_is_woken_by_the_sweep(
    ann: Any, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    game = _against_computer(ann, "lingo", capture=django_capture_on_commit_callbacks)
    _move(game, ann)  # its turn owed, never run
    assert OwedTask.objects.filter(task=computers.PLAY_COMPUTERS).exists()
    OwedTask.objects.all().delete()  # the broker lost it
    game.refresh_from_db()
    assert not _by(game, 1)
    assert computers.wake_idle() == 0  # it has not waited long yet
    assert game.wake_at is not None
    later = game.wake_at + timedelta(seconds=1)
    assert game.wake_at - timezone.now() > timedelta(seconds=settings.COMPUTER_WAKE_AFTER - 5)
    assert computers.wake_idle(later, game_id=game.pk + 1) == 0  # another game's sweep (a parallel soak) leaves it
    with django_capture_on_commit_callbacks(execute=True):
        assert computers.wake_idle(later) == 1
    assert len(_by(game, 1)) == 1


def test_a_game_where_the_human_thinks_is_not_read_by_the_wake_up_sweep(
    ann: Any, django_capture_on_commit_callbacks: Any, django_assert_max_num_queries: Any
) -> None:
    """The computer moved; now the human thinks, for days: the sweep looks at the game once, when its wake time
    comes, finds nobody to wake and never reads it again until the next change; the game's end clears it."""
    game = _against_computer(ann, "lingo", capture=django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        _move(game, ann)  # the computer answers at once (its task runs)
    game.refresh_from_db()
    assert len(_by(game, 1)) == 1 and game.wake_at is not None  # set by the computer's own move
    later = game.wake_at + timedelta(seconds=1)
    assert computers.wake_idle(later) == 0  # looked at once: ann is to move
    game.refresh_from_db()
    assert game.wake_at is None
    with django_assert_max_num_queries(1):
        assert computers.wake_idle(later + timedelta(days=3)) == 0
    with django_capture_on_commit_callbacks(execute=True):
        actions.submit_move(game.pk, ann, "resign")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED and game.wake_at is None


def test_lexicon_crossing_computer_sees_its_deal_and_works_in_private(
    ann: Any, client_ann: Client, django_capture_on_commit_callbacks: Any
) -> None:
    """It reads its tiles at once (the green light waits for nobody who has not), and rearranging its own
    crossword changes nothing others can see: the game's version stays. (Only a public move changes it: a
    jaywalk, when the computer could not use every tile within its time, which depends on the machine.)"""
    game = _against_computer(ann, "lexicon-crossing", capture=django_capture_on_commit_callbacks)
    seat = game.seats.get(position=1)
    assert seat.seen_deal == 0
    moves = _by(game, 1)
    grids = [m for m in moves if m.text.startswith("grid ")]
    assert grids and all(m.outcome["events"].get("quiet") for m in grids)
    public = [m for m in moves if not m.outcome["events"].get("quiet")]
    assert all(m.text.startswith("jaywalk ") for m in public) and game.version == 1 + len(public)
    page = client_ann.get(game.get_absolute_url()).content.decode()
    assert grids[0].text.split()[1][:20] not in page


def test_a_team_mate_joining_while_the_computer_thinks_leaves_it_its_turn(
    ann: Any, dan: Any, django_capture_on_commit_callbacks: Any
) -> None:
    game = _against_computer(ann, "lingo", capture=django_capture_on_commit_callbacks)
    _move(game, ann)  # the computer's turn owed for this version, not run yet
    invitation = actions.invite_team_mate(game.pk, ann, "dan")
    actions.answer_team_invitation(invitation.pk, dan, accept=True)  # a new version: every open page shows dan
    game.refresh_from_db()
    owed = [t.args for t in OwedTask.objects.filter(task=computers.PLAY_COMPUTERS)]
    assert [game.pk, game.version] in owed  # the turn is owed for the version the computer will find
    for args in owed:
        computers.play_computers(*args)
    assert len(_by(game, 1)) == 1
