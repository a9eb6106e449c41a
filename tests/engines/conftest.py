from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wordgames.engines.lingo import ENGINE

DATA = Path(__file__).resolve().parent / "data"


@pytest.fixture
def example_record() -> dict[str, Any]:
    return json.loads((DATA / "lingo-example.json").read_text())


@pytest.fixture
def engine() -> Any:
    return ENGINE
