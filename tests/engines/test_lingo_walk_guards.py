"""The compiled Lingo walk's guards: a stale build is refused, a failed allocation raises MemoryError (never a
wrong answer marked complete), an axis of zero steps is refused instead of walking for ever."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from wordgames.engines.lingo import ENGINE, best, build, build_state, scoring

pytestmark = pytest.mark.skipif(not best.COMPILED, reason="the compiled Lingo walk is not built")

BOARD = {
    "k12": "H",
    "l11": "R",
    "l12": "E",
    "l13": "YP",
    "l14": "E",
    "l15": "A",
    "l16": "T",
    "m12": "W",
    "m13": "E",
    "m14": "N",
    "n13": "T",
    "j14": "O",
    "k14": "V",
}


def _args(axes=None, budget=-1.0, mode=0):
    state = build_state(["ann", "bob"], {"preset": "classic", "blanks": True}, BOARD, pool="?EST")
    board, lexicon = ENGINE.board(state), ENGINE.lexicon(state)
    grid = board.grid
    stride = grid.rows + 1
    letters = bytearray(b"\xff" * (grid.columns * stride))
    values = [0] * (grid.columns * stride)
    for (col, row), tile in board.tops.items():
        letters[col * stride + row] = ord(tile.letter) - 65
        values[col * stride + row] = 0 if tile.blank else 1
    return (
        best._trie(lexicon),
        grid.columns,
        grid.rows,
        False,
        axes or grid.axes,
        bytes(letters),
        tuple(values),
        best._VALUES,
        b"?EST",
        4,
        0,
        2,
        -1,
        -1,
        budget,
        mode,
    )


def test_the_built_walk_carries_the_stamp_of_its_source():
    assert best._walk.SOURCE == f"wordgames-walk-{build.source_hash()}"
    assert build.up_to_date()


def test_the_walk_settles_ties_as_far_as_the_rules_scorer_does():
    assert best._walk.MAX_TIE_COMBINATIONS == scoring.MAX_TIE_COMBINATIONS


def test_a_build_from_an_older_source_is_refused_and_the_search_runs_in_python(tmp_path):
    class Stale:
        SOURCE = "wordgames-walk-0123456789abcdef"

    with pytest.warns(RuntimeWarning, match="older than its source"):
        assert best._fresh(Stale()) is None
    assert best._fresh(best._walk) is best._walk
    # build.py sees it too, and rebuilds: the stamp is read in the binary
    source, target = tmp_path / "_walk.c", tmp_path / "_walk.so"
    shutil.copy(build.SOURCE, source)
    shutil.copy(build.TARGET, target)
    assert build.up_to_date(target, source)
    source.write_text(source.read_text() + "/* a change */\n")
    assert not build.up_to_date(target, source)


def test_an_axis_of_zero_steps_is_refused():
    with pytest.raises(ValueError, match="zero steps"):
        best._walk.search(*_args(axes=((1, 0), (0, 0))))


@pytest.mark.parametrize("mode", [0, 1, 2, 3])
def test_a_failed_allocation_raises_memory_error_and_never_a_wrong_answer(mode):
    whole = best._walk.search(*_args(mode=mode))
    outcomes = set()
    try:
        for n in range(40):  # the n-th allocation of the search fails
            best._walk.fail_allocations(n)
            try:
                found = best._walk.search(*_args(mode=mode))
            except MemoryError:
                outcomes.add("MemoryError")
            else:
                outcomes.add("answer")
                assert found == whole  # the failure came after the last allocation: the right answer
    finally:
        best._walk.fail_allocations(-1)
    assert "MemoryError" in outcomes
    assert best._walk.search(*_args(mode=mode)) == whole


def test_a_trie_that_cannot_be_allocated_raises_memory_error():
    try:
        best._walk.fail_allocations(1)
        with pytest.raises(MemoryError):
            best._walk.trie(b"CAT\nDOG")
    finally:
        best._walk.fail_allocations(-1)


def test_a_process_whose_build_is_stale_searches_in_python():
    # The whole import path: the source no longer matches the stamp in the binary.
    code = (
        "import importlib.util, sys, warnings\n"
        "spec = importlib.util.spec_from_file_location('wordgames.engines.lingo.build', 'wordgames/engines/lingo/build.py')\n"
        "build = importlib.util.module_from_spec(spec); spec.loader.exec_module(build)\n"
        "build.source_hash = lambda source=build.SOURCE: 'changed'\n"
        "sys.modules['wordgames.engines.lingo.build'] = build  # before the package imports best.py\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    from wordgames.engines.lingo import best\n"
        "print('refused:', [str(w.message) for w in caught])\n"
        "print('compiled:', best.COMPILED)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[2],
    ).stdout
    assert "refused: ['The compiled Lingo walk is older than its source" in out
    assert "compiled: False" in out
