"""A small test catalogue (tests/i18n/locale: French, German and Spanish command words and a few sentences of the
emails), compiled once with msgfmt, so tests can see a real translation before the lead builds the real ones."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from wordgames.accounts.models import profile_for

SOURCE = Path(__file__).parent / "locale"


@pytest.fixture(scope="session")
def compiled_catalogue(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if shutil.which("msgfmt") is None:
        pytest.skip("msgfmt (gettext) is not installed")
    target = tmp_path_factory.mktemp("test-locale")
    for po in SOURCE.glob("*/LC_MESSAGES/django.po"):
        mo = target / po.relative_to(SOURCE).with_suffix(".mo")
        mo.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["msgfmt", "-o", str(mo), str(po)], check=True)
    return target


@pytest.fixture
def test_catalogue(compiled_catalogue: Path, settings: Any) -> Path:
    """The site speaks with the test catalogue first (changing LOCALE_PATHS resets Django's loaded catalogues)."""
    settings.LOCALE_PATHS = [str(compiled_catalogue), *settings.LOCALE_PATHS]
    return compiled_catalogue


def speaks(user: Any, language: str) -> Any:
    """``user`` chose ``language`` on their profile."""
    profile = profile_for(user)
    profile.language = language
    profile.save()
    user.refresh_from_db()
    return user
