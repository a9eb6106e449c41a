"""wordgames/engines imports nothing from Django, Celery or anymail (DESIGN.md, STYLE.md)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINES = Path(__file__).resolve().parents[2] / "wordgames" / "engines"
FORBIDDEN = ("django", "celery", "anymail")


def test_no_engine_module_imports_django_celery_or_anymail():
    for path in ENGINES.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            for name in names:
                assert name.split(".")[0] not in FORBIDDEN, f"{path} imports {name}"


def test_importing_the_engines_loads_no_django():
    # wordgames/__init__.py (the Django project package) may load Celery itself; the engines must add nothing.
    code = (
        "import sys, wordgames; before = set(sys.modules);"
        "import wordgames.engines, wordgames.engines.lingo, wordgames.engines.core.record;"
        "import wordgames.engines.keebble, wordgames.engines.lexicon_crossing, wordgames.engines.lingua_fences;"
        "import wordgames.engines.core.refusals, wordgames.engines.lingo.refusals, wordgames.engines.keebble.refusals;"
        "import wordgames.engines.lexicon_crossing.refusals, wordgames.engines.lingua_fences.refusals;"
        "print(sorted(m for m in set(sys.modules) - before if m.split('.')[0] in ('django', 'celery', 'anymail')))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ENGINES.parents[1]
    ).stdout
    assert out.strip() == "[]"
