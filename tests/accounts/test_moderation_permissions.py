"""Moderation by permission: staff who may only look are refused every action; the Moderators group may act."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.test import Client
from django.urls import reverse

from tests.conftest import make_user
from wordgames.accounts.models import is_suspended
from wordgames.accounts.moderators import ensure_moderators_group
from wordgames.games import actions
from wordgames.games.models import Game, ModerationAction

pytestmark = pytest.mark.django_db


def staff(name: str, *, group: bool = False) -> Client:
    user = make_user(name)
    user.is_staff = True
    user.save()
    if group:
        from django.apps import apps

        user.groups.add(ensure_moderators_group(apps))
    else:
        user.user_permissions.add(*Permission.objects.filter(codename__in=["view_game", "view_seat", "view_profile"]))
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def game(ann, bob):
    game = actions.create_game(ann, "lingo", {"preset": "classic"}, ["bob"], seed=1)
    actions.join_game(game.pk, bob)
    return Game.objects.get(pk=game.pk)


def abandon(client: Client, game: Game):
    return client.post(
        reverse("admin:games_game_changelist"),
        {"action": "abandon_game", "_selected_action": [game.pk], "confirm": "1", "reason": "x"},
    )


def suspend(client: Client, user):
    return client.post(
        reverse("admin:accounts_profile_changelist"),
        {"action": "suspend", "_selected_action": [user.profile.pk], "confirm": "1", "reason": "x"},
    )


def test_staff_with_only_view_permission_see_no_actions_and_cannot_abandon_a_game(game):
    viewer = staff("viewer")
    page = viewer.get(reverse("admin:games_game_changelist"))
    assert page.status_code == 200 and "abandon_game" not in page.content.decode()
    abandon(viewer, game)
    game.refresh_from_db()
    assert game.status == Game.Status.ACTIVE and not ModerationAction.objects.exists()


def test_staff_with_only_view_permission_cannot_suspend_a_player(ann):
    viewer = staff("viewer")
    assert "Suspend these players" not in viewer.get(reverse("admin:accounts_profile_changelist")).content.decode()
    suspend(viewer, ann)
    assert not is_suspended(ann)


def test_a_moderator_in_the_moderators_group_abandons_a_game_and_suspends_a_player(game, cat):
    moderator = staff("mod", group=True)
    page = moderator.get(reverse("admin:games_game_changelist")).content.decode()
    assert "abandon_game" in page and "take_back" in page
    abandon(moderator, game)
    game.refresh_from_db()
    assert game.status != Game.Status.ACTIVE
    suspend(moderator, cat)
    assert is_suspended(cat)


def test_the_moderators_group_exists_after_migrating_with_both_powers():
    codenames = set(Group.objects.get(name="Moderators").permissions.values_list("codename", flat=True))
    assert {"moderate_games", "suspend_players", "view_game", "view_inboundmessage"} <= codenames
    assert not any(c.startswith(("change_", "add_")) for c in codenames)
