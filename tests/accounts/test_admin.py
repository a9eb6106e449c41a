from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from wordgames.accounts.models import Profile, is_suspended
from wordgames.games.models import ModerationAction

pytestmark = pytest.mark.django_db


def test_moderator_suspends_a_player_with_a_reason_and_it_is_logged(admin_client, ann, bob):
    url = reverse("admin:accounts_profile_changelist")
    selected = {"action": "suspend", "_selected_action": [ann.profile.pk]}
    page = admin_client.post(url, selected).content.decode()
    assert "Suspend these players" in page and 'name="reason"' in page
    assert not is_suspended(ann)

    admin_client.post(url, {**selected, "confirm": "1", "reason": "Cheating with a bot"})
    assert is_suspended(ann) and not is_suspended(bob)
    assert Profile.objects.get(user=ann).suspended_reason == "Cheating with a bot"
    assert ModerationAction.objects.get().kind == ModerationAction.Kind.SUSPEND

    admin_client.post(
        url, {"action": "unsuspend", "_selected_action": [ann.profile.pk], "confirm": "1", "reason": "Appeal accepted"}
    )
    assert not is_suspended(ann)


def test_user_admin_shows_the_profile_and_adding_a_user_makes_exactly_one(admin_client, ann):
    page = admin_client.get(reverse("admin:auth_user_change", args=[ann.pk])).content.decode()
    assert 'name="profile-0-display_name"' in page and 'value="Ann"' in page
    data = {
        "username": "dan",
        "password1": "purple staple elephant",
        "password2": "purple staple elephant",
        "usable_password": "true",
    }
    response = admin_client.post(reverse("admin:auth_user_add"), data)
    assert response.status_code == 302, response.content.decode()
    assert Profile.objects.filter(user=get_user_model().objects.get(username="dan")).count() == 1
