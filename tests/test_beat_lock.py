"""One beat across machines: of two beats started on the same broker only one schedules the sweeps; when it is
killed, the other takes over once the lock it held expires."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.chaos.parts import PrivateRedis
from tests.games.test_worker import wait_for

pytestmark = pytest.mark.worker  # a real broker: a private redis-server

ROOT = Path(__file__).resolve().parents[1]
SENT = "Sending due task"
TTL = 3  # seconds: the lock outlives a killed holder by at most this


def start_beat(broker: str, directory: Path, name: str) -> tuple[subprocess.Popen[bytes], Path]:
    log = directory / f"{name}.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "tests.settings",
        "CELERY_BROKER_URL": broker,
        "BEAT_LOCK_TTL": str(TTL),
    }
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "tests.support.beat_app",
                "beat",
                "--loglevel",
                "INFO",
                "--max-interval",
                "1",
                "--schedule",
                str(directory / f"{name}-schedule"),
                "--pidfile",
                "",
            ],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    return process, log


def scheduled(log: Path) -> int:
    return log.read_text(errors="replace").count(SENT)


def test_two_beats_schedule_once_and_the_second_takes_over_when_the_first_dies(tmp_path: Path) -> None:
    broker = PrivateRedis(tmp_path)
    broker.start()
    first, first_log = start_beat(broker.url, tmp_path, "first")
    second = None
    try:
        assert wait_for(lambda: scheduled(first_log) > 0, 60), first_log.read_text()
        second, second_log = start_beat(broker.url, tmp_path, "second")
        assert wait_for(lambda: "waits, idle" in second_log.read_text(errors="replace"), 60), second_log.read_text()
        time.sleep(2 * TTL)  # several of the lock's renewals: the second never schedules meanwhile
        assert scheduled(second_log) == 0, second_log.read_text()

        first.send_signal(signal.SIGKILL)  # dies without letting the lock go
        first.wait(timeout=10)
        killed = time.monotonic()
        assert wait_for(lambda: scheduled(second_log) > 0, 30), second_log.read_text()
        assert time.monotonic() - killed < TTL + 10
        assert "took the beat lock" in second_log.read_text(errors="replace")
    finally:
        for process in (first, second):
            if process is not None and process.poll() is None:
                process.terminate()
                process.wait(timeout=20)
        broker.stop()
