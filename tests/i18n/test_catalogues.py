"""The translation catalogues are complete, faithful to the source, and shipped compiled.

- every language the site offers has a catalogue for the pages and emails (django) and the scripts (djangojs);
- every string marked in the source is in it (the catalogue is regenerated from a copy of the tree and compared);
- every entry is translated, none fuzzy, and keeps the placeholders of its English (a translation that drops
  ``%(name)s`` would raise, or lose the name, at the moment a player reads it);
- the committed .mo files are what the .po files compile to (the site reads only the .mo).

Extraction and compilation need GNU gettext; without it these tests are skipped (CI has it).
"""

from __future__ import annotations

import ast
import gettext
import os
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "locale"
DOMAINS = ("django", "djangojs")
LANGUAGES = [code for code, _name in settings.LANGUAGES if code != settings.LANGUAGE_CODE]
needs_gettext = pytest.mark.skipif(
    not shutil.which("msgfmt") or not shutil.which("xgettext"), reason="GNU gettext (msgfmt, xgettext) is not installed"
)
# The catalogues and the sources are files: nothing here reaches the run's database, so CI runs it once (nodb).
pytestmark = pytest.mark.nodb


def locale_dir(code: str) -> Path:
    language, _, country = code.partition("-")
    return LOCALE / (f"{language}_{country.upper()}" if country else language) / "LC_MESSAGES"


@dataclass
class Entry:
    context: str = ""
    msgid: str = ""
    plural: str = ""
    strings: dict[int, str] = field(default_factory=dict)
    fuzzy: bool = False

    @property
    def key(self) -> tuple[str, str]:
        return self.context, self.msgid


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file (the header, whose msgid is empty, left out)."""
    entries: list[Entry] = []
    entry, target = Entry(), ""

    def close() -> None:
        nonlocal entry
        if entry.msgid:
            entries.append(entry)
        entry = Entry()

    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        line = line.strip()
        if not line:
            close()
            target = ""
        elif line.startswith("#,"):
            entry.fuzzy = "fuzzy" in line
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = ast.literal_eval(line)
            if target.startswith("msgstr"):
                index = int(target[7:-1]) if "[" in target else 0
                entry.strings[index] = entry.strings.get(index, "") + value
            else:
                setattr(entry, target, getattr(entry, target) + value)
        else:
            keyword, _, rest = line.partition(" ")
            target = {"msgctxt": "context", "msgid": "msgid", "msgid_plural": "plural"}.get(keyword, keyword)
            if keyword in ("msgctxt", "msgid") and (entry.msgid or entry.strings):
                close()
            value = ast.literal_eval(rest)
            if target.startswith("msgstr"):
                entry.strings[int(target[7:-1]) if "[" in target else 0] = value
            else:
                setattr(entry, target, value)
    return entries


PLACEHOLDER = re.compile(r"%\([^)]+\)[sdifr]|%[sdifr]|\{[a-z_]*\}")


def placeholders(text: str) -> list[str]:
    return sorted(PLACEHOLDER.findall(text))


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_language_has_its_catalogues(code: str) -> None:
    for domain in DOMAINS:
        assert (locale_dir(code) / f"{domain}.po").is_file(), f"{code}: no {domain}.po"
        assert (locale_dir(code) / f"{domain}.mo").is_file(), f"{code}: no compiled {domain}.mo"


@pytest.mark.parametrize("code", LANGUAGES)
def test_every_entry_is_translated_none_fuzzy_placeholders_kept(code: str) -> None:
    problems = []
    for domain in DOMAINS:
        for entry in read_po(locale_dir(code) / f"{domain}.po"):
            label = f"{code} {domain}: {entry.msgid[:60]!r}"
            forms = [entry.strings.get(i, "") for i in range(max(1, len(entry.strings)))]
            if entry.fuzzy:
                problems.append(f"{label} is fuzzy")
            if not all(forms):
                problems.append(f"{label} is not translated")
                continue
            wanted = placeholders(entry.msgid)
            for text in forms:
                got = placeholders(text)
                # a plural form may leave out the number ("one game" needs no %(count)s), never add one
                fits = set(got) <= set(wanted + placeholders(entry.plural)) if entry.plural else got == wanted
                if not fits:
                    problems.append(f"{label}: placeholders {got} instead of {wanted}")
    assert problems == []


def _extract(tmp_path: Path) -> Path:
    """Regenerate the catalogues from a copy of the tree, as `bin/messages` would, without touching it."""
    copy = tmp_path / "tree"
    copy.mkdir()
    for name in ("manage.py", "bin"):
        (shutil.copy2 if (ROOT / name).is_file() else shutil.copytree)(ROOT / name, copy / name)
    for name in ("wordgames", "templates", "static", "locale"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("*.so", "__pycache__", "vendor"))
    (copy / ".venv").symlink_to(ROOT / ".venv")
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}  # manage.py's own
    done = subprocess.run(["bash", "bin/messages"], cwd=copy, capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr[-3000:]
    return copy / "locale"


@needs_gettext
def test_the_catalogues_hold_every_string_of_the_source_and_no_other(tmp_path: Path) -> None:
    fresh = _extract(tmp_path)
    for code in LANGUAGES:
        for domain in DOMAINS:
            relative = locale_dir(code).relative_to(LOCALE) / f"{domain}.po"
            shipped = {entry.key for entry in read_po(LOCALE / relative)}
            current = {entry.key for entry in read_po(fresh / relative)}
            assert sorted(current - shipped)[:10] == [], (
                f"{relative}: marked in the source, missing here (run bin/messages)"
            )
            assert sorted(shipped - current)[:10] == [], f"{relative}: no longer in the source (run bin/messages)"


@needs_gettext
@pytest.mark.parametrize("code", LANGUAGES)
def test_the_shipped_mo_files_are_the_compiled_po_files(code: str, tmp_path: Path) -> None:
    for domain in DOMAINS:
        compiled = tmp_path / f"{domain}.mo"
        subprocess.run(
            ["msgfmt", "--check-format", "-o", str(compiled), str(locale_dir(code) / f"{domain}.po")], check=True
        )
        with open(compiled, "rb") as fresh, open(locale_dir(code) / f"{domain}.mo", "rb") as shipped:
            assert gettext.GNUTranslations(shipped)._catalog == gettext.GNUTranslations(fresh)._catalog, (  # type: ignore[attr-defined]
                f"{code} {domain}.mo is stale: run bin/messages compile"
            )
