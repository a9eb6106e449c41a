"""The site as bin/serve starts it on a fresh machine: SQLite, tasks in-process, email to the local mail,
DEBUG on, its database migrated and the demo players made, then ``manage.py runserver`` with its autoreloader.
Only the database file is the test's own (in a temporary folder), and none of the test run's settings (its
PostgreSQL, its broker) reach it."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import urllib.request
from contextlib import closing
from pathlib import Path
from typing import Any

from tests.chaos.parts import free_port
from tests.games.test_worker import wait_for

ROOT = Path(__file__).resolve().parents[2]
# A fresh machine's environment: only what finds programs and the user's home, and bin/serve's own settings.
KEPT = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")


class EmbeddedServer:
    def __init__(self, directory: Path, **env: str) -> None:
        self.port = free_port()
        self.database = directory / "wordgames.sqlite3"
        self.log_path = directory / "server.log"
        self.env = {name: os.environ[name] for name in KEPT if name in os.environ}
        self.env.update(
            DEBUG="1",
            SITE_ROOT=f"http://localhost:{self.port}",  # as bin/serve exports them
            DATABASE_URL=f"sqlite:///{self.database}",
            **env,
        )
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def manage(self, *args: str) -> str:
        """A management command on the server's database (what bin/serve runs before the server); its output."""
        done = subprocess.run(
            [sys.executable, "manage.py", *args], cwd=ROOT, env=self.env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        return done.stdout

    def start(self) -> None:
        self.manage("migrate", "--noinput")
        self.manage("demo")
        with self.log_path.open("wb") as log:
            # A session of its own: the autoreloader's parent and the child serving are stopped together.
            self.process = subprocess.Popen(
                [sys.executable, "manage.py", "runserver", str(self.port)],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        assert wait_for(self.answers, 60), f"runserver did not start:\n{self.log()}"

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(f"{self.url}/healthz", timeout=2) as r:
                return bool(r.status == 200)
        except OSError:
            return False

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def query(self, sql: str, *params: Any) -> list[tuple[Any, ...]]:
        """Read the server's database (read-only, while it runs)."""
        with closing(sqlite3.connect(f"file:{self.database}?mode=ro", uri=True, timeout=20)) as db:
            return db.execute(sql, params).fetchall()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=20)
        self.process = None
