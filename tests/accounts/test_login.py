from __future__ import annotations

import pytest
from django.urls import reverse

from tests.conftest import PASSWORD
from wordgames.accounts.models import profile_for

pytestmark = pytest.mark.django_db


def suspend(user, reason: str = "") -> None:
    profile = profile_for(user)
    profile.suspended = True
    profile.suspended_reason = reason
    profile.save()


def test_logging_in_goes_to_the_lobby_with_my_display_name_in_the_header(client, ann):
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302 and response.url == reverse("lobby")
    assert '<span class="who"><bdi>Ann</bdi></span>' in client.get(reverse("profile")).content.decode()


def test_wrong_password_says_so_and_does_not_log_in(client, ann):
    response = client.post(reverse("login"), {"username": "ann", "password": "wrong horse"})
    page = response.content.decode()
    assert response.status_code == 200
    assert "Please enter a correct username and password." in page
    assert "_auth_user_id" not in client.session


def test_suspended_player_is_refused_with_a_polite_sentence_and_the_reason(client, ann):
    suspend(ann, "Rude messages to other players.")
    page = client.post(reverse("login"), {"username": "ann", "password": PASSWORD}).content.decode()
    assert "Sorry, your account has been suspended by a moderator" in page
    assert "Rude messages to other players." in page
    assert "_auth_user_id" not in client.session


def test_player_suspended_while_logged_in_is_logged_out_on_the_next_page(client_ann, ann):
    suspend(ann)
    response = client_ann.get(reverse("profile"), follow=True)
    assert response.redirect_chain[-1][0].startswith(reverse("login"))
    assert "Sorry, your account has been suspended" in response.content.decode()
    assert "_auth_user_id" not in client_ann.session


def test_log_out_is_a_button_and_a_get_does_not_log_me_out(client_ann):
    page = client_ann.get(reverse("profile")).content.decode()
    assert f'action="{reverse("logout")}"' in page
    assert client_ann.get(reverse("logout")).status_code == 405
    assert "_auth_user_id" in client_ann.session
    response = client_ann.post(reverse("logout"))
    assert response.status_code == 302 and response.url == reverse("lobby")
    assert "_auth_user_id" not in client_ann.session


def test_logged_out_visitor_sees_log_in_and_sign_up_links(client):
    for name in ("login", "password_reset"):
        page = client.get(reverse(name)).content.decode()
        assert f'<a class="site-name" href="{reverse("lobby")}">Wordgames</a>' in page
        assert f'href="{reverse("login")}"' in page and f'href="{reverse("signup")}"' in page
        assert reverse("logout") not in page


def test_after_five_wrong_passwords_even_the_right_one_is_refused_with_how_long_to_wait(client, ann):
    for _ in range(5):
        client.post(reverse("login"), {"username": "ann", "password": "wrong horse"})
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    page = response.content.decode()
    assert response.status_code == 429
    assert "Please try again in 15 minutes." in page
    assert "_auth_user_id" not in client.session


def test_a_lockout_ends_after_its_cool_off(client, ann, settings):
    import datetime

    from axes.models import AccessAttempt

    for _ in range(5):
        client.post(reverse("login"), {"username": "ann", "password": "wrong horse"})
    # The attempts were made 16 minutes ago: the 15-minute lockout is over.
    AccessAttempt.objects.update(attempt_time=datetime.datetime(2020, 1, 1, tzinfo=datetime.UTC))
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302 and client.session["_auth_user_id"] == str(ann.pk)


def test_another_players_lockout_does_not_lock_me_out(client, ann, bob):
    for _ in range(5):
        client.post(reverse("login"), {"username": "bob", "password": "wrong horse"})
    response = client.post(reverse("login"), {"username": "ann", "password": PASSWORD})
    assert response.status_code == 302


def test_the_test_clients_login_still_works_without_a_request(client, ann):
    assert client.login(username="ann", password=PASSWORD)
