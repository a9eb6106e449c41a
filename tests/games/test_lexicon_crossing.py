"""Lexicon Crossing through the service layer: the asynchronous green light (waiting, seen, leeway, withdraw,
concealment), jaywalks, red light and the grace period, and what every page and email shows whom."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone

from tests.conftest import logged_in
from tests.engines.lexicon_crossing.conftest import lay_out
from wordgames.engines import get_engine
from wordgames.games import actions, queries
from wordgames.games.actions import greenlight
from wordgames.games.models import Game, GreenLightRequest, Seat, TeamInvitation

pytestmark = pytest.mark.django_db(transaction=True)  # emails and tasks run after real commits

ENGINE = get_engine("lexicon-crossing")


def start(ann: Any, bob: Any, cat: Any, **options: Any) -> Game:
    game = actions.create_game(ann, "lexicon-crossing", {"dictionary": "every-word", **options}, ["bob", "cat"], seed=8)
    actions.join_game(game.pk, bob)
    actions.join_game(game.pk, cat)
    game.refresh_from_db()
    return game


def see(game: Game, position: int, when: Any) -> None:
    game.refresh_from_db()
    greenlight.mark_seen(game, position, when)


def lay(game: Game, user: Any, position: int) -> None:
    game.refresh_from_db()
    actions.submit_move(game.pk, user, lay_out(game.state["tiles"][position]))


def test_a_green_light_waits_for_everyone_to_see_the_newest_tile_then_the_leeway(ann, bob, cat):
    game = start(ann, bob, cat)
    t0 = timezone.now()
    see(game, 0, t0)  # ann opened her page; bob and cat have their starting tiles in emails
    lay(game, ann, 0)
    Seat.objects.filter(game=game, position__in=[1, 2]).update(seen_deal=-1)  # as if no email had gone out
    result = actions.submit_move(game.pk, ann, "green")
    assert result.move is None and "waiting" in result.message
    game.refresh_from_db()
    assert game.state["deal_number"] == 0  # nothing dealt yet
    request = GreenLightRequest.objects.get(game=game)
    assert request.status == "waiting" and request.fire_at is None
    see(game, 1, t0 + timedelta(minutes=1))
    request.refresh_from_db()
    assert request.fire_at is None  # cat has not seen hers
    see(game, 2, t0 + timedelta(minutes=2))
    request.refresh_from_db()
    assert request.fire_at == t0 + timedelta(minutes=7)  # the last one saw it at +2, plus 5 minutes' leeway
    assert actions.sweep(t0 + timedelta(minutes=6)).get("green_lights", 0) == 0
    assert actions.sweep(t0 + timedelta(minutes=7)).get("green_lights") == 1
    assert actions.sweep(t0 + timedelta(minutes=8)).get("green_lights", 0) == 0  # once
    game.refresh_from_db()
    assert game.state["deal_number"] == 1 and [len(t) for t in game.state["tiles"]] == [21, 21, 21]
    request.refresh_from_db()
    assert request.status == "fired"


def test_the_green_lighter_sees_their_new_tile_only_after_the_others(ann, bob, cat):
    game = start(ann, bob, cat)
    for position in range(3):
        see(game, position, timezone.now() - timedelta(hours=1))
    lay(game, ann, 0)
    Seat.objects.filter(game=game).update(seen_at=timezone.now() - timedelta(hours=1))
    result = actions.submit_move(game.pk, ann, "green")  # everyone caught up long ago: given at once
    assert result.move is not None and result.move.text == "green"
    game.refresh_from_db()
    new_tile = game.state["latest"][0][0]
    # bob and cat were emailed their new tiles after the commit, so they have seen theirs: ann may see hers.
    assert queries.concealed(game, 0) is False
    # Undo that, to see the concealment at work: bob has not seen his yet.
    Seat.objects.filter(game=game, position=1).update(seen_deal=0)
    game.refresh_from_db()
    assert queries.concealed(game, 0) is True
    page = logged_in(ann).get(f"/games/{game.pk}/").content.decode()
    assert "1 new tile waiting" in page
    assert 'data-from="hand"' not in page  # her crossword holds all her other tiles; the new one is hidden
    logged_in(bob).get(f"/games/{game.pk}/")  # bob's page shows him his tile: now ann may see hers
    game.refresh_from_db()
    assert queries.concealed(game, 0) is False
    page = logged_in(ann).get(f"/games/{game.pk}/").content.decode()
    assert "new tile waiting" not in page and f'data-letter="{new_tile}" data-from="hand"' in page


def test_withdraw_and_an_incomplete_crossword(ann, bob, cat):
    game = start(ann, bob, cat)
    with pytest.raises(actions.Refused, match="Not yet: these tiles are not in your crossword yet"):
        actions.submit_move(game.pk, bob, "green")
    lay(game, bob, 1)
    Seat.objects.filter(game=game).update(seen_deal=-1)
    assert actions.submit_move(game.pk, bob, "green").move is None
    result = actions.submit_move(game.pk, bob, "withdraw")
    assert result.message == "Your green light request is withdrawn."
    assert GreenLightRequest.objects.get(game=game).status == "withdrawn"
    with pytest.raises(actions.Refused, match="no green light waiting"):
        actions.submit_move(game.pk, bob, "withdraw")


def test_the_earliest_request_fires_and_the_others_lapse(ann, bob, cat):
    game = start(ann, bob, cat)
    lay(game, ann, 0)
    lay(game, cat, 2)
    Seat.objects.filter(game=game).update(seen_deal=-1)
    actions.submit_move(game.pk, cat, "green")
    actions.submit_move(game.pk, ann, "green")
    now = timezone.now()
    for position in range(3):
        see(game, position, now)
    assert greenlight.fire_due(now + timedelta(minutes=5)) == 1
    statuses = dict(GreenLightRequest.objects.filter(game=game).values_list("seat", "status"))
    assert statuses == {2: "fired", 0: "lapsed"}
    game.refresh_from_db()
    assert game.state["last_green"] == 2


def test_nobody_sees_another_players_tiles_or_crossword(ann, bob, cat, settings):
    game = start(ann, bob, cat)
    returned = game.state["tiles"][1][0]
    actions.submit_move(game.pk, bob, f"jaywalk {returned}")
    lay(game, bob, 1)
    game.refresh_from_db()
    secret = [row for row in game.state["grids"][1] if len(row) > 3]  # bob's across word
    for client in (logged_in(ann), logged_in(cat), Client()):
        for path in (f"/games/{game.pk}/", f"/games/{game.pk}/live/?since=0", f"/games/{game.pk}/state.json"):
            response = client.get(path)
            assert response.status_code == 200, path
            body = response.content.decode()
            for row in secret:
                assert row not in body, path
        assert client.get(f"/games/{game.pk}/record.json").status_code in (403, 404)
    for message in mail.outbox:
        if message.to != ["bob@example.com"]:
            for row in secret:
                assert row not in message.body and row not in message.alternatives[0][0]
        assert f"jaywalk {returned}" not in client.get(f"/games/{game.pk}/").content.decode()
    mine = logged_in(bob).get(f"/games/{game.pk}/").content.decode()
    assert f"jaywalk {returned}" in mine and ENGINE.score(game.state, 1).text in mine


def test_to_the_end_with_red_light_and_the_grace_period(ann, bob, cat):
    game = start(ann, bob, cat, start_tiles=39)  # 117 of 120 dealt: one round, then the pool is exhausted
    users = [ann, bob, cat]
    for position in range(3):
        see(game, position, timezone.now() - timedelta(hours=1))
    lay(game, ann, 0)
    Seat.objects.filter(game=game).update(seen_at=timezone.now() - timedelta(hours=1))
    assert actions.submit_move(game.pk, ann, "green").move is not None
    game.refresh_from_db()
    assert ENGINE.pool_exhausted(game.state)
    for position in range(3):
        lay(game, users[position], position)
    with pytest.raises(actions.Refused, match="call red light"):
        actions.submit_move(game.pk, bob, "green")
    actions.submit_move(game.pk, bob, "red")
    red_at = timezone.now()
    seats = {s.position: s for s in Seat.objects.filter(game=game)}
    assert seats[1].due_at is None
    assert seats[0].due_at is not None and seats[0].due_at - red_at < timedelta(hours=24, minutes=1)
    actions.submit_move(game.pk, cat, "done")
    assert actions.sweep(red_at + timedelta(hours=25))["timed_out"] == 1  # ann's grace ran out: done for her
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    result = game.result
    assert len(result["details"]) == 3 and all("/" in d and "=" in d for d in result["details"])
    page = logged_in(cat).get(f"/games/{game.pk}/").content.decode()
    assert "The crosswords" in page and result["details"][0] in page
    assert logged_in(cat).get(f"/games/{game.pk}/record.json").status_code == 200
    rebuilt = queries.rebuild_state(game)
    assert rebuilt == game.state


def test_racing_sweeps_deal_exactly_once(ann, bob, cat):
    """Eight workers sweep at the same moment: the waiting green light is given once (PostgreSQL row locks)."""
    import threading

    from django.db import connection, connections

    if connection.vendor != "postgresql":
        pytest.skip("row locks are a PostgreSQL test; SQLite serialises whole transactions")
    game = start(ann, bob, cat)
    lay(game, ann, 0)
    Seat.objects.filter(game=game).update(seen_deal=-1)
    actions.submit_move(game.pk, ann, "green")
    now = timezone.now()
    for position in range(3):
        see(game, position, now)
    barrier = threading.Barrier(8)
    fired: list[int] = []

    def sweep() -> None:
        try:
            barrier.wait()
            fired.append(greenlight.fire_due(now + timedelta(minutes=5)))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=sweep) for _ in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(fired) == [0] * 7 + [1]
    game.refresh_from_db()
    assert game.state["deal_number"] == 1 and len(game.state["tiles"][1]) == 21
    assert game.moves.filter(text="green").count() == 1


def test_a_three_player_game_to_the_end_through_the_services(ann, bob, cat):
    """Green lights queued and given after the leeway (faked clock), a withdrawn request, jaywalks, red light,
    the grace period and the final scores, all through the service layer."""
    game = start(ann, bob, cat, start_tiles=36)  # 108 dealt, 12 in the pool: four rounds of three
    users = [ann, bob, cat]
    clock = timezone.now()

    def everyone_sees() -> None:
        nonlocal clock
        clock += timedelta(minutes=1)
        for position in [1, 2, 0, 1, 2, 0]:  # the last green-lighter sees theirs only after the others
            see(game, position, clock)

    actions.submit_move(game.pk, bob, f"jaywalk {game.state['tiles'][1][0]}")
    turn = 0
    while True:
        game.refresh_from_db()
        if ENGINE.pool_exhausted(game.state):
            break
        caller = turn % 3
        lay(game, users[caller], caller)
        Seat.objects.filter(game=game).update(seen_deal=-1)  # nobody has looked since: the request waits
        if turn == 1:  # cat asks too, then thinks better of it
            lay(game, cat, 2)
            actions.submit_move(game.pk, cat, "green")
            actions.submit_move(game.pk, cat, "withdraw")
        assert actions.submit_move(game.pk, users[caller], "green").move is None
        everyone_sees()
        assert greenlight.fire_due(clock + timedelta(minutes=4)) == 0
        assert greenlight.fire_due(clock + timedelta(minutes=5)) == 1
        clock += timedelta(minutes=5)
        turn += 1
    game.refresh_from_db()
    assert turn == 4 and game.state["deal_number"] == 4
    assert list(GreenLightRequest.objects.filter(game=game).values_list("status", flat=True)).count("withdrawn") == 1
    for position in range(3):
        lay(game, users[position], position)
    actions.submit_move(game.pk, cat, "red")
    actions.submit_move(game.pk, ann, "done")
    actions.submit_move(game.pk, bob, "done")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    expected = [ENGINE.score(game.state, s).text for s in range(3)]
    assert game.result["details"] == expected
    assert all(text.endswith("/2=" + text.split("=")[1]) for text in expected)  # every crossword an L: 2 words


def test_a_moderator_ending_a_running_game_scores_every_crossword(ann, bob, cat, admin_user):
    game = start(ann, bob, cat)
    lay(game, ann, 0)
    actions.end_game(game.pk, admin_user, "The players asked for it.")
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert game.result["scores"][0] == round(ENGINE.score(game.state, 0).value, 2) and game.result["scores"][1] == 0


def test_team_mates_sharing_a_seat_see_its_tiles_and_move_for_it(ann, bob, cat):
    """Team play, "multiple individuals per player": cat shares ann's seat."""
    response = logged_in(ann).post(
        "/games/new/",
        {
            "game": "lexicon-crossing",
            "players": "2",
            "seat_2": "bob",
            "partners": "1: cat",
            "opt_dictionary": "every-word",
            "clock": "7d",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get(engine="lexicon-crossing")
    assert "asks you to share their seat" in logged_in(cat).get(game.get_absolute_url()).content.decode()
    invitation = TeamInvitation.objects.get(user=cat)
    assert logged_in(cat).post(f"/team-invitations/{invitation.pk}/", {"answer": "accept"}).status_code == 302
    actions.join_game(game.pk, bob)
    game.refresh_from_db()
    page = logged_in(cat).get(game.get_absolute_url()).content.decode()
    assert "Your hand" in page and "<bdi>Ann</bdi></a> (you)" in page
    cat_linked = '<a class="player" href="/players/cat/"><bdi>Cat</bdi></a>'
    assert (
        f"shared with {cat_linked}" in logged_in(bob).get(game.get_absolute_url()).content.decode()
    )  # everyone sees it
    actions.submit_move(game.pk, cat, lay_out(game.state["tiles"][0]))  # cat arranges the team's crossword
    game.refresh_from_db()
    assert game.state["grids"][0] and game.moves.last().user == cat and game.moves.last().seat == 0
    with pytest.raises(actions.Refused, match="already plays in this game"):
        actions.create_game(ann, "lexicon-crossing", {}, ["bob"], partners={0: ["bob"]})


def green_by_ann_unseen_by_bob(ann: Any, bob: Any, cat: Any) -> Game:
    """ann's green light is given; bob has not seen his new tile yet, so ann's stays hidden from her."""
    game = start(ann, bob, cat)
    lay(game, ann, 0)
    Seat.objects.filter(game=game).update(seen_at=timezone.now() - timedelta(hours=1))
    actions.submit_move(game.pk, ann, "green")
    Seat.objects.filter(game=game, position=1).update(seen_deal=0)  # bob has not seen his new tile
    game.refresh_from_db()
    return game


def test_the_json_view_keeps_the_green_lighters_new_tile_hidden_too(ann, bob, cat):
    game = green_by_ann_unseen_by_bob(ann, bob, cat)
    data = logged_in(ann).get(f"/games/{game.pk}/state.json").json()
    assert data["view"]["hidden_new"] == 1 and data["view"]["hand"] == []


def test_no_answer_to_the_green_lighter_gives_away_their_hidden_tile(ann, bob, cat):
    game = green_by_ann_unseen_by_bob(ann, bob, cat)
    hidden = game.state["latest"][0][0]
    grid = game.state["grids"][0]
    # Guessing the hidden letter onto the crossword is refused like any tile she does not have.
    with pytest.raises(actions.Refused, match=f"uses tiles you do not have: {hidden}"):
        actions.submit_move(game.pk, ann, "grid " + "/".join([*grid, hidden]))
    # Asking for a green light does not list it as a tile still to place: the request waits.
    assert "waiting" in actions.submit_move(game.pk, ann, "green").message
    game.refresh_from_db()
    assert game.state["latest"][0] == [hidden] and hidden in game.state["tiles"][0]  # still hers, still hidden
    logged_in(bob).get(f"/games/{game.pk}/")  # bob sees his: now hers shows, and the same grid is accepted
    actions.submit_move(game.pk, ann, "grid " + "/".join([*grid, hidden]))


def test_saving_a_crossword_sends_no_email(ann, bob, cat):
    game = start(ann, bob, cat)
    before = len(mail.outbox)
    for _ in range(3):
        lay(game, ann, 0)
    assert len(mail.outbox) == before


def test_a_green_light_emails_the_others_their_new_tile_and_not_the_caller(ann, bob, cat):
    game = start(ann, bob, cat)
    lay(game, ann, 0)
    Seat.objects.filter(game=game).update(seen_at=timezone.now() - timedelta(hours=1))
    before = len(mail.outbox)
    actions.submit_move(game.pk, ann, "green")
    game.refresh_from_db()
    sent = mail.outbox[before:]
    assert sorted(m.to[0] for m in sent) == ["bob@example.com", "cat@example.com"]
    to_bob = next(m for m in sent if m.to == ["bob@example.com"])
    assert "ann called green light: everyone draws a tile." in to_bob.body
    assert f"Newest tile: {game.state['latest'][1][0]}" in to_bob.body
    assert "to move" not in to_bob.subject  # nobody has to move in Lexicon Crossing


def test_a_lexicon_crossing_game_never_waits_for_anyone_in_the_lobby(ann, bob, cat):
    start(ann, bob, cat)
    response = logged_in(cat).get("/next/")
    assert response.status_code == 302 and response.url == "/"


def test_collaborating_team_mates_swap_a_tile_on_the_web(ann: Any, bob: Any, cat: Any, dan: Any) -> None:
    game = actions.create_game(
        ann, "lexicon-crossing", {"dictionary": "every-word", "teams": "ABAB"}, ["bob", "cat", "dan"], seed=8
    )
    for user in (bob, cat, dan):
        actions.join_game(game.pk, user)
    game.refresh_from_db()
    page = logged_in(ann).get(game.get_absolute_url()).content.decode()
    assert "Swap a tile with cat" in page and "swap E X cat" in page  # cat is ann's team-mate; bob and dan are not
    give, take = game.state["tiles"][0][0], game.state["tiles"][2][0]
    response = logged_in(ann).post(
        f"/games/{game.pk}/move/", {"move": f"swap {give} {take} cat", "key": "s1", "version": game.version}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert take in game.state["tiles"][0] and give in game.state["tiles"][2]
    assert "Swap a tile" not in logged_in(ann).get(game.get_absolute_url()).content.decode()  # once a green light
    assert "Swap a tile" in logged_in(bob).get(game.get_absolute_url()).content.decode()  # bob and dan still may
