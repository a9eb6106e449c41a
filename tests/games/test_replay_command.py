"""`python manage.py replay FILE`: the rule text's example game, and a record with an illegal move."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

# The command reads a record file and replays it with the engine alone: no database, no broker (CI runs it once).
pytestmark = pytest.mark.nodb

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "tests" / "engines" / "data" / "lingo-example.json"


def run_replay(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "manage.py", "replay", str(path)], cwd=ROOT, capture_output=True, text=True)


def test_replaying_the_rule_book_example_prints_each_move_and_the_scores():
    result = run_replay(EXAMPLE)
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    assert [line["score"] for line in lines[:-1]] == [12, 84, 126, 100, 495]
    assert [line["n"] for line in lines[:-1]] == [1, 2, 3, 4, 5]
    assert lines[4]["words"] == ["EXERT", "RE", "HEX", "OVER", "AT"]
    assert lines[4]["totals"] == [633, 184]
    assert "result" in lines[-1]


def test_an_illegal_move_stops_the_replay_naming_the_move(tmp_path):
    record = json.loads(EXAMPLE.read_text())
    record["moves"][2]["move"] = "12K HEWX"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    result = run_replay(path)
    assert result.returncode == 1
    assert "Move 3" in result.stderr
    assert len(result.stdout.splitlines()) == 2  # the two good moves were printed first


def test_a_file_that_is_not_json_is_refused_politely(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("hello")
    result = run_replay(path)
    assert result.returncode == 1 and "is not JSON" in result.stderr
