from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from wordgames.accounts.models import Profile, display_name, is_suspended, profile_for

pytestmark = pytest.mark.django_db


def profile_data(**overrides: str) -> dict[str, str]:
    return {"display_name": "Ann", "email": "ann@example.com", "time_zone": "UTC", **overrides}


def test_profile_edit_changes_my_name_and_time_zone(client_ann, ann):
    data = profile_data(display_name="Annie  the  Great", time_zone="Europe/Helsinki")
    response = client_ann.post(reverse("profile"), data, follow=True)
    page = response.content.decode()
    assert "Your profile is saved." in page
    assert '<span class="who"><bdi>Annie the Great</bdi></span>' in page
    assert "in Europe/Helsinki" in page
    ann.refresh_from_db()
    assert ann.profile.time_zone == "Europe/Helsinki"
    assert display_name(ann) == "Annie the Great"


def test_times_are_shown_in_my_time_zone(client_ann, ann, settings):
    settings.LOCAL_MAIL_VISIBLE = True
    from wordgames.mail.models import LocalEmail

    message = LocalEmail.objects.create(from_email="a@b", to="ann@example.com", subject="Hi", raw="")
    LocalEmail.objects.filter(pk=message.pk).update(created="2026-01-15T12:00:00Z")
    client_ann.post(reverse("profile"), profile_data(time_zone="Asia/Tokyo"))
    page = client_ann.get(reverse("local_mail_message", args=[message.pk])).content.decode()
    assert "15 Jan 2026, 9 p.m. JST" in page  # the site language's format (en-gb), in her zone


def test_an_invalid_time_zone_is_refused(client_ann, ann):
    response = client_ann.post(reverse("profile"), profile_data(time_zone="Mars/Olympus_Mons"))
    assert response.status_code == 200
    assert "Select a valid choice." in response.content.decode()
    assert profile_for(ann).time_zone == "UTC"


def test_time_zone_select_lists_iana_names(client_ann):
    page = client_ann.get(reverse("profile")).content.decode()
    assert '<select name="time_zone"' in page
    assert '<option value="America/New_York">America/New York</option>' in page
    assert 'value="localtime"' not in page


def test_the_profile_form_no_longer_changes_the_email_address(client_ann, ann):
    client_ann.post(reverse("profile"), profile_data(email="eve@example.com"))
    ann.refresh_from_db()
    assert ann.email == "ann@example.com"


def test_display_name_cannot_be_another_players_username(client_ann, bob):
    page = client_ann.post(reverse("profile"), profile_data(display_name="BOB")).content.decode()
    assert "That is another player&#x27;s username" in page


def test_profile_page_needs_a_login(client):
    response = client.get(reverse("profile"))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


def test_display_name_falls_back_to_the_username(ann, cat):
    profile = profile_for(cat)
    profile.display_name = ""
    profile.save()
    assert display_name(ann) == "Ann"
    assert display_name(cat) == "cat"
    assert display_name(None) == ""


def test_every_new_user_gets_a_profile_and_old_ones_get_one_on_demand(db):
    dan = get_user_model().objects.create_user("dan", "dan@example.com", "x")
    assert Profile.objects.filter(user=dan).exists()
    Profile.objects.filter(user=dan).delete()
    dan = get_user_model().objects.get(pk=dan.pk)
    assert display_name(dan) == "dan"
    assert profile_for(dan).pk is not None


def test_is_suspended_reads_the_database_at_once(ann, bob):
    assert not is_suspended(ann)
    Profile.objects.filter(user=ann).update(suspended=True)
    assert is_suspended(ann) and not is_suspended(bob)


def test_display_name_cannot_be_a_look_alike_of_another_players_username(client_ann, bob):
    page = client_ann.post(reverse("profile"), profile_data(display_name="B\u03bf\u0432".replace("\u0432", "b")))
    assert "That is another player&#x27;s username" in page.content.decode()


def test_a_display_name_over_40_characters_is_refused_with_the_limit(client_ann):
    page = client_ann.post(reverse("profile"), profile_data(display_name="A" * 41)).content.decode()
    assert "A display name has at most 40 characters (this one has 41)." in page
