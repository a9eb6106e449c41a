"""Compile the Lingo walk (``_walk.c``) into a Python extension next to it: ``python wordgames/engines/lingo/build.py``.

Run it as a file, not as a module of the package: it imports nothing of the project, so an extension that cannot
be loaded never stops it from being rebuilt. It needs a C compiler and Python's headers (``gcc`` and
``python3-dev`` on Debian). The extension is optional: without it ``best.py`` runs the same search in Python, 40
to 60 times slower. bin/serve and bin/test run this; a deployment runs it once after installing the requirements
(docs/deployment.md). Nothing is done when the extension was built from this very source: the hash of
``_walk.c`` is compiled into it (``_walk.SOURCE``), and ``best.py`` refuses, at import, an extension whose hash is
not the source's (a stale build), falling back to the search in Python. The file is written under a temporary
name and renamed, so a running process never loads half of it.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

SOURCE = Path(__file__).with_name("_walk.c")
TARGET = SOURCE.with_name("_walk" + (sysconfig.get_config_var("EXT_SUFFIX") or ".so"))


def source_hash(source: Path = SOURCE) -> str:
    """The stamp of a build of ``source``: the first 16 hex digits of its SHA-256."""
    return hashlib.sha256(source.read_bytes()).hexdigest()[:16]


def up_to_date(target: Path = TARGET, source: Path = SOURCE) -> bool:
    """Whether ``target`` exists and was compiled from ``source`` as it is now (its stamp is in the binary)."""
    return target.exists() and f"wordgames-walk-{source_hash(source)}".encode() in target.read_bytes()


def build(force: bool = False) -> Path:
    """Compile ``_walk.c`` unless the extension is up to date; raises ``subprocess.CalledProcessError`` (with the
    compiler's message on stderr) or ``OSError`` when it cannot."""
    if not force and up_to_date():
        return TARGET
    compiler = shlex.split(os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc")
    include = sysconfig.get_paths()["include"]
    fd, partial = tempfile.mkstemp(dir=TARGET.parent, prefix="._walk", suffix=".so")
    os.close(fd)
    try:
        subprocess.run(
            [
                *compiler,
                "-O2",
                "-shared",
                "-fPIC",
                "-std=c11",
                "-Wall",
                "-Wextra",
                "-Wno-unused-parameter",
                f'-DWALK_SOURCE="wordgames-walk-{source_hash()}"',
                "-I",
                include,
                str(SOURCE),
                "-o",
                partial,
            ],
            check=True,
        )
        os.chmod(partial, 0o755)  # readable by the site's processes, whoever built it
        os.replace(partial, TARGET)
    finally:
        if os.path.exists(partial):
            os.unlink(partial)
    return TARGET


if __name__ == "__main__":
    try:
        print(f"built {build(force='--force' in sys.argv)}")
    except (OSError, subprocess.CalledProcessError) as error:
        print(
            f"Could not compile the Lingo walk ({error}): the search will run in Python, more slowly.", file=sys.stderr
        )
        sys.exit(1)
