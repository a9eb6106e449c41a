"""The site's VAPID key: it signs every push, and browsers subscribe with its public half.

In production the operator gives it (``VAPID_PRIVATE_KEY``, made once with ``manage.py vapid_key``). On the
embedded default (DEBUG) without one, a development key is made on first use and kept in ``VAPID_KEY_FILE``, so
the devices subscribed on a laptop keep working across restarts. Without either, pushes are off: the settings
page says so and nothing is sent.
"""

from __future__ import annotations

import base64
import functools
import logging
import os
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from django.conf import settings
from py_vapid import Vapid

log = logging.getLogger(__name__)


def generate() -> Vapid:
    key = Vapid()
    key.generate_keys()
    return key


def private_text(key: Vapid) -> str:
    """The private key as one line (base64url of its DER): what ``VAPID_PRIVATE_KEY`` holds."""
    der = key.private_key.private_bytes(
        serialization.Encoding.DER, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    return base64.urlsafe_b64encode(der).decode().rstrip("=")


@functools.cache
def _load(text: str, path: str) -> Vapid | None:
    if text:
        return Vapid.from_string(text)
    if not path:
        return None
    file = Path(path)
    try:  # readable by its owner only, and made once: a second process that races this one reads the first's
        handle = os.open(file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    else:
        with os.fdopen(handle, "w") as out:
            out.write(private_text(generate()) + "\n")
        log.warning("Made a development VAPID key in %s (set VAPID_PRIVATE_KEY in production)", file)
    return Vapid.from_string(file.read_text().strip())


def signing_key() -> Vapid | None:
    """The key pushes are signed with, or None when pushes are off."""
    path = settings.VAPID_KEY_FILE if settings.DEBUG else ""
    return _load(settings.VAPID_PRIVATE_KEY, path)


def application_server_key() -> str:
    """The public key as browsers want it (``applicationServerKey``): base64url of the uncompressed point; empty
    when pushes are off."""
    key = signing_key()
    return public_text(key) if key is not None else ""


def public_text(key: Vapid) -> str:
    """The public half: base64url of the uncompressed point."""
    raw = key.public_key.public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def forget() -> None:
    """Read the key afresh at next use (after the settings changed: the tests)."""
    _load.cache_clear()
