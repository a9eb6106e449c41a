"""The site served by a real ASGI server (uvicorn, as the Procfile runs it), for the live pages' streams.

On PostgreSQL it is a process of its own on the test's database: the news of a write made by the test (or by a
player's request to the test's server) reaches it only through PostgreSQL's NOTIFY. On SQLite (the in-memory
test database, the in-process hub) it is a thread of the test's process, as one process serves on a laptop."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from django.db import connection

from tests.chaos.parts import free_port
from tests.games.test_worker import wait_for
from tests.support.embedded import EmbeddedServer

ROOT = Path(__file__).resolve().parents[2]


class AsgiServer(EmbeddedServer):
    """Answers, its log and stopping its process as the embedded server's; started otherwise."""

    def __init__(self, log_path: Path, **env: str) -> None:
        self.port = free_port()
        self.log_path = log_path
        self.env = env
        self.process: subprocess.Popen[bytes] | None = None
        self.server: Any = None
        self.thread: threading.Thread | None = None

    def start(self) -> AsgiServer:
        if connection.vendor == "postgresql":
            s = connection.settings_dict
            env = {
                **os.environ,
                "DJANGO_SETTINGS_MODULE": "tests.settings",
                "EMBEDDED_SWEEPS": "0",
                **self.env,
                "DATABASE_URL": f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}",
            }
            with self.log_path.open("wb") as log:
                self.process = subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "uvicorn",
                        "wordgames.asgi:application",
                        "--host",
                        "127.0.0.1",
                        "--port",
                        str(self.port),
                        "--log-level",
                        "warning",
                    ],
                    cwd=ROOT,
                    env=env,
                    stdout=log,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )
        else:
            import uvicorn
            from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

            from wordgames.lib.asgi import Handler  # wordgames.asgi's, without its sweeps

            app = ASGIStaticFilesHandler(Handler())  # as the live server serves the static files
            config = uvicorn.Config(app, host="127.0.0.1", port=self.port, log_level="warning", lifespan="off")
            self.server = uvicorn.Server(config)
            self.thread = threading.Thread(target=self.server.run, name="asgi-test-server", daemon=True)
            self.thread.start()
        assert wait_for(self.answers, 30), f"uvicorn did not start:\n{self.log()}"
        return self

    def stop(self) -> None:
        super().stop()
        if self.server is not None and self.thread is not None:
            self.server.should_exit = self.server.force_exit = True
            self.thread.join(20)
        self.server = self.thread = None


class Stream:
    """One open stream, read as a browser's EventSource would: its ``changed`` events' data, in order."""

    def __init__(self, server: AsgiServer, path: str, session: str = "") -> None:
        self.conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
        headers = {"Accept": "text/event-stream", "Accept-Encoding": "gzip"}  # as browsers ask
        if session:
            headers["Cookie"] = f"sessionid={session}"
        self.conn.request("GET", path, headers=headers)
        self.response = self.conn.getresponse()

    @property
    def status(self) -> int:
        return self.response.status

    def next_event(self, seconds: float = 5.0) -> dict[str, Any] | None:
        """The next ``changed`` event's data, or None if none comes within ``seconds``."""
        sock = self.conn.sock
        deadline = time.monotonic() + seconds
        name = ""
        while (left := deadline - time.monotonic()) > 0:
            if sock is not None:
                sock.settimeout(left)
            try:
                line = self.response.readline().decode()
            except TimeoutError:
                return None
            if not line:
                return None
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:") and name == "changed":
                return dict(json.loads(line[5:]))
        return None

    def close(self) -> None:
        self.conn.close()
