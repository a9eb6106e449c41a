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


@pytest.fixture(params=["compiled", "python"])
def either_search(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Run a test once with the compiled Lingo walk and once with the same search in Python (``best.COMPILED``)."""
    from wordgames.engines.lingo import best

    if request.param == "compiled" and not best.COMPILED:
        pytest.skip("the compiled Lingo walk is not built (python wordgames/engines/lingo/build.py)")
    monkeypatch.setattr(best, "COMPILED", request.param == "compiled")
    return str(request.param)
