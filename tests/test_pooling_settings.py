"""Behind PgBouncer in transaction pooling (DATABASE_POOLING), the settings turn off what a pooled connection
cannot keep between transactions: server-side cursors and prepared statements."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
READ = (
    "import json; from wordgames import settings as s; d = s.DATABASES['default']; "
    "print(json.dumps([d.get('DISABLE_SERVER_SIDE_CURSORS', False), d.get('OPTIONS', {})]))"
)


def database_settings(**env: str) -> list:
    environment = {**os.environ, "DEBUG": "1", "DATABASE_URL": "postgres://postgres@127.0.0.1:6432/wordgames", **env}
    if "DATABASE_POOLING" not in env:
        environment.pop("DATABASE_POOLING", None)
    done = subprocess.run(
        [sys.executable, "-c", READ], cwd=ROOT, env=environment, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


def test_pooling_turns_off_server_side_cursors_and_prepared_statements() -> None:
    cursors_off, options = database_settings(DATABASE_POOLING="1")

    assert cursors_off is True
    assert "prepare_threshold" in options and options["prepare_threshold"] is None


def test_without_pooling_nothing_is_turned_off() -> None:
    cursors_off, options = database_settings()

    assert cursors_off is False
    assert "prepare_threshold" not in options
