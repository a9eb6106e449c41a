"""The real parts a chaos test starts, stops and kills: a private Redis, the site under gunicorn, a Celery
worker, and players who move over HTTP. Nothing here touches the shared Redis or other databases' connections."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from django.db import connection
from django.test import Client

from tests.games.test_worker import wait_for
from wordgames.games.models import Game

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def database_url() -> str:
    if connection.vendor != "postgresql":
        pytest.skip("the site and the worker share the test database, so it needs PostgreSQL")
    s = connection.settings_dict
    return f"postgres://{s['USER']}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{s['NAME']}"


class PrivateRedis:
    """A redis-server of the test's own, on a free port: stopping it stops no one else's broker."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.directory = directory
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.directory),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        assert wait_for(self.answers, 10), "the private redis-server did not start"

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None


def environment(broker: str, **extra: str) -> dict[str, str]:
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "DATABASE_URL": database_url(),
        "CELERY_BROKER_URL": broker,
        "CELERY_TASK_ALWAYS_EAGER": "false",
        "EMAIL_BACKEND": "wordgames.mail.backends.LocalMailBackend",
        **extra,
    }


def start_worker(broker: str, **extra: str) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "wordgames",
            "worker",
            "--pool",
            "solo",
            "--loglevel",
            "INFO",
            "--without-heartbeat",
            "--without-gossip",
            "--without-mingle",
            "--queues",
            "celery,clock,computer",
        ],
        cwd=ROOT,
        env=environment(broker, **extra),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def call_task(broker: str, name: str) -> None:
    """``celery call``: what beat does every minute, now."""
    subprocess.run(
        [sys.executable, "-m", "celery", "-A", "wordgames", "call", name],
        cwd=ROOT,
        env=environment(broker),
        check=True,
        stdout=subprocess.DEVNULL,
        timeout=60,
    )


class Site:
    """The site under gunicorn, as in production (persistent database connections if asked)."""

    def __init__(self, broker: str, **extra: str) -> None:
        self.port = free_port()
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "gunicorn",
                "wordgames.wsgi",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                "1",
                "--timeout",
                "60",
            ],
            cwd=ROOT,
            env=environment(broker, **extra),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        assert wait_for(self.answers, 30), "gunicorn did not start"

    def answers(self) -> bool:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/healthz", timeout=2) as r:
                return bool(r.status == 200)
        except OSError:
            return False

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: Any, **kwargs: Any) -> None:
        return None


class Player:
    """A logged-in browser without a browser: a session cookie and a CSRF secret."""

    def __init__(self, site: Site, user: Any) -> None:
        client = Client()
        client.force_login(user)
        self.session = client.cookies["sessionid"].value
        self.csrf = secrets.token_hex(16)  # 32 characters: Django accepts the unmasked secret as the token
        self.site = site
        self.opener = urllib.request.build_opener(NoRedirect)

    def move(self, game: Game, text: str, version: int | None = None) -> tuple[int, str]:
        """POST the move form; the status and the body (a redirect has none)."""
        game.refresh_from_db()
        data = urllib.parse.urlencode(
            {
                "move": text,
                "version": game.version if version is None else version,
                "key": secrets.token_hex(8),
                "csrfmiddlewaretoken": self.csrf,
            }
        ).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.site.port}/games/{game.pk}/move/",
            data=data,
            headers={"Cookie": f"sessionid={self.session}; csrftoken={self.csrf}"},
        )
        try:
            with self.opener.open(request, timeout=60) as r:
                return r.status, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.read().decode()
