"""Moderators in Django's admin: every action asks why, is logged, and the players are told."""

from __future__ import annotations

import pytest
from django.core import mail
from django.urls import reverse

from wordgames.accounts.models import is_suspended
from wordgames.games import actions
from wordgames.games.models import Game, ModerationAction, Move

pytestmark = pytest.mark.django_db


def run_action(client, model: str, action: str, ids: list[int], **data):
    url = reverse(f"admin:{model}_changelist")
    payload = {"action": action, "_selected_action": ids, **data}
    return client.post(url, payload, follow=True)


def test_take_back_asks_for_a_reason_first_then_logs_and_tells_players(
    admin_client, lingo_game, ann, play_best, django_capture_on_commit_callbacks
):
    play_best(lingo_game, ann)
    asked = run_action(admin_client, "games_game", "take_back", [lingo_game.pk])
    assert "The players are told" in asked.content.decode()
    assert Move.objects.filter(taken_back=False).count() == 1  # nothing happened yet
    with django_capture_on_commit_callbacks(execute=True):
        done = run_action(admin_client, "games_game", "take_back", [lingo_game.pk], confirm="1", reason="misclick")
    assert "done for 1" in done.content.decode()
    assert Move.objects.filter(taken_back=False).count() == 0
    log = ModerationAction.objects.get()
    assert (log.kind, log.reason, log.moderator.username) == ("take_back", "misclick", "admin")
    assert any("took back the last move" in m.subject for m in mail.outbox)
    page = admin_client.get(lingo_game.get_absolute_url()).content.decode()
    assert "misclick" in page  # shown on the game page too


def test_admin_hides_the_state_with_its_hidden_tiles(admin_client, lingo_game):
    page = admin_client.get(reverse("admin:games_game_change", args=[lingo_game.pk])).content.decode()
    assert "&quot;bag&quot;" not in page and '"bag"' not in page


def test_replace_player_from_the_seat_admin(admin_client, lingo_game, cat):
    seat = lingo_game.seats.get(position=1)
    run_action(admin_client, "games_seat", "replace_player", [seat.pk], confirm="1", reason="bob left", user=cat.pk)
    seat.refresh_from_db()
    assert seat.user == cat


def test_suspend_user_from_the_user_admin(admin_client, ann):
    run_action(admin_client, "accounts_profile", "suspend", [ann.profile.pk], confirm="1", reason="rude")
    assert ModerationAction.objects.get().kind == "suspend"
    assert is_suspended(ann)


def test_end_game_from_the_admin(admin_client, lingo_game):
    run_action(admin_client, "games_game", "end_game", [lingo_game.pk], confirm="1", reason="stalled")
    lingo_game.refresh_from_db()
    assert lingo_game.status == Game.Status.FINISHED


def test_moderators_see_green_light_requests_and_email_opt_outs(admin_client, ann, bob, cat):
    from wordgames.games.models import GreenLightRequest
    from wordgames.mail.models import EmailOptOut

    game = actions.create_game(ann, "lexicon-crossing", {}, ["bob", "cat"], seed=1)
    GreenLightRequest.objects.create(game=game, seat=1, created=game.created)
    EmailOptOut.objects.create(address="dan@example.org")
    page = admin_client.get(reverse("admin:games_greenlightrequest_changelist")).content.decode()
    assert f"Lexicon Crossing #{game.pk}" in page and "waiting" in page
    assert "dan@example.org" in admin_client.get(reverse("admin:mail_emailoptout_changelist")).content.decode()


def test_the_move_summary_and_the_moderation_detail_in_the_staff_members_language(
    admin_client, lingo_game, ann, play_best
):
    """The admin words the stored summary (kept as codes and values) for the staff member; a row stored before
    sentences were data shows the English it kept."""
    from django.utils import translation

    play_best(lingo_game, ann)
    run_action(admin_client, "games_game", "take_back", [lingo_game.pk], confirm="1", reason="misclick")
    move = Move.objects.get()
    with translation.override("fr"):
        french = move.told
    assert french != move.summary and "made the" in move.summary
    french_page = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    game_page = admin_client.get(reverse("admin:games_game_change", args=[lingo_game.pk]), **french_page)
    move_page = admin_client.get(reverse("admin:games_move_change", args=[move.pk]), **french_page)
    action = ModerationAction.objects.get()
    log_page = admin_client.get(reverse("admin:games_moderationaction_change", args=[action.pk]), **french_page)
    for page in (game_page, move_page, log_page):
        assert page.status_code == 200 and french.replace("'", "&#x27;") in page.content.decode()
    for page in (game_page, log_page):  # (the move's own page also shows its raw outcome, which keeps the English)
        assert move.summary not in page.content.decode()

    Move.objects.filter(pk=move.pk).update(outcome={})  # an old row: no sentence as data
    old = admin_client.get(reverse("admin:games_move_change", args=[move.pk]), **french_page).content.decode()
    assert move.summary in old


def test_team_mates_are_shown_not_edited_in_the_seat_admin(admin_client, lingo_game, ann, cat):
    """Team-mates come only through their doors (both consent, the table is told, the records count them)."""
    invitation = actions.invite_team_mate(lingo_game.pk, ann, "cat")
    actions.answer_team_invitation(invitation.pk, cat, accept=True)
    seat = lingo_game.seats.get(position=0)
    page = admin_client.get(reverse("admin:games_seat_change", args=[seat.pk])).content.decode()
    assert 'name="partners"' not in page and "cat" in page
