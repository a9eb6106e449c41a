"""Production settings pass Django's deployment checklist without a single warning."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_check_deploy_is_clean_under_production_settings():
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": "x" * 20 + "a-long-random-production-secret-key-0123456789",
        "ALLOWED_HOSTS": "games.example.org",
        "DJANGO_SETTINGS_MODULE": "wordgames.settings",  # the site's own, not the tests' (DEBUG on by default)
    }
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set by the browser tests' conftest, never in production
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_a_site_without_the_compiled_lingo_search_is_warned(monkeypatch):
    from wordgames.engines.lingo import best
    from wordgames.games.checks import check_compiled_search

    monkeypatch.setattr(best, "COMPILED", False)
    found = check_compiled_search()
    assert [message.id for message in found] == ["wordgames.W001"]
    assert "python wordgames/engines/lingo/build.py" in (found[0].hint or "")
    monkeypatch.setattr(best, "COMPILED", True)
    assert check_compiled_search() == []
