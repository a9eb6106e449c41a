"""Safe defaults: a site started with no settings is closed, not open; headers every page carries."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[1]
SECRET = "x" * 20 + "a-long-random-production-secret-key-0123456789"


def settings_under(env: dict[str, str], *names: str) -> subprocess.CompletedProcess:
    """Read settings in a fresh process, with only ``env`` for the site's variables."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k
        not in ("DEBUG", "SECRET_KEY", "LOCAL_MAIL_VISIBLE", "OUTBOX_VISIBLE", "EMAIL_BACKEND", "SECURE_HSTS_PRELOAD")
    }
    clean.update(env, DJANGO_SETTINGS_MODULE="wordgames.settings")
    code = "from django.conf import settings; print(" + ", ".join(f"settings.{n}" for n in names) + ")"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=clean, capture_output=True, text=True)


def test_without_debug_or_secret_key_the_site_refuses_to_start_and_says_why():
    result = settings_under({}, "DEBUG")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is off" in result.stderr


def test_debug_is_off_unless_set():
    assert settings_under({"SECRET_KEY": SECRET}, "DEBUG").stdout.strip() == "False"


def test_the_development_secret_key_exists_only_with_debug_on():
    assert "dev-only" in settings_under({"DEBUG": "1"}, "SECRET_KEY").stdout


@pytest.mark.parametrize(
    ("env", "visible"),
    [
        ({"DEBUG": "1"}, "True"),  # a laptop
        ({"SECRET_KEY": SECRET}, "False"),  # production, the local mail left as the default
        ({"SECRET_KEY": SECRET, "LOCAL_MAIL_VISIBLE": "true"}, "True"),  # a private demo, said explicitly
        ({"DEBUG": "1", "EMAIL_BACKEND": "anymail.backends.test.EmailBackend"}, "False"),  # real email: no local mail
        (
            {"SECRET_KEY": SECRET, "LOCAL_MAIL_VISIBLE": "true", "EMAIL_BACKEND": "anymail.backends.test.EmailBackend"},
            "False",
        ),
        # The old names an operator may still have set: the variable, and the backend's path.
        ({"SECRET_KEY": SECRET, "OUTBOX_VISIBLE": "true"}, "True"),
        (
            {"SECRET_KEY": SECRET, "OUTBOX_VISIBLE": "true", "EMAIL_BACKEND": "wordgames.mail.backends.OutboxBackend"},
            "True",
        ),
    ],
)
def test_the_local_mail_is_shown_only_with_the_local_backend_and_debug_or_an_explicit_setting(env, visible):
    assert settings_under(env, "LOCAL_MAIL_VISIBLE").stdout.strip() == visible


def test_hsts_preload_is_opt_in():
    assert settings_under({"SECRET_KEY": SECRET}, "SECURE_HSTS_PRELOAD").stdout.strip() == "False"
    assert (
        settings_under({"SECRET_KEY": SECRET, "SECURE_HSTS_PRELOAD": "true"}, "SECURE_HSTS_PRELOAD").stdout.strip()
        == "True"
    )


@pytest.mark.django_db
def test_every_page_carries_a_content_security_policy_without_inline_script(client):
    response = client.get(reverse("login"))
    policy = response.headers["Content-Security-Policy"]
    script_src = next(d for d in policy.split(";") if d.strip().startswith("script-src"))
    assert script_src.split() == ["script-src", "'self'"]
    assert "frame-ancestors 'none'" in policy and "object-src 'none'" in policy


def test_no_template_has_an_inline_script_or_event_handler():
    import re

    offenders = []
    for path in (ROOT / "templates").rglob("*.html"):
        text = path.read_text()
        if re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text) or re.search(r"\son[a-z]+\s*=", text):
            offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []
