"""The site's VAPID key: the operator's, or on a laptop a development key made once and kept."""

from __future__ import annotations

import stat

from django.core.management import call_command

from wordgames.push import keys


def test_on_a_laptop_a_development_key_is_made_once_and_kept(settings, tmp_path):
    settings.VAPID_PRIVATE_KEY = ""
    settings.DEBUG = True
    settings.VAPID_KEY_FILE = str(tmp_path / "vapid-dev.key")
    keys.forget()
    first = keys.application_server_key()
    assert len(first) == 87  # base64url of a P-256 point (65 bytes)
    assert stat.S_IMODE((tmp_path / "vapid-dev.key").stat().st_mode) == 0o600
    keys.forget()  # the server restarted: the same key, so the devices subscribed keep working
    assert keys.application_server_key() == first


def test_in_production_without_a_key_pushes_are_off(settings, tmp_path):
    settings.VAPID_PRIVATE_KEY = ""
    settings.DEBUG = False
    settings.VAPID_KEY_FILE = str(tmp_path / "vapid-dev.key")
    keys.forget()
    assert keys.signing_key() is None and keys.application_server_key() == ""
    assert not (tmp_path / "vapid-dev.key").exists()


def test_the_command_makes_a_key_the_site_can_use(settings, capsys):
    call_command("vapid_key")
    line = capsys.readouterr().out.splitlines()[0]
    assert line.startswith("VAPID_PRIVATE_KEY=")
    settings.VAPID_PRIVATE_KEY = line.partition("=")[2]
    keys.forget()
    assert len(keys.application_server_key()) == 87
