"""The IMAP poller against a real IMAP server: a private Dovecot (Debian's dovecot-imapd) on a free port."""

from __future__ import annotations

import imaplib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

import pytest
from django.core import mail

from wordgames.games.models import Game, Move
from wordgames.pbem.tasks import poll_imap

from . import mime
from .test_inbound import best, latest_to

DOVECOT = Path("/usr/sbin/dovecot")
CONFIG = """
protocols = imap
listen = 127.0.0.1
base_dir = {root}/run
state_dir = {root}/state
log_path = {root}/dovecot.log
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain
mail_location = maildir:{root}/Maildir
first_valid_uid = 1
passdb {{
  driver = static
  args = password=secret
}}
userdb {{
  driver = static
  args = uid=dovecot gid=dovecot home={root}/home
}}
service imap-login {{
  chroot =
  inet_listener imap {{
    address = 127.0.0.1
    port = {port}
  }}
  inet_listener imaps {{
    port = 0
  }}
}}
service anvil {{
  chroot =
}}
"""


@pytest.fixture
def imap_server() -> Any:
    if not DOVECOT.exists() or os.getuid() != 0:
        if os.getenv("WORDGAMES_REQUIRE_IMAP"):
            pytest.fail("dovecot is missing (apt-get install dovecot-imapd), or not running as root")
        pytest.skip("needs Debian's dovecot-imapd and root")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    # Dovecot's own processes run as the dovecot user: its directory must be reachable by them, which
    # pytest's private tmp_path is not.
    root = Path(tempfile.mkdtemp(prefix="wordgames-imap-"))
    root.chmod(0o755)
    for name in ("run", "state", "home", "Maildir"):
        (root / name).mkdir()
    for name in ("home", "Maildir"):
        shutil.chown(root / name, "dovecot", "dovecot")
    config = root / "dovecot.conf"
    config.write_text(CONFIG.format(root=root, port=port))
    subprocess.run([str(DOVECOT), "-c", str(config)], check=True)
    try:
        for _ in range(50):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.1)
        yield port
    finally:
        pid = (root / "run" / "master.pid").read_text().strip()
        subprocess.run(["kill", pid], check=False)
        time.sleep(0.2)
        shutil.rmtree(root, ignore_errors=True)


def deliver(port: int, raw: bytes) -> None:
    with imaplib.IMAP4("127.0.0.1", port) as imap:
        imap.login("play", "secret")
        imap.append("INBOX", None, None, raw.replace(b"\n", b"\r\n"))


def delivered_and_polled(port: int, raw: bytes, settings: Any) -> None:
    """``raw`` put in the mailbox, and the poller (pointed at it) handles it."""
    settings.INBOUND_IMAP = {
        "host": "127.0.0.1",
        "port": port,
        "user": "play",
        "password": "secret",
        "folder": "INBOX",
        "allow_cleartext": True,
    }
    deliver(port, raw)
    assert poll_imap() == 1


def test_the_imap_poller_plays_a_reply_once(lingo_game: Game, imap_server: int, settings: Any) -> None:
    settings.INBOUND_IMAP = {
        "host": "127.0.0.1",
        "port": imap_server,
        "user": "play",
        "password": "secret",
        "folder": "INBOX",
        "allow_cleartext": True,
    }
    move = best(lingo_game, 0)
    deliver(imap_server, mime.reply(latest_to("ann@example.com"), f"{move} #1"))
    assert poll_imap() == 1
    played = Move.objects.get(game=lingo_game)
    assert played.text == move and played.source == "email"
    assert poll_imap() == 0  # marked seen: the next poll finds nothing new
    before = len(mail.outbox)
    # The same message arriving again (a second copy in the mailbox) is recognised by its Message-ID.
    deliver(imap_server, mime.reply(latest_to("ann@example.com"), f"{move} #1", msgid="<again@example.com>"))
    deliver(imap_server, mime.reply(latest_to("ann@example.com"), f"{move} #1", msgid="<again@example.com>"))
    assert poll_imap() == 2
    assert Move.objects.filter(game=lingo_game).count() == 1
    assert len(mail.outbox) == before + 1  # one refusal (not your turn), not two
